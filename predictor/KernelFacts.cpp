/// @file KernelFacts.cpp
/// Reading the kernels from the database: loops, blocks and procedures once for the whole program,
/// each kernel's body by the indexed loop_id and the primary keys.
#include "predictor/KernelFacts.hpp"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <cstdlib>
#include <tuple>

namespace sapfor::predictor {

namespace {

std::string textOf(SQLite::Statement& q, int column) { return q.isColumnNull(column) ? "" : q.getColumn(column).getString(); }
std::optional<int64_t> intOf(SQLite::Statement& q, int column) {
  if (q.isColumnNull(column)) return std::nullopt;
  return q.getColumn(column).getInt64();
}
Id idOf(SQLite::Statement& q, int column) { return q.isColumnNull(column) ? 0 : q.getColumn(column).getInt64(); }

/// The innermost loop of a procedure around a line (directives have no block of their own).
Id loopAround(const std::map<Id, LoopFacts>& loops, const std::vector<Id>& procedureLoops, int line) {
  Id best = 0;
  int bestLine = -1;
  for (Id id : procedureLoops) {
    const LoopFacts& l = loops.at(id);
    if (l.line < line && line <= l.endLine && l.line > bestLine) best = id, bestLine = l.line;
  }
  return best;
}

}  // namespace

ProgramFacts::ProgramFacts(SQLite::Database& db)
    : db_(db),
      statementsOfLoop_(db, "SELECT stmt_id, block_id, kind, line, arith, div, trans, logic, conv, branch, call, idx, "
                            "elements FROM statement WHERE loop_id = ?"),
      scalarsOfStatement_(db, "SELECT var_id, access FROM scalar_ref WHERE stmt_id = ?"),
      referencesOfLoop_(db, "SELECT ref_id, stmt_id, coalesce(var_id, 0), name, access, line, subscripted FROM array_ref "
                            "WHERE loop_id = ? AND context <> 'call_arg'"),
      subscriptsOfReference_(db, "SELECT dim, text, affine, coalesce(constant, 0) FROM subscript WHERE ref_id = ? ORDER BY dim"),
      termsOfReference_(db, "SELECT dim, var, coeff FROM subscript_term WHERE ref_id = ?"),
      variableById_(db, "SELECT proc_id, name, type, storage, coalesce(bytes, 0), coalesce(rank, 0), elements "
                        "FROM variable WHERE var_id = ?"),
      dimensionsOfVariable_(db, "SELECT lower, upper, lower_value, extent FROM dimension WHERE var_id = ? ORDER BY dim") {
  SQLite::Statement procs(db, "SELECT proc_id, proc_key, name, kind, host_id FROM procedure");
  while (procs.executeStep())
    procedures_[procs.getColumn(0).getInt64()] = {textOf(procs, 1), textOf(procs, 2), textOf(procs, 3), idOf(procs, 4)};
  SQLite::Statement loops(db,
      "SELECT loop_id, parent_id, proc_id, loop_key, var, lower, upper, step, kind, trip_count, line, "
      "coalesce(end_line, line) FROM loop");
  while (loops.executeStep()) {
    LoopFacts l;
    l.id = loops.getColumn(0).getInt64();
    l.parentId = idOf(loops, 1);
    l.procId = idOf(loops, 2);
    l.key = textOf(loops, 3);
    l.var = textOf(loops, 4);
    l.lower = textOf(loops, 5);
    l.upper = textOf(loops, 6);
    l.step = textOf(loops, 7);
    l.kind = textOf(loops, 8);
    l.trip = intOf(loops, 9);
    l.line = loops.getColumn(10).getInt();
    l.endLine = loops.getColumn(11).getInt();
    if (l.parentId) children_[l.parentId].push_back(l.id);
    procedureLoops_[l.procId].push_back(l.id);
    loops_[l.id] = l;
  }
  SQLite::Statement blocks(db, "SELECT block_id, parent_id, kind, loop_id, construct_stmt, arm, complete FROM block");
  while (blocks.executeStep()) {
    BlockFacts b;
    b.id = blocks.getColumn(0).getInt64();
    b.parentId = idOf(blocks, 1);
    b.isLoop = textOf(blocks, 2) == "loop";
    b.loopId = idOf(blocks, 3);
    b.constructStmt = idOf(blocks, 4);
    b.arm = blocks.isColumnNull(5) ? 0 : blocks.getColumn(5).getInt();
    b.complete = blocks.getColumn(6).getInt() != 0;
    if (b.isLoop && loops_.count(b.loopId)) loops_[b.loopId].blockId = b.id;
    if (b.parentId) childBlocks_[b.parentId].push_back(b.id);
    blocks_[b.id] = b;
  }
  SQLite::Statement vars(db, "SELECT var_id, proc_id, name, storage, value FROM variable");
  while (vars.executeStep()) {
    Id id = vars.getColumn(0).getInt64(), proc = vars.getColumn(1).getInt64();
    std::string name = textOf(vars, 2), storage = textOf(vars, 3);
    variableIds_[{proc, name}] = id;
    auto p = procedures_.find(proc);
    if (p != procedures_.end() && p->second.kind == "module") moduleVariableIds_[name].push_back(id);
    if (storage == "constant" && !vars.isColumnNull(4)) {
      const std::string value = textOf(vars, 4);
      char* end = nullptr;
      double v = std::strtod(value.c_str(), &end);
      if (end && *end == '\0' && !value.empty()) {
        constants_[{proc, name}] = v;
        if (p != procedures_.end() && p->second.kind == "module") moduleConstants_[name].push_back(v);
      }
    }
  }
  SQLite::Statement calls(db,
      "SELECT c.call_id, c.proc_id, c.loop_id, c.callee, a.text, a.keyword FROM call c LEFT JOIN call_arg a USING (call_id) "
      "WHERE c.kind = 'subroutine' OR c.kind = 'function' ORDER BY c.call_id, a.pos");
  Id lastCall = 0;
  bool keywords = false;  // after a keyword argument the positions no longer say which dummy
  while (calls.executeStep()) {
    Id call = calls.getColumn(0).getInt64();
    if (call != lastCall) {
      calls_.push_back({calls.getColumn(1).getInt64(), idOf(calls, 2), textOf(calls, 3), {}});
      lastCall = call;
      keywords = false;
    }
    if (calls.isColumnNull(4)) continue;
    keywords = keywords || !calls.isColumnNull(5);
    if (!keywords) calls_.back().args.push_back(textOf(calls, 4));
  }
  for (size_t i = 0; i < calls_.size(); ++i) callSitesOf_[calls_[i].callee].push_back(i);
  SQLite::Statement dummies(db, "SELECT proc_id, pos, name FROM parameter");
  while (dummies.executeStep())
    dummies_[{dummies.getColumn(0).getInt64(), textOf(dummies, 2)}] = dummies.getColumn(1).getInt() - 1;
  // Data movement: the user's REGION, ACTUAL and GET_ACTUAL, and the expert's REGIONs.
  SQLite::Statement user(db,
      "SELECT d.dir_id, lower(d.kind), d.proc_id, d.line, v.clause, v.name FROM directive d "
      "LEFT JOIN directive_var v ON v.dir_id = d.dir_id AND v.clause IN ('in', 'out', 'inout', 'actual', 'get_actual') "
      "WHERE d.sentinel = 'dvm' AND d.kind IN ('REGION', 'ACTUAL', 'GET_ACTUAL') ORDER BY d.dir_id, v.clause, v.pos");
  Id last = 0;
  while (user.executeStep()) {
    Id dir = user.getColumn(0).getInt64();
    if (dir != last) {
      TransferFacts t;
      t.kind = textOf(user, 1);
      t.procId = idOf(user, 2);
      t.line = user.getColumn(3).getInt();
      t.loopId = loopAround(loops_, procedureLoops_[t.procId], t.line);
      transfers_.push_back(t);
      last = dir;
    }
    if (!user.isColumnNull(4)) transfers_.back().arrays.emplace_back(textOf(user, 4), textOf(user, 5));
  }
  SQLite::Statement expert(db,
      "SELECT e.expert_id, l.proc_id, e.line, v.clause, v.name, l.parent_id FROM expert_directive e JOIN loop l USING (loop_id) "
      "LEFT JOIN expert_directive_var v USING (expert_id) WHERE e.kind = 'REGION' ORDER BY e.expert_id, v.clause, v.pos");
  last = 0;
  while (expert.executeStep()) {
    Id id = expert.getColumn(0).getInt64();
    if (id != last) {
      TransferFacts t;
      t.kind = "expert_region";
      t.procId = idOf(expert, 1);
      t.line = expert.getColumn(2).getInt();
      t.loopId = idOf(expert, 5);
      transfers_.push_back(t);
      last = id;
    }
    if (!expert.isColumnNull(3)) transfers_.back().arrays.emplace_back(textOf(expert, 3), textOf(expert, 4));
  }
}

std::vector<const CallSiteFacts*> ProgramFacts::callSitesOf(const std::string& callee) const {
  std::vector<const CallSiteFacts*> sites;
  auto found = callSitesOf_.find(callee);
  if (found != callSitesOf_.end())
    for (size_t i : found->second) sites.push_back(&calls_[i]);
  return sites;
}

int ProgramFacts::dummyPosition(Id procId, const std::string& name) const {
  auto found = dummies_.find({procId, name});
  return found == dummies_.end() ? -1 : found->second;
}

const LoopFacts* ProgramFacts::loopByKey(const std::string& key) const {
  for (const auto& [id, l] : loops_)
    if (l.key == key) return &l;
  return nullptr;
}

const VariableFacts& ProgramFacts::variable(Id id) {
  auto found = variables_.find(id);
  if (found != variables_.end()) return found->second;
  VariableFacts v;
  v.id = id;
  SQLite::Statement& q = variableById_;
  q.reset();
  q.bind(1, id);
  if (q.executeStep()) {
    v.procId = q.getColumn(0).getInt64();
    v.name = textOf(q, 1);
    v.type = textOf(q, 2);
    v.storage = textOf(q, 3);
    v.bytes = q.getColumn(4).getInt();
    v.rank = q.getColumn(5).getInt();
    v.elements = intOf(q, 6);
  }
  // Not left on its row: a statement that still reads keeps the connection's read transaction
  // open, and a run's write transaction could then not wait for another writer (SQLITE_BUSY).
  q.reset();
  SQLite::Statement& dims = dimensionsOfVariable_;
  dims.reset();
  dims.bind(1, id);
  while (dims.executeStep()) v.dims.push_back({textOf(dims, 0), textOf(dims, 1), intOf(dims, 2), intOf(dims, 3)});
  return variables_[id] = std::move(v);
}

const VariableFacts* ProgramFacts::variableNamed(Id procId, const std::string& name) {
  for (Id p = procId; p; p = procedures_.count(p) ? procedures_[p].hostId : 0) {
    auto found = variableIds_.find({p, name});
    if (found != variableIds_.end()) return &variable(found->second);
  }
  auto module = moduleVariableIds_.find(name);
  if (module != moduleVariableIds_.end() && module->second.size() == 1) return &variable(module->second.front());
  return nullptr;
}

std::optional<double> ProgramFacts::constant(Id procId, const std::string& name) const {
  for (Id p = procId; p;) {
    auto found = constants_.find({p, name});
    if (found != constants_.end()) return found->second;
    auto proc = procedures_.find(p);
    p = proc == procedures_.end() ? 0 : proc->second.hostId;
  }
  // A module's constant: one value whichever module defines it.
  auto module = moduleConstants_.find(name);
  if (module == moduleConstants_.end()) return std::nullopt;
  for (double v : module->second)
    if (v != module->second.front()) return std::nullopt;
  return module->second.front();
}

std::vector<KernelFacts> ProgramFacts::kernels(const std::string& onlyLoopKey) {
  std::map<Id, KernelFacts> byLoop;
  SQLite::Statement user(db_,
      "SELECT d.dir_id, d.loop_id, d.cuda_block_x, d.cuda_block_y, d.cuda_block_z, "
      "(SELECT count(*) FROM directive_var v WHERE v.dir_id = d.dir_id AND v.clause = 'loop_var'), "
      "EXISTS (SELECT 1 FROM directive_across a WHERE a.dir_id = d.dir_id) "
      "FROM directive d WHERE d.sentinel = 'dvm' AND d.kind = 'PARALLEL' AND d.loop_id IS NOT NULL");
  std::map<Id, Id> directiveOf;
  while (user.executeStep()) {
    KernelFacts k;
    k.loopId = user.getColumn(1).getInt64();
    k.source = "user directive";
    if (!user.isColumnNull(2))
      k.cudaBlock = Dim3{user.getColumn(2).getInt64(), user.isColumnNull(3) ? 1 : user.getColumn(3).getInt64(),
                         user.isColumnNull(4) ? 1 : user.getColumn(4).getInt64()};
    k.rank = std::max(1, user.getColumn(5).getInt());
    k.across = user.getColumn(6).getInt() != 0;
    directiveOf[k.loopId] = user.getColumn(0).getInt64();
    byLoop[k.loopId] = k;
  }
  SQLite::Statement expert(db_,
      "SELECT e.loop_id, coalesce(e.rank, 1), coalesce(v.across, 0) FROM expert_directive e "
      "LEFT JOIN loop_verdict v USING (loop_id) WHERE e.kind = 'PARALLEL'");
  while (expert.executeStep()) {
    Id loop = expert.getColumn(0).getInt64();
    if (byLoop.count(loop)) continue;
    KernelFacts k;
    k.loopId = loop;
    k.source = "analysis";
    k.rank = expert.getColumn(1).getInt();
    k.across = expert.getColumn(2).getInt() != 0;
    byLoop[loop] = k;
  }
  const LoopFacts* only = onlyLoopKey.empty() ? nullptr : loopByKey(onlyLoopKey);
  // The kernels' scalar traits in one pass (loop_trait has no index by loop).
  std::map<Id, std::vector<std::tuple<std::string, std::string, std::string>>> traits;
  SQLite::Statement traitRows(db_, "SELECT loop_id, name, trait, op FROM loop_trait");
  while (traitRows.executeStep()) {
    Id loop = traitRows.getColumn(0).getInt64();
    if (byLoop.count(loop) && (!only || only->id == loop))
      traits[loop].emplace_back(textOf(traitRows, 1), textOf(traitRows, 2), textOf(traitRows, 3));
  }
  SQLite::Statement reductions(db_, "SELECT op, var FROM directive_reduction WHERE dir_id = ? ORDER BY pos");
  std::vector<KernelFacts> result;
  for (auto& [loop, k] : byLoop) {
    if (only && loop != only->id) continue;
    if (!loops_.count(loop)) continue;
    // The nest: the outermost loop and, rank - 1 times, its only (or first) child loop.
    k.nest.push_back(loop);
    while (static_cast<int>(k.nest.size()) < k.rank) {
      auto c = children_.find(k.nest.back());
      if (c == children_.end() || c->second.empty()) break;
      k.nest.push_back(c->second.front());
    }
    k.rank = static_cast<int>(k.nest.size());
    for (Id p = loops_[loop].parentId; p; p = loops_[p].parentId) k.enclosing.push_back(p);
    auto d = directiveOf.find(loop);
    if (d != directiveOf.end()) {
      reductions.bind(1, d->second);
      while (reductions.executeStep()) k.reductions.push_back({textOf(reductions, 0), textOf(reductions, 1)});
      reductions.reset();
    }
    auto t = traits.find(loop);
    if (t != traits.end())
      for (const auto& [name, trait, op] : t->second) {
        k.traits[name] = trait;
        if (d == directiveOf.end() && trait == "reduction") k.reductions.push_back({op, name});
      }
    result.push_back(std::move(k));
  }
  return result;
}

void ProgramFacts::readKernelBody(KernelFacts& k) {
  k.blocks.clear();
  k.statements.clear();
  k.references.clear();
  k.bodyLoops.clear();
  // The body: the innermost parallel loop's block and every block under it.
  const LoopFacts& inner = loops_[k.nest.back()];
  std::vector<Id> pending{inner.blockId};
  std::set<Id> loopsInBody;
  while (!pending.empty()) {
    Id b = pending.back();
    pending.pop_back();
    if (!blocks_.count(b)) continue;
    k.blocks.push_back(blocks_[b]);
    if (blocks_[b].isLoop && blocks_[b].loopId != inner.id) {
      k.bodyLoops.push_back(blocks_[b].loopId);
      loopsInBody.insert(blocks_[b].loopId);
    }
    for (Id c : childBlocks_[b]) pending.push_back(c);
  }
  loopsInBody.insert(inner.id);
  std::sort(k.bodyLoops.begin(), k.bodyLoops.end());
  SQLite::Statement& stmts = statementsOfLoop_;
  SQLite::Statement& scalars = scalarsOfStatement_;
  SQLite::Statement& refs = referencesOfLoop_;
  SQLite::Statement& subs = subscriptsOfReference_;
  SQLite::Statement& terms = termsOfReference_;
  for (Id loop : loopsInBody) {
    stmts.bind(1, loop);
    while (stmts.executeStep()) {
      StatementFacts s;
      s.id = stmts.getColumn(0).getInt64();
      s.blockId = idOf(stmts, 1);
      s.kind = textOf(stmts, 2);
      s.line = stmts.getColumn(3).getInt();
      s.arith = stmts.getColumn(4).getInt64();
      s.div = stmts.getColumn(5).getInt64();
      s.trans = stmts.getColumn(6).getInt64();
      s.logic = stmts.getColumn(7).getInt64();
      s.conv = stmts.getColumn(8).getInt64();
      s.branch = stmts.getColumn(9).getInt64();
      s.call = stmts.getColumn(10).getInt64();
      s.idx = stmts.getColumn(11).getInt64();
      s.elements = intOf(stmts, 12);
      scalars.bind(1, s.id);
      while (scalars.executeStep())
        (textOf(scalars, 1) == "W" ? s.writes : s.reads).push_back(scalars.getColumn(0).getInt64());
      scalars.reset();
      k.statements.push_back(std::move(s));
    }
    stmts.reset();
    refs.bind(1, loop);
    while (refs.executeStep()) {
      ReferenceFacts r;
      r.refId = refs.getColumn(0).getInt64();
      r.stmtId = refs.getColumn(1).getInt64();
      r.varId = refs.getColumn(2).getInt64();
      r.name = textOf(refs, 3);
      r.access = textOf(refs, 4) == "W" ? 'W' : 'R';
      r.line = refs.getColumn(5).getInt();
      r.subscripted = refs.getColumn(6).getInt() != 0;
      subs.bind(1, r.refId);
      while (subs.executeStep()) {
        SubscriptFacts s;
        s.text = textOf(subs, 1);
        s.affine = subs.getColumn(2).getInt() != 0;
        s.constant = subs.getColumn(3).getInt64();
        r.subscripts.push_back(s);
      }
      subs.reset();
      terms.bind(1, r.refId);
      while (terms.executeStep()) {
        size_t dim = static_cast<size_t>(terms.getColumn(0).getInt());
        if (dim >= 1 && dim <= r.subscripts.size())
          r.subscripts[dim - 1].terms.emplace_back(textOf(terms, 1), terms.getColumn(2).getInt64());
      }
      terms.reset();
      k.references.push_back(std::move(r));
    }
    refs.reset();
  }
  std::sort(k.statements.begin(), k.statements.end(), [](auto& a, auto& b) { return a.id < b.id; });
  std::sort(k.references.begin(), k.references.end(), [](auto& a, auto& b) { return a.refId < b.refId; });
}

}  // namespace sapfor::predictor

/// @file KernelFacts.cpp
/// Reading the kernels from the database: loops, blocks, procedures, calls and directives once for
/// the whole program, each kernel's body by the range of loop ids it spans (the indexed loop_id).
#include "predictor/KernelFacts.hpp"

#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <tuple>

namespace sapfor::predictor {

namespace {

std::string textOf(SQLite::Statement& q, int column) { return q.isColumnNull(column) ? "" : q.getColumn(column).getString(); }
Id idOf(SQLite::Statement& q, int column) { return q.isColumnNull(column) ? 0 : q.getColumn(column).getInt64(); }

/// The innermost loop of a procedure around a line (directives have no block of their own).
Id loopAround(const ProgramFacts& program, const std::vector<Id>& procedureLoops, int line) {
  Id best = 0;
  int bestLine = -1;
  for (Id id : procedureLoops) {
    const facts::LoopRow& l = program.loop(id);
    if (l.line < line && line <= l.endLine && l.line > bestLine) best = id, bestLine = l.line;
  }
  return best;
}

/// The data directives whose transfers the model counts, by the name TransferFacts gives them.
const char* transferKind(const facts::DirectiveRow& d) {
  if (d.sentinel != "dvm") return nullptr;
  if (d.kind == "REGION") return "region";
  if (d.kind == "ACTUAL") return "actual";
  if (d.kind == "GET_ACTUAL") return "get_actual";
  return nullptr;
}

bool movesData(const facts::DirectiveVarRow& v) {
  return v.clause == "in" || v.clause == "out" || v.clause == "inout" || v.clause == "actual" || v.clause == "get_actual";
}

}  // namespace

/// Statements that may set a scalar or an array element once, as the database has them: what
/// readAssignments() keeps of them depends on the variables.
struct AssignmentRows {
  struct Row {
    Id varId = 0, procId = 0;
    std::string expr;
  };
  std::vector<Row> scalars;   ///< scalars written by one statement only, an assignment
  std::vector<Row> elements;  ///< every write of the array an assignment outside loops, at most 16, by var_id
};

namespace {

/// Arrays, and the scalars a data directive names (a reduction variable brought back by
/// GET_ACTUAL): a scalar is whole. In no particular order.
std::vector<ArrayAccessFacts> readArrayAccesses(SQLite::Database& db) {
  std::vector<ArrayAccessFacts> accesses;
  SQLite::Statement refs(db,
      "SELECT proc_id, loop_id, line, name, access, subscripted, context FROM ("
      " SELECT proc_id, loop_id, line, col, name, access, subscripted, context FROM array_ref"
      " UNION ALL SELECT s.proc_id, s.loop_id, s.line, s.col, v.name, r.access, 0, r.context"
      " FROM scalar_ref r JOIN statement s USING (stmt_id) JOIN variable v USING (var_id)"
      " WHERE v.name IN (SELECT name FROM directive_var WHERE clause IN ('actual', 'get_actual'))"
      ")");
  while (refs.executeStep()) {
    ArrayAccessFacts a;
    a.procId = idOf(refs, 0);
    a.loopId = idOf(refs, 1);
    a.line = refs.getColumn(2).getInt();
    a.name = textOf(refs, 3);
    a.write = textOf(refs, 4) == "W";
    a.whole = refs.getColumn(5).getInt() == 0;
    a.callArg = textOf(refs, 6) == "call_arg";
    accesses.push_back(std::move(a));
  }
  return accesses;
}

AssignmentRows readAssignmentRows(SQLite::Database& db) {
  AssignmentRows rows;
  SQLite::Statement once(db,
      "SELECT w.var_id, s.proc_id, s.expr FROM (SELECT var_id, count(*) AS writes, min(stmt_id) AS stmt_id "
      "FROM scalar_ref WHERE access = 'W' GROUP BY var_id) w JOIN statement s ON s.stmt_id = w.stmt_id "
      "WHERE w.writes = 1 AND s.kind = 'assignment'");
  while (once.executeStep()) rows.scalars.push_back({once.getColumn(0).getInt64(), idOf(once, 1), textOf(once, 2)});
  SQLite::Statement elements(db,
      "SELECT r.var_id, s.proc_id, s.expr FROM array_ref r JOIN statement s USING (stmt_id) WHERE r.access = 'W' AND "
      "r.var_id IN (SELECT r2.var_id FROM array_ref r2 JOIN statement s2 USING (stmt_id) WHERE r2.access = 'W' AND "
      "r2.var_id IS NOT NULL GROUP BY r2.var_id HAVING sum(s2.kind <> 'assignment' OR r2.loop_id IS NOT NULL) = 0 "
      "AND count(*) <= 16) ORDER BY r.var_id");
  while (elements.executeStep())
    rows.elements.push_back({elements.getColumn(0).getInt64(), idOf(elements, 1), textOf(elements, 2)});
  return rows;
}

}  // namespace

ProgramFacts::ProgramFacts(SQLite::Database& db) : db_(db), rows_(db, facts::Reader::Expressions::AllButStatements) {
  auto whole = std::make_shared<Whole>();
  whole_ = whole;
  Whole& w = *whole;
  // Two reads that need none of the rest run on connections of their own meanwhile: the
  // assignments' rows (what readAssignments keeps depends on the variables) and the accesses.
  std::future<AssignmentRows> assignments;
  if (std::string path = db.getFilename(); !path.empty()) {
    auto own = [path] { return db::open(path, SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX); };
    assignments = std::async(std::launch::async, [own] { return readAssignmentRows(*own()); });
    w.accessesAhead = std::async(std::launch::async, [own] { return readArrayAccesses(*own()); });
  }
  for (facts::ProcedureRow& p : rows_.procedures()) {
    // A name repeated (not valid Fortran) stands for its last position.
    for (size_t pos = 0; pos < p.parameters.size(); ++pos) w.dummies[{p.id, p.parameters[pos]}] = static_cast<int>(pos);
    w.procedures.emplace(p.id, std::move(p));
  }
  w.loops = rows_.loops();
  for (const facts::LoopRow& l : w.loops) {
    if (l.parentId) w.children[l.parentId].push_back(l.id);
    w.procedureLoops[l.procId].push_back(l.id);
  }
  w.bodies.assign(w.loops.size(), 0);
  for (facts::BlockRow& b : rows_.blocks()) {
    if (b.isLoop() && hasLoop(b.loopId)) w.bodies[static_cast<size_t>(b.loopId - 1)] = b.id;
    if (b.parentId) w.childBlocks[b.parentId].push_back(b.id);
    w.blocks.emplace(b.id, b);
  }
  {
    // Every variable, kept: the kernels' references look up thousands of them.
    SQLite::Statement count(db, "SELECT count(*) FROM variable");
    if (count.executeStep()) w.variables.reserve(static_cast<size_t>(count.getColumn(0).getInt64()));
  }
  rows_.forEachVariable([&](facts::VariableRow&& v) {
    w.variableIds[{v.procId, v.name}] = v.id;
    auto p = w.procedures.find(v.procId);
    bool inModule = p != w.procedures.end() && p->second.kind == facts::ProcedureKind::Module;
    if (inModule) w.moduleVariableIds[v.name].push_back(v.id);
    if (v.storage == facts::Storage::Constant) {
      char* end = nullptr;
      double value = std::strtod(v.value.c_str(), &end);
      if (end && *end == '\0' && !v.value.empty()) {
        w.constants[{v.procId, v.name}] = value;
        if (inModule) w.moduleConstants[v.name].push_back(value);
      }
    }
    w.variables.push_back(std::move(v));
  });
  for (const facts::CallRow& c : rows_.calls()) {
    if (c.kind != facts::CallKind::Subroutine && c.kind != facts::CallKind::Function) continue;
    CallSiteFacts site{c.procId, c.loopId, c.line, c.callee, {}};
    for (const facts::CallArgRow& a : c.args) {
      if (!a.keyword.empty()) break;  // after a keyword argument the positions no longer say which dummy
      site.args.push_back(a.expr);
    }
    w.calls.push_back(std::move(site));
  }
  for (size_t i = 0; i < w.calls.size(); ++i) w.callSitesOf[w.calls[i].callee].push_back(i);
  readAssignments(w, assignments.valid() ? assignments.get() : readAssignmentRows(db_));
  // Data movement: the user's REGION, ACTUAL and GET_ACTUAL, and the expert's REGIONs.
  w.directives = rows_.directives();
  for (const facts::DirectiveRow& d : w.directives) {
    const char* kind = transferKind(d);
    if (!kind) continue;
    TransferFacts t;
    t.kind = kind;
    t.procId = d.procId;
    t.line = d.line;
    t.loopId = loopAround(*this, w.procedureLoops[t.procId], t.line);
    t.endLine = d.regionEndLine ? static_cast<int>(*d.regionEndLine) : d.line;
    std::vector<const facts::DirectiveVarRow*> moved;
    for (const facts::DirectiveVarRow& v : d.vars)
      if (movesData(v)) moved.push_back(&v);
    // By clause, each clause's names in order.
    std::stable_sort(moved.begin(), moved.end(), [](auto* a, auto* b) { return a->clause < b->clause; });
    for (const facts::DirectiveVarRow* v : moved) t.arrays.emplace_back(v->clause, v->name);
    w.transfers.push_back(std::move(t));
  }
  SQLite::Statement expert(db,
      "SELECT e.expert_id, l.proc_id, e.line, v.clause, v.name, l.parent_id, l.end_line FROM expert_directive e JOIN loop l USING (loop_id) "
      "LEFT JOIN expert_directive_var v USING (expert_id) WHERE e.kind = 'REGION' ORDER BY e.expert_id, v.clause, v.pos");
  Id last = 0;
  while (expert.executeStep()) {
    Id id = expert.getColumn(0).getInt64();
    if (id != last) {
      TransferFacts t;
      t.kind = "expert_region";
      t.procId = idOf(expert, 1);
      t.line = expert.getColumn(2).getInt();
      t.loopId = idOf(expert, 5);
      t.endLine = expert.getColumn(6).getInt();
      w.transfers.push_back(t);
      last = id;
    }
    if (!expert.isColumnNull(3)) w.transfers.back().arrays.emplace_back(textOf(expert, 3), textOf(expert, 4));
  }
}

const std::vector<ArrayAccessFacts>& ProgramFacts::arrayAccesses() const {
  std::call_once(whole_->accessesRead, [&] {
    whole_->accesses = whole_->accessesAhead.valid() ? whole_->accessesAhead.get() : readArrayAccesses(db_);
  });
  return whole_->accesses;
}

void ProgramFacts::readAssignments(Whole& w, const AssignmentRows& rows) {
  for (const AssignmentRows::Row& row : rows.scalars) {
    const Id varId = row.varId;
    if (varId < 1 || static_cast<size_t>(varId) > w.variables.size()) continue;
    const facts::VariableRow& v = w.variables[static_cast<size_t>(varId - 1)];
    if ((v.storage != facts::Storage::Local && v.storage != facts::Storage::Module) || !v.dims.empty() || v.pointer ||
        v.target || v.equivalence || v.common)
      continue;
    std::vector<facts::Expression> exprs;
    try {
      exprs = facts::parseStatementExpressions(row.expr, "statement expressions").exprs;
    } catch (const facts::ExpressionTooDeep&) {
      continue;  // too deep to read: not known
    }
    if (exprs.size() != 2 || exprs[0].kind != facts::ExpressionKind::Name || exprs[0].text != v.name) continue;
    w.assignedOnce.emplace(varId, SingleAssignment{row.procId, std::move(exprs[1])});
  }
  // Arrays whose every write is an assignment of an element with constant subscripts, outside
  // loops (grid_points(1) = 64): each element set once is known.
  std::set<Id> notOnce;
  for (const AssignmentRows::Row& row : rows.elements) {
    const Id varId = row.varId;
    if (varId < 1 || static_cast<size_t>(varId) > w.variables.size()) continue;
    const facts::VariableRow& v = w.variables[static_cast<size_t>(varId - 1)];
    std::vector<facts::Expression> exprs;
    try {
      exprs = facts::parseStatementExpressions(row.expr, "statement expressions").exprs;
    } catch (const facts::ExpressionTooDeep&) {
      notOnce.insert(varId);
      continue;
    }
    std::vector<int64_t> subscripts;
    bool constant = exprs.size() == 2 && exprs[0].kind == facts::ExpressionKind::Element && exprs[0].text == v.name &&
                    !v.pointer && !v.target && !v.equivalence && !v.common &&
                    (v.storage == facts::Storage::Local || v.storage == facts::Storage::Module);
    for (const facts::Expression& d : constant ? exprs[0].args : std::vector<facts::Expression>{}) {
      if (std::optional<int64_t> v = facts::integerValue(d)) subscripts.push_back(*v);
      else constant = false;
    }
    if (!constant || !w.elementsAssignedOnce.emplace(std::pair{varId, subscripts}, SingleAssignment{row.procId, std::move(exprs[1])}).second)
      notOnce.insert(varId);
  }
  std::erase_if(w.elementsAssignedOnce, [&](const auto& e) { return notOnce.count(e.first.first) > 0; });
  // A variable passed to a procedure that may write its dummy (or to one with no body here) is
  // set there too.
  if (!w.assignedOnce.empty() || !w.elementsAssignedOnce.empty()) {
    std::set<Id> arrays;
    for (const auto& [key, a] : w.elementsAssignedOnce) arrays.insert(key.first);
    std::map<std::string, std::vector<Id>> byName;
    for (const auto& [id, p] : w.procedures)
      if (p.kind != facts::ProcedureKind::Module) byName[p.name].push_back(id);
    std::set<std::pair<Id, int64_t>> writtenDummies;
    SQLite::Statement effects(db_, "SELECT proc_id, position FROM procedure_effect WHERE scope = 'dummy' AND writes = 1");
    while (effects.executeStep()) writtenDummies.emplace(effects.getColumn(0).getInt64(), effects.getColumn(1).getInt64());
    SQLite::Statement passed(db_,
        "SELECT c.proc_id, c.callee, a.pos, a.keyword, a.var FROM call_arg a JOIN call c USING (call_id) "
        "WHERE a.var IS NOT NULL");
    while (passed.executeStep()) {
      const facts::VariableRow* v = variableNamed(idOf(passed, 0), textOf(passed, 4));
      if (!v || (!w.assignedOnce.count(v->id) && !arrays.count(v->id))) continue;
      auto callees = byName.find(textOf(passed, 1));
      bool writes = callees == byName.end() || !passed.isColumnNull(3);
      if (!writes)
        for (Id callee : callees->second) writes |= writtenDummies.count({callee, passed.getColumn(2).getInt64()}) > 0;
      if (!writes) continue;
      w.assignedOnce.erase(v->id);
      std::erase_if(w.elementsAssignedOnce, [&](const auto& e) { return e.first.first == v->id; });
    }
  }
  SQLite::Statement allocate(db_, "SELECT proc_id, expr FROM statement WHERE kind = 'allocate' ORDER BY stmt_id");
  while (allocate.executeStep()) {
    const Id procId = idOf(allocate, 0);
    std::vector<facts::Expression> objects;
    try {
      objects = facts::parseStatementExpressions(textOf(allocate, 1), "statement expressions").exprs;
    } catch (const facts::ExpressionTooDeep&) {
      continue;
    }
    for (facts::Expression& o : objects) {
      // allocate(a(n, 0:m)): a section or an element of a plain name (not a component's).
      if (o.kind != facts::ExpressionKind::Section && o.kind != facts::ExpressionKind::Element) continue;
      const facts::VariableRow* v = variableNamed(procId, o.text);
      if (!v || !v->allocatable || v->dims.size() != o.args.size()) continue;
      Allocation a{procId, {}};
      for (facts::Expression& d : o.args) {
        if (d.kind == facts::ExpressionKind::Range && d.args.size() >= 2) a.bounds.emplace_back(std::move(d.args[0]), std::move(d.args[1]));
        else a.bounds.emplace_back(facts::Expression{}, std::move(d));
        if (a.bounds.back().first.isNull()) a.bounds.back().first = facts::Expression{facts::ExpressionKind::Integer, "", 1, {}, {}};
      }
      w.allocations[v->id].push_back(std::move(a));
    }
  }
}

const SingleAssignment* ProgramFacts::assignedOnce(Id varId) const {
  auto found = whole_->assignedOnce.find(varId);
  return found == whole_->assignedOnce.end() ? nullptr : &found->second;
}

const SingleAssignment* ProgramFacts::elementAssignedOnce(Id varId, const std::vector<int64_t>& subscripts) const {
  auto found = whole_->elementsAssignedOnce.find({varId, subscripts});
  return found == whole_->elementsAssignedOnce.end() ? nullptr : &found->second;
}

const std::vector<Allocation>& ProgramFacts::allocations(Id varId) const {
  static const std::vector<Allocation> none;
  auto found = whole_->allocations.find(varId);
  return found == whole_->allocations.end() ? none : found->second;
}

ProgramFacts::ProgramFacts(const ProgramFacts& program, SQLite::Database& db)
    : db_(db), rows_(db, facts::Reader::Expressions::AllButStatements), whole_(program.whole_) {}

bool ProgramFacts::hasLoop(Id id) const {
  const Whole& w = *whole_; return id >= 1 && static_cast<size_t>(id) <= w.loops.size(); }

const facts::LoopRow& ProgramFacts::loop(Id id) const {
  const Whole& w = *whole_;
  if (!hasLoop(id)) throw std::out_of_range("the database has no loop " + std::to_string(id));
  return w.loops[static_cast<size_t>(id - 1)];
}

std::vector<const CallSiteFacts*> ProgramFacts::callSitesOf(const std::string& callee) const {
  const Whole& w = *whole_;
  std::vector<const CallSiteFacts*> sites;
  auto found = w.callSitesOf.find(callee);
  if (found != w.callSitesOf.end())
    for (size_t i : found->second) sites.push_back(&w.calls[i]);
  return sites;
}

int ProgramFacts::dummyPosition(Id procId, const std::string& name) const {
  const Whole& w = *whole_;
  auto found = w.dummies.find({procId, name});
  return found == w.dummies.end() ? -1 : found->second;
}

const facts::LoopRow* ProgramFacts::loopByKey(const std::string& key) const {
  const Whole& w = *whole_;
  for (const facts::LoopRow& l : w.loops)
    if (l.key == key) return &l;
  return nullptr;
}

const facts::VariableRow& ProgramFacts::variable(Id id) const {
  const Whole& w = *whole_;
  if (id < 1 || static_cast<size_t>(id) > w.variables.size())
    throw std::out_of_range("the database has no variable " + std::to_string(id));
  return w.variables[static_cast<size_t>(id - 1)];
}

const facts::VariableRow* ProgramFacts::variableNamed(Id procId, const std::string& name) const {
  const Whole& w = *whole_;
  for (Id p = procId; p;) {
    auto found = w.variableIds.find({p, name});
    if (found != w.variableIds.end()) return &variable(found->second);
    auto proc = w.procedures.find(p);
    p = proc == w.procedures.end() ? 0 : proc->second.hostId;
  }
  auto module = w.moduleVariableIds.find(name);
  if (module != w.moduleVariableIds.end() && module->second.size() == 1) return &variable(module->second.front());
  return nullptr;
}

std::optional<double> ProgramFacts::constant(Id procId, const std::string& name) const {
  const Whole& w = *whole_;
  for (Id p = procId; p;) {
    auto found = w.constants.find({p, name});
    if (found != w.constants.end()) return found->second;
    auto proc = w.procedures.find(p);
    p = proc == w.procedures.end() ? 0 : proc->second.hostId;
  }
  // A module's constant: one value whichever module defines it.
  auto module = w.moduleConstants.find(name);
  if (module == w.moduleConstants.end()) return std::nullopt;
  for (double v : module->second)
    if (v != module->second.front()) return std::nullopt;
  return module->second.front();
}

std::vector<KernelFacts> ProgramFacts::kernels(const std::vector<std::string>& onlyLoopKeys) {
  const Whole& w = *whole_;
  std::map<Id, KernelFacts> byLoop;
  std::map<Id, const facts::DirectiveRow*> directiveOf;
  for (const facts::DirectiveRow& d : w.directives) {
    if (d.sentinel != "dvm" || d.kind != "PARALLEL" || !d.loopId) continue;
    KernelFacts k;
    k.loopId = d.loopId;
    k.source = "user directive";
    if (d.cudaBlock[0]) k.cudaBlock = Dim3{*d.cudaBlock[0], d.cudaBlock[1].value_or(1), d.cudaBlock[2].value_or(1)};
    k.rank = std::max(1, static_cast<int>(d.names("loop_var").size()));
    k.across = !d.across.empty();
    directiveOf[k.loopId] = &d;
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
  std::set<Id> only;  // empty: every kernel
  for (const std::string& key : onlyLoopKeys)
    if (const facts::LoopRow* l = loopByKey(key)) only.insert(l->id);
  const bool all = onlyLoopKeys.empty();
  // The kernels' scalar traits in one pass (loop_trait has no index by loop).
  std::map<Id, std::vector<std::tuple<std::string, std::string, std::string>>> traits;
  SQLite::Statement traitRows(db_, "SELECT loop_id, name, trait, op FROM loop_trait");
  while (traitRows.executeStep()) {
    Id loop = traitRows.getColumn(0).getInt64();
    if (byLoop.count(loop) && (all || only.count(loop)))
      traits[loop].emplace_back(textOf(traitRows, 1), textOf(traitRows, 2), textOf(traitRows, 3));
  }
  std::vector<KernelFacts> result;
  for (auto& [loop, k] : byLoop) {
    if (!all && !only.count(loop)) continue;
    if (!hasLoop(loop)) continue;
    // The nest: the outermost loop and, rank - 1 times, its only (or first) child loop.
    k.nest.push_back(loop);
    while (static_cast<int>(k.nest.size()) < k.rank) {
      auto c = w.children.find(k.nest.back());
      if (c == w.children.end() || c->second.empty()) break;
      k.nest.push_back(c->second.front());
    }
    k.rank = static_cast<int>(k.nest.size());
    for (Id p = this->loop(loop).parentId; p; p = this->loop(p).parentId) k.enclosing.push_back(p);
    auto d = directiveOf.find(loop);
    if (d != directiveOf.end())
      for (const facts::DirectiveReductionRow& r : d->second->reductions) k.reductions.push_back({r.op, r.var});
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
  const Whole& w = *whole_;
  k.blocks.clear();
  k.statements.clear();
  k.references.clear();
  k.bodyLoops.clear();
  // The body: the innermost parallel loop's block and every block under it.
  const facts::LoopRow& inner = loop(k.nest.back());
  std::vector<Id> pending{w.bodies[static_cast<size_t>(inner.id - 1)]};
  std::set<Id> loopsInBody;
  while (!pending.empty()) {
    Id b = pending.back();
    pending.pop_back();
    auto block = w.blocks.find(b);
    if (block == w.blocks.end()) continue;
    k.blocks.push_back(block->second);
    if (block->second.isLoop() && block->second.loopId != inner.id) {
      k.bodyLoops.push_back(block->second.loopId);
      loopsInBody.insert(block->second.loopId);
    }
    auto children = w.childBlocks.find(b);
    if (children != w.childBlocks.end())
      for (Id c : children->second) pending.push_back(c);
  }
  loopsInBody.insert(inner.id);
  std::sort(k.bodyLoops.begin(), k.bodyLoops.end());
  // The rows of the loops' id range (the inner loop and those nested in it), less those of a loop
  // without a block of its own (an inner FORALL index's: its statements are not the body's).
  const Id first = *loopsInBody.begin(), last = *loopsInBody.rbegin();
  // One read transaction for the body's reads: each would otherwise take and release the
  // database's lock itself, system calls that cost more than the reading.
  SQLite::Transaction reading(db_);
  std::vector<facts::StatementRow> statements;
  rows_.statementsInLoops(first, last, statements);
  for (facts::StatementRow& s : statements)
    if (loopsInBody.count(s.loopId)) {
      Statement st;
      static_cast<facts::StatementRow&>(st) = std::move(s);
      k.statements.push_back(std::move(st));
    }
  if (!k.statements.empty()) {
    std::vector<facts::ScalarRefRow> scalars;
    rows_.scalarRefs(k.statements.front().id, k.statements.back().id, scalars);
    auto st = k.statements.begin();
    for (const facts::ScalarRefRow& r : scalars) {
      while (st != k.statements.end() && st->id < r.stmtId) ++st;
      if (st == k.statements.end()) break;
      if (st->id == r.stmtId) (r.access == facts::Access::Write ? st->writes : st->reads).push_back(r.varId);
    }
  }
  rows_.arrayRefsInLoops(first, last, k.references);
  std::erase_if(k.references, [&](const facts::ArrayRefRow& r) {
    return r.context == facts::RefContext::CallArg || !loopsInBody.count(r.loopId);
  });
  reading.commit();
}

}  // namespace sapfor::predictor

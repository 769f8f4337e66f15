/// @file FactsReader.cpp
/// Mirrors ProgramReader (ProgramModel.cpp) row for row: what the front end writes and the
/// reader reads back is what is built here, so the analysis cannot tell the two apart (the test
/// analysis_streamed compares the tables both produce).
#include "analyzer/FactsReader.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

namespace sapfor::analyzer {

namespace {

Id symbolId(const lexer::Symbol* symbol) { return symbol ? symbol->dbId : 0; }

LinearExpr linear(const lexer::AffineForm& form) {
  LinearExpr out;
  out.affine = form.affine;
  if (!form.affine) return out;
  out.constant = form.constant;
  for (const auto& [var, coeff] : form.terms) out.terms.emplace_back(var, coeff);
  return out;
}

/// Where each procedure's rows lie in one of the file's fact vectors: [first, last] indices.
template <typename Row>
std::vector<IdRange> rangesByProcedure(const std::vector<Row>& rows, size_t procedures) {
  std::vector<IdRange> ranges(procedures);
  for (size_t i = 0; i < rows.size(); ++i) {
    IdRange& r = ranges[static_cast<size_t>(rows[i].proc)];
    if (r.empty()) r.first = static_cast<Id>(i);
    r.last = static_cast<Id>(i);
  }
  return ranges;
}

IdRange shifted(IdRange r, Id base) { return r.empty() ? IdRange{} : IdRange{r.first + base + 1, r.last + base + 1}; }

}  // namespace


std::vector<Program> FactsReader::add(Program& p, const lexer::FileFacts& f, const lexer::FactIds& ids) {
  auto fileId = [&](int index) { return ids.files.at(index); };
  auto procId = [&](int index) -> Id { return index < 0 ? 0 : ids.procedures + index + 1; };
  auto loopId = [&](int index) -> Id { return index < 0 ? 0 : ids.loops + index + 1; };
  auto stmtId = [&](int index) -> Id { return index < 0 ? 0 : ids.statements + index + 1; };
  auto blockId = [&](int index) -> Id { return index < 0 ? 0 : ids.blocks + index + 1; };
  const size_t procedures = f.procedures.size();

  // ---- the whole program's rows ----
  std::vector<IdRange> statementRanges = rangesByProcedure(f.statements, procedures);
  std::vector<IdRange> loopRanges = rangesByProcedure(f.loops, procedures);
  std::vector<IdRange> blockRanges = rangesByProcedure(f.blocks, procedures);
  std::vector<IdRange> refRanges = rangesByProcedure(f.arrayRefs, procedures);
  std::vector<IdRange> callRanges = rangesByProcedure(f.calls, procedures);
  std::unordered_map<std::string, int32_t> commons;
  for (size_t i = 0; i < p.commonBlocks.size(); ++i) commons.emplace(p.commonBlocks[i], static_cast<int32_t>(i));
  for (size_t i = 0; i < procedures; ++i) {
    const lexer::ProcedureFacts& pf = f.procedures[i];
    ProcedureRow r;
    r.id = procId(static_cast<int>(i));
    if (r.id != static_cast<Id>(p.procedures.size()) + 1) throw std::logic_error("FactsReader: procedures out of order");
    r.name = pf.name;
    r.key = pf.key;
    r.kind = pf.kind;
    r.fileId = fileId(pf.fileIndex);
    r.line = static_cast<int>(pf.line);
    r.endLine = static_cast<int>(pf.endLine);
    r.hostId = procId(pf.host);
    r.prefix = pf.prefix;
    r.parameters = pf.parameters;
    r.statements = shifted(statementRanges[i], ids.statements);
    r.loops = shifted(loopRanges[i], ids.loops);
    r.blocks = shifted(blockRanges[i], ids.blocks);
    r.arrayRefs = shifted(refRanges[i], ids.arrayRefs);
    r.calls = shifted(callRanges[i], ids.calls);
    p.procedures.push_back(std::move(r));
    for (const lexer::Symbol* s : pf.variables) {
      VariableRow v;
      v.id = s->dbId;
      if (v.id != static_cast<Id>(p.variables.size()) + 1) throw std::logic_error("FactsReader: variables out of order");
      v.procId = procId(static_cast<int>(i));
      v.name = s->name;
      v.storage = storageNamed(lexer::storageName(s->storage));
      v.integer = s->type.base == lexer::BaseType::Integer;
      if (s->storage == lexer::Storage::Common) {
        auto [at, added] = commons.try_emplace(s->common, static_cast<int32_t>(p.commonBlocks.size()));
        if (added) p.commonBlocks.push_back(s->common);
        v.common = at->second;
      }
      v.rank = s->assumedRank() ? -1 : static_cast<int16_t>(s->rank());
      v.save = s->save;
      v.pointer = s->pointer;
      v.pointerComponents = s->pointerComponents;
      v.target = s->target;
      v.equivalence = s->equivalenceGroup;
      v.offset = s->storageOffset;
      v.elementBytes = s->type.bytes().value_or(0);
      for (const lexer::DimInfo& dim : s->dims) {
        bool deferred = dim.upperText.empty() && dim.spec == ":";
        v.bounds.emplace_back(deferred ? std::string() : dim.lowerText, dim.upperText);
      }
      if (v.associated())
        for (const lexer::DimInfo& dim : s->dims) {
          std::optional<int64_t> extent = dim.extent();
          if (!dim.lower || !extent) {
            v.layout.clear();
            break;
          }
          v.layout.emplace_back(*dim.lower, *extent);
        }
      p.variables.push_back(std::move(v));
    }
  }
  p.loopCount += static_cast<Id>(f.loops.size());
  for (size_t i = 0; i < f.directives.size(); ++i) {
    const lexer::DirectiveFacts& d = f.directives[i];
    if (d.sentinel != "dvm" || (d.kind != "PARALLEL" && d.kind != "REGION" && d.kind != "END_REGION" &&
                                d.kind != "DISTRIBUTE" && d.kind != "ALIGN"))
      continue;
    DirectiveRow r;
    r.id = ids.directives + static_cast<Id>(i) + 1;
    r.fileId = fileId(d.fileIndex);
    r.procId = procId(d.proc);
    r.loopId = loopId(d.loop);
    r.line = static_cast<int>(d.line);
    r.endLine = static_cast<int>(d.endLine);
    r.sentinel = d.sentinel;
    r.kind = d.kind;
    r.text = d.text;
    r.onArray = d.onArray;
    for (const lexer::DirectiveVarFacts& v : d.vars) r.vars.push_back({v.clause, v.name, v.text});
    for (const lexer::ReductionFacts& x : d.reductions) r.reductions.push_back({x.op, x.var, x.locVar, x.locCount});
    for (const lexer::AcrossFacts& a : d.across) r.across.push_back({a.array, a.dim, a.low, a.high});
    std::stable_sort(r.across.begin(), r.across.end(), [](const DirectiveAcrossRow& a, const DirectiveAcrossRow& b) {
      return std::tie(a.array, a.dim) < std::tie(b.array, b.dim);
    });
    p.directives.push_back(std::move(r));
  }

  // ---- each procedure's code ----
  std::vector<uint32_t> scalarRefs(f.statements.size()), arrayRefs(f.statements.size());  // per statement, to reserve
  for (const lexer::ScalarRefFacts& r : f.scalarRefs)
    if (r.symbol && r.symbol->dbId) ++scalarRefs[static_cast<size_t>(r.stmt)];
  for (const lexer::ArrayRefFacts& r : f.arrayRefs)
    if (r.stmt >= 0) ++arrayRefs[static_cast<size_t>(r.stmt)];
  std::vector<Program> codes(procedures);
  for (size_t i = 0; i < procedures; ++i) {
    Program& c = codes[i];
    const ProcedureRow& proc = p.procedure(procId(static_cast<int>(i)));
    c.current = proc.id;
    c.loopBase_ = proc.loops.first;
    c.blockBase_ = proc.blocks.first;
    c.stmtBase_ = proc.statements.first;
    c.refBase_ = proc.arrayRefs.first;
    c.callBase_ = proc.calls.first;
    c.loops.reserve(loopRanges[i].size());
    c.blocks.reserve(blockRanges[i].size());
    c.statements.reserve(statementRanges[i].size());
    c.arrayRefs.reserve(refRanges[i].size());
    c.calls.reserve(callRanges[i].size());
    for (Id k = loopRanges[i].first; k <= loopRanges[i].last; ++k) {
      const lexer::LoopFacts& lf = f.loops[static_cast<size_t>(k)];
      LoopRow l;
      l.id = loopId(static_cast<int>(k));
      l.key = lf.key;
      l.procId = proc.id;
      l.parentId = loopId(lf.parent);
      l.depth = lf.depth;
      l.fileId = fileId(lf.fileIndex);
      l.line = static_cast<int>(lf.line);
      l.col = static_cast<int>(lf.col);
      l.endLine = static_cast<int>(lf.endLine);
      l.kind = lf.kind;
      l.var = lf.var;
      l.lower = lf.lower;
      l.upper = lf.upper;
      l.step = lf.step;
      l.lowerValue = lf.lowerValue;
      l.upperValue = lf.upperValue;
      l.stepValue = lf.stepValue;
      l.tripCount = lf.tripCount;
      l.tightlyNested = lf.tightlyNested;
      l.varId = symbolId(lf.varSymbol);
      l.lowerForm = linear(lf.lowerForm);
      l.upperForm = linear(lf.upperForm);
      l.headerStmt = lf.stmt < 0 ? 0 : stmtId(lf.stmt);
      c.loops.push_back(std::move(l));
    }
    for (LoopRow& l : c.loops)
      if (l.parentId) c.loops[c.loopIndex(l.parentId)].children.push_back(l.id);
    c.obstacleRange_.assign(c.loops.size(), {0, 0});
    for (Id k = blockRanges[i].first; k <= blockRanges[i].last; ++k) {
      const lexer::BlockFacts& bf = f.blocks[static_cast<size_t>(k)];
      BlockRow b;
      b.id = blockId(static_cast<int>(k));
      b.procId = proc.id;
      b.parentId = blockId(bf.parent);
      b.isLoop = bf.kind == "loop";
      b.loopId = loopId(bf.loop);
      b.constructStmt = bf.constructStmt < 0 ? 0 : stmtId(bf.constructStmt);
      b.arm = bf.arm;
      b.complete = bf.complete;
      c.blocks.push_back(b);
      if (b.isLoop && b.loopId) {
        c.loops[c.loopIndex(b.loopId)].bodyBlock = b.id;
      } else if (b.constructStmt) {
        Program::Construct& construct = c.constructs[b.constructStmt];
        ++construct.arms;
        construct.complete = b.complete;
      }
    }
    for (Id k = statementRanges[i].first; k <= statementRanges[i].last; ++k) {
      const lexer::StatementFacts& sf = f.statements[static_cast<size_t>(k)];
      StatementRow s;
      s.id = stmtId(static_cast<int>(k));
      s.procId = proc.id;
      s.loopId = loopId(sf.loop);
      s.fileId = fileId(sf.fileIndex);
      s.line = static_cast<int>(sf.line);
      s.col = static_cast<int>(sf.col);
      s.endLine = static_cast<int>(sf.endLine);
      s.kind = sf.kind;
      s.blockId = blockId(sf.block);
      s.label = sf.label;
      s.jumps = sf.jumps;
      s.action = sf.action;
      s.scalars.reserve(scalarRefs[static_cast<size_t>(k)]);
      s.arrayRefs.reserve(arrayRefs[static_cast<size_t>(k)]);
      c.statements.push_back(std::move(s));
    }
    for (const StatementRow& s : c.statements)
      for (Id l = s.loopId; l != 0; l = c.loop(l).parentId) {
        LoopRow& row = c.loops[c.loopIndex(l)];
        if (row.lastStmt < row.firstStmt) row.firstStmt = s.id;
        row.lastStmt = s.id;
      }
  }
  // Rows that belong to a statement or a loop, distributed to their procedure's code.
  auto codeOfStatement = [&](int stmt) -> Program& {
    return codes[static_cast<size_t>(f.statements[static_cast<size_t>(stmt)].proc)];
  };
  for (const lexer::ObstacleFacts& o : f.obstacles) {
    Program& c = codes[static_cast<size_t>(f.loops[static_cast<size_t>(o.loop)].proc)];
    c.obstacles.push_back({loopId(o.loop), o.kind, o.detail, static_cast<int>(o.line), static_cast<int>(o.col)});
  }
  for (const lexer::ScalarRefFacts& r : f.scalarRefs) {
    if (!r.symbol || !r.symbol->dbId) continue;  // as FactWriter: a name the symbol pass could not place
    Program& c = codeOfStatement(r.stmt);
    c.statements[c.statementIndex(stmtId(r.stmt))].scalars.push_back(
        {r.symbol->dbId, r.access == 'W' ? 'W' : 'R', refContextNamed(r.context), r.guarded});
  }
  for (const lexer::UpdatePatternFacts& u : f.updates)
    codeOfStatement(u.stmt).updates.push_back(
        {stmtId(u.stmt), symbolId(u.symbol), u.guard < 0 ? 0 : stmtId(u.guard), u.name, u.op, u.of, u.step});
  for (size_t k = 0; k < f.arrayRefs.size(); ++k) {
    const lexer::ArrayRefFacts& rf = f.arrayRefs[k];
    Program& c = codes[static_cast<size_t>(rf.proc)];
    ArrayRefRow r;
    r.id = ids.arrayRefs + static_cast<Id>(k) + 1;
    r.stmtId = stmtId(rf.stmt);
    r.loopId = loopId(rf.loop);
    r.procId = procId(rf.proc);
    r.varId = symbolId(rf.symbol);
    r.name = rf.name;
    r.access = rf.access == 'W' ? 'W' : 'R';
    r.context = refContextNamed(rf.context);
    r.subscripted = rf.subscripted;
    r.fileId = fileId(rf.fileIndex);
    r.line = static_cast<int>(rf.line);
    r.col = static_cast<int>(rf.col);
    r.subscriptTexts.reserve(rf.subscripts.size());
    r.subscripts.reserve(rf.subscripts.size());
    for (const lexer::SubscriptFacts& sub : rf.subscripts) {
      r.section |= sub.section;
      r.subscriptTexts.push_back(sub.text);
      LinearExpr form;
      form.affine = sub.affine && !sub.section;  // a section is no single element
      form.constant = sub.constant.value_or(0);
      form.terms.reserve(sub.terms.size());
      for (const lexer::SubscriptTerm& t : sub.terms) form.terms.emplace_back(t.var, t.coeff);
      std::sort(form.terms.begin(), form.terms.end());  // as subscript_term's key orders them
      r.subscripts.push_back(std::move(form));
    }
    c.statements[c.statementIndex(r.stmtId)].arrayRefs.push_back(r.id);
    c.arrayRefs.push_back(std::move(r));
  }
  for (size_t k = 0; k < f.calls.size(); ++k) {
    const lexer::CallFacts& cf = f.calls[k];
    Program& c = codes[static_cast<size_t>(cf.proc)];
    CallRow call;
    call.id = ids.calls + static_cast<Id>(k) + 1;
    call.stmtId = stmtId(cf.stmt);
    call.procId = procId(cf.proc);
    call.loopId = loopId(cf.loop);
    call.callee = cf.callee;
    call.kind = cf.kind;
    call.line = static_cast<int>(cf.line);
    call.col = static_cast<int>(cf.col);
    for (const lexer::CallArgFacts& a : cf.args)
      call.args.push_back({a.keyword, a.text, a.var, a.ref < 0 ? 0 : ids.arrayRefs + static_cast<Id>(a.ref) + 1});
    c.statements[c.statementIndex(call.stmtId)].calls.push_back(call.id);
    c.calls.push_back(std::move(call));
  }
  for (const lexer::LabelFacts& l : f.labels)
    codes[static_cast<size_t>(l.proc)].labels.push_back({l.label, blockId(l.block), l.stmt < 0 ? 0 : stmtId(l.stmt)});
  for (const lexer::JumpFacts& j : f.jumps) {
    Program& c = codeOfStatement(j.stmt);
    c.statements[c.statementIndex(stmtId(j.stmt))].jumpLabels.push_back(j.label);
  }
  for (Program& c : codes) {
    // As the reader reads them: labels by label, a statement's scalar references in scalar_ref's key order (variable,
    // access, context as text), updates by statement, obstacles by loop (each in row order).
    for (StatementRow& st : c.statements)
      std::sort(st.scalars.begin(), st.scalars.end(), [](const ScalarRefRow& a, const ScalarRefRow& b) {
        return std::make_tuple(a.varId, a.access, refContextName(a.context)) <
               std::make_tuple(b.varId, b.access, refContextName(b.context));
      });
    std::sort(c.labels.begin(), c.labels.end(), [](const LabelRow& a, const LabelRow& b) { return a.label < b.label; });
    for (StatementRow& st : c.statements) std::sort(st.jumpLabels.begin(), st.jumpLabels.end());
    std::stable_sort(c.updates.begin(), c.updates.end(), [](const UpdateRow& a, const UpdateRow& b) { return a.stmtId < b.stmtId; });
    std::stable_sort(c.obstacles.begin(), c.obstacles.end(),
                     [](const ObstacleRow& a, const ObstacleRow& b) { return a.loopId < b.loopId; });
    for (size_t k = 0; k < c.obstacles.size(); ++k) {
      auto& range = c.obstacleRange_[c.loopIndex(c.obstacles[k].loopId)];
      if (range.first == range.second) range = {k, k};
      ++range.second;
    }
  }
  return codes;
}

}  // namespace sapfor::analyzer

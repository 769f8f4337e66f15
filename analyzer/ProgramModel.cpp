/// @file ProgramModel.cpp
#include "analyzer/ProgramModel.hpp"

#include "analyzer/KnownExternals.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>

namespace sapfor::analyzer {

using facts::Query;

namespace {

/// Each table's ids run 1, 2, 3...: the row with id n sits at n − 1 (n − base in a procedure's slice).
void expectId(Id id, Id expected, const char* table) {
  if (id != expected)
    throw std::runtime_error(std::string("the database's ") + table + " rows are not numbered 1, 2, 3... (row " +
                             std::to_string(id) + "); was it written by sapfor-lex?");
}

void expectIn(Id id, Id first, size_t count, const char* table) {
  if (id < first || id >= first + static_cast<Id>(count))
    throw std::runtime_error(std::string("the database refers to a missing ") + table + " row " + std::to_string(id));
}

}  // namespace

std::optional<std::pair<LinearExpr, LinearExpr>> Variable::declaredDimension(size_t d) const {
  if (d < layout.size()) {  // folded (a named constant's value is no name a procedure may change)
    LinearExpr lower, extent;
    lower.constant = layout[d].first;
    extent.constant = layout[d].second;
    return std::make_pair(lower, extent);
  }
  if (d >= boundTrees.size() || boundTrees[d].empty()) return std::nullopt;
  std::vector<facts::Expression> bounds;
  try {
    bounds = facts::parseExpressionList(boundTrees[d], name + "'s bounds");
  } catch (const facts::ExpressionTooDeep&) {
    return std::nullopt;  // malformed JSON (a damaged database) goes on up, as treesOf's does
  }
  if (bounds.size() != 2 || bounds[1].isNull()) return std::nullopt;
  std::optional<LinearExpr> lower = bounds[0].isNull() ? LinearExpr{} : affineOf(bounds[0]);
  if (bounds[0].isNull()) lower->constant = 1;
  std::optional<LinearExpr> upper = affineOf(bounds[1]);
  if (!lower || !upper) return std::nullopt;
  std::optional<LinearExpr> extent = combine(*upper, *lower, -1);
  if (!extent || __builtin_add_overflow(extent->constant, 1, &extent->constant)) return std::nullopt;
  return std::make_pair(*lower, *extent);
}

std::optional<int64_t> Variable::storageBytes() const {
  if (elementBytes <= 0 || (isArray() && layout.empty())) return std::nullopt;
  int64_t bytes = elementBytes;
  for (const auto& [lower, extent] : layout)
    if (__builtin_mul_overflow(bytes, extent, &bytes)) return std::nullopt;
  return bytes;
}

bool everyElementNamed(const facts::ArrayRefRow& ref, int16_t rank) {
  if (!ref.subscripted) return true;
  if (rank < 1 || ref.subscripts.size() != static_cast<size_t>(rank) || ref.name.find('%') != std::string::npos) return false;
  return std::all_of(ref.subscripts.begin(), ref.subscripts.end(), [](const facts::SubscriptRow& d) {
    return std::all_of(d.text.begin(), d.text.end(), [](char c) { return c == ':' || c == ' '; }) &&
           std::count(d.text.begin(), d.text.end(), ':') == 1;
  });
}

bool Program::within(Id inner, Id outer) const {
  for (Id l = inner; l != 0; l = loop(l).parentId)
    if (l == outer) return true;
  return false;
}

std::vector<Id> Program::loopChain(Id loopId) const {
  std::vector<Id> chain;
  for (Id l = loopId; l != 0; l = loop(l).parentId) chain.insert(chain.begin(), l);
  return chain;
}

void Program::swapCode(Program& other) {
  std::swap(current, other.current);
  loops.swap(other.loops);
  blocks.swap(other.blocks);
  statements.swap(other.statements);
  arrayRefs.swap(other.arrayRefs);
  calls.swap(other.calls);
  updates.swap(other.updates);
  obstacles.swap(other.obstacles);
  labels.swap(other.labels);
  constructs.swap(other.constructs);
  std::swap(loopBase_, other.loopBase_);
  std::swap(blockBase_, other.blockBase_);
  std::swap(stmtBase_, other.stmtBase_);
  std::swap(refBase_, other.refBase_);
  std::swap(callBase_, other.callBase_);
  obstacleRange_.swap(other.obstacleRange_);
  trees_.swap(other.trees_);
}

Variable Variable::of(const facts::VariableRow& row, std::vector<std::string>& commonBlocks,
                      std::unordered_map<std::string, int32_t>& commonIndex) {
  Variable v;
  v.id = row.id;
  v.procId = row.procId;
  v.name = row.name;
  v.storage = row.storage;
  v.integer = row.type == "integer";
  v.logical = row.type == "logical";
  v.character = row.type == "character";
  v.typeKnown = row.type != "unknown";
  v.intentIn = row.intent == "in";
  v.save = row.save;
  v.rank = row.rank ? static_cast<int16_t>(*row.rank) : int16_t{-1};
  if (row.common) {
    auto [at, added] = commonIndex.try_emplace(*row.common, static_cast<int32_t>(commonBlocks.size()));
    if (added) commonBlocks.push_back(*row.common);
    v.common = at->second;
  }
  v.pointer = row.pointer;
  v.allocatable = row.allocatable;
  v.target = row.target;
  v.pointerComponents = row.pointerComponents;
  v.typeId = row.typeId;
  v.derived = row.type.starts_with("type(") || row.type.starts_with("class(");
  v.equivalence = row.equivalence;
  v.elementBytes = static_cast<int32_t>(row.bytes.value_or(0));
  v.offset = row.storageOffset;
  v.bounds.reserve(row.dims.size());
  v.assumedShape = v.storage == Storage::Dummy && !v.pointer && !v.allocatable && !row.dims.empty();
  for (const facts::DimensionRow& d : row.dims) {
    v.bounds.emplace_back(d.lower, d.upper);
    v.boundTrees.push_back(d.bounds);
    v.assumedShape = v.assumedShape && d.spec.ends_with(':');
  }
  for (const facts::DimensionRow& d : row.dims) {
    if (!d.lowerValue || !d.extent) {
      v.layout.clear();
      break;
    }
    v.layout.emplace_back(*d.lowerValue, *d.extent);
  }
  return v;
}

bool Program::isAnalyzedDirective(const DirectiveRow& d) {
  return d.sentinel == "dvm" && (d.kind == "PARALLEL" || d.kind == "REGION" || d.kind == "END_REGION" ||
                                 d.kind == "DISTRIBUTE" || d.kind == "ALIGN");
}

namespace {

/// Widens `range` to hold `id`.
void extend(IdRange& range, Id id) {
  if (range.empty()) range = {id, id};
  else range.last = std::max(range.last, id);
}

/// The procedure a row of a per-procedure table belongs to, as an index in [0, count).
size_t procedureIndex(Id procId, Id firstProc, size_t count) {
  if (procId < firstProc || procId >= firstProc + static_cast<Id>(count))
    throw std::logic_error("a file's rows refer to procedure " + std::to_string(procId) + " of another file");
  return static_cast<size_t>(procId - firstProc);
}

}  // namespace

void Program::addVariable(const facts::VariableRow& row) {
  expectId(row.id, static_cast<Id>(variables.size()) + 1, "variable");
  variables.push_back(Variable::of(row, commonBlocks, commonIndex_));
}

const facts::ComponentRow* Program::component(Id typeId, const std::string& name) const {
  Id declaredIn = 0;
  return component(typeId, name, declaredIn);
}

const facts::ComponentRow* Program::component(Id typeId, const std::string& name, Id& declaredIn) const {
  for (int depth = 0; typeId >= 1 && static_cast<size_t>(typeId) <= types.size() && depth < 64; ++depth) {
    const facts::DerivedTypeRow& t = types[static_cast<size_t>(typeId - 1)];
    for (const facts::ComponentRow& c : t.components)
      if (c.name == name) {
        declaredIn = typeId;
        return &c;
      }
    if (t.parentUnknown) return nullptr;
    typeId = t.parentId;
  }
  return nullptr;
}

void Program::addWholeProgramRows(facts::FileRows& rows) {
  const size_t first = procedures.size();
  for (facts::ProcedureRow& p : rows.procedures) {
    expectId(p.id, static_cast<Id>(procedures.size()) + 1, "procedure");
    ProcedureRow r;
    static_cast<facts::ProcedureRow&>(r) = std::move(p);
    procedures.push_back(std::move(r));
  }
  const Id firstProc = static_cast<Id>(first) + 1;
  const size_t count = rows.procedures.size();
  auto procedureOf = [&](Id procId) -> ProcedureRow& { return procedures[first + procedureIndex(procId, firstProc, count)]; };
  for (const facts::StatementRow& s : rows.statements) extend(procedureOf(s.procId).statements, s.id);
  for (const facts::LoopRow& l : rows.loops) extend(procedureOf(l.procId).loops, l.id);
  for (const facts::BlockRow& b : rows.blocks) extend(procedureOf(b.procId).blocks, b.id);
  for (const facts::ArrayRefRow& r : rows.arrayRefs) extend(procedureOf(r.procId).arrayRefs, r.id);
  for (const facts::CallRow& c : rows.calls) extend(procedureOf(c.procId).calls, c.id);
  loopCount += static_cast<Id>(rows.loops.size());
  rows.procedures.clear();
  for (const facts::VariableRow& v : rows.variables) addVariable(v);
  rows.variables.clear();
  for (DirectiveRow& d : rows.directives)
    if (isAnalyzedDirective(d)) directives.push_back(std::move(d));
  rows.directives.clear();
  for (facts::DerivedTypeRow& t : rows.types) {
    expectId(t.id, static_cast<Id>(types.size()) + 1, "derived_type");
    types.push_back(std::move(t));
  }
  rows.types.clear();
}

std::vector<facts::FileRows> Program::splitByProcedure(facts::FileRows&& rows, Id firstProc, size_t count) {
  std::vector<facts::FileRows> out(count);
  auto at = [&](Id procId) -> facts::FileRows& { return out[procedureIndex(procId, firstProc, count)]; };
  const Id firstStmt = rows.statements.empty() ? 0 : rows.statements.front().id;
  auto ofStatement = [&](Id stmtId) -> facts::FileRows& {
    size_t k = static_cast<size_t>(stmtId - firstStmt);
    if (stmtId < firstStmt || k >= rows.statements.size())
      throw std::logic_error("a file's rows refer to statement " + std::to_string(stmtId) + " of another file");
    return at(rows.statements[k].procId);
  };
  const Id firstLoop = rows.loops.empty() ? 0 : rows.loops.front().id;
  auto ofLoop = [&](Id loopId) -> facts::FileRows& {
    size_t k = static_cast<size_t>(loopId - firstLoop);
    if (loopId < firstLoop || k >= rows.loops.size())
      throw std::logic_error("a file's rows refer to loop " + std::to_string(loopId) + " of another file");
    return at(rows.loops[k].procId);
  };
  // Rows that belong to a statement or a loop first: the statements and loops move next.
  for (auto& r : rows.scalarRefs) ofStatement(r.stmtId).scalarRefs.push_back(r);
  for (auto& j : rows.jumps) ofStatement(j.stmtId).jumps.push_back(j);
  for (auto& o : rows.obstacles) ofLoop(o.loopId).obstacles.push_back(std::move(o));
  for (auto& l : rows.loops) at(l.procId).loops.push_back(std::move(l));
  for (auto& b : rows.blocks) at(b.procId).blocks.push_back(b);
  for (auto& s : rows.statements) at(s.procId).statements.push_back(std::move(s));
  for (auto& r : rows.arrayRefs) at(r.procId).arrayRefs.push_back(std::move(r));
  for (auto& c : rows.calls) at(c.procId).calls.push_back(std::move(c));
  for (auto& l : rows.labels) at(l.procId).labels.push_back(l);
  return out;
}

void Program::loadCode(Id procId, facts::FileRows&& code, Detail detail) {
  const bool all = detail == Detail::All;
  const ProcedureRow& proc = procedure(procId);
  current = procId;
  loops.clear();
  blocks.clear();
  statements.clear();
  arrayRefs.clear();
  calls.clear();
  updates.clear();
  obstacles.clear();
  constructs.clear();
  labels.clear();
  obstacleRange_.clear();
  trees_.clear();
  loopBase_ = proc.loops.first;
  blockBase_ = proc.blocks.first;
  stmtBase_ = proc.statements.first;
  refBase_ = proc.arrayRefs.first;
  callBase_ = proc.calls.first;

  if (all) {
    loops.reserve(code.loops.size());
    for (facts::LoopRow& row : code.loops) {
      expectId(row.id, loopBase_ + static_cast<Id>(loops.size()), "loop");
      LoopRow l;
      static_cast<facts::LoopRow&>(l) = std::move(row);
      loops.push_back(std::move(l));
    }
    for (LoopRow& l : loops)
      if (l.parentId) {
        expectIn(l.parentId, loopBase_, loops.size(), "loop");
        loops[loopIndex(l.parentId)].children.push_back(l.id);
      }
    obstacleRange_.assign(loops.size(), {0, 0});
    std::stable_sort(code.obstacles.begin(), code.obstacles.end(),
                     [](const ObstacleRow& a, const ObstacleRow& b) { return a.loopId < b.loopId; });
    for (ObstacleRow& o : code.obstacles) {
      expectIn(o.loopId, loopBase_, loops.size(), "loop");
      auto& range = obstacleRange_[loopIndex(o.loopId)];
      if (range.first == range.second) range = {obstacles.size(), obstacles.size()};
      ++range.second;
      obstacles.push_back(std::move(o));
    }
  }
  blocks.reserve(code.blocks.size());
  for (const BlockRow& b : code.blocks) {
    expectId(b.id, blockBase_ + static_cast<Id>(blocks.size()), "block");
    // A block lies inside one written before it (the flow graph walks up the chain).
    if (b.parentId && (b.parentId < blockBase_ || b.parentId >= b.id))
      throw std::runtime_error("block " + std::to_string(b.id) + " lies inside block " + std::to_string(b.parentId) +
                               ", which is not an earlier block of its procedure");
    blocks.push_back(b);
    if (b.isLoop())
      for (Id p = b.parentId; p != 0; p = block(p).parentId)
        if (const BlockRow& around = block(p); !around.isLoop() && around.constructStmt)
          constructs[around.constructStmt].holdsLoop = true;
    if (b.isLoop() && b.loopId) {
      if (!all) continue;
      expectIn(b.loopId, loopBase_, loops.size(), "loop");
      loops[loopIndex(b.loopId)].bodyBlock = b.id;
    } else if (b.constructStmt) {
      Construct& c = constructs[b.constructStmt];
      ++c.arms;
      c.complete = b.complete;
    }
  }
  statements.reserve(code.statements.size());
  for (facts::StatementRow& row : code.statements) {
    expectId(row.id, stmtBase_ + static_cast<Id>(statements.size()), "statement");
    if (row.loopId && all) expectIn(row.loopId, loopBase_, loops.size(), "loop");
    if (row.blockId) expectIn(row.blockId, blockBase_, blocks.size(), "block");
    StatementRow s;
    static_cast<facts::StatementRow&>(s) = std::move(row);
    statements.push_back(std::move(s));
  }
  // An ELSE IF belongs to the last IF THEN of its block (the constructs of one block follow one
  // another; those nested in them lie in their arms' blocks).
  std::unordered_map<Id, Id> lastIfThen;  // block -> its last IF THEN so far
  for (const StatementRow& s : statements)
    if (s.kind == StatementKind::IfThen) lastIfThen[s.blockId] = s.id;
    else if (s.kind == StatementKind::ElseIf)
      if (auto at = lastIfThen.find(s.blockId); at != lastIfThen.end())
        if (auto c = constructs.find(at->second); c != constructs.end()) c->second.elseIfs.push_back(s.id);
  // A loop's body is one run of statements; a nested loop's run lies inside its parent's.
  if (all)
    for (const StatementRow& s : statements)
      for (Id l = s.loopId; l != 0; l = loop(l).parentId) {
        LoopRow& row = loops[loopIndex(l)];
        if (row.lastStmt < row.firstStmt) row.firstStmt = s.id;
        row.lastStmt = s.id;
      }
  for (const ScalarRefRow& r : code.scalarRefs) {
    expectIn(r.stmtId, stmtBase_, statements.size(), "statement");
    expectIn(r.varId, 1, variables.size(), "variable");
    statements[statementIndex(r.stmtId)].scalars.push_back(r);
  }
  if (all) {
    arrayRefs.reserve(code.arrayRefs.size());
    for (facts::ArrayRefRow& row : code.arrayRefs) {
      expectId(row.id, refBase_ + static_cast<Id>(arrayRefs.size()), "array_ref");
      expectIn(row.stmtId, stmtBase_, statements.size(), "statement");
      ArrayRefRow r;
      static_cast<facts::ArrayRefRow&>(r) = std::move(row);
      r.forms.reserve(r.subscripts.size());
      for (const facts::SubscriptRow& sub : r.subscripts) {
        r.section |= sub.section;
        LinearExpr form;
        form.affine = sub.affine && !sub.section;  // a section is no single element
        form.constant = sub.constant.value_or(0);
        form.terms.reserve(sub.terms.size());
        for (const facts::SubscriptTermRow& t : sub.terms) form.terms.emplace_back(t.var, t.coeff);
        r.forms.push_back(std::move(form));
      }
      statements[statementIndex(r.stmtId)].arrayRefs.push_back(r.id);
      arrayRefs.push_back(std::move(r));
    }
    calls.reserve(code.calls.size());
    for (CallRow& c : code.calls) {
      expectId(c.id, callBase_ + static_cast<Id>(calls.size()), "call");
      expectIn(c.stmtId, stmtBase_, statements.size(), "statement");
      for (const CallArgRow& a : c.args)
        if (a.refId) expectIn(a.refId, refBase_, arrayRefs.size(), "array_ref");
      statements[statementIndex(c.stmtId)].calls.push_back(c.id);
      calls.push_back(std::move(c));
    }
  }
  for (const BlockRow& b : blocks)
    if (b.constructStmt) expectIn(b.constructStmt, stmtBase_, statements.size(), "statement");
  for (const LabelRow& l : code.labels) {
    if (l.blockId) expectIn(l.blockId, blockBase_, blocks.size(), "block");
    if (l.stmtId) expectIn(l.stmtId, stmtBase_, statements.size(), "statement");
    labels.push_back(l);
  }
  for (const facts::JumpRow& j : code.jumps) {
    expectIn(j.stmtId, stmtBase_, statements.size(), "statement");
    statements[statementIndex(j.stmtId)].jumpLabels.push_back(j.label);
  }
  if (all) {
    for (const LoopRow& l : loops)
      if (l.headerStmt) expectIn(l.headerStmt, stmtBase_, statements.size(), "statement");
    updates = recognizeUpdates(*this);
  }
}

facts::StatementExpressions treesOf(const facts::StatementRow& s) {
  if (s.expr.empty()) return {};  // none (CONTINUE, a bare EXIT)
  try {
    return facts::parseStatementExpressions(s.expr, "statement " + std::to_string(s.id) + "'s expressions");
  } catch (const facts::ExpressionTooDeep&) {
    return {};
  }
}

const facts::StatementExpressions& Program::trees(Id stmt) const {
  const size_t index = statementIndex(stmt);
  if (trees_.size() < statements.size()) trees_.resize(statements.size());
  std::unique_ptr<facts::StatementExpressions>& at = trees_[index];
  if (!at) at = std::make_unique<facts::StatementExpressions>(treesOf(statements[index]));
  return *at;
}

std::optional<bool> Program::actionRuns(const StatementRow& s) const {
  if (s.kind != StatementKind::If || !s.action) return std::nullopt;
  return conditionValue(s);
}

std::optional<bool> Program::conditionValue(const StatementRow& s) const {
  // Only a condition that reads no variable can fold (named constants are none): most do not,
  // and their trees need not be parsed to know it. A logical IF's action's references are
  // guarded; the condition's are not.
  if (std::any_of(s.scalars.begin(), s.scalars.end(), [](const ScalarRefRow& r) { return !r.guarded; })) return std::nullopt;
  const facts::StatementExpressions& t = trees(s.id);
  return t.exprs.empty() ? std::nullopt : facts::logicalValue(t.exprs[0]);
}

const LabelRow* Program::label(int value) const {
  auto at = std::lower_bound(labels.begin(), labels.end(), value, [](const LabelRow& l, int v) { return l.label < v; });
  return at == labels.end() || at->label != value ? nullptr : &*at;
}

std::optional<bool> Program::armRuns(Id constructStmt, int arm) const {
  auto found = constructs.find(constructStmt);
  if (found != constructs.end() && found->second.holdsLoop) return std::nullopt;
  return foldedArmRuns(constructStmt, arm);
}

std::optional<bool> Program::foldedArmRuns(Id constructStmt, int arm) const {
  const StatementRow& head = statement(constructStmt);
  auto found = constructs.find(constructStmt);
  if (head.kind != StatementKind::IfThen || found == constructs.end() || arm < 1 || arm > found->second.arms)
    return std::nullopt;
  // Arm 1 is the IF THEN's, arm k the (k-1)th ELSE IF's, the one after the last ELSE IF the ELSE's.
  const std::vector<Id>& elseIfs = found->second.elseIfs;
  const size_t elseArm = elseIfs.size() + 2;
  if (static_cast<size_t>(arm) > elseArm || (static_cast<size_t>(arm) == elseArm && !found->second.complete))
    return std::nullopt;  // not the construct its blocks describe
  auto condition = [&](int k) {
    return conditionValue(statement(k == 1 ? constructStmt : elseIfs[static_cast<size_t>(k - 2)]));
  };
  bool earlierFail = true;  // every condition before the arm's folds to false
  for (int k = 1; k < arm; ++k) {
    const std::optional<bool> earlier = condition(k);
    if (earlier == true) return false;  // an earlier arm runs instead
    earlierFail = earlierFail && earlier == false;
  }
  const std::optional<bool> own = static_cast<size_t>(arm) == elseArm ? std::optional<bool>(true) : condition(arm);
  if (own == false) return false;
  if (own == true && earlierFail) return true;
  return std::nullopt;
}

Id Program::deadArmConstruct(const StatementRow& s) const { return deadArmAround(s, &Program::armRuns); }

Id Program::foldedDeadArmConstruct(const StatementRow& s) const { return deadArmAround(s, &Program::foldedArmRuns); }

Id Program::deadArmAround(const StatementRow& s, std::optional<bool> (Program::*runs)(Id, int) const) const {
  for (Id b = s.blockId; b != 0; b = block(b).parentId) {
    const BlockRow& row = block(b);
    if (!row.isLoop() && row.constructStmt && (this->*runs)(row.constructStmt, row.arm) == false) return row.constructStmt;
  }
  return 0;
}

// ---- from the database ---------------------------------------------------------------------------

ProgramReader::ProgramReader(SQLite::Database& db) : db_(db.getHandle()), rows_(db, facts::Reader::Expressions::StatementsAndShapes) {}

Program ProgramReader::read() {
  Program p;
  {
    Query q(db_, "SELECT value FROM meta WHERE key = 'source_root'");
    if (q.next()) p.sourceRoot = q.text(0);
  }
  p.files = rows_.files();
  facts::FileRows whole;
  whole.procedures = rows_.procedures();
  whole.directives = rows_.directives();
  whole.types = rows_.types();
  p.addWholeProgramRows(whole);
  // Where each procedure's rows are in the per-procedure tables.
  auto ranges = [&](const char* sql, IdRange ProcedureRow::*member) {
    Query q(db_, sql);
    while (q.next()) {
      Id proc = q.id(0);
      expectIn(proc, 1, p.procedures.size(), "procedure");
      IdRange range{q.id(1), q.id(2)};
      if (range.last - range.first + 1 != q.id(3))
        throw std::runtime_error("the database's rows of procedure " + std::to_string(proc) + " are not consecutive");
      p.procedures[static_cast<size_t>(proc - 1)].*member = range;
    }
  };
  ranges("SELECT proc_id, min(stmt_id), max(stmt_id), count(*) FROM statement GROUP BY proc_id", &ProcedureRow::statements);
  ranges("SELECT proc_id, min(loop_id), max(loop_id), count(*) FROM loop GROUP BY proc_id", &ProcedureRow::loops);
  ranges("SELECT proc_id, min(block_id), max(block_id), count(*) FROM block GROUP BY proc_id", &ProcedureRow::blocks);
  ranges("SELECT proc_id, min(ref_id), max(ref_id), count(*) FROM array_ref GROUP BY proc_id", &ProcedureRow::arrayRefs);
  ranges("SELECT proc_id, min(call_id), max(call_id), count(*) FROM call GROUP BY proc_id", &ProcedureRow::calls);
  {
    Query count(db_, "SELECT count(*) FROM loop");
    if (count.next()) p.loopCount = count.id(0);
  }
  {
    Query count(db_, "SELECT max(var_id) FROM variable");
    if (count.next()) p.variables.reserve(static_cast<size_t>(count.id(0)));  // no growth by doubling: the largest table kept
  }
  rows_.forEachVariable([&](facts::VariableRow&& v) { p.addVariable(v); });
  return p;
}

void ProgramReader::readCodeTables() {
  if (codeTablesRead_) return;
  obstacles_ = rows_.obstacles();
  std::stable_sort(obstacles_.begin(), obstacles_.end(),
                   [](const ObstacleRow& a, const ObstacleRow& b) { return a.loopId < b.loopId; });
  codeTablesRead_ = true;
}

void ProgramReader::load(Program& p, Id procId, Program::Detail detail) { p.loadCode(procId, code(p, procId, detail), detail); }

facts::FileRows ProgramReader::code(const Program& p, Id procId, Program::Detail detail) {
  readCodeTables();
  const bool all = detail == Program::Detail::All;
  const ProcedureRow& proc = p.procedure(procId);
  facts::FileRows code;
  if (all && !proc.loops.empty()) {
    rows_.loops(proc.loops.first, proc.loops.last, code.loops);
    auto from = std::lower_bound(obstacles_.begin(), obstacles_.end(), proc.loops.first,
                                 [](const ObstacleRow& o, Id id) { return o.loopId < id; });
    for (auto o = from; o != obstacles_.end() && o->loopId <= proc.loops.last; ++o) code.obstacles.push_back(*o);
  }
  if (!proc.blocks.empty()) rows_.blocks(proc.blocks.first, proc.blocks.last, code.blocks);
  if (!proc.statements.empty()) {
    rows_.statements(proc.statements.first, proc.statements.last, code.statements);
    rows_.scalarRefs(proc.statements.first, proc.statements.last, code.scalarRefs);
  }
  // Labels and jumps at every detail: a must-write walk follows jumps to their targets.
  rows_.labels(procId, procId, code.labels);
  if (!proc.statements.empty()) rows_.jumps(proc.statements.first, proc.statements.last, code.jumps);
  if (all) {
    if (!proc.arrayRefs.empty()) rows_.arrayRefs(proc.arrayRefs.first, proc.arrayRefs.last, code.arrayRefs);
    if (!proc.calls.empty()) rows_.calls(proc.calls.first, proc.calls.last, code.calls);
  }
  return code;
}


void ProgramReader::forEachAccess(const std::function<void(Id, Id, char)>& visit) {
  Query q(db_, "SELECT s.proc_id, r.var_id, r.access FROM scalar_ref r JOIN statement s USING (stmt_id)");
  while (q.next()) visit(q.id(0), q.id(1), q.is(2, "W") ? 'W' : 'R');
  Query a(db_, "SELECT proc_id, var_id, access FROM array_ref WHERE var_id IS NOT NULL");
  while (a.next()) visit(a.id(0), a.id(1), a.is(2, "W") ? 'W' : 'R');
}

SummaryFacts ProgramReader::summaryFacts() {
  SummaryFacts f;
  {
    Query q(db_, "SELECT loop_id, proc_id, parent_id, kind, trip_count FROM loop ORDER BY proc_id, loop_id");
    std::vector<facts::LoopRow> loops;
    auto flush = [&] {
      if (!loops.empty()) f.wideNests.emplace_back(loops.front().procId, wideNestDepth(loops));
      loops.clear();
    };
    while (q.next()) {
      facts::LoopRow l;
      l.id = q.id(0);
      l.procId = q.id(1);
      l.parentId = q.id(2);
      l.kind = q.value<LoopKind>(3);
      l.tripCount = q.optional(4);
      if (!loops.empty() && loops.front().procId != l.procId) flush();
      loops.push_back(std::move(l));
    }
    flush();
  }
  {
    // The statement kinds an I/O or STOP statement has (facts::isInputOutput), as an SQL list.
    std::string kinds = "'" + std::string(nameOf(StatementKind::Stop)) + "'";
    for (size_t k = 0; k < facts::Vocabulary<StatementKind>::names.size(); ++k)
      if (isInputOutput(static_cast<StatementKind>(k))) kinds += ", '" + std::string(facts::Vocabulary<StatementKind>::names[k]) + "'";
    Query q(db_, "SELECT proc_id, kind, action, line FROM statement WHERE kind IN (" + kinds + ") OR action IN (" + kinds +
                     ") ORDER BY stmt_id");
    const char* stop = nameOf(StatementKind::Stop).data();  // a literal: NUL-terminated
    while (q.next()) {
      const bool isStop = q.is(1, stop) || q.is(2, stop);
      std::vector<SummaryFacts::Place>& list = isStop ? f.stop : f.io;
      if (!list.empty() && list.back().procId == q.id(0)) continue;  // the first of the procedure's
      const bool action = q.value<StatementKind>(1) == StatementKind::If;
      list.push_back({q.id(0), q.value<StatementKind>(action ? 2 : 1), static_cast<int>(q.id(3))});
    }
  }
  {
    Query q(db_, "SELECT DISTINCT proc_id FROM statement WHERE kind = '" + std::string(nameOf(StatementKind::Deallocate)) +
                     "' OR action = '" + std::string(nameOf(StatementKind::Deallocate)) + "'");
    while (q.next()) f.deallocating.push_back(q.id(0));
  }
  {
    // The variable an argument names: the statement's call_arg reference of that name.
    std::map<std::pair<Id, std::string>, Id> named;
    Query s(db_, "SELECT r.stmt_id, v.name, r.var_id FROM scalar_ref r JOIN variable v USING (var_id) "
                 "WHERE r.context = 'call_arg'");
    while (s.next()) named.emplace(std::make_pair(s.id(0), s.text(1)), s.id(2));
    Query a(db_, "SELECT stmt_id, name, var_id FROM array_ref WHERE context = 'call_arg' AND var_id IS NOT NULL");
    while (a.next()) named.emplace(std::make_pair(a.id(0), a.text(1)), a.id(2));
    std::vector<Id> statementOf;
    Query c(db_, "SELECT call_id, stmt_id, proc_id, callee, kind, resolution, binding, object_type_id, polymorphic "
                 "FROM call ORDER BY call_id");
    while (c.next()) {
      expectId(c.id(0), static_cast<Id>(f.calls.size()) + 1, "call");
      statementOf.push_back(c.id(1));
      SummaryFacts::Call call;
      call.procId = c.id(2);
      call.callId = c.id(0);
      call.spec = {c.text(3), c.value<CallKind>(4), c.value<facts::CallResolution>(5), c.text(6), c.id(7), c.flag(8), {}};
      f.calls.push_back(std::move(call));
    }
    Query targets(db_, "SELECT call_id, module, name, proc_id FROM call_target ORDER BY call_id, pos");
    while (targets.next()) {
      Id call = targets.id(0);
      expectIn(call, 1, f.calls.size(), "call");
      f.calls[static_cast<size_t>(call - 1)].spec.targets.push_back({targets.text(1), targets.text(2), targets.id(3)});
    }
    Query args(db_, "SELECT call_id, keyword, var, object, text FROM call_arg ORDER BY call_id, pos");
    std::map<Id, std::vector<std::pair<std::string, std::string>>> handlerArguments;  // the error handlers' calls
    while (args.next()) {
      Id call = args.id(0);
      expectIn(call, 1, f.calls.size(), "call");
      SummaryFacts::Call& target = f.calls[static_cast<size_t>(call - 1)];
      target.keywords.push_back(args.text(1));
      auto found = named.find({statementOf[static_cast<size_t>(call - 1)], args.text(2)});
      target.argumentVars.push_back(found == named.end() ? 0 : found->second);
      target.objects.push_back(args.flag(3));
      if (hasErrorExit(target.spec.callee)) handlerArguments[call].emplace_back(args.text(1), args.text(4));
    }
    for (auto& [call, arguments] : handlerArguments) {
      SummaryFacts::Call& c = f.calls[static_cast<size_t>(call - 1)];
      c.errorExit = c.spec.kind != CallKind::StatementFunction && isErrorExit(c.spec.callee, arguments);
    }
  }
  return f;
}

}  // namespace sapfor::analyzer

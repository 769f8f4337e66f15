/// @file NestCode.cpp
#include "tools/cuda/NestCode.hpp"

#include "facts/Query.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace sapfor::cuda {

namespace {

template <typename Row>
const Row* findById(const std::vector<Row>& rows, Id id) {
  auto at = std::lower_bound(rows.begin(), rows.end(), id, [](const Row& r, Id wanted) { return r.id < wanted; });
  return at == rows.end() || at->id != id ? nullptr : &*at;
}

}  // namespace

const facts::LoopRow* NestCode::loop(Id id) const { return findById(loops, id); }
const facts::BlockRow* NestCode::block(Id id) const { return findById(blocks, id); }
const CodeStatement* NestCode::statement(Id id) const {
  auto at = std::lower_bound(statements.begin(), statements.end(), id,
                             [](const CodeStatement& s, Id wanted) { return s.row.id < wanted; });
  return at == statements.end() || at->row.id != id ? nullptr : &*at;
}

struct NestReader::Queries {
  explicit Queries(sqlite3* db)
      // A procedure's loops and blocks are numbered in source order, each after the one it is in:
      // a nest's are those from its first on whose parent is among them.
      : loopsFrom(db, "SELECT loop_id, parent_id, proc_id FROM loop WHERE loop_id >= ?1 ORDER BY loop_id"),
        blocksFrom(db, "SELECT block_id, parent_id FROM block WHERE block_id >= ?1 ORDER BY block_id"),
        named(db, "SELECT var_id FROM variable WHERE proc_id = ?1 AND name = ?2"),
        host(db, "SELECT host_id FROM procedure WHERE proc_id = ?1"),
        headerRefs(db, "SELECT var_id, name FROM array_ref WHERE loop_id IS ?1 AND stmt_id = ?2 AND var_id IS NOT NULL"),
        refsBefore(db, "SELECT var_id, name, stmt_id FROM array_ref WHERE ref_id < ?1 ORDER BY ref_id DESC"),
        statementsDown(db, "SELECT stmt_id, proc_id FROM statement WHERE stmt_id <= ?1 ORDER BY stmt_id DESC"),
        statementsUp(db, "SELECT stmt_id, proc_id FROM statement WHERE stmt_id >= ?1 ORDER BY stmt_id"),
        referenced(db, "SELECT DISTINCT r.var_id FROM scalar_ref r JOIN variable v ON v.var_id = r.var_id "
                       "WHERE r.stmt_id BETWEEN ?1 AND ?2 AND v.name = ?3"),
        inModules(db, "SELECT v.var_id, v.type, v.kind, v.storage, v.value FROM variable v JOIN procedure p USING (proc_id) "
                      "WHERE v.name = ?1 AND p.kind = 'module' ORDER BY v.var_id") {}
  facts::Query loopsFrom, blocksFrom, named, host, headerRefs, refsBefore, statementsDown, statementsUp, referenced, inModules;
  std::map<std::string, Id> moduleVariable;  ///< inModules' answers, by name
  std::map<std::pair<Id, std::string>, Id> resolved;  ///< resolve's answers
  std::map<Id, std::pair<Id, Id>> statementRange;  ///< a procedure's first and last statement

  /// The statements of the procedure `stmt` is in: those around it with its procedure (a
  /// procedure's statements are numbered one after another).
  std::pair<Id, Id> statementsOf(Id procId, Id stmt) {
    auto known = statementRange.find(procId);
    if (known != statementRange.end()) return known->second;
    std::pair<Id, Id> range{stmt, stmt};
    for (facts::Query& q = statementsDown.reset().bind(1, stmt); q.next() && q.id(1) == procId;) range.first = q.id(0);
    statementsDown.reset();
    for (facts::Query& q = statementsUp.reset().bind(1, stmt); q.next() && q.id(1) == procId;) range.second = q.id(0);
    statementsUp.reset();
    return statementRange.emplace(procId, range).first->second;
  }
};

NestReader::NestReader(SQLite::Database& db)
    : reader_(db, facts::Reader::Expressions::StatementsAndShapes), queries_(std::make_unique<Queries>(db.getHandle())) {}
NestReader::~NestReader() = default;

NestCode NestReader::read(Id loopId) {
  NestCode nest;
  // The loops: the outermost, then those inside it.
  std::set<Id> loopIds;
  Id lastLoop = 0;
  for (facts::Query& q = queries_->loopsFrom.reset().bind(1, loopId); q.next();) {
    if (q.id(0) == loopId) {
      nest.procId = q.id(2);
    } else if (!loopIds.count(q.id(1))) {
      break;
    }
    loopIds.insert(q.id(0));
    lastLoop = q.id(0);
  }
  queries_->loopsFrom.reset();
  if (loopIds.empty()) throw std::runtime_error("the database has no loop " + std::to_string(loopId));
  reader_.loops(loopId, lastLoop, nest.loops);
  const facts::LoopRow& outer = nest.loops.front();

  // The statements: the outermost DO, then its body's.
  std::vector<facts::StatementRow> rows;
  if (outer.headerStmt) reader_.statements(outer.headerStmt, outer.headerStmt, rows);
  reader_.statementsInLoops(loopId, lastLoop, rows);
  if (rows.empty()) return nest;
  std::vector<facts::ScalarRefRow> scalars;
  reader_.scalarRefs(rows.front().id, rows.back().id, scalars);
  std::vector<facts::ArrayRefRow> arrays;
  reader_.arrayRefsInLoops(loopId, lastLoop, arrays);
  std::map<Id, CodeStatement*> byId;
  nest.statements.reserve(rows.size());
  for (facts::StatementRow& row : rows) {
    CodeStatement& s = nest.statements.emplace_back();
    s.row = std::move(row);
    if (!s.row.expr.empty()) {
      try {
        s.trees = facts::parseStatementExpressions(s.row.expr, "statement " + std::to_string(s.row.id) + "'s expressions");
        s.treesRead = true;
      } catch (const facts::ExpressionTooDeep&) {
        s.treesRead = false;
      }
    } else {
      s.treesRead = true;
    }
    byId[s.row.id] = &s;
  }
  for (const facts::ScalarRefRow& r : scalars)
    if (auto s = byId.find(r.stmtId); s != byId.end()) s->second->variables.emplace(variable(r.varId).name, r.varId);
  for (const facts::ArrayRefRow& r : arrays)
    if (auto s = byId.find(r.stmtId); r.varId && s != byId.end()) s->second->variables.emplace(r.name, r.varId);
  // The outermost DO's array references (a bound that reads an element) belong to the loop around
  // it, if any; they are numbered just before the body's.
  if (outer.headerStmt) {
    std::map<std::string, Id>& names = byId.at(outer.headerStmt)->variables;
    if (!arrays.empty()) {
      facts::Query& q = queries_->refsBefore.reset().bind(1, arrays.front().id);
      while (q.next() && q.id(2) == outer.headerStmt)
        if (!q.null(0)) names.emplace(q.text(1), q.id(0));
      q.reset();
    } else {
      facts::Query& q = queries_->headerRefs.reset();
      if (outer.parentId) q.bind(1, outer.parentId);
      else q.bindNull(1);
      for (q.bind(2, outer.headerStmt); q.next();) names.emplace(q.text(1), q.id(0));
      q.reset();
    }
  }

  // The blocks: the outermost loop's body (the block of the first statement after its DO) and
  // those inside it, empty arms included.
  Id firstBlock = 0;
  for (const CodeStatement& s : nest.statements)
    if (s.row.id != outer.headerStmt) {
      firstBlock = s.row.blockId;
      break;
    }
  if (firstBlock) {
    std::set<Id> blockIds;
    Id lastBlock = firstBlock;
    for (facts::Query& q = queries_->blocksFrom.reset().bind(1, firstBlock); q.next();) {
      if (q.id(0) != firstBlock && !blockIds.count(q.id(1))) break;
      blockIds.insert(q.id(0));
      lastBlock = q.id(0);
    }
    queries_->blocksFrom.reset();
    reader_.blocks(firstBlock, lastBlock, nest.blocks);
  }
  return nest;
}

const facts::VariableRow& NestReader::variable(Id varId) {
  auto found = variables_.find(varId);
  if (found != variables_.end()) return found->second;
  std::vector<facts::VariableRow> rows;
  reader_.variables(varId, varId, rows);
  if (rows.empty()) throw std::runtime_error("the database refers to a missing variable row " + std::to_string(varId));
  return variables_.emplace(varId, std::move(rows.front())).first->second;
}

Id NestReader::resolve(Id procId, const std::string& name, Id stmtInProc) {
  // Kernels of one procedure ask for the same names: each is resolved once.
  auto key = std::make_pair(procId, name);
  auto known = queries_->resolved.find(key);
  if (known != queries_->resolved.end()) return known->second;
  Id found = resolveOnce(procId, name, stmtInProc);
  queries_->resolved.emplace(std::move(key), found);
  return found;
}

Id NestReader::resolveOnce(Id procId, const std::string& name, Id stmtInProc) {
  // A host chain is short; the bound guards against a damaged database's cycle.
  for (Id scope = procId, hops = 0; scope && hops < 64; ++hops) {
    facts::Query& named = queries_->named.reset().bind(1, scope).bind(2, name);
    if (named.next()) {
      Id found = named.id(0);
      named.reset();
      return found;
    }
    facts::Query& host = queries_->host.reset().bind(1, scope);
    scope = host.next() ? host.id(0) : 0;
    host.reset();
  }
  // Not declared there: the name is USE associated (the database does not keep the USE
  // statements). The procedure's statements that name it say which variable it is.
  if (stmtInProc) {
    auto [first, last] = queries_->statementsOf(procId, stmtInProc);
    Id found = 0;
    int count = 0;
    for (facts::Query& q = queries_->referenced.reset().bind(1, first).bind(2, last).bind(3, name); q.next(); ++count)
      found = q.id(0);
    queries_->referenced.reset();
    if (count == 1) return found;
  }
  // Else the modules' variables of that name, when they all are alike (type, kind, a constant's
  // value): what the writer takes from it is its type or value, and the kernel's parameter keeps
  // the name. Different ones: not resolved.
  auto cached = queries_->moduleVariable.find(name);
  if (cached != queries_->moduleVariable.end()) return cached->second;
  Id found = 0;
  std::string first;
  for (facts::Query& q = queries_->inModules.reset().bind(1, name); q.next();) {
    std::string alike = q.text(1) + "|" + q.text(2) + "|" + q.text(3) + "|" + q.text(4);
    if (!found) {
      found = q.id(0);
      first = alike;
    } else if (alike != first) {
      found = 0;
      break;
    }
  }
  queries_->inModules.reset();
  queries_->moduleVariable.emplace(name, found);
  return found;
}

}  // namespace sapfor::cuda

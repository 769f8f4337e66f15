/// @file ProgramModel.cpp
#include "analyzer/ProgramModel.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>

namespace sapfor::analyzer {

namespace {

/// A query over the raw SQLite API: the analyzer reads millions of rows, and a wrapper's
/// per-column objects would cost as much as SQLite's own work.
class Query {
 public:
  Query(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &statement_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("cannot read the database: ") + sqlite3_errmsg(db));
  }
  ~Query() { sqlite3_finalize(statement_); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  /// Runs it again over ids [first, last].
  Query& range(Id first, Id last) {
    sqlite3_reset(statement_);
    sqlite3_bind_int64(statement_, 1, first);
    sqlite3_bind_int64(statement_, 2, last);
    return *this;
  }
  bool next() {
    int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw std::runtime_error(std::string("cannot read the database: ") + sqlite3_errmsg(db_));
  }
  bool null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
  int64_t id(int column) const { return sqlite3_column_int64(statement_, column); }  ///< NULL reads as 0
  int integer(int column) const { return sqlite3_column_int(statement_, column); }
  std::optional<int64_t> optional(int column) const {
    if (null(column)) return std::nullopt;
    return id(column);
  }
  std::string text(int column) const {
    const unsigned char* p = sqlite3_column_text(statement_, column);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(statement_, column)))
             : std::string();
  }
  std::string_view view(int column) const {  ///< valid until the next step
    const unsigned char* p = sqlite3_column_text(statement_, column);
    return p ? std::string_view(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(statement_, column)))
             : std::string_view();
  }
  bool is(int column, const char* value) const {
    const unsigned char* p = sqlite3_column_text(statement_, column);
    return p && std::strcmp(reinterpret_cast<const char*>(p), value) == 0;
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
};

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

RefContext refContextNamed(std::string_view name) {
  if (name == "lhs") return RefContext::Lhs;
  if (name == "call_arg") return RefContext::CallArg;
  if (name == "io") return RefContext::Io;
  if (name == "subscript") return RefContext::Subscript;
  if (name == "control") return RefContext::Control;
  return RefContext::Expr;
}

std::string_view refContextName(RefContext context) {
  switch (context) {
    case RefContext::Expr: return "expr";
    case RefContext::Lhs: return "lhs";
    case RefContext::CallArg: return "call_arg";
    case RefContext::Io: return "io";
    case RefContext::Subscript: return "subscript";
    case RefContext::Control: return "control";
  }
  return "expr";
}

bool isConstructCondition(std::string_view kind) {
  return kind == "else_if" || kind == "case" || kind == "elsewhere" || kind == "type_guard" || kind == "rank";
}

bool transfersControl(std::string_view kind) {
  return kind == "goto" || kind == "computed_goto" || kind == "assigned_goto" || kind == "arithmetic_if" ||
         kind == "cycle" || kind == "exit" || kind == "return" || kind == "stop";
}

Storage storageNamed(std::string_view name) {
  if (name == "dummy") return Storage::Dummy;
  if (name == "common") return Storage::Common;
  if (name == "module") return Storage::Module;
  if (name == "result") return Storage::Result;
  if (name == "constant") return Storage::Constant;
  return Storage::Local;
}

std::optional<int64_t> VariableRow::storageBytes() const {
  if (elementBytes <= 0 || (isArray() && layout.empty())) return std::nullopt;
  int64_t bytes = elementBytes;
  for (const auto& [lower, extent] : layout)
    if (__builtin_mul_overflow(bytes, extent, &bytes)) return std::nullopt;
  return bytes;
}

std::string ArrayRefRow::text() const {
  if (!subscripted) return name;
  std::string out = name + "(";
  for (size_t i = 0; i < subscriptTexts.size(); ++i) out += (i ? "," : "") + subscriptTexts[i];
  return out + ")";
}

std::vector<std::string> DirectiveRow::names(const std::string& clause) const {
  std::vector<std::string> out;
  for (const DirectiveVarRow& v : vars)
    if (v.clause == clause) out.push_back(v.name);
  return out;
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
}

struct ProgramReader::Statements {
  Query loops, bounds, blocks, statements, scalars, refs, subs, terms, calls, args, labels, jumps;
  explicit Statements(sqlite3* h)
      : loops(h, "SELECT loop_id, loop_key, proc_id, parent_id, depth, file_id, line, col, end_line, kind, var, lower, upper, "
                 "step, lower_value, upper_value, step_value, trip_count, tightly_nested, var_id, lower_affine, lower_const, "
                 "upper_affine, upper_const, stmt_id FROM loop WHERE loop_id BETWEEN ?1 AND ?2 ORDER BY loop_id"),
        bounds(h, "SELECT loop_id, bound, var, coeff FROM loop_bound_term WHERE loop_id BETWEEN ?1 AND ?2"),
        blocks(h, "SELECT block_id, proc_id, parent_id, kind, loop_id, construct_stmt, arm, complete FROM block "
                  "WHERE block_id BETWEEN ?1 AND ?2 ORDER BY block_id"),
        statements(h, "SELECT stmt_id, proc_id, loop_id, file_id, line, col, end_line, kind, block_id, label, jumps, action "
                      "FROM statement WHERE stmt_id BETWEEN ?1 AND ?2 ORDER BY stmt_id"),
        scalars(h, "SELECT stmt_id, var_id, access, context, guarded FROM scalar_ref WHERE stmt_id BETWEEN ?1 AND ?2"),
        refs(h, "SELECT ref_id, stmt_id, loop_id, proc_id, var_id, name, access, context, subscripted, file_id, line, col "
                "FROM array_ref WHERE ref_id BETWEEN ?1 AND ?2 ORDER BY ref_id"),
        subs(h, "SELECT ref_id, text, affine, constant, section FROM subscript WHERE ref_id BETWEEN ?1 AND ?2"),
        terms(h, "SELECT ref_id, dim, var, coeff FROM subscript_term WHERE ref_id BETWEEN ?1 AND ?2"),
        calls(h, "SELECT call_id, stmt_id, proc_id, loop_id, callee, kind, line, col FROM call "
                 "WHERE call_id BETWEEN ?1 AND ?2 ORDER BY call_id"),
        args(h, "SELECT call_id, keyword, text, var, ref_id FROM call_arg WHERE call_id BETWEEN ?1 AND ?2"),
        labels(h, "SELECT label, block_id, stmt_id FROM label WHERE proc_id BETWEEN ?1 AND ?2"),
        jumps(h, "SELECT stmt_id, label FROM jump WHERE stmt_id BETWEEN ?1 AND ?2") {}
};

ProgramReader::ProgramReader(SQLite::Database& db) : db_(db.getHandle()), sql_(std::make_unique<Statements>(db_)) {}
ProgramReader::~ProgramReader() = default;

Program ProgramReader::read() {
  sqlite3* db = db_;
  Program p;
  {
    Query q(db, "SELECT value FROM meta WHERE key = 'source_root'");
    if (q.next()) p.sourceRoot = q.text(0);
  }
  {
    Query q(db, "SELECT file_id, path, form, lines, bytes FROM file ORDER BY file_id");
    while (q.next()) {
      FileRow f;
      f.id = q.id(0);
      expectId(f.id, static_cast<Id>(p.files.size()) + 1, "file");
      f.path = q.text(1);
      f.form = q.text(2);
      f.lines = q.id(3);
      f.bytes = q.id(4);
      p.files.push_back(std::move(f));
    }
  }
  {
    Query q(db, "SELECT proc_id, name, proc_key, kind, file_id, line, end_line, host_id, prefix "
                "FROM procedure ORDER BY proc_id");
    while (q.next()) {
      ProcedureRow r;
      r.id = q.id(0);
      expectId(r.id, static_cast<Id>(p.procedures.size()) + 1, "procedure");
      r.name = q.text(1);
      r.key = q.text(2);
      r.kind = q.text(3);
      r.fileId = q.id(4);
      r.line = q.integer(5);
      r.endLine = q.null(6) ? r.line : q.integer(6);
      r.hostId = q.id(7);
      r.prefix = q.text(8);
      p.procedures.push_back(std::move(r));
    }
    Query params(db, "SELECT proc_id, name FROM parameter ORDER BY proc_id, pos");
    while (params.next()) {
      Id proc = params.id(0);
      expectIn(proc, 1, p.procedures.size(), "procedure");
      p.procedures[static_cast<size_t>(proc - 1)].parameters.push_back(params.text(1));
    }
    // Where each procedure's rows are in the per-procedure tables.
    auto ranges = [&](const char* sql, IdRange ProcedureRow::*member) {
      Query q(db, sql);
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
    Query count(db, "SELECT count(*) FROM loop");
    if (count.next()) p.loopCount = count.id(0);
  }
  {
    Query count(db, "SELECT max(var_id) FROM variable");
    if (count.next()) p.variables.reserve(static_cast<size_t>(count.id(0)));  // no growth by doubling: the largest table kept
    std::unordered_map<std::string, int32_t> commons;
    Query q(db, "SELECT var_id, proc_id, name, type, storage, common, rank, save, pointer, target, equivalence, "
                "storage_offset, bytes, pointer_components FROM variable ORDER BY var_id");
    while (q.next()) {
      VariableRow v;
      v.id = q.id(0);
      expectId(v.id, static_cast<Id>(p.variables.size()) + 1, "variable");
      v.procId = q.id(1);
      v.name = q.text(2);
      v.integer = q.is(3, "integer");
      v.storage = storageNamed(q.view(4));
      if (!q.null(5)) {
        std::string block = q.text(5);
        auto [at, added] = commons.try_emplace(block, static_cast<int32_t>(p.commonBlocks.size()));
        if (added) p.commonBlocks.push_back(block);
        v.common = at->second;
      }
      v.rank = q.null(6) ? -1 : static_cast<int16_t>(q.integer(6));
      v.save = q.integer(7) != 0;
      v.pointer = q.integer(8) != 0;
      v.target = q.integer(9) != 0;
      v.equivalence = q.integer(10);
      v.offset = q.optional(11);
      v.elementBytes = q.integer(12);
      v.pointerComponents = q.integer(13) != 0;
      p.variables.push_back(std::move(v));
    }
    Query dims(db, "SELECT var_id, lower, upper, lower_value, extent FROM dimension ORDER BY var_id, dim");
    Id incomplete = 0;  // a variable with a dimension that does not fold: no layout
    while (dims.next()) {
      Id var = dims.id(0);
      expectIn(var, 1, p.variables.size(), "variable");
      VariableRow& v = p.variables[static_cast<size_t>(var - 1)];
      v.bounds.push_back({dims.text(1), dims.text(2)});
      if (!v.associated() || var == incomplete) continue;
      if (dims.null(3) || dims.null(4)) {
        v.layout.clear();
        incomplete = var;
        continue;
      }
      v.layout.push_back({dims.id(3), dims.id(4)});
    }
  }
  {
    // Only the DVMH directives the analysis reads: PARALLEL (checked, replaced by --emit-dvmh),
    // REGION and END REGION (replaced), DISTRIBUTE and ALIGN (where the data lives).
    Query q(db, "SELECT dir_id, file_id, proc_id, loop_id, line, end_line, sentinel, kind, text, on_array "
                "FROM directive WHERE sentinel = 'dvm' AND kind IN ('PARALLEL', 'REGION', 'END_REGION', 'DISTRIBUTE', "
                "'ALIGN') ORDER BY dir_id");
    std::unordered_map<Id, size_t> byId;
    while (q.next()) {
      DirectiveRow d;
      d.id = q.id(0);
      byId[d.id] = p.directives.size();
      d.fileId = q.id(1);
      d.procId = q.id(2);
      d.loopId = q.id(3);
      d.line = q.integer(4);
      d.endLine = q.integer(5);
      d.sentinel = q.text(6);
      d.kind = q.text(7);
      d.text = q.text(8);
      d.onArray = q.text(9);
      p.directives.push_back(std::move(d));
    }
    static DirectiveRow ignored;
    auto directive = [&](Id id) -> DirectiveRow& {
      auto found = byId.find(id);
      if (found == byId.end()) return ignored = DirectiveRow();
      return p.directives[found->second];
    };
    Query vars(db, "SELECT dir_id, clause, name, text FROM directive_var ORDER BY dir_id, pos, clause");
    while (vars.next()) directive(vars.id(0)).vars.push_back({vars.text(1), vars.text(2), vars.text(3)});
    Query reductions(db, "SELECT dir_id, op, var, loc_var, loc_count FROM directive_reduction ORDER BY dir_id, pos");
    while (reductions.next())
      directive(reductions.id(0)).reductions.push_back(
          {reductions.text(1), reductions.text(2), reductions.text(3), reductions.optional(4)});
    Query across(db, "SELECT dir_id, array, dim, low, high FROM directive_across ORDER BY dir_id, array, dim");
    while (across.next())
      directive(across.id(0)).across.push_back(
          {across.text(1), across.integer(2), across.optional(3), across.optional(4)});
  }
  readCodeTables(p);
  return p;
}

void ProgramReader::readCodeTables(Program& p) {
  // Small tables without an index on the column a procedure needs: read once, kept sorted.
  p.allUpdates_.clear();
  p.allObstacles_.clear();
  Query q(db_, "SELECT stmt_id, var_id, name, op, guard_stmt, of_name, step FROM update_pattern ORDER BY stmt_id, rowid");
  while (q.next()) p.allUpdates_.push_back({q.id(0), q.id(1), q.id(4), q.text(2), q.text(3), q.text(5), q.optional(6)});
  Query o(db_, "SELECT loop_id, kind, detail, line, col FROM loop_obstacle ORDER BY loop_id, rowid");
  while (o.next()) p.allObstacles_.push_back({o.id(0), o.text(1), o.text(2), o.integer(3), o.integer(4)});
}

// ---- one procedure's code ---------------------------------------------------------------------

void ProgramReader::forEachAccess(const std::function<void(Id, Id, char)>& visit) {
  Query q(db_, "SELECT s.proc_id, r.var_id, r.access FROM scalar_ref r JOIN statement s USING (stmt_id)");
  while (q.next()) visit(q.id(0), q.id(1), q.is(2, "W") ? 'W' : 'R');
  Query a(db_, "SELECT proc_id, var_id, access FROM array_ref WHERE var_id IS NOT NULL");
  while (a.next()) visit(a.id(0), a.id(1), a.is(2, "W") ? 'W' : 'R');
}

SummaryFacts ProgramReader::summaryFacts() {
  SummaryFacts f;
  {
    Query q(db_, "SELECT DISTINCT proc_id, kind, action FROM statement WHERE kind IN ('read', 'write', 'print', 'open', "
                 "'close', 'inquire', 'backspace', 'rewind', 'endfile', 'flush', 'wait', 'stop') OR action IN ('read', "
                 "'write', 'print', 'open', 'close', 'inquire', 'backspace', 'rewind', 'endfile', 'flush', 'wait', 'stop')");
    while (q.next()) (q.is(1, "stop") || q.is(2, "stop") ? f.stop : f.io).push_back(q.id(0));
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
    Query c(db_, "SELECT call_id, stmt_id, proc_id, callee, kind FROM call ORDER BY call_id");
    while (c.next()) {
      expectId(c.id(0), static_cast<Id>(f.calls.size()) + 1, "call");
      statementOf.push_back(c.id(1));
      f.calls.push_back({c.id(2), c.text(3), c.text(4), {}, {}});
    }
    Query args(db_, "SELECT call_id, keyword, var FROM call_arg ORDER BY call_id, pos");
    while (args.next()) {
      Id call = args.id(0);
      expectIn(call, 1, f.calls.size(), "call");
      SummaryFacts::Call& target = f.calls[static_cast<size_t>(call - 1)];
      target.keywords.push_back(args.text(1));
      auto found = named.find({statementOf[static_cast<size_t>(call - 1)], args.text(2)});
      target.argumentVars.push_back(found == named.end() ? 0 : found->second);
    }
  }
  return f;
}

void ProgramReader::load(Program& p, Id procId, Detail detail) {
  const bool all = detail == Detail::All;
  Statements* sql = sql_.get();
  auto& variables = p.variables;
  auto& loops = p.loops;
  auto& blocks = p.blocks;
  auto& statements = p.statements;
  auto& arrayRefs = p.arrayRefs;
  auto& calls = p.calls;
  auto& updates = p.updates;
  auto& obstacles = p.obstacles;
  auto& constructs = p.constructs;
  auto& obstacleRange_ = p.obstacleRange_;
  auto& loopBase_ = p.loopBase_;
  auto& blockBase_ = p.blockBase_;
  auto& stmtBase_ = p.stmtBase_;
  auto& refBase_ = p.refBase_;
  auto& callBase_ = p.callBase_;
  auto loopIndex = [&](Id id) { return p.loopIndex(id); };
  auto statementIndex = [&](Id id) { return p.statementIndex(id); };
  auto loop = [&](Id id) -> const LoopRow& { return p.loop(id); };
  const ProcedureRow& proc = p.procedure(procId);
  p.current = procId;
  loops.clear();
  blocks.clear();
  statements.clear();
  arrayRefs.clear();
  calls.clear();
  updates.clear();
  obstacles.clear();
  constructs.clear();
  p.labels.clear();
  loopBase_ = proc.loops.first;
  blockBase_ = proc.blocks.first;
  stmtBase_ = proc.statements.first;
  refBase_ = proc.arrayRefs.first;
  callBase_ = proc.calls.first;

  if (all && !proc.loops.empty()) {
    for (Query& q = sql->loops.range(proc.loops.first, proc.loops.last); q.next();) {
      LoopRow l;
      l.id = q.id(0);
      expectId(l.id, loopBase_ + static_cast<Id>(loops.size()), "loop");
      l.key = q.text(1);
      l.procId = q.id(2);
      l.parentId = q.id(3);
      l.depth = q.integer(4);
      l.fileId = q.id(5);
      l.line = q.integer(6);
      l.col = q.integer(7);
      l.endLine = q.null(8) ? l.line : q.integer(8);
      l.kind = q.text(9);
      l.var = q.text(10);
      l.lower = q.text(11);
      l.upper = q.text(12);
      l.step = q.text(13);
      l.lowerValue = q.optional(14);
      l.upperValue = q.optional(15);
      l.stepValue = q.optional(16);
      l.tripCount = q.optional(17);
      l.tightlyNested = q.integer(18) != 0;
      l.varId = q.id(19);
      l.lowerForm.affine = q.integer(20) != 0;
      l.lowerForm.constant = q.id(21);
      l.upperForm.affine = q.integer(22) != 0;
      l.upperForm.constant = q.id(23);
      l.headerStmt = q.id(24);
      loops.push_back(std::move(l));
    }
    for (LoopRow& l : loops)
      if (l.parentId) {
        expectIn(l.parentId, loopBase_, loops.size(), "loop");
        loops[loopIndex(l.parentId)].children.push_back(l.id);
      }
    for (Query& q = sql->bounds.range(proc.loops.first, proc.loops.last); q.next();) {
      LoopRow& l = loops[loopIndex(q.id(0))];
      (q.is(1, "lower") ? l.lowerForm : l.upperForm).terms.push_back({q.text(2), q.id(3)});
    }
    obstacleRange_.assign(loops.size(), {0, 0});
    auto from = std::lower_bound(p.allObstacles_.begin(), p.allObstacles_.end(), proc.loops.first,
                                 [](const ObstacleRow& o, Id id) { return o.loopId < id; });
    for (auto o = from; o != p.allObstacles_.end() && o->loopId <= proc.loops.last; ++o) {
      auto& range = obstacleRange_[loopIndex(o->loopId)];
      if (range.first == range.second) range = {obstacles.size(), obstacles.size()};
      ++range.second;
      obstacles.push_back(*o);
    }
  }
  if (!proc.blocks.empty()) {
    for (Query& q = sql->blocks.range(proc.blocks.first, proc.blocks.last); q.next();) {
      BlockRow b;
      b.id = q.id(0);
      expectId(b.id, blockBase_ + static_cast<Id>(blocks.size()), "block");
      b.procId = q.id(1);
      b.parentId = q.id(2);
      b.isLoop = q.is(3, "loop");
      b.loopId = q.id(4);
      b.constructStmt = q.id(5);
      b.arm = q.integer(6);
      b.complete = q.integer(7) != 0;
      // A block lies inside one written before it (the flow graph walks up the chain).
      if (b.parentId && (b.parentId < blockBase_ || b.parentId >= b.id))
        throw std::runtime_error("block " + std::to_string(b.id) + " lies inside block " + std::to_string(b.parentId) +
                                 ", which is not an earlier block of its procedure");
      blocks.push_back(b);
      if (b.isLoop && b.loopId) {
        if (!all) continue;
        expectIn(b.loopId, loopBase_, loops.size(), "loop");
        loops[loopIndex(b.loopId)].bodyBlock = b.id;
      } else if (b.constructStmt) {
        Program::Construct& c = constructs[b.constructStmt];
        ++c.arms;
        c.complete = b.complete;
      }
    }
  }
  if (!proc.statements.empty()) {
    for (Query& q = sql->statements.range(proc.statements.first, proc.statements.last); q.next();) {
      StatementRow s;
      s.id = q.id(0);
      expectId(s.id, stmtBase_ + static_cast<Id>(statements.size()), "statement");
      s.procId = q.id(1);
      s.loopId = q.id(2);
      s.fileId = q.id(3);
      s.line = q.integer(4);
      s.col = q.integer(5);
      s.endLine = q.integer(6);
      s.kind = q.text(7);
      s.blockId = q.id(8);
      s.label = q.integer(9);
      s.jumps = q.integer(10) != 0;
      s.action = q.text(11);
      if (s.loopId && all) expectIn(s.loopId, loopBase_, loops.size(), "loop");
      if (s.blockId) expectIn(s.blockId, blockBase_, blocks.size(), "block");
      statements.push_back(std::move(s));
    }
    // A loop's body is one run of statements; a nested loop's run lies inside its parent's.
    for (const StatementRow& s : statements) {
      if (!all) break;
      for (Id l = s.loopId; l != 0; l = loop(l).parentId) {
        LoopRow& row = loops[loopIndex(l)];
        if (row.lastStmt < row.firstStmt) row.firstStmt = s.id;
        row.lastStmt = s.id;
      }
    }
    for (Query& q = sql->scalars.range(proc.statements.first, proc.statements.last); q.next();) {
      ScalarRefRow r;
      r.varId = q.id(1);
      expectIn(r.varId, 1, variables.size(), "variable");
      r.access = q.is(2, "W") ? 'W' : 'R';
      r.context = refContextNamed(q.view(3));
      r.guarded = q.integer(4) != 0;
      statements[statementIndex(q.id(0))].scalars.push_back(r);
    }
    auto from = std::lower_bound(p.allUpdates_.begin(), p.allUpdates_.end(), proc.statements.first,
                                 [](const UpdateRow& u, Id id) { return u.stmtId < id; });
    for (auto u = from; u != p.allUpdates_.end() && u->stmtId <= proc.statements.last; ++u) updates.push_back(*u);
  }
  if (all && !proc.arrayRefs.empty()) {
    for (Query& q = sql->refs.range(proc.arrayRefs.first, proc.arrayRefs.last); q.next();) {
      ArrayRefRow r;
      r.id = q.id(0);
      expectId(r.id, refBase_ + static_cast<Id>(arrayRefs.size()), "array_ref");
      r.stmtId = q.id(1);
      expectIn(r.stmtId, stmtBase_, statements.size(), "statement");
      r.loopId = q.id(2);
      r.procId = q.id(3);
      r.varId = q.id(4);
      r.name = q.text(5);
      r.access = q.is(6, "W") ? 'W' : 'R';
      r.context = refContextNamed(q.view(7));
      r.subscripted = q.integer(8) != 0;
      r.fileId = q.id(9);
      r.line = q.integer(10);
      r.col = q.integer(11);
      statements[statementIndex(r.stmtId)].arrayRefs.push_back(r.id);
      arrayRefs.push_back(std::move(r));
    }
    for (Query& q = sql->subs.range(proc.arrayRefs.first, proc.arrayRefs.last); q.next();) {
      ArrayRefRow& r = arrayRefs[static_cast<size_t>(q.id(0) - refBase_)];
      bool section = q.integer(4) != 0;
      r.section |= section;
      r.subscriptTexts.push_back(q.text(1));
      LinearExpr form;
      form.affine = q.integer(2) != 0 && !section;  // a section is no single element
      form.constant = q.id(3);
      r.subscripts.push_back(std::move(form));
    }
    for (Query& q = sql->terms.range(proc.arrayRefs.first, proc.arrayRefs.last); q.next();) {
        auto& subs = arrayRefs[static_cast<size_t>(q.id(0) - refBase_)].subscripts;
        size_t dim = static_cast<size_t>(q.integer(1));
        if (dim < 1 || dim > subs.size()) throw std::runtime_error("subscript_term names a missing dimension");
        subs[dim - 1].terms.push_back({q.text(2), q.id(3)});
      }
  }
  if (all && !proc.calls.empty()) {
    for (Query& q = sql->calls.range(proc.calls.first, proc.calls.last); q.next();) {
      CallRow c;
      c.id = q.id(0);
      expectId(c.id, callBase_ + static_cast<Id>(calls.size()), "call");
      c.stmtId = q.id(1);
      expectIn(c.stmtId, stmtBase_, statements.size(), "statement");
      c.procId = q.id(2);
      c.loopId = q.id(3);
      c.callee = q.text(4);
      c.kind = q.text(5);
      c.line = q.integer(6);
      c.col = q.integer(7);
      statements[statementIndex(c.stmtId)].calls.push_back(c.id);
      calls.push_back(std::move(c));
    }
    for (Query& q = sql->args.range(proc.calls.first, proc.calls.last); q.next();) {
      expectIn(q.id(0), callBase_, calls.size(), "call");
      if (q.id(4)) expectIn(q.id(4), refBase_, arrayRefs.size(), "array_ref");
      calls[static_cast<size_t>(q.id(0) - callBase_)].args.push_back({q.text(1), q.text(2), q.text(3), q.id(4)});
    }
  }
  for (const BlockRow& b : blocks)
    if (b.constructStmt) expectIn(b.constructStmt, stmtBase_, statements.size(), "statement");
  if (all) {
    for (const LoopRow& l : loops)
      if (l.headerStmt) expectIn(l.headerStmt, stmtBase_, statements.size(), "statement");
    for (Query& q = sql->labels.range(procId, procId); q.next();) {
      if (q.id(1)) expectIn(q.id(1), blockBase_, blocks.size(), "block");
      if (q.id(2)) expectIn(q.id(2), stmtBase_, statements.size(), "statement");
      p.labels.push_back({q.integer(0), q.id(1), q.id(2)});
    }
    if (!proc.statements.empty())
      for (Query& q = sql->jumps.range(proc.statements.first, proc.statements.last); q.next();) {
        Id stmt = q.id(0);
        expectIn(stmt, stmtBase_, statements.size(), "statement");
        statements[statementIndex(stmt)].jumpLabels.push_back(q.integer(1));
      }
  }
}

}  // namespace sapfor::analyzer

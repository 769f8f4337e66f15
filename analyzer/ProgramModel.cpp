/// @file ProgramModel.cpp
#include "analyzer/ProgramModel.hpp"

#include <sqlite3.h>

#include <map>
#include <stdexcept>

namespace sapfor::analyzer {

namespace {

/// A query over the raw SQLite API: the analyzer reads a few million rows, and the wrapper's
/// per-column objects cost as much as SQLite's own work.
class Query {
 public:
  Query(SQLite::Database& db, const char* sql) {
    if (sqlite3_prepare_v2(db.getHandle(), sql, -1, &statement_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("cannot read the database: ") + sqlite3_errmsg(db.getHandle()));
  }
  ~Query() { sqlite3_finalize(statement_); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  bool next() {
    int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw std::runtime_error(std::string("cannot read the database: ") + sqlite3_errmsg(sqlite3_db_handle(statement_)));
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

 private:
  sqlite3_stmt* statement_ = nullptr;
};

/// Each table's ids run 1, 2, 3...: the row with id n sits at n − 1.
void expectDense(Id id, size_t count, const char* table) {
  if (id != static_cast<Id>(count) + 1)
    throw std::runtime_error(std::string("the database's ") + table + " rows are not numbered 1, 2, 3... (row " +
                             std::to_string(id) + "); was it written by sapfor-lex?");
}

template <typename Rows>
void expectRow(const Rows& rows, Id id, const char* table) {
  if (id < 1 || static_cast<size_t>(id) > rows.size())
    throw std::runtime_error(std::string("the database refers to a missing ") + table + " row " + std::to_string(id));
}

}  // namespace

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

void PROF(const char*);
Program loadProgram(SQLite::Database& db) {
  PROF("start");
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
      expectDense(f.id, p.files.size(), "file");
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
      expectDense(r.id, p.procedures.size(), "procedure");
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
      expectRow(p.procedures, proc, "procedure");
      p.procedures[static_cast<size_t>(proc - 1)].parameters.push_back(params.text(1));
    }
  }
  {
    Query q(db, "SELECT var_id, proc_id, name, type, storage, common, rank, save FROM variable ORDER BY var_id");
    while (q.next()) {
      VariableRow v;
      v.id = q.id(0);
      expectDense(v.id, p.variables.size(), "variable");
      v.procId = q.id(1);
      v.name = q.text(2);
      v.type = q.text(3);
      v.storage = q.text(4);
      v.common = q.text(5);
      if (!q.null(6)) v.rank = q.integer(6);
      v.save = q.integer(7) != 0;
      p.variables.push_back(std::move(v));
    }
    Query dims(db, "SELECT var_id, lower, upper FROM dimension ORDER BY var_id, dim");
    while (dims.next()) {
      Id var = dims.id(0);
      expectRow(p.variables, var, "variable");
      p.variables[static_cast<size_t>(var - 1)].bounds.push_back({dims.text(1), dims.text(2)});
    }
  }
  {
    Query q(db, "SELECT loop_id, loop_key, proc_id, parent_id, depth, file_id, line, col, end_line, kind, var, "
                            "lower, upper, step, lower_value, upper_value, step_value, trip_count, tightly_nested, var_id, "
                            "lower_affine, lower_const, upper_affine, upper_const FROM loop ORDER BY loop_id");
    while (q.next()) {
      LoopRow l;
      l.id = q.id(0);
      expectDense(l.id, p.loops.size(), "loop");
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
      p.loops.push_back(std::move(l));
    }
    for (const LoopRow& l : p.loops)
      if (l.parentId) {
        expectRow(p.loops, l.parentId, "loop");
        p.loops[static_cast<size_t>(l.parentId - 1)].children.push_back(l.id);
      }
    Query terms(db, "SELECT loop_id, bound, var, coeff FROM loop_bound_term ORDER BY loop_id, bound, var");
    while (terms.next()) {
      Id loop = terms.id(0);
      expectRow(p.loops, loop, "loop");
      LoopRow& l = p.loops[static_cast<size_t>(loop - 1)];
      LinearExpr& form = terms.text(1) == "lower" ? l.lowerForm : l.upperForm;
      form.terms.push_back({terms.text(2), terms.id(3)});
    }
  }
  {
    Query q(db, "SELECT block_id, proc_id, parent_id, kind, loop_id, construct_stmt, arm, complete "
                            "FROM block ORDER BY block_id");
    while (q.next()) {
      BlockRow b;
      b.id = q.id(0);
      expectDense(b.id, p.blocks.size(), "block");
      b.procId = q.id(1);
      b.parentId = q.id(2);
      b.isLoop = q.text(3) == "loop";
      b.loopId = q.id(4);
      b.constructStmt = q.id(5);
      b.arm = q.null(6) ? 0 : q.integer(6);
      b.complete = q.integer(7) != 0;
      p.blocks.push_back(b);
      if (b.isLoop && b.loopId) {
        expectRow(p.loops, b.loopId, "loop");
        p.loops[static_cast<size_t>(b.loopId - 1)].bodyBlock = b.id;
      } else if (b.constructStmt) {
        Program::Construct& c = p.constructs[b.constructStmt];
        ++c.arms;
        c.complete = b.complete;
      }
    }
  }
  {
    Query q(db, "SELECT stmt_id, proc_id, loop_id, file_id, line, col, end_line, kind, block_id, label, jumps, action "
                            "FROM statement ORDER BY stmt_id");
    while (q.next()) {
      StatementRow s;
      s.id = q.id(0);
      expectDense(s.id, p.statements.size(), "statement");
      s.procId = q.id(1);
      s.loopId = q.id(2);
      s.fileId = q.id(3);
      s.line = q.integer(4);
      s.col = q.integer(5);
      s.endLine = q.integer(6);
      s.kind = q.text(7);
      s.blockId = q.id(8);
      s.label = q.null(9) ? 0 : q.integer(9);
      s.jumps = q.integer(10) != 0;
      s.action = q.text(11);
      p.statements.push_back(std::move(s));
    }
    // A loop's body is one run of statements; a nested loop's run lies inside its parent's; so
    // are a procedure's statements (its internal procedures' follow them).
    p.procedureStatements.assign(p.procedures.size(), {0, -1});
    for (const StatementRow& s : p.statements) {
      expectRow(p.procedures, s.procId, "procedure");
      auto& range = p.procedureStatements[static_cast<size_t>(s.procId - 1)];
      if (range.second < range.first) range.first = s.id;
      range.second = s.id;
      for (Id l = s.loopId; l != 0; l = p.loop(l).parentId) {
        LoopRow& loop = p.loops[static_cast<size_t>(l - 1)];
        if (loop.lastStmt < loop.firstStmt) loop.firstStmt = s.id;
        loop.lastStmt = s.id;
      }
    }
    Query refs(db, "SELECT stmt_id, var_id, access, context, guarded FROM scalar_ref ORDER BY stmt_id");
    while (refs.next()) {
      Id stmt = refs.id(0);
      expectRow(p.statements, stmt, "statement");
      ScalarRefRow r;
      r.varId = refs.id(1);
      expectRow(p.variables, r.varId, "variable");
      r.access = refs.text(2) == "W" ? 'W' : 'R';
      r.context = refs.text(3);
      r.guarded = refs.integer(4) != 0;
      p.statements[static_cast<size_t>(stmt - 1)].scalars.push_back(std::move(r));
    }
  }
  {
    Query q(db, "SELECT ref_id, stmt_id, loop_id, proc_id, var_id, name, access, context, subscripted, file_id, "
                            "line, col FROM array_ref ORDER BY ref_id");
    while (q.next()) {
      ArrayRefRow r;
      r.id = q.id(0);
      expectDense(r.id, p.arrayRefs.size(), "array_ref");
      r.stmtId = q.id(1);
      expectRow(p.statements, r.stmtId, "statement");
      r.loopId = q.id(2);
      r.procId = q.id(3);
      r.varId = q.id(4);
      r.name = q.text(5);
      r.access = q.text(6) == "W" ? 'W' : 'R';
      r.context = q.text(7);
      r.subscripted = q.integer(8) != 0;
      r.fileId = q.id(9);
      r.line = q.integer(10);
      r.col = q.integer(11);
      p.statements[static_cast<size_t>(r.stmtId - 1)].arrayRefs.push_back(r.id);
      p.arrayRefs.push_back(std::move(r));
    }
    Query subs(db, "SELECT ref_id, text, affine, constant, section FROM subscript ORDER BY ref_id, dim");
    while (subs.next()) {
      Id ref = subs.id(0);
      expectRow(p.arrayRefs, ref, "array_ref");
      ArrayRefRow& r = p.arrayRefs[static_cast<size_t>(ref - 1)];
      r.subscriptTexts.push_back(subs.text(1));
      LinearExpr form;
      form.affine = subs.integer(2) != 0 && subs.integer(4) == 0;  // a section is no single element
      r.section |= subs.integer(4) != 0;
      form.constant = subs.id(3);
      r.subscripts.push_back(std::move(form));
    }
    Query terms(db, "SELECT ref_id, dim, var, coeff FROM subscript_term ORDER BY ref_id, dim, var");
    while (terms.next()) {
      Id ref = terms.id(0);
      expectRow(p.arrayRefs, ref, "array_ref");
      auto& subscripts = p.arrayRefs[static_cast<size_t>(ref - 1)].subscripts;
      size_t dim = static_cast<size_t>(terms.integer(1));
      if (dim < 1 || dim > subscripts.size()) throw std::runtime_error("subscript_term names a missing dimension");
      subscripts[dim - 1].terms.push_back({terms.text(2), terms.id(3)});
    }
  }
  {
    Query q(db, "SELECT call_id, stmt_id, proc_id, loop_id, callee, kind, line, col FROM call ORDER BY call_id");
    while (q.next()) {
      CallRow c;
      c.id = q.id(0);
      expectDense(c.id, p.calls.size(), "call");
      c.stmtId = q.id(1);
      expectRow(p.statements, c.stmtId, "statement");
      c.procId = q.id(2);
      c.loopId = q.id(3);
      c.callee = q.text(4);
      c.kind = q.text(5);
      c.line = q.integer(6);
      c.col = q.integer(7);
      p.statements[static_cast<size_t>(c.stmtId - 1)].calls.push_back(c.id);
      p.calls.push_back(std::move(c));
    }
    Query args(db, "SELECT call_id, keyword, text, var FROM call_arg ORDER BY call_id, pos");
    while (args.next()) {
      Id call = args.id(0);
      expectRow(p.calls, call, "call");
      p.calls[static_cast<size_t>(call - 1)].args.push_back(
          {args.text(1), args.text(2), args.text(3)});
    }
  }
  {
    Query q(db, "SELECT stmt_id, var_id, name, op, guard_stmt, of_name, step FROM update_pattern ORDER BY rowid");
    while (q.next()) {
      UpdateRow u;
      u.stmtId = q.id(0);
      u.varId = q.id(1);
      u.name = q.text(2);
      u.op = q.text(3);
      u.guardStmt = q.id(4);
      u.of = q.text(5);
      u.step = q.optional(6);
      p.updates.push_back(std::move(u));
    }
  }
  {
    Query q(db, "SELECT dir_id, file_id, proc_id, loop_id, line, end_line, sentinel, kind, text, on_array "
                            "FROM directive ORDER BY dir_id");
    while (q.next()) {
      DirectiveRow d;
      d.id = q.id(0);
      expectDense(d.id, p.directives.size(), "directive");
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
    auto directive = [&](Id id) -> DirectiveRow& {
      expectRow(p.directives, id, "directive");
      return p.directives[static_cast<size_t>(id - 1)];
    };
    Query vars(db, "SELECT dir_id, clause, name, text FROM directive_var ORDER BY dir_id, pos, clause");
    while (vars.next())
      directive(vars.id(0)).vars.push_back(
          {vars.text(1), vars.text(2), vars.text(3)});
    Query reductions(db, "SELECT dir_id, op, var, loc_var, loc_count FROM directive_reduction ORDER BY dir_id, pos");
    while (reductions.next())
      directive(reductions.id(0)).reductions.push_back(
          {reductions.text(1), reductions.text(2), reductions.text(3),
           reductions.optional(4)});
    Query across(db, "SELECT dir_id, array, dim, low, high FROM directive_across ORDER BY dir_id, array, dim");
    while (across.next())
      directive(across.id(0)).across.push_back(
          {across.text(1), across.integer(2), across.optional(3),
           across.optional(4)});
  }
  {
    Query q(db, "SELECT loop_id, kind, detail, line, col FROM loop_obstacle ORDER BY loop_id, rowid");
    p.obstacleRange.assign(p.loops.size(), {0, 0});
    while (q.next()) {
      Id loop = q.id(0);
      expectRow(p.loops, loop, "loop");
      auto& range = p.obstacleRange[static_cast<size_t>(loop - 1)];
      if (range.first == range.second) range = {p.obstacles.size(), p.obstacles.size()};
      ++range.second;
      p.obstacles.push_back({loop, q.text(1), q.text(2), q.integer(3), q.integer(4)});
    }
  }
  return p;
}

}  // namespace sapfor::analyzer

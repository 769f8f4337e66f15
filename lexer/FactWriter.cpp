/// @file FactWriter.cpp
#include "lexer/FactWriter.hpp"

#include <vector>

namespace sapfor::lexer {

namespace {

template <typename T>
void bindOptional(SQLite::Statement& s, int index, const std::optional<T>& value) {
  if (value)
    s.bind(index, static_cast<int64_t>(*value));
  else
    s.bind(index);
}

void bindText(SQLite::Statement& s, int index, const std::string& text) {
  if (text.empty())
    s.bind(index);
  else
    s.bind(index, text);
}

void bindId(SQLite::Statement& s, int index, int64_t id) {
  if (id > 0)
    s.bind(index, id);
  else
    s.bind(index);
}

void run(SQLite::Statement& s) {
  s.exec();
  s.reset();
  s.clearBindings();
}

}  // namespace

struct FactWriter::Statements {
  explicit Statements(SQLite::Database& db)
      : procedure(db, "INSERT INTO procedure (proc_id, name, proc_key, kind, file_id, line, end_line, host_id, result, prefix)"
                      " VALUES (?,?,?,?,?,?,?,?,?,?)"),
        parameter(db, "INSERT INTO parameter (proc_id, pos, name) VALUES (?,?,?)"),
        variable(db, "INSERT INTO variable (var_id, proc_id, name, type, kind, bytes, rank, elements, storage, intent,"
                     " common, value, allocatable, pointer, save, implicit, line) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        dimension(db, "INSERT INTO dimension (var_id, dim, spec, lower, upper, lower_value, upper_value, extent)"
                      " VALUES (?,?,?,?,?,?,?,?)"),
        loop(db, "INSERT INTO loop (loop_id, loop_key, path, proc_id, parent_id, depth, file_id, line, col, end_line, kind,"
                 " var, lower, upper, step, lower_value, upper_value, step_value, trip_count, label, construct,"
                 " tightly_nested, condition) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        loopOp(db, "INSERT INTO loop_op (loop_id, arith, div, trans, logic, conv, branch, call, idx, statements)"
                   " VALUES (?,?,?,?,?,?,?,?,?,?)"),
        obstacle(db, "INSERT INTO loop_obstacle (loop_id, kind, line, col, detail) VALUES (?,?,?,?,?)"),
        statement(db, "INSERT INTO statement (stmt_id, proc_id, loop_id, file_id, line, col, end_line, kind, arith, div,"
                      " trans, logic, conv, branch, call, idx) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        arrayRef(db, "INSERT INTO array_ref (ref_id, stmt_id, loop_id, proc_id, var_id, name, access, context,"
                     " subscripted, file_id, line, col) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"),
        subscript(db, "INSERT INTO subscript (ref_id, dim, text, affine, constant, section) VALUES (?,?,?,?,?,?)"),
        term(db, "INSERT INTO subscript_term (ref_id, dim, var, coeff, loop_var) VALUES (?,?,?,?,?)"),
        call(db, "INSERT INTO call (call_id, stmt_id, proc_id, loop_id, callee, kind, nargs, file_id, line, col)"
                 " VALUES (?,?,?,?,?,?,?,?,?,?)"),
        callArg(db, "INSERT INTO call_arg (call_id, pos, keyword, text, var) VALUES (?,?,?,?,?)"),
        directive(db, "INSERT INTO directive (dir_id, file_id, line, end_line, proc_id, sentinel, kind, text, loop_id,"
                      " region_id, region_end_line, on_array, on_text, cuda_block_x, cuda_block_y, cuda_block_z, stage)"
                      " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        directiveVar(db, "INSERT INTO directive_var (dir_id, clause, pos, name, text) VALUES (?,?,?,?,?)"),
        reduction(db, "INSERT INTO directive_reduction (dir_id, pos, op, var, loc_var, loc_count, grp) VALUES (?,?,?,?,?,?,?)"),
        across(db, "INSERT OR REPLACE INTO directive_across (dir_id, array, dim, low, high, direction) VALUES (?,?,?,?,?,?)"),
        file(db, "INSERT INTO file (file_id, path, form, lines, bytes, included_from) VALUES (?,?,?,?,?,?)"),
        diagnostic(db, "INSERT INTO diagnostic (diag_id, file_id, path, line, col, severity, message) VALUES (?,?,?,?,?,?,?)") {}

  SQLite::Statement procedure, parameter, variable, dimension, loop, loopOp, obstacle, statement, arrayRef, subscript,
      term, call, callArg, directive, directiveVar, reduction, across, file, diagnostic;
};

FactWriter::FactWriter(SQLite::Database& db) : db_(db), sql_(std::make_unique<Statements>(db)) {}
FactWriter::~FactWriter() = default;

std::string FactWriter::uniqueKey(const ProcedureFacts& p, const FileTable& files) {
  std::string key = p.keyBase;
  if (procedureKeys_.count(key)) key = p.keyBase + "@" + files.at(p.fileIndex).displayPath;
  for (int n = 2; procedureKeys_.count(key); ++n) key = p.keyBase + "@" + files.at(p.fileIndex).displayPath + "#" + std::to_string(n);
  procedureKeys_.insert(key);
  return key;
}

void FactWriter::write(FileFacts& facts, const FileTable& files) {
  const int64_t procBase = procedures_, loopBase = loops_, stmtBase = statements_, dirBase = directives_;
  auto procId = [&](int index) { return index < 0 ? 0 : procBase + index + 1; };
  auto loopId = [&](int index) { return index < 0 ? 0 : loopBase + index + 1; };
  auto stmtId = [&](int index) { return stmtBase + index + 1; };
  auto dirId = [&](int index) { return index < 0 ? 0 : dirBase + index + 1; };

  for (size_t i = 0; i < facts.procedures.size(); ++i) {
    ProcedureFacts& p = facts.procedures[i];
    p.key = uniqueKey(p, files);
    SQLite::Statement& s = sql_->procedure;
    s.bind(1, procId(static_cast<int>(i)));
    s.bind(2, p.name);
    s.bind(3, p.key);
    s.bind(4, p.kind);
    s.bind(5, fileId(p.fileIndex));
    s.bind(6, static_cast<int64_t>(p.line));
    s.bind(7, static_cast<int64_t>(p.endLine));
    bindId(s, 8, procId(p.host));
    bindText(s, 9, p.result);
    bindText(s, 10, p.prefix);
    run(s);
    for (size_t pos = 0; pos < p.parameters.size(); ++pos) {
      sql_->parameter.bind(1, procId(static_cast<int>(i)));
      sql_->parameter.bind(2, static_cast<int64_t>(pos + 1));
      sql_->parameter.bind(3, p.parameters[pos]);
      run(sql_->parameter);
    }
    for (Symbol* v : p.variables) {
      v->dbId = ++variables_;
      SQLite::Statement& q = sql_->variable;
      q.bind(1, v->dbId);
      q.bind(2, procId(static_cast<int>(i)));
      q.bind(3, v->name);
      q.bind(4, v->type.name());
      if (v->type.kind > 0) q.bind(5, v->type.kind); else q.bind(5);
      bindOptional(q, 6, v->type.bytes());
      q.bind(7, v->rank());
      bindOptional(q, 8, v->elements());
      q.bind(9, storageName(v->storage));
      bindText(q, 10, v->intent);
      if (v->storage == Storage::Common) q.bind(11, v->common); else q.bind(11);
      bindText(q, 12, v->isConstant() ? v->value.text() : std::string());
      q.bind(13, v->allocatable ? 1 : 0);
      q.bind(14, v->pointer ? 1 : 0);
      q.bind(15, v->save ? 1 : 0);
      q.bind(16, v->implicitType ? 1 : 0);
      q.bind(17, static_cast<int64_t>(v->line));
      run(q);
      for (size_t d = 0; d < v->dims.size(); ++d) {
        const DimInfo& dim = v->dims[d];
        SQLite::Statement& ds = sql_->dimension;
        ds.bind(1, v->dbId);
        ds.bind(2, static_cast<int64_t>(d + 1));
        ds.bind(3, dim.spec);
        bindText(ds, 4, dim.upperText.empty() && dim.spec == ":" ? std::string() : dim.lowerText);
        bindText(ds, 5, dim.upperText);
        bindOptional(ds, 6, dim.lower);
        bindOptional(ds, 7, dim.upper);
        bindOptional(ds, 8, dim.extent());
        run(ds);
      }
    }
  }

  for (size_t i = 0; i < facts.loops.size(); ++i) {
    LoopFacts& l = facts.loops[i];
    l.key = facts.procedures[static_cast<size_t>(l.proc)].key + ":" + l.path;
    SQLite::Statement& s = sql_->loop;
    s.bind(1, loopId(static_cast<int>(i)));
    s.bind(2, l.key);
    s.bind(3, l.path);
    s.bind(4, procId(l.proc));
    bindId(s, 5, loopId(l.parent));
    s.bind(6, l.depth);
    s.bind(7, fileId(l.fileIndex));
    s.bind(8, static_cast<int64_t>(l.line));
    s.bind(9, static_cast<int64_t>(l.col));
    s.bind(10, static_cast<int64_t>(l.endLine));
    s.bind(11, l.kind);
    bindText(s, 12, l.var);
    bindText(s, 13, l.lower);
    bindText(s, 14, l.upper);
    bindText(s, 15, l.step);
    bindOptional(s, 16, l.lowerValue);
    bindOptional(s, 17, l.upperValue);
    bindOptional(s, 18, l.stepValue);
    bindOptional(s, 19, l.tripCount);
    if (l.label) s.bind(20, l.label); else s.bind(20);
    bindText(s, 21, l.construct);
    s.bind(22, l.tightlyNested ? 1 : 0);
    bindText(s, 23, l.condition);
    run(s);
    SQLite::Statement& o = sql_->loopOp;
    o.bind(1, loopId(static_cast<int>(i)));
    o.bind(2, l.ops.arith);
    o.bind(3, l.ops.div);
    o.bind(4, l.ops.trans);
    o.bind(5, l.ops.logic);
    o.bind(6, l.ops.conv);
    o.bind(7, l.ops.branch);
    o.bind(8, l.ops.call);
    o.bind(9, l.ops.idx);
    o.bind(10, l.statements);
    run(o);
  }

  for (const ObstacleFacts& o : facts.obstacles) {
    SQLite::Statement& s = sql_->obstacle;
    s.bind(1, loopId(o.loop));
    s.bind(2, o.kind);
    s.bind(3, static_cast<int64_t>(o.line));
    s.bind(4, static_cast<int64_t>(o.col));
    bindText(s, 5, o.detail);
    run(s);
  }

  for (size_t i = 0; i < facts.statements.size(); ++i) {
    const StatementFacts& st = facts.statements[i];
    SQLite::Statement& s = sql_->statement;
    s.bind(1, stmtId(static_cast<int>(i)));
    s.bind(2, procId(st.proc));
    bindId(s, 3, loopId(st.loop));
    s.bind(4, fileId(st.fileIndex));
    s.bind(5, static_cast<int64_t>(st.line));
    s.bind(6, static_cast<int64_t>(st.col));
    s.bind(7, static_cast<int64_t>(st.endLine));
    s.bind(8, st.kind);
    s.bind(9, st.ops.arith);
    s.bind(10, st.ops.div);
    s.bind(11, st.ops.trans);
    s.bind(12, st.ops.logic);
    s.bind(13, st.ops.conv);
    s.bind(14, st.ops.branch);
    s.bind(15, st.ops.call);
    s.bind(16, st.ops.idx);
    run(s);
  }

  for (const ArrayRefFacts& r : facts.arrayRefs) {
    int64_t id = ++refs_;
    SQLite::Statement& s = sql_->arrayRef;
    s.bind(1, id);
    s.bind(2, stmtId(r.stmt));
    bindId(s, 3, loopId(r.loop));
    s.bind(4, procId(r.proc));
    bindId(s, 5, r.symbol ? r.symbol->dbId : 0);
    s.bind(6, r.name);
    s.bind(7, std::string(1, r.access));
    s.bind(8, r.context);
    s.bind(9, r.subscripted ? 1 : 0);
    s.bind(10, fileId(r.fileIndex));
    s.bind(11, static_cast<int64_t>(r.line));
    s.bind(12, static_cast<int64_t>(r.col));
    run(s);
    for (size_t d = 0; d < r.subscripts.size(); ++d) {
      const SubscriptFacts& sub = r.subscripts[d];
      SQLite::Statement& q = sql_->subscript;
      q.bind(1, id);
      q.bind(2, static_cast<int64_t>(d + 1));
      q.bind(3, sub.text);
      q.bind(4, sub.affine ? 1 : 0);
      bindOptional(q, 5, sub.constant);
      q.bind(6, sub.section ? 1 : 0);
      run(q);
      for (const SubscriptTerm& t : sub.terms) {
        SQLite::Statement& ts = sql_->term;
        ts.bind(1, id);
        ts.bind(2, static_cast<int64_t>(d + 1));
        ts.bind(3, t.var);
        ts.bind(4, t.coeff);
        ts.bind(5, t.loopVar ? 1 : 0);
        run(ts);
      }
    }
  }

  for (const CallFacts& c : facts.calls) {
    int64_t id = ++calls_;
    SQLite::Statement& s = sql_->call;
    s.bind(1, id);
    s.bind(2, stmtId(c.stmt));
    s.bind(3, procId(c.proc));
    bindId(s, 4, loopId(c.loop));
    s.bind(5, c.callee);
    s.bind(6, c.kind);
    s.bind(7, static_cast<int64_t>(c.args.size()));
    s.bind(8, fileId(c.fileIndex));
    s.bind(9, static_cast<int64_t>(c.line));
    s.bind(10, static_cast<int64_t>(c.col));
    run(s);
    for (size_t pos = 0; pos < c.args.size(); ++pos) {
      SQLite::Statement& a = sql_->callArg;
      a.bind(1, id);
      a.bind(2, static_cast<int64_t>(pos + 1));
      bindText(a, 3, c.args[pos].keyword);
      a.bind(4, c.args[pos].text);
      bindText(a, 5, c.args[pos].var);
      run(a);
    }
  }

  for (size_t i = 0; i < facts.directives.size(); ++i) {
    const DirectiveFacts& d = facts.directives[i];
    int64_t id = dirId(static_cast<int>(i));
    SQLite::Statement& s = sql_->directive;
    s.bind(1, id);
    s.bind(2, fileId(d.fileIndex));
    s.bind(3, static_cast<int64_t>(d.line));
    s.bind(4, static_cast<int64_t>(d.endLine));
    bindId(s, 5, procId(d.proc));
    s.bind(6, d.sentinel);
    s.bind(7, d.kind);
    s.bind(8, d.text);
    bindId(s, 9, loopId(d.loop));
    bindId(s, 10, dirId(d.region));
    bindOptional(s, 11, d.regionEndLine);
    bindText(s, 12, d.onArray);
    bindText(s, 13, d.onText);
    bindOptional(s, 14, d.cudaBlock[0]);
    bindOptional(s, 15, d.cudaBlock[1]);
    bindOptional(s, 16, d.cudaBlock[2]);
    bindOptional(s, 17, d.stage);
    run(s);
    if (d.kind == "PARALLEL") ++parallel_;
    for (size_t pos = 0; pos < d.vars.size(); ++pos) {
      SQLite::Statement& v = sql_->directiveVar;
      v.bind(1, id);
      v.bind(2, d.vars[pos].clause);
      v.bind(3, static_cast<int64_t>(pos + 1));
      v.bind(4, d.vars[pos].name);
      v.bind(5, d.vars[pos].text);
      run(v);
    }
    for (size_t pos = 0; pos < d.reductions.size(); ++pos) {
      const ReductionFacts& r = d.reductions[pos];
      SQLite::Statement& q = sql_->reduction;
      q.bind(1, id);
      q.bind(2, static_cast<int64_t>(pos + 1));
      q.bind(3, r.op);
      q.bind(4, r.var);
      bindText(q, 5, r.locVar);
      bindOptional(q, 6, r.locCount);
      bindText(q, 7, r.group);
      run(q);
    }
    for (const AcrossFacts& a : d.across) {
      SQLite::Statement& q = sql_->across;
      q.bind(1, id);
      q.bind(2, a.array);
      q.bind(3, a.dim);
      bindOptional(q, 4, a.low);
      bindOptional(q, 5, a.high);
      bindText(q, 6, a.direction);
      run(q);
    }
  }

  procedures_ += static_cast<int64_t>(facts.procedures.size());
  loops_ += static_cast<int64_t>(facts.loops.size());
  statements_ += static_cast<int64_t>(facts.statements.size());
  directives_ += static_cast<int64_t>(facts.directives.size());
}

void FactWriter::writeFiles(const FileTable& files) {
  for (int i = 0; i < files.size(); ++i) {
    const SourceFile& f = files.at(i);
    SQLite::Statement& s = sql_->file;
    s.bind(1, fileId(i));
    s.bind(2, f.displayPath);
    s.bind(3, sourceFormName(f.form));
    s.bind(4, static_cast<int64_t>(f.lineCount));
    s.bind(5, static_cast<int64_t>(f.byteCount));
    bindId(s, 6, f.includedFrom < 0 ? 0 : fileId(f.includedFrom));
    run(s);
  }
}

void FactWriter::writeDiagnostics(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics) {
    SQLite::Statement& s = sql_->diagnostic;
    s.bind(1, ++diagnosticsWritten_);
    bindId(s, 2, d.fileIndex < 0 ? 0 : fileId(d.fileIndex));
    s.bind(3, d.path);
    s.bind(4, static_cast<int64_t>(d.line));
    s.bind(5, static_cast<int64_t>(d.col));
    s.bind(6, severityName(d.severity));
    s.bind(7, d.message);
    run(s);
  }
}

}  // namespace sapfor::lexer

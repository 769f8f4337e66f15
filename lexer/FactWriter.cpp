/// @file FactWriter.cpp
#include "lexer/FactWriter.hpp"

#include "schema/BatchedInsert.hpp"

#include <stdexcept>
#include <vector>

namespace sapfor::lexer {

using db::BatchedInsert;

struct FactWriter::Statements {
  explicit Statements(SQLite::Database& db)
      : procedure(db, "procedure", {"proc_id", "name", "proc_key", "kind", "file_id", "line", "end_line", "host_id", "result", "prefix"}),
        parameter(db, "parameter", {"proc_id", "pos", "name"}),
        variable(db, "variable", {"var_id", "proc_id", "name", "type", "kind", "bytes", "rank", "elements", "storage", "intent",
                                  "common", "value", "allocatable", "pointer", "target", "save", "implicit", "line", "equivalence",
                                  "storage_offset", "pointer_components"}),
        dimension(db, "dimension", {"var_id", "dim", "spec", "lower", "upper", "lower_value", "upper_value", "extent"}),
        loop(db, "loop", {"loop_id", "loop_key", "path", "proc_id", "parent_id", "depth", "file_id", "line", "col", "end_line",
                          "kind", "var", "lower", "upper", "step", "lower_value", "upper_value", "step_value", "trip_count",
                          "label", "construct", "tightly_nested", "condition", "var_id", "lower_affine", "lower_const",
                          "upper_affine", "upper_const", "stmt_id"}),
        boundTerm(db, "loop_bound_term", {"loop_id", "bound", "var", "coeff"}),
        block(db, "block", {"block_id", "proc_id", "parent_id", "kind", "loop_id", "construct_stmt", "arm", "complete"}),
        scalarRef(db, "scalar_ref", {"stmt_id", "var_id", "access", "context", "guarded"}),
        update(db, "update_pattern", {"stmt_id", "var_id", "name", "op", "guard_stmt", "of_name", "step"}),
        loopOp(db, "loop_op", {"loop_id", "arith", "div", "trans", "logic", "conv", "branch", "call", "idx", "statements"}),
        obstacle(db, "loop_obstacle", {"loop_id", "kind", "line", "col", "detail"}),
        statement(db, "statement", {"stmt_id", "proc_id", "loop_id", "file_id", "line", "col", "end_line", "kind", "arith", "div",
                                    "trans", "logic", "conv", "branch", "call", "idx", "elements", "block_id", "label", "jumps", "action"}),
        arrayRef(db, "array_ref", {"ref_id", "stmt_id", "loop_id", "proc_id", "var_id", "name", "access", "context",
                                   "subscripted", "file_id", "line", "col"}),
        subscript(db, "subscript", {"ref_id", "dim", "text", "affine", "constant", "section"}),
        term(db, "subscript_term", {"ref_id", "dim", "var", "coeff", "loop_var"}),
        call(db, "call", {"call_id", "stmt_id", "proc_id", "loop_id", "callee", "kind", "nargs", "file_id", "line", "col"}),
        callArg(db, "call_arg", {"call_id", "pos", "keyword", "text", "var", "ref_id"}),
        label(db, "label", {"proc_id", "label", "block_id", "stmt_id"}),
        jump(db, "jump", {"stmt_id", "label"}),
        directive(db, "directive", {"dir_id", "file_id", "line", "end_line", "proc_id", "sentinel", "kind", "text", "loop_id",
                                    "region_id", "region_end_line", "on_array", "on_text", "cuda_block_x", "cuda_block_y",
                                    "cuda_block_z", "stage"}),
        directiveVar(db, "directive_var", {"dir_id", "clause", "pos", "name", "text"}),
        reduction(db, "directive_reduction", {"dir_id", "pos", "op", "var", "loc_var", "loc_count", "grp"}),
        across(db, "directive_across", {"dir_id", "array", "dim", "low", "high", "direction"}),
        file(db, "file", {"file_id", "path", "form", "lines", "bytes", "included_from"}),
        diagnostic(db, "diagnostic", {"diag_id", "file_id", "path", "line", "col", "severity", "message"}) {}

  void flush() {
    for (BatchedInsert* table : {&procedure, &parameter, &variable, &dimension, &loop, &boundTerm, &block, &scalarRef,
                                 &update, &loopOp, &obstacle, &statement, &arrayRef, &subscript, &term, &call, &callArg, &label, &jump, &directive,
                                 &directiveVar, &reduction,
                                 &across, &file, &diagnostic})
      table->flush();
  }

  BatchedInsert procedure, parameter, variable, dimension, loop, boundTerm, block, scalarRef, update, loopOp, obstacle, statement, arrayRef, subscript, term,
      call, callArg, label, jump, directive, directiveVar, reduction, across, file, diagnostic;
};

FactWriter::FactWriter(SQLite::Database& db) : sql_(std::make_unique<Statements>(db)) {}
FactWriter::~FactWriter() = default;

void FactWriter::flush() { sql_->flush(); }

void FactWriter::registerFile(int fileIndex, int includer, SourceForm form) {
  if (fileIds_.count(fileIndex)) return;
  int64_t id = static_cast<int64_t>(files_.size()) + 1;
  fileIds_[fileIndex] = id;
  files_.push_back({fileIndex, includer < 0 ? 0 : fileId(includer), form});
}

int64_t FactWriter::fileId(int fileIndex) const {
  auto found = fileIds_.find(fileIndex);
  if (found == fileIds_.end()) throw std::logic_error("FactWriter: file " + std::to_string(fileIndex) + " was not registered");
  return found->second;
}

std::string FactWriter::uniqueKey(const ProcedureFacts& p, const FileTable& files) {
  std::string key = p.keyBase;
  if (procedureKeys_.count(key)) key = p.keyBase + "@" + files.at(p.fileIndex).displayPath;
  for (int n = 2; procedureKeys_.count(key); ++n) key = p.keyBase + "@" + files.at(p.fileIndex).displayPath + "#" + std::to_string(n);
  procedureKeys_.insert(key);
  return key;
}

namespace {
int64_t u(uint32_t v) { return static_cast<int64_t>(v); }
}  // namespace

FactIds FactWriter::write(FileFacts& facts, const FileTable& files) {
  const int64_t procBase = procedures_, loopBase = loops_, stmtBase = statements_, dirBase = directives_;
  FactIds ids{procBase, loopBase, stmtBase, blocks_, dirBase, refs_, calls_, {}};
  auto noteFile = [&](int index) { ids.files.emplace(index, fileId(index)); };
  noteFile(facts.fileIndex);
  for (const ProcedureFacts& p : facts.procedures) noteFile(p.fileIndex);
  for (const StatementFacts& st : facts.statements) noteFile(st.fileIndex);
  for (const DirectiveFacts& d : facts.directives) noteFile(d.fileIndex);
  auto procId = [&](int index) -> int64_t { return index < 0 ? 0 : procBase + index + 1; };
  auto loopId = [&](int index) -> int64_t { return index < 0 ? 0 : loopBase + index + 1; };
  auto stmtId = [&](int index) -> int64_t { return stmtBase + index + 1; };
  auto dirId = [&](int index) -> int64_t { return index < 0 ? 0 : dirBase + index + 1; };
  const int64_t blockBase = blocks_;
  auto blockId = [&](int index) -> int64_t { return index < 0 ? 0 : blockBase + index + 1; };
  Statements& sql = *sql_;

  for (size_t i = 0; i < facts.procedures.size(); ++i) {
    ProcedureFacts& p = facts.procedures[i];
    int64_t id = procId(static_cast<int>(i));
    p.key = uniqueKey(p, files);
    sql.procedure.value(id).value(p.name).value(p.key).value(p.kind).value(fileId(p.fileIndex)).value(u(p.line))
        .value(u(p.endLine)).id(procId(p.host)).text(p.result).text(p.prefix).endRow();
    for (size_t pos = 0; pos < p.parameters.size(); ++pos)
      sql.parameter.value(id).value(static_cast<int64_t>(pos + 1)).value(p.parameters[pos]).endRow();
    for (Symbol* v : p.variables) {
      v->dbId = ++variables_;
      sql.variable.value(v->dbId).value(id).value(v->name).value(v->type.name())
          .id(v->type.kind).value(v->type.bytes())
          .value(v->assumedRank() ? std::nullopt : std::optional<int64_t>(v->rank())).value(v->elements()).value(std::string(storageName(v->storage)))
          .text(v->intent);
      if (v->storage == Storage::Common) sql.variable.value(v->common); else sql.variable.null();
      sql.variable.text(v->isConstant() ? v->value.text() : std::string()).value(int64_t{v->allocatable})
          .value(int64_t{v->pointer}).value(int64_t{v->target}).value(int64_t{v->save}).value(int64_t{v->implicitType})
          .value(u(v->line)).id(v->equivalenceGroup).value(v->storageOffset)
          .value(int64_t{v->pointerComponents}).endRow();
      for (size_t d = 0; d < v->dims.size(); ++d) {
        const DimInfo& dim = v->dims[d];
        bool deferred = dim.upperText.empty() && dim.spec == ":";
        sql.dimension.value(v->dbId).value(static_cast<int64_t>(d + 1)).value(dim.spec)
            .text(deferred ? std::string() : dim.lowerText).text(dim.upperText).value(dim.lower).value(dim.upper)
            .value(dim.extent()).endRow();
      }
    }
  }

  for (size_t i = 0; i < facts.loops.size(); ++i) {
    LoopFacts& l = facts.loops[i];
    int64_t id = loopId(static_cast<int>(i));
    l.key = facts.procedures[static_cast<size_t>(l.proc)].key + ":" + l.path;
    sql.loop.value(id).value(l.key).value(l.path).value(procId(l.proc)).id(loopId(l.parent)).value(int64_t{l.depth})
        .value(fileId(l.fileIndex)).value(u(l.line)).value(u(l.col)).value(u(l.endLine)).value(l.kind).text(l.var)
        .text(l.lower).text(l.upper).text(l.step).value(l.lowerValue).value(l.upperValue).value(l.stepValue)
        .value(l.tripCount).id(l.label).text(l.construct).value(int64_t{l.tightlyNested}).text(l.condition)
        .id(l.varSymbol ? l.varSymbol->dbId : 0).value(int64_t{l.lowerForm.affine})
        .value(l.lowerForm.affine ? std::optional<int64_t>(l.lowerForm.constant) : std::nullopt)
        .value(int64_t{l.upperForm.affine})
        .value(l.upperForm.affine ? std::optional<int64_t>(l.upperForm.constant) : std::nullopt)
        .id(l.stmt < 0 ? 0 : stmtId(l.stmt)).endRow();
    for (const auto& [bound, form] : {std::pair<const char*, const AffineForm*>{"lower", &l.lowerForm}, {"upper", &l.upperForm}})
      if (form->affine)
        for (const auto& [var, coeff] : form->terms)
          sql.boundTerm.value(id).value(std::string(bound)).value(var).value(coeff).endRow();
    const OpCounts& c = l.ops;
    sql.loopOp.value(id).value(c.arith).value(c.div).value(c.trans).value(c.logic).value(c.conv).value(c.branch)
        .value(c.call).value(c.idx).value(int64_t{l.statements}).endRow();
  }

  for (const ObstacleFacts& o : facts.obstacles)
    sql.obstacle.value(loopId(o.loop)).value(o.kind).value(u(o.line)).value(u(o.col)).text(o.detail).endRow();

  for (size_t i = 0; i < facts.statements.size(); ++i) {
    const StatementFacts& st = facts.statements[i];
    const OpCounts& c = st.ops;
    sql.statement.value(stmtId(static_cast<int>(i))).value(procId(st.proc)).id(loopId(st.loop)).value(fileId(st.fileIndex))
        .value(u(st.line)).value(u(st.col)).value(u(st.endLine)).value(st.kind).value(c.arith).value(c.div)
        .value(c.trans).value(c.logic).value(c.conv).value(c.branch).value(c.call).value(c.idx).value(st.elements)
        .id(blockId(st.block)).id(st.label).value(int64_t{st.jumps}).text(st.action).endRow();
  }

  for (size_t i = 0; i < facts.blocks.size(); ++i) {
    const BlockFacts& b = facts.blocks[i];
    sql.block.value(blockId(static_cast<int>(i))).value(procId(b.proc)).id(blockId(b.parent)).value(b.kind)
        .id(loopId(b.loop)).id(b.constructStmt < 0 ? 0 : stmtId(b.constructStmt)).id(b.arm).value(int64_t{b.complete})
        .endRow();
  }

  for (const ScalarRefFacts& r : facts.scalarRefs) {
    if (!r.symbol || !r.symbol->dbId) continue;  // a name the symbol pass could not place
    sql.scalarRef.value(stmtId(r.stmt)).value(r.symbol->dbId).value(std::string(1, r.access))
        .value(std::string(r.context)).value(int64_t{r.guarded}).endRow();
  }

  for (const UpdatePatternFacts& p : facts.updates)
    sql.update.value(stmtId(p.stmt)).id(p.symbol ? p.symbol->dbId : 0).value(p.name).value(p.op)
        .id(p.guard < 0 ? 0 : stmtId(p.guard)).text(p.of).value(p.step).endRow();

  for (const ArrayRefFacts& r : facts.arrayRefs) {
    int64_t id = ++refs_;
    sql.arrayRef.value(id).value(stmtId(r.stmt)).id(loopId(r.loop)).value(procId(r.proc)).id(r.symbol ? r.symbol->dbId : 0)
        .value(r.name).value(std::string(1, r.access)).value(r.context).value(int64_t{r.subscripted})
        .value(fileId(r.fileIndex)).value(u(r.line)).value(u(r.col)).endRow();
    for (size_t d = 0; d < r.subscripts.size(); ++d) {
      const SubscriptFacts& sub = r.subscripts[d];
      int64_t dim = static_cast<int64_t>(d + 1);
      sql.subscript.value(id).value(dim).value(sub.text).value(int64_t{sub.affine}).value(sub.constant)
          .value(int64_t{sub.section}).endRow();
      for (const SubscriptTerm& t : sub.terms)
        sql.term.value(id).value(dim).value(t.var).value(t.coeff).value(int64_t{t.loopVar}).endRow();
    }
  }

  const int64_t refBase = refs_ - static_cast<int64_t>(facts.arrayRefs.size());
  for (const CallFacts& c : facts.calls) {
    int64_t id = ++calls_;
    sql.call.value(id).value(stmtId(c.stmt)).value(procId(c.proc)).id(loopId(c.loop)).value(c.callee).value(c.kind)
        .value(static_cast<int64_t>(c.args.size())).value(fileId(c.fileIndex)).value(u(c.line)).value(u(c.col)).endRow();
    for (size_t pos = 0; pos < c.args.size(); ++pos)
      sql.callArg.value(id).value(static_cast<int64_t>(pos + 1)).text(c.args[pos].keyword).value(c.args[pos].text)
          .text(c.args[pos].var).id(c.args[pos].ref < 0 ? 0 : refBase + c.args[pos].ref + 1).endRow();
  }

  for (const LabelFacts& l : facts.labels)
    sql.label.value(procId(l.proc)).value(int64_t{l.label}).id(blockId(l.block)).id(l.stmt < 0 ? 0 : stmtId(l.stmt)).endRow();
  for (const JumpFacts& j : facts.jumps) sql.jump.value(stmtId(j.stmt)).value(int64_t{j.label}).endRow();

  for (size_t i = 0; i < facts.directives.size(); ++i) {
    const DirectiveFacts& d = facts.directives[i];
    int64_t id = dirId(static_cast<int>(i));
    sql.directive.value(id).value(fileId(d.fileIndex)).value(u(d.line)).value(u(d.endLine)).id(procId(d.proc))
        .value(d.sentinel).value(d.kind).value(d.text).id(loopId(d.loop)).id(dirId(d.region))
        .value(d.regionEndLine ? std::optional<int64_t>(*d.regionEndLine) : std::nullopt).text(d.onArray).text(d.onText)
        .value(d.cudaBlock[0]).value(d.cudaBlock[1]).value(d.cudaBlock[2]).value(d.stage).endRow();
    if (d.kind == "PARALLEL") ++parallel_;
    for (size_t pos = 0; pos < d.vars.size(); ++pos)
      sql.directiveVar.value(id).value(d.vars[pos].clause).value(static_cast<int64_t>(pos + 1)).value(d.vars[pos].name)
          .value(d.vars[pos].text).endRow();
    for (size_t pos = 0; pos < d.reductions.size(); ++pos) {
      const ReductionFacts& r = d.reductions[pos];
      sql.reduction.value(id).value(static_cast<int64_t>(pos + 1)).value(r.op).value(r.var).text(r.locVar)
          .value(r.locCount).text(r.group).endRow();
    }
    for (const AcrossFacts& a : d.across)
      sql.across.value(id).value(a.array).value(int64_t{a.dim}).value(a.low).value(a.high).text(a.direction).endRow();
  }

  procedures_ += static_cast<int64_t>(facts.procedures.size());
  loops_ += static_cast<int64_t>(facts.loops.size());
  statements_ += static_cast<int64_t>(facts.statements.size());
  directives_ += static_cast<int64_t>(facts.directives.size());
  blocks_ += static_cast<int64_t>(facts.blocks.size());
  return ids;
}

void FactWriter::writeFiles(const FileTable& files) {
  for (size_t i = 0; i < files_.size(); ++i) {
    const SourceFile& f = files.at(files_[i].fileIndex);
    sql_->file.value(static_cast<int64_t>(i + 1)).value(f.displayPath).value(std::string(sourceFormName(files_[i].form)))
        .value(static_cast<int64_t>(f.lineCount)).value(static_cast<int64_t>(f.byteCount)).id(files_[i].includerId)
        .endRow();
  }
}

void FactWriter::writeDiagnostics(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    sql_->diagnostic.value(++diagnosticsWritten_).id(d.fileIndex < 0 ? 0 : fileId(d.fileIndex)).value(d.path)
        .value(u(d.line)).value(u(d.col)).value(std::string(severityName(d.severity))).value(d.message).endRow();
}

}  // namespace sapfor::lexer

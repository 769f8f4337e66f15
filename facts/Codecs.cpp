/// @file Codecs.cpp
#include "facts/Codecs.hpp"

#include "schema/BatchedInsert.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <unordered_map>

namespace sapfor::facts {

namespace {

using db::BatchedInsert;
using Columns = std::vector<std::string>;

int64_t wide(int v) { return static_cast<int64_t>(v); }
int64_t flag(bool v) { return v ? 1 : 0; }
template <typename E>
std::string_view name(E v) {
  return nameOf(v);
}

std::string select(const Columns& columns, const std::string& table, const std::string& rest) {
  std::string sql = "SELECT ";
  for (size_t i = 0; i < columns.size(); ++i) sql += (i ? ", " : "") + columns[i];
  return sql + " FROM " + table + " " + rest;
}

/// The same, the expression trees' columns (statement.expr, loop.bounds, dimension.bounds,
/// call_arg.expr) read as NULL where `expressions` skips them.
std::string select(Reader::Expressions expressions, const Columns& columns, const std::string& table, const std::string& rest) {
  auto skipped = [&](const std::string& c) {
    switch (expressions) {
      case Reader::Expressions::Read: return false;
      case Reader::Expressions::Skip: return c == "expr" || c == "bounds";
      case Reader::Expressions::AllButStatements: return table == "statement" && c == "expr";
      case Reader::Expressions::StatementsAndShapes:
        return (c == "expr" || c == "bounds") && table != "statement" && table != "dimension";
    }
    return false;
  };
  Columns read = columns;
  for (std::string& c : read)
    if (skipped(c)) c = "NULL";
  return select(read, table, rest);
}

void expectId(Id id, Id expected, const char* table) {
  if (id != expected)
    throw std::runtime_error(std::string("the database's ") + table + " rows are not numbered 1, 2, 3... (row " +
                             std::to_string(id) + "); was it written by sapfor-lex?");
}

/// The row of `rows` with id `id`, whose first row has id `first`.
template <typename Row>
Row& owner(std::vector<Row>& rows, size_t from, Id first, Id id, const char* table) {
  size_t at = from + static_cast<size_t>(id - first);
  if (id < first || at >= rows.size())
    throw std::runtime_error(std::string("the database refers to a missing ") + table + " row " + std::to_string(id));
  return rows[at];
}

/// The row of `rows` (from `from` on, in id order, not necessarily numbered one after another)
/// with id `id`; nullptr when it was not read.
template <typename Row>
Row* readBack(std::vector<Row>& rows, size_t from, Id id) {
  auto at = std::lower_bound(rows.begin() + static_cast<std::ptrdiff_t>(from), rows.end(), id,
                             [](const Row& r, Id wanted) { return r.id < wanted; });
  return at == rows.end() || at->id != id ? nullptr : &*at;
}

/// Puts rows [from, end) read by an index on another column into id order (an ORDER BY would
/// build a temporary B-tree for each of the predictor's many small reads).
template <typename Row>
void byId(std::vector<Row>& rows, size_t from) {
  auto first = rows.begin() + static_cast<std::ptrdiff_t>(from);
  auto before = [](const Row& a, const Row& b) { return a.id < b.id; };
  if (!std::is_sorted(first, rows.end(), before)) std::sort(first, rows.end(), before);
}

/// Every row of a table read with its range read (the ids start at 1).
template <typename Row>
std::vector<Row> wholeTable(void (Reader::*read)(Id, Id, std::vector<Row>&), Reader& reader) {
  std::vector<Row> out;
  (reader.*read)(1, std::numeric_limits<Id>::max(), out);
  return out;
}

// ---- the codecs: each table's columns, how a row binds them and how it reads them back ----------

// Table file.
const Columns kFile = {"file_id", "path", "form", "lines", "bytes", "included_from"};
void bind(BatchedInsert& s, const FileRow& r) {
  s.value(r.id).value(r.path).value(name(r.form)).value(r.lines).value(r.bytes).id(r.includedFrom).endRow();
}
FileRow readFile(const Query& q) {
  return {q.id(0), q.text(1), q.value<SourceForm>(2), q.id(3), q.id(4), q.id(5)};
}

// Tables procedure and parameter.
const Columns kProcedure = {"proc_id", "name",   "proc_key", "kind",  "file_id",
                            "line",    "end_line", "host_id", "result", "prefix", "unread_line"};
const Columns kParameter = {"proc_id", "pos", "name"};
void bind(BatchedInsert& s, const ProcedureRow& r) {
  s.value(r.id).value(r.name).value(r.key).value(name(r.kind)).value(r.fileId).value(wide(r.line)).value(wide(r.endLine))
      .id(r.hostId).text(r.result).text(r.prefix).id(r.unreadLine).endRow();
}
ProcedureRow readProcedure(const Query& q) {
  ProcedureRow r;
  r.id = q.id(0);
  r.name = q.text(1);
  r.key = q.text(2);
  r.kind = q.value<ProcedureKind>(3);
  r.fileId = q.id(4);
  r.line = q.integer(5);
  r.endLine = q.null(6) ? r.line : q.integer(6);
  r.hostId = q.id(7);
  r.result = q.text(8);
  r.prefix = q.text(9);
  r.unreadLine = q.null(10) ? 0 : q.integer(10);
  return r;
}

// Tables variable and dimension.
const Columns kVariable = {"var_id", "proc_id", "name", "type", "kind", "bytes", "rank", "elements", "storage", "intent",
                           "common", "value", "allocatable", "pointer", "target", "save", "implicit", "line", "equivalence",
                           "storage_offset", "pointer_components", "type_id"};
const Columns kDimension = {"var_id", "dim", "spec", "lower", "upper", "lower_value", "upper_value", "extent", "bounds"};
void bind(BatchedInsert& s, const VariableRow& r) {
  s.value(r.id).value(r.procId).value(r.name).value(r.type).id(r.kind).value(r.bytes).value(r.rank).value(r.elements)
      .value(name(r.storage)).text(r.intent);
  if (r.common) s.value(*r.common); else s.null();
  s.text(r.value).value(flag(r.allocatable)).value(flag(r.pointer)).value(flag(r.target)).value(flag(r.save))
      .value(flag(r.implicit)).value(wide(r.line)).id(r.equivalence).value(r.storageOffset).value(flag(r.pointerComponents))
      .id(r.typeId).endRow();
}
void bind(BatchedInsert& s, Id var, size_t dim, const DimensionRow& r) {
  s.value(var).value(static_cast<int64_t>(dim + 1)).value(r.spec).text(r.lower).text(r.upper).value(r.lowerValue)
      .value(r.upperValue).value(r.extent).text(r.bounds).endRow();
}
VariableRow readVariable(const Query& q) {
  VariableRow r;
  r.id = q.id(0);
  r.procId = q.id(1);
  r.name = q.text(2);
  r.type = q.text(3);
  r.kind = q.id(4);
  r.bytes = q.optional(5);
  r.rank = q.optional(6);
  r.elements = q.optional(7);
  r.storage = q.value<Storage>(8);
  r.intent = q.text(9);
  if (!q.null(10)) r.common = q.text(10);
  r.value = q.text(11);
  r.allocatable = q.flag(12);
  r.pointer = q.flag(13);
  r.target = q.flag(14);
  r.save = q.flag(15);
  r.implicit = q.flag(16);
  r.line = q.integer(17);
  r.equivalence = q.integer(18);
  r.storageOffset = q.optional(19);
  r.pointerComponents = q.flag(20);
  r.typeId = q.id(21);
  return r;
}
DimensionRow readDimension(const Query& q) {  // columns from "spec" on
  return {q.text(2), q.text(3), q.text(4), q.optional(5), q.optional(6), q.optional(7), q.text(8)};
}

// Tables derived_type, component and type_binding.
const Columns kDerivedType = {"type_id", "proc_id", "name", "parent_id", "parent_unknown", "abstract", "line"};
const Columns kComponent = {"type_id", "pos", "name", "type", "kind", "rank", "pointer", "allocatable", "derived_id"};
const Columns kBinding = {"type_id", "pos", "name", "procedure", "module", "pass", "nopass", "deferred", "generic", "proc_id"};
void bind(BatchedInsert& s, const DerivedTypeRow& r) {
  s.value(r.id).value(r.procId).value(r.name).id(r.parentId).value(flag(r.parentUnknown)).value(flag(r.abstract))
      .value(wide(r.line)).endRow();
}
void bind(BatchedInsert& s, Id type, size_t pos, const ComponentRow& r) {
  s.value(type).value(static_cast<int64_t>(pos + 1)).value(r.name).value(r.type).id(r.kind).value(r.rank)
      .value(flag(r.pointer)).value(flag(r.allocatable)).id(r.derivedId).endRow();
}
void bind(BatchedInsert& s, Id type, size_t pos, const BindingRow& r) {
  s.value(type).value(static_cast<int64_t>(pos + 1)).value(r.name).text(r.procedure);
  if (r.module) s.value(*r.module); else s.null();
  s.text(r.pass).value(flag(r.nopass)).value(flag(r.deferred)).value(flag(r.generic)).id(r.procId).endRow();
}
DerivedTypeRow readDerivedType(const Query& q) {
  DerivedTypeRow r;
  r.id = q.id(0);
  r.procId = q.id(1);
  r.name = q.text(2);
  r.parentId = q.id(3);
  r.parentUnknown = q.flag(4);
  r.abstract = q.flag(5);
  r.line = q.integer(6);
  return r;
}
ComponentRow readComponent(const Query& q) {
  return {q.text(2), q.text(3), q.id(4), q.optional(5), q.flag(6), q.flag(7), q.id(8)};
}
BindingRow readBinding(const Query& q) {
  BindingRow r;
  r.name = q.text(2);
  r.procedure = q.text(3);
  if (!q.null(4)) r.module = q.text(4);
  r.pass = q.text(5);
  r.nopass = q.flag(6);
  r.deferred = q.flag(7);
  r.generic = q.flag(8);
  r.procId = q.id(9);
  return r;
}

// Tables loop, loop_bound_term and loop_op.
const Columns kLoop = {"loop_id", "loop_key", "path", "proc_id", "parent_id", "depth", "file_id", "line", "col", "end_line",
                       "kind", "var", "lower", "upper", "step", "lower_value", "upper_value", "step_value", "trip_count",
                       "label", "construct", "tightly_nested", "condition", "var_id", "lower_affine", "lower_const",
                       "upper_affine", "upper_const", "stmt_id", "bounds"};
const Columns kBoundTerm = {"loop_id", "bound", "var", "coeff"};
const Columns kLoopOp = {"loop_id", "arith", "div", "trans", "logic", "conv", "branch", "call", "idx", "statements"};
std::optional<int64_t> constantOf(const AffineForm& f) { return f.affine ? std::optional<int64_t>(f.constant) : std::nullopt; }
void bind(BatchedInsert& s, const LoopRow& r) {
  s.value(r.id).value(r.key).value(r.path).value(r.procId).id(r.parentId).value(wide(r.depth)).value(r.fileId)
      .value(wide(r.line)).value(wide(r.col)).value(wide(r.endLine)).value(name(r.kind)).text(r.var).text(r.lower).text(r.upper)
      .text(r.step).value(r.lowerValue).value(r.upperValue).value(r.stepValue).value(r.tripCount).id(r.label).text(r.construct)
      .value(flag(r.tightlyNested)).text(r.condition).id(r.varId).value(flag(r.lowerForm.affine)).value(constantOf(r.lowerForm))
      .value(flag(r.upperForm.affine)).value(constantOf(r.upperForm)).id(r.headerStmt).text(r.bounds).endRow();
}
void bindOps(BatchedInsert& s, const OpCounts& c) {
  s.value(c.arith).value(c.div).value(c.trans).value(c.logic).value(c.conv).value(c.branch).value(c.call).value(c.idx);
}
OpCounts readOps(const Query& q, int from) {
  return {q.id(from), q.id(from + 1), q.id(from + 2), q.id(from + 3), q.id(from + 4), q.id(from + 5), q.id(from + 6), q.id(from + 7)};
}
LoopRow readLoop(const Query& q) {
  LoopRow r;
  r.id = q.id(0);
  r.key = q.text(1);
  r.path = q.text(2);
  r.procId = q.id(3);
  r.parentId = q.id(4);
  r.depth = q.integer(5);
  r.fileId = q.id(6);
  r.line = q.integer(7);
  r.col = q.integer(8);
  r.endLine = q.null(9) ? r.line : q.integer(9);
  r.kind = q.value<LoopKind>(10);
  r.var = q.text(11);
  r.lower = q.text(12);
  r.upper = q.text(13);
  r.step = q.text(14);
  r.lowerValue = q.optional(15);
  r.upperValue = q.optional(16);
  r.stepValue = q.optional(17);
  r.tripCount = q.optional(18);
  r.label = q.integer(19);
  r.construct = q.text(20);
  r.tightlyNested = q.flag(21);
  r.condition = q.text(22);
  r.varId = q.id(23);
  r.lowerForm.affine = q.flag(24);
  r.lowerForm.constant = q.id(25);
  r.upperForm.affine = q.flag(26);
  r.upperForm.constant = q.id(27);
  r.headerStmt = q.id(28);
  r.bounds = q.text(29);
  return r;
}

// Table loop_obstacle.
const Columns kObstacle = {"loop_id", "kind", "line", "col", "detail"};
void bind(BatchedInsert& s, const ObstacleRow& r) {
  s.value(r.loopId).value(name(r.kind)).value(wide(r.line)).value(wide(r.col)).text(r.detail).endRow();
}
ObstacleRow readObstacle(const Query& q) { return {q.id(0), q.value<ObstacleKind>(1), q.integer(2), q.integer(3), q.text(4)}; }

// Table block.
const Columns kBlock = {"block_id", "proc_id", "parent_id", "kind", "loop_id", "construct_stmt", "arm", "complete"};
void bind(BatchedInsert& s, const BlockRow& r) {
  s.value(r.id).value(r.procId).id(r.parentId).value(name(r.kind)).id(r.loopId).id(r.constructStmt).id(r.arm)
      .value(flag(r.complete)).endRow();
}
BlockRow readBlock(const Query& q) {
  return {q.id(0), q.id(1), q.id(2), q.value<BlockKind>(3), q.id(4), q.id(5), q.integer(6), q.flag(7)};
}

// Table statement.
const Columns kStatement = {"stmt_id", "proc_id", "loop_id", "file_id", "line", "col", "end_line", "kind", "arith", "div",
                            "trans", "logic", "conv", "branch", "call", "idx", "elements", "block_id", "label", "jumps", "action",
                            "expr"};
void bind(BatchedInsert& s, const StatementRow& r) {
  s.value(r.id).value(r.procId).id(r.loopId).value(r.fileId).value(wide(r.line)).value(wide(r.col)).value(wide(r.endLine))
      .value(name(r.kind));
  bindOps(s, r.ops);
  s.value(r.elements).id(r.blockId).id(r.label).value(flag(r.jumps));
  if (r.action) s.value(name(*r.action)); else s.null();
  s.text(r.expr).endRow();
}
StatementRow readStatement(const Query& q) {
  StatementRow r;
  r.id = q.id(0);
  r.procId = q.id(1);
  r.loopId = q.id(2);
  r.fileId = q.id(3);
  r.line = q.integer(4);
  r.col = q.integer(5);
  r.endLine = q.integer(6);
  r.kind = q.value<StatementKind>(7);
  r.ops = readOps(q, 8);
  r.elements = q.optional(16);
  r.blockId = q.id(17);
  r.label = q.integer(18);
  r.jumps = q.flag(19);
  if (!q.null(20)) r.action = q.value<StatementKind>(20);
  r.expr = q.text(21);
  return r;
}

// Table scalar_ref.
const Columns kScalarRef = {"stmt_id", "var_id", "access", "context", "guarded"};
void bind(BatchedInsert& s, const ScalarRefRow& r) {
  s.value(r.stmtId).value(r.varId).value(name(r.access)).value(name(r.context)).value(flag(r.guarded)).endRow();
}
ScalarRefRow readScalarRef(const Query& q) {
  return {q.id(0), q.id(1), q.value<Access>(2), q.value<RefContext>(3), q.flag(4)};
}

// Tables array_ref, subscript and subscript_term.
const Columns kArrayRef = {"ref_id", "stmt_id", "loop_id", "proc_id", "var_id", "name", "access", "context", "subscripted",
                           "file_id", "line", "col"};
const Columns kSubscript = {"ref_id", "dim", "text", "affine", "constant", "section"};
const Columns kTerm = {"ref_id", "dim", "var", "coeff", "loop_var"};
void bind(BatchedInsert& s, const ArrayRefRow& r) {
  s.value(r.id).value(r.stmtId).id(r.loopId).value(r.procId).id(r.varId).value(r.name).value(name(r.access))
      .value(name(r.context)).value(flag(r.subscripted)).value(r.fileId).value(wide(r.line)).value(wide(r.col)).endRow();
}
ArrayRefRow readArrayRef(const Query& q) {
  ArrayRefRow r;
  r.id = q.id(0);
  r.stmtId = q.id(1);
  r.loopId = q.id(2);
  r.procId = q.id(3);
  r.varId = q.id(4);
  r.name = q.text(5);
  r.access = q.value<Access>(6);
  r.context = q.value<RefContext>(7);
  r.subscripted = q.flag(8);
  r.fileId = q.id(9);
  r.line = q.integer(10);
  r.col = q.integer(11);
  return r;
}

SubscriptRow readSubscript(const Query& q) { return {q.text(2), q.flag(3), q.optional(4), q.flag(5), {}}; }
void addTerm(ArrayRefRow& r, const Query& q) {
  size_t dim = static_cast<size_t>(q.integer(1));
  if (dim < 1 || dim > r.subscripts.size()) throw std::runtime_error("subscript_term names a missing dimension");
  r.subscripts[dim - 1].terms.push_back({q.text(2), q.id(3), q.flag(4)});
}

// Tables call and call_arg.
const Columns kCall = {"call_id", "stmt_id", "proc_id", "loop_id", "callee", "kind", "nargs", "file_id", "line", "col",
                       "resolution", "binding", "object_type_id", "polymorphic"};
const Columns kCallArg = {"call_id", "pos", "keyword", "text", "var", "ref_id", "expr", "object"};
const Columns kCallTarget = {"call_id", "pos", "module", "name", "proc_id"};
void bind(BatchedInsert& s, const CallRow& r) {
  s.value(r.id).value(r.stmtId).value(r.procId).id(r.loopId).value(r.callee).value(name(r.kind))
      .value(static_cast<int64_t>(r.args.size())).value(r.fileId).value(wide(r.line)).value(wide(r.col))
      .value(name(r.resolution)).text(r.binding).id(r.objectTypeId).value(flag(r.polymorphic)).endRow();
}
CallRow readCall(const Query& q) {
  CallRow r;
  r.id = q.id(0);
  r.stmtId = q.id(1);
  r.procId = q.id(2);
  r.loopId = q.id(3);
  r.callee = q.text(4);
  r.kind = q.value<CallKind>(5);
  r.fileId = q.id(7);
  r.line = q.integer(8);
  r.col = q.integer(9);
  r.resolution = q.value<CallResolution>(10);
  r.binding = q.text(11);
  r.objectTypeId = q.id(12);
  r.polymorphic = q.flag(13);
  return r;
}

// Tables label and jump.
const Columns kLabel = {"proc_id", "label", "block_id", "stmt_id"};
const Columns kJump = {"stmt_id", "label"};

// Tables directive, directive_var, directive_reduction and directive_across.
const Columns kDirective = {"dir_id", "file_id", "line", "end_line", "proc_id", "sentinel", "kind", "text", "loop_id",
                            "region_id", "region_end_line", "on_array", "on_text", "cuda_block_x", "cuda_block_y",
                            "cuda_block_z", "stage"};
const Columns kDirectiveVar = {"dir_id", "clause", "pos", "name", "text"};
const Columns kReduction = {"dir_id", "pos", "op", "var", "loc_var", "loc_count", "grp"};
const Columns kAcross = {"dir_id", "array", "dim", "low", "high", "direction"};
void bind(BatchedInsert& s, const DirectiveRow& r) {
  s.value(r.id).value(r.fileId).value(wide(r.line)).value(wide(r.endLine)).id(r.procId).value(r.sentinel).value(r.kind)
      .value(r.text).id(r.loopId).id(r.regionId).value(r.regionEndLine).text(r.onArray).text(r.onText).value(r.cudaBlock[0])
      .value(r.cudaBlock[1]).value(r.cudaBlock[2]).value(r.stage).endRow();
}
DirectiveRow readDirective(const Query& q) {
  DirectiveRow r;
  r.id = q.id(0);
  r.fileId = q.id(1);
  r.line = q.integer(2);
  r.endLine = q.integer(3);
  r.procId = q.id(4);
  r.sentinel = q.text(5);
  r.kind = q.text(6);
  r.text = q.text(7);
  r.loopId = q.id(8);
  r.regionId = q.id(9);
  r.regionEndLine = q.optional(10);
  r.onArray = q.text(11);
  r.onText = q.text(12);
  for (int i = 0; i < 3; ++i) r.cudaBlock[i] = q.optional(13 + i);
  r.stage = q.optional(16);
  return r;
}

// Table diagnostic.
const Columns kDiagnostic = {"diag_id", "file_id", "path", "line", "col", "severity", "message"};
void bind(BatchedInsert& s, const DiagnosticRow& r) {
  s.value(r.id).id(r.fileId).value(r.path).value(wide(r.line)).value(wide(r.col)).value(name(r.severity)).value(r.message)
      .endRow();
}

}  // namespace

// ---- Writer --------------------------------------------------------------------------------------

struct Writer::Tables {
  explicit Tables(SQLite::Database& db)
      : file(db, "file", kFile), procedure(db, "procedure", kProcedure), parameter(db, "parameter", kParameter),
        variable(db, "variable", kVariable), dimension(db, "dimension", kDimension), loop(db, "loop", kLoop),
        boundTerm(db, "loop_bound_term", kBoundTerm), loopOp(db, "loop_op", kLoopOp), obstacle(db, "loop_obstacle", kObstacle),
        block(db, "block", kBlock), statement(db, "statement", kStatement), scalarRef(db, "scalar_ref", kScalarRef),
        arrayRef(db, "array_ref", kArrayRef), subscript(db, "subscript", kSubscript),
        term(db, "subscript_term", kTerm), call(db, "call", kCall), callArg(db, "call_arg", kCallArg),
        callTarget(db, "call_target", kCallTarget), label(db, "label", kLabel),
        jump(db, "jump", kJump), directive(db, "directive", kDirective), directiveVar(db, "directive_var", kDirectiveVar),
        reduction(db, "directive_reduction", kReduction), across(db, "directive_across", kAcross),
        diagnostic(db, "diagnostic", kDiagnostic), derivedType(db, "derived_type", kDerivedType),
        component(db, "component", kComponent), binding(db, "type_binding", kBinding) {}
  BatchedInsert file, procedure, parameter, variable, dimension, loop, boundTerm, loopOp, obstacle, block, statement, scalarRef,
      arrayRef, subscript, term, call, callArg, callTarget, label, jump, directive, directiveVar, reduction, across, diagnostic,
      derivedType, component, binding;
};

Writer::Writer(SQLite::Database& db) : tables_(std::make_unique<Tables>(db)) {}
Writer::~Writer() = default;

void Writer::flush() {
  Tables& t = *tables_;
  for (BatchedInsert* table : {&t.procedure, &t.parameter, &t.derivedType, &t.component, &t.binding, &t.variable,
                               &t.dimension, &t.loop, &t.boundTerm, &t.block, &t.scalarRef, &t.loopOp, &t.obstacle,
                               &t.statement, &t.arrayRef, &t.subscript, &t.term, &t.call, &t.callArg, &t.callTarget,
                               &t.label, &t.jump, &t.directive, &t.directiveVar, &t.reduction, &t.across, &t.file,
                               &t.diagnostic})
    table->flush();
}

void Writer::write(const FileRow& row) { bind(tables_->file, row); }
void Writer::write(const DiagnosticRow& row) { bind(tables_->diagnostic, row); }

void Writer::write(const FileRows& rows) {
  Tables& t = *tables_;
  for (const ProcedureRow& p : rows.procedures) {
    bind(t.procedure, p);
    for (size_t pos = 0; pos < p.parameters.size(); ++pos)
      t.parameter.value(p.id).value(static_cast<int64_t>(pos + 1)).value(p.parameters[pos]).endRow();
  }
  for (const DerivedTypeRow& d : rows.types) {
    bind(t.derivedType, d);
    for (size_t pos = 0; pos < d.components.size(); ++pos) bind(t.component, d.id, pos, d.components[pos]);
    for (size_t pos = 0; pos < d.bindings.size(); ++pos) bind(t.binding, d.id, pos, d.bindings[pos]);
  }
  for (const VariableRow& v : rows.variables) {
    bind(t.variable, v);
    for (size_t d = 0; d < v.dims.size(); ++d) bind(t.dimension, v.id, d, v.dims[d]);
  }
  for (const LoopRow& l : rows.loops) {
    bind(t.loop, l);
    for (const auto& [bound, form] : {std::pair<const char*, const AffineForm*>{"lower", &l.lowerForm}, {"upper", &l.upperForm}})
      if (form->affine)
        for (const auto& [var, coeff] : form->terms) t.boundTerm.value(l.id).value(std::string_view(bound)).value(var).value(coeff).endRow();
    t.loopOp.value(l.id);
    bindOps(t.loopOp, l.ops);
    t.loopOp.value(l.statements).endRow();
  }
  for (const ObstacleRow& o : rows.obstacles) bind(t.obstacle, o);
  for (const StatementRow& s : rows.statements) bind(t.statement, s);
  for (const BlockRow& b : rows.blocks) bind(t.block, b);
  for (const ScalarRefRow& r : rows.scalarRefs) bind(t.scalarRef, r);
  for (const ArrayRefRow& r : rows.arrayRefs) {
    bind(t.arrayRef, r);
    for (size_t d = 0; d < r.subscripts.size(); ++d) {
      const SubscriptRow& sub = r.subscripts[d];
      int64_t dim = static_cast<int64_t>(d + 1);
      t.subscript.value(r.id).value(dim).value(sub.text).value(flag(sub.affine)).value(sub.constant).value(flag(sub.section))
          .endRow();
      for (const SubscriptTermRow& term : sub.terms)
        t.term.value(r.id).value(dim).value(term.var).value(term.coeff).value(flag(term.loopVar)).endRow();
    }
  }
  for (const CallRow& c : rows.calls) {
    bind(t.call, c);
    for (size_t pos = 0; pos < c.args.size(); ++pos) {
      const CallArgRow& a = c.args[pos];
      t.callArg.value(c.id).value(static_cast<int64_t>(pos + 1)).text(a.keyword).value(a.text).text(a.var).id(a.refId).text(a.expr)
          .value(flag(a.object)).endRow();
    }
    for (size_t pos = 0; pos < c.targets.size(); ++pos)
      t.callTarget.value(c.id).value(static_cast<int64_t>(pos + 1)).value(c.targets[pos].module).value(c.targets[pos].name)
          .id(c.targets[pos].procId).endRow();
  }
  for (const LabelRow& l : rows.labels) t.label.value(l.procId).value(wide(l.label)).id(l.blockId).id(l.stmtId).endRow();
  for (const JumpRow& j : rows.jumps) t.jump.value(j.stmtId).value(wide(j.label)).endRow();
  for (const DirectiveRow& d : rows.directives) {
    bind(t.directive, d);
    for (size_t pos = 0; pos < d.vars.size(); ++pos)
      t.directiveVar.value(d.id).value(d.vars[pos].clause).value(static_cast<int64_t>(pos + 1)).value(d.vars[pos].name)
          .value(d.vars[pos].text).endRow();
    for (size_t pos = 0; pos < d.reductions.size(); ++pos) {
      const DirectiveReductionRow& r = d.reductions[pos];
      t.reduction.value(d.id).value(static_cast<int64_t>(pos + 1)).value(r.op).value(r.var).text(r.locVar).value(r.locCount)
          .text(r.group).endRow();
    }
    for (const DirectiveAcrossRow& a : d.across)
      t.across.value(d.id).value(a.array).value(wide(a.dim)).value(a.low).value(a.high).text(a.direction).endRow();
  }
}

// ---- Reader --------------------------------------------------------------------------------------

struct Reader::Queries {
  Queries(sqlite3* h, Reader::Expressions expressions)
      : loops(h, select(expressions, kLoop, "loop", "WHERE loop_id BETWEEN ?1 AND ?2 ORDER BY loop_id")),
        bounds(h, select(expressions, kBoundTerm, "loop_bound_term", "WHERE loop_id BETWEEN ?1 AND ?2 ORDER BY loop_id, bound, var")),
        loopOps(h, select(expressions, kLoopOp, "loop_op", "WHERE loop_id BETWEEN ?1 AND ?2")),
        blocks(h, select(expressions, kBlock, "block", "WHERE block_id BETWEEN ?1 AND ?2 ORDER BY block_id")),
        statements(h, select(expressions, kStatement, "statement", "WHERE stmt_id BETWEEN ?1 AND ?2 ORDER BY stmt_id")),
        scalars(h, select(expressions, kScalarRef, "scalar_ref", "WHERE stmt_id BETWEEN ?1 AND ?2 ORDER BY stmt_id, var_id, access, context")),
        refs(h, select(expressions, kArrayRef, "array_ref", "WHERE ref_id BETWEEN ?1 AND ?2 ORDER BY ref_id")),
        subscripts(h, select(expressions, kSubscript, "subscript", "WHERE ref_id BETWEEN ?1 AND ?2 ORDER BY ref_id, dim")),
        terms(h, select(expressions, kTerm, "subscript_term", "WHERE ref_id BETWEEN ?1 AND ?2 ORDER BY ref_id, dim, var")),
        calls(h, select(expressions, kCall, "call", "WHERE call_id BETWEEN ?1 AND ?2 ORDER BY call_id")),
        args(h, select(expressions, kCallArg, "call_arg", "WHERE call_id BETWEEN ?1 AND ?2 ORDER BY call_id, pos")),
        targets(h, select(expressions, kCallTarget, "call_target", "WHERE call_id BETWEEN ?1 AND ?2 ORDER BY call_id, pos")),
        labels(h, select(expressions, kLabel, "label", "WHERE proc_id BETWEEN ?1 AND ?2 ORDER BY proc_id, label")),
        jumps(h, select(expressions, kJump, "jump", "WHERE stmt_id BETWEEN ?1 AND ?2 ORDER BY stmt_id, label")),
        statementsInLoops(h, select(expressions, kStatement, "statement", "WHERE loop_id BETWEEN ?1 AND ?2")),
        refsInLoops(h, select(expressions, kArrayRef, "array_ref", "WHERE loop_id BETWEEN ?1 AND ?2")),
        variables(h, select(expressions, kVariable, "variable", "WHERE var_id BETWEEN ?1 AND ?2 ORDER BY var_id")),
        dimensions(h, select(expressions, kDimension, "dimension", "WHERE var_id BETWEEN ?1 AND ?2 ORDER BY var_id, dim")) {}
  Query loops, bounds, loopOps, blocks, statements, scalars, refs, subscripts, terms, calls, args, targets, labels, jumps;
  Query statementsInLoops, refsInLoops;
  Query variables, dimensions;
};

Reader::Reader(SQLite::Database& db, Expressions expressions)
    : db_(db.getHandle()), expressions_(expressions), queries_(std::make_unique<Queries>(db_, expressions_)) {}
Reader::~Reader() = default;

std::vector<FileRow> Reader::files() {
  std::vector<FileRow> out;
  for (Query q(db_, select(expressions_, kFile, "file", "ORDER BY file_id")); q.next();) {
    out.push_back(readFile(q));
    expectId(out.back().id, static_cast<Id>(out.size()), "file");
  }
  return out;
}

std::vector<ProcedureRow> Reader::procedures() {
  std::vector<ProcedureRow> out;
  for (Query q(db_, select(expressions_, kProcedure, "procedure", "ORDER BY proc_id")); q.next();) {
    out.push_back(readProcedure(q));
    expectId(out.back().id, static_cast<Id>(out.size()), "procedure");
  }
  for (Query q(db_, select(expressions_, kParameter, "parameter", "ORDER BY proc_id, pos")); q.next();)
    owner(out, 0, 1, q.id(0), "procedure").parameters.push_back(q.text(2));
  return out;
}

void Reader::forEachVariable(const std::function<void(VariableRow&&)>& visit) {
  Query variables(db_, select(expressions_, kVariable, "variable", "ORDER BY var_id"));
  Query dims(db_, select(expressions_, kDimension, "dimension", "ORDER BY var_id, dim"));
  bool dim = dims.next();
  for (Id expected = 1; variables.next(); ++expected) {
    VariableRow v = readVariable(variables);
    expectId(v.id, expected, "variable");
    for (; dim && dims.id(0) <= v.id; dim = dims.next()) {
      if (dims.id(0) < v.id) throw std::runtime_error("the database refers to a missing variable row " + std::to_string(dims.id(0)));
      v.dims.push_back(readDimension(dims));
    }
    visit(std::move(v));
  }
  if (dim) throw std::runtime_error("the database refers to a missing variable row " + std::to_string(dims.id(0)));
}

void Reader::variables(Id first, Id last, std::vector<VariableRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->variables.range(first, last); q.next();) {
    out.push_back(readVariable(q));
    expectId(out.back().id, first + static_cast<Id>(out.size() - from) - 1, "variable");
  }
  for (Query& q = queries_->dimensions.range(first, last); q.next();)
    owner(out, from, first, q.id(0), "variable").dims.push_back(readDimension(q));
}

std::vector<DerivedTypeRow> Reader::types() {
  std::vector<DerivedTypeRow> out;
  for (Query q(db_, select(expressions_, kDerivedType, "derived_type", "ORDER BY type_id")); q.next();) {
    out.push_back(readDerivedType(q));
    expectId(out.back().id, static_cast<Id>(out.size()), "derived_type");
  }
  for (Query q(db_, select(expressions_, kComponent, "component", "ORDER BY type_id, pos")); q.next();)
    owner(out, 0, 1, q.id(0), "derived_type").components.push_back(readComponent(q));
  for (Query q(db_, select(expressions_, kBinding, "type_binding", "ORDER BY type_id, pos")); q.next();)
    owner(out, 0, 1, q.id(0), "derived_type").bindings.push_back(readBinding(q));
  return out;
}

std::vector<DirectiveRow> Reader::directives() {
  std::vector<DirectiveRow> out;
  for (Query q(db_, select(expressions_, kDirective, "directive", "ORDER BY dir_id")); q.next();) {
    out.push_back(readDirective(q));
    expectId(out.back().id, static_cast<Id>(out.size()), "directive");
  }
  for (Query q(db_, select(expressions_, kDirectiveVar, "directive_var", "ORDER BY dir_id, pos, clause")); q.next();)
    owner(out, 0, 1, q.id(0), "directive").vars.push_back({q.text(1), q.text(3), q.text(4)});
  for (Query q(db_, select(expressions_, kReduction, "directive_reduction", "ORDER BY dir_id, pos")); q.next();)
    owner(out, 0, 1, q.id(0), "directive").reductions.push_back({q.text(2), q.text(3), q.text(4), q.optional(5), q.text(6)});
  for (Query q(db_, select(expressions_, kAcross, "directive_across", "ORDER BY dir_id, array, dim")); q.next();)
    owner(out, 0, 1, q.id(0), "directive").across.push_back({q.text(1), q.integer(2), q.optional(3), q.optional(4), q.text(5)});
  return out;
}

std::vector<ObstacleRow> Reader::obstacles() {
  std::vector<ObstacleRow> out;
  for (Query q(db_, select(expressions_, kObstacle, "loop_obstacle", "ORDER BY rowid")); q.next();) out.push_back(readObstacle(q));
  return out;
}

std::vector<DiagnosticRow> Reader::diagnostics() {
  std::vector<DiagnosticRow> out;
  for (Query q(db_, select(expressions_, kDiagnostic, "diagnostic", "ORDER BY diag_id")); q.next();)
    out.push_back({q.id(0), q.id(1), q.text(2), q.integer(3), q.integer(4), q.value<Severity>(5), q.text(6)});
  return out;
}

std::vector<LoopRow> Reader::loops() { return wholeTable(&Reader::loops, *this); }
std::vector<BlockRow> Reader::blocks() { return wholeTable(&Reader::blocks, *this); }
std::vector<CallRow> Reader::calls() { return wholeTable(&Reader::calls, *this); }

void Reader::loops(Id first, Id last, std::vector<LoopRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->loops.range(first, last); q.next();) {
    out.push_back(readLoop(q));
    expectId(out.back().id, first + static_cast<Id>(out.size() - from) - 1, "loop");
  }
  for (Query& q = queries_->bounds.range(first, last); q.next();) {
    LoopRow& l = owner(out, from, first, q.id(0), "loop");
    (q.is(1, "lower") ? l.lowerForm : l.upperForm).terms.emplace_back(q.text(2), q.id(3));
  }
  for (Query& q = queries_->loopOps.range(first, last); q.next();) {
    LoopRow& l = owner(out, from, first, q.id(0), "loop");
    l.ops = readOps(q, 1);
    l.statements = q.id(9);
  }
}

void Reader::blocks(Id first, Id last, std::vector<BlockRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->blocks.range(first, last); q.next();) {
    out.push_back(readBlock(q));
    expectId(out.back().id, first + static_cast<Id>(out.size() - from) - 1, "block");
  }
}

void Reader::statements(Id first, Id last, std::vector<StatementRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->statements.range(first, last); q.next();) {
    out.push_back(readStatement(q));
    expectId(out.back().id, first + static_cast<Id>(out.size() - from) - 1, "statement");
  }
}

void Reader::statementsInLoops(Id firstLoop, Id lastLoop, std::vector<StatementRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->statementsInLoops.range(firstLoop, lastLoop); q.next();) out.push_back(readStatement(q));
  byId(out, from);
}

void Reader::scalarRefs(Id first, Id last, std::vector<ScalarRefRow>& out) {
  for (Query& q = queries_->scalars.range(first, last); q.next();) out.push_back(readScalarRef(q));
}

void Reader::arrayRefs(Id first, Id last, std::vector<ArrayRefRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->refs.range(first, last); q.next();) {
    out.push_back(readArrayRef(q));
    expectId(out.back().id, first + static_cast<Id>(out.size() - from) - 1, "array_ref");
  }
  for (Query& q = queries_->subscripts.range(first, last); q.next();)
    owner(out, from, first, q.id(0), "array_ref").subscripts.push_back(readSubscript(q));
  for (Query& q = queries_->terms.range(first, last); q.next();)
    addTerm(owner(out, from, first, q.id(0), "array_ref"), q);
}

void Reader::arrayRefsInLoops(Id firstLoop, Id lastLoop, std::vector<ArrayRefRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->refsInLoops.range(firstLoop, lastLoop); q.next();) out.push_back(readArrayRef(q));
  byId(out, from);
  if (out.size() == from) return;
  // The subscripts of the references' id range, less those of references of other loops there.
  for (Query& q = queries_->subscripts.range(out[from].id, out.back().id); q.next();)
    if (ArrayRefRow* r = readBack(out, from, q.id(0))) r->subscripts.push_back(readSubscript(q));
  for (Query& q = queries_->terms.range(out[from].id, out.back().id); q.next();)
    if (ArrayRefRow* r = readBack(out, from, q.id(0))) addTerm(*r, q);
}

void Reader::calls(Id first, Id last, std::vector<CallRow>& out) {
  const size_t from = out.size();
  for (Query& q = queries_->calls.range(first, last); q.next();) {
    out.push_back(readCall(q));
    expectId(out.back().id, first + static_cast<Id>(out.size() - from) - 1, "call");
  }
  for (Query& q = queries_->args.range(first, last); q.next();)
    owner(out, from, first, q.id(0), "call").args.push_back({q.text(2), q.text(3), q.text(4), q.id(5), q.text(6), q.flag(7)});
  for (Query& q = queries_->targets.range(first, last); q.next();)
    owner(out, from, first, q.id(0), "call").targets.push_back({q.text(2), q.text(3), q.id(4)});
}

void Reader::labels(Id first, Id last, std::vector<LabelRow>& out) {
  for (Query& q = queries_->labels.range(first, last); q.next();) out.push_back({q.id(0), q.integer(1), q.id(2), q.id(3)});
}

void Reader::jumps(Id first, Id last, std::vector<JumpRow>& out) {
  for (Query& q = queries_->jumps.range(first, last); q.next();) out.push_back({q.id(0), q.integer(1)});
}

// ---- the database's order --------------------------------------------------------------------------

void normalize(FileRows& rows) {
  auto byKey = [](const ScalarRefRow& a, const ScalarRefRow& b) {
    return std::make_tuple(a.stmtId, a.varId, a.access, nameOf(a.context)) <
           std::make_tuple(b.stmtId, b.varId, b.access, nameOf(b.context));
  };
  if (!std::is_sorted(rows.scalarRefs.begin(), rows.scalarRefs.end(), byKey))
    std::sort(rows.scalarRefs.begin(), rows.scalarRefs.end(), byKey);
  for (ArrayRefRow& r : rows.arrayRefs)
    for (SubscriptRow& s : r.subscripts)
      std::sort(s.terms.begin(), s.terms.end(), [](const SubscriptTermRow& a, const SubscriptTermRow& b) { return a.var < b.var; });
  for (DirectiveRow& d : rows.directives)
    std::stable_sort(d.across.begin(), d.across.end(), [](const DirectiveAcrossRow& a, const DirectiveAcrossRow& b) {
      return std::tie(a.array, a.dim) < std::tie(b.array, b.dim);
    });
  std::stable_sort(rows.labels.begin(), rows.labels.end(),
                   [](const LabelRow& a, const LabelRow& b) { return std::tie(a.procId, a.label) < std::tie(b.procId, b.label); });
  std::stable_sort(rows.jumps.begin(), rows.jumps.end(),
                   [](const JumpRow& a, const JumpRow& b) { return std::tie(a.stmtId, a.label) < std::tie(b.stmtId, b.label); });
  for (LoopRow& l : rows.loops)
    for (AffineForm* f : {&l.lowerForm, &l.upperForm}) std::sort(f->terms.begin(), f->terms.end());
}

// ---- row helpers ---------------------------------------------------------------------------------

std::string ArrayRefRow::text() const {
  if (!subscripted) return name;
  std::string out = name + "(";
  for (size_t i = 0; i < subscripts.size(); ++i) out += (i ? "," : "") + subscripts[i].text;
  return out + ")";
}

std::vector<std::string> DirectiveRow::names(std::string_view clause) const {
  std::vector<std::string> out;
  for (const DirectiveVarRow& v : vars)
    if (v.clause == clause) out.push_back(v.name);
  return out;
}

}  // namespace sapfor::facts

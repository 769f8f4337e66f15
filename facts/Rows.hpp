/// @file Rows.hpp
/// The facts sapfor-lex loads, as rows: one type per table of schema/facts.sql (a child table
/// whose rows only make sense with their owner's, such as a loop's bound terms or a call's
/// arguments, is a vector in its owner's row). Rows refer to each other by database id (0: none,
/// NULL in the database) and name closed vocabularies by enum (facts/Vocabulary.hpp); they hold
/// no pointers. The front end makes them, the codecs (facts/Codecs.hpp) write them and read them
/// back, the analyzer and the predictor use them: every stage sees the same rows.
#pragma once

#include "facts/Vocabulary.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sapfor::facts {

using Id = int64_t;  ///< a row id; 0 = none

/// Operation counts by class (FRONTEND.md "Operation classes").
struct OpCounts {
  int64_t arith = 0, div = 0, trans = 0, logic = 0, conv = 0, branch = 0, call = 0, idx = 0;

  OpCounts& operator+=(const OpCounts& o) {
    arith += o.arith;
    div += o.div;
    trans += o.trans;
    logic += o.logic;
    conv += o.conv;
    branch += o.branch;
    call += o.call;
    idx += o.idx;
    return *this;
  }
  bool operator==(const OpCounts& o) const {
    return arith == o.arith && div == o.div && trans == o.trans && logic == o.logic && conv == o.conv &&
           branch == o.branch && call == o.call && idx == o.idx;
  }
};

/// An integer expression as constant + Σ coeff·var, when it is of that form (affine = false: not so).
struct AffineForm {
  bool affine = true;
  int64_t constant = 0;
  std::vector<std::pair<std::string, int64_t>> terms;  ///< by variable name; no zero coefficient, each var once
  bool operator==(const AffineForm& o) const { return affine == o.affine && constant == o.constant && terms == o.terms; }
};

struct FileRow {
  Id id = 0;
  std::string path;  ///< relative to meta.source_root
  SourceForm form = SourceForm::Free;
  int64_t lines = 0, bytes = 0;
  Id includedFrom = 0;
  bool operator==(const FileRow&) const = default;
};

struct ProcedureRow {
  Id id = 0;
  std::string name;
  std::string key;  ///< name; host.name for an internal procedure; @file on a clash
  ProcedureKind kind = ProcedureKind::Subroutine;
  Id fileId = 0;
  int line = 0, endLine = 0;
  Id hostId = 0;
  std::string result, prefix;
  /// The first statement of its own the front end could not parse or skipped (a Cray POINTER):
  /// its line (in the file it was read from); 0: none.
  int unreadLine = 0;
  std::vector<std::string> parameters;  ///< table parameter: the dummy arguments, in order
  bool operator==(const ProcedureRow&) const = default;
};

/// Table dimension: one dimension of an array.
struct DimensionRow {
  std::string spec;          ///< as declared: n, 0:n+1, :, *
  std::string lower, upper;  ///< as source text ("": none, an assumed or deferred bound)
  std::optional<int64_t> lowerValue, upperValue, extent;
  std::string bounds;  ///< [lower, upper] as expression JSON (facts/Expression.hpp); "": none (DIMENSION(..))
  bool operator==(const DimensionRow&) const = default;
};

struct VariableRow {
  Id id = 0, procId = 0;
  std::string name;
  std::string type;  ///< integer real complex logical character type(name) unknown
  int64_t kind = 0;  ///< the kind parameter; 0: none
  std::optional<int64_t> bytes;
  std::optional<int64_t> rank;  ///< nullopt: assumed rank
  std::optional<int64_t> elements;
  Storage storage = Storage::Local;
  std::string intent;
  std::optional<std::string> common;  ///< its COMMON block ("": blank COMMON)
  std::string value;                  ///< a named constant's folded value
  bool allocatable = false, pointer = false, target = false, save = false, implicit = false;
  int line = 0;
  int equivalence = 0;  ///< its EQUIVALENCE group in its procedure; 0: none
  std::optional<int64_t> storageOffset;
  bool pointerComponents = false;
  Id typeId = 0;  ///< TYPE(name), CLASS(name): its derived_type row (0: intrinsic, or not found)
  std::vector<DimensionRow> dims;
  bool operator==(const VariableRow&) const = default;
};

/// Table component: a data component of a derived type, in order.
struct ComponentRow {
  std::string name;
  std::string type;  ///< as variable.type
  int64_t kind = 0;
  std::optional<int64_t> rank;
  bool pointer = false, allocatable = false;
  Id derivedId = 0;  ///< a component of a derived type: that type's row (0: intrinsic, or not found)
  bool operator==(const ComponentRow&) const = default;
};

/// Table type_binding: a type-bound procedure (a generic binding has a row per specific binding).
struct BindingRow {
  std::string name;       ///< the binding's name
  std::string procedure;  ///< what it binds: a procedure; a generic's specific binding; "": deferred
  /// The module that has the procedure: "" an external procedure, nullopt not known here.
  std::optional<std::string> module;
  std::string pass;       ///< the passed-object dummy ("": the first dummy)
  bool nopass = false, deferred = false, generic = false;
  Id procId = 0;          ///< the procedure's row, when the front end knew it
  bool operator==(const BindingRow&) const = default;
};

/// Table derived_type: a TYPE definition with its components and bindings.
struct DerivedTypeRow {
  Id id = 0, procId = 0;  ///< procId: the unit that defines it
  std::string name;
  Id parentId = 0;        ///< EXTENDS(parent): that type's row (0: none, or parentUnknown)
  bool parentUnknown = false;  ///< EXTENDS a type not loaded
  bool abstract = false;
  int line = 0;
  std::vector<ComponentRow> components;
  std::vector<BindingRow> bindings;
  bool operator==(const DerivedTypeRow&) const = default;
};

struct LoopRow {
  Id id = 0;
  std::string key, path;
  Id procId = 0, parentId = 0;
  int depth = 1;
  Id fileId = 0;
  int line = 0, col = 0, endLine = 0;
  LoopKind kind = LoopKind::Do;
  std::string var, lower, upper, step;  ///< as normalized source text ("": none)
  std::string bounds;  ///< [lower, upper, step] as expression JSON (facts/Expression.hpp); "": none
  std::optional<int64_t> lowerValue, upperValue, stepValue, tripCount;
  int label = 0;
  std::string construct;
  bool tightlyNested = false;
  std::string condition;
  Id varId = 0;
  AffineForm lowerForm, upperForm;  ///< with table loop_bound_term
  Id headerStmt = 0;                ///< stmt_id: its DO statement; 0: an inner FORALL index
  OpCounts ops;                     ///< table loop_op: one iteration of its own body
  int64_t statements = 0;           ///<   and the statements in it
  bool counted() const { return kind == LoopKind::Do || kind == LoopKind::DoConcurrent || kind == LoopKind::Forall; }
  bool operator==(const LoopRow&) const = default;
};

struct ObstacleRow {
  Id loopId = 0;
  ObstacleKind kind = ObstacleKind::Call;
  int line = 0, col = 0;
  std::string detail;
  bool operator==(const ObstacleRow&) const = default;
};

struct BlockRow {
  Id id = 0, procId = 0, parentId = 0;
  BlockKind kind = BlockKind::Loop;
  Id loopId = 0;         ///< loop: whose body it is
  Id constructStmt = 0;  ///< arm: the statement opening the construct
  int arm = 0;
  bool complete = false;
  bool isLoop() const { return kind == BlockKind::Loop; }
  bool operator==(const BlockRow&) const = default;
};

struct StatementRow {
  Id id = 0, procId = 0, loopId = 0, fileId = 0;
  int line = 0, col = 0, endLine = 0;
  StatementKind kind = StatementKind::Unknown;
  OpCounts ops;
  std::optional<int64_t> elements;  ///< array syntax: the elements the counts are per
  Id blockId = 0;
  int label = 0;
  bool jumps = false;
  std::optional<StatementKind> action;  ///< a logical IF's action: its kind
  std::string expr;    ///< its expressions, a facts::StatementExpressions as JSON; "": none
  bool operator==(const StatementRow&) const = default;
};

struct ScalarRefRow {
  Id stmtId = 0, varId = 0;
  Access access = Access::Read;
  RefContext context = RefContext::Expr;
  bool guarded = false;
  bool operator==(const ScalarRefRow&) const = default;
};

/// Table subscript_term.
struct SubscriptTermRow {
  std::string var;
  int64_t coeff = 0;
  bool loopVar = false;
  bool operator==(const SubscriptTermRow&) const = default;
};

/// Table subscript.
struct SubscriptRow {
  std::string text;
  bool affine = false;
  std::optional<int64_t> constant;
  bool section = false;
  std::vector<SubscriptTermRow> terms;  ///< by variable name
  bool operator==(const SubscriptRow&) const = default;
};

struct ArrayRefRow {
  Id id = 0, stmtId = 0, loopId = 0, procId = 0, varId = 0;
  std::string name;
  Access access = Access::Read;
  RefContext context = RefContext::Expr;
  bool subscripted = true;
  Id fileId = 0;
  int line = 0, col = 0;
  std::vector<SubscriptRow> subscripts;
  /// The reference as written: a(i-1,j).
  std::string text() const;
  bool operator==(const ArrayRefRow&) const = default;
};

/// Table call_arg.
struct CallArgRow {
  std::string keyword, text, var;
  Id refId = 0;  ///< the array reference it is (an element, a section, a whole array)
  std::string expr;  ///< the value as expression JSON (facts/Expression.hpp)
  bool object = false;  ///< the object of a type-bound call (obj of obj%p(x)): the first argument
  bool operator==(const CallArgRow&) const = default;
};

/// Table call_target: a procedure the front end resolved a call to (a module procedure; a generic
/// interface's specifics, in order). module "": an external procedure.
struct CallTargetRow {
  std::string module, name;
  Id procId = 0;  ///< that procedure's row, when the front end knew it (a module's: the one its USE saw)
  bool operator==(const CallTargetRow&) const = default;
};

struct CallRow {
  Id id = 0, stmtId = 0, procId = 0, loopId = 0;
  std::string callee;   ///< as written: f, or obj%p for a type-bound procedure
  CallKind kind = CallKind::Subroutine;
  Id fileId = 0;
  int line = 0, col = 0;
  CallResolution resolution = CallResolution::Name;
  std::string binding;  ///< a type-bound call's binding (p of obj%p)
  Id objectTypeId = 0;  ///< its object's declared type
  bool polymorphic = false;  ///< that object is CLASS(...): any extension's binding may run
  std::vector<CallArgRow> args;
  std::vector<CallTargetRow> targets;
  bool operator==(const CallRow&) const = default;
};

/// Where a statement label stands: before statement stmtId of block blockId, or at the end of
/// that block (stmtId 0); blockId 0: the procedure's outermost statements.
struct LabelRow {
  Id procId = 0;
  int label = 0;
  Id blockId = 0, stmtId = 0;
  bool operator==(const LabelRow&) const = default;
};

struct JumpRow {
  Id stmtId = 0;
  int label = 0;
  bool operator==(const JumpRow&) const = default;
};

struct DirectiveVarRow {
  std::string clause, name, text;
  bool operator==(const DirectiveVarRow&) const = default;
};

struct DirectiveReductionRow {
  std::string op, var, locVar;
  std::optional<int64_t> locCount;
  std::string group;
  bool operator==(const DirectiveReductionRow&) const = default;
};

struct DirectiveAcrossRow {
  std::string array;
  int dim = 0;
  std::optional<int64_t> low, high;
  std::string direction;
  bool operator==(const DirectiveAcrossRow&) const = default;
};

struct DirectiveRow {
  Id id = 0, fileId = 0;
  int line = 0, endLine = 0;
  Id procId = 0;
  std::string sentinel, kind, text;
  Id loopId = 0, regionId = 0;
  std::optional<int64_t> regionEndLine;
  std::string onArray, onText;
  std::optional<int64_t> cudaBlock[3];
  std::optional<int64_t> stage;
  std::vector<DirectiveVarRow> vars;                 ///< in order (pos)
  std::vector<DirectiveReductionRow> reductions;     ///< in order (pos)
  std::vector<DirectiveAcrossRow> across;            ///< by array, dimension
  /// The names a clause lists (loop_var, private, distribute, align, ...), in order.
  std::vector<std::string> names(std::string_view clause) const;
  bool operator==(const DirectiveRow&) const = default;
};

struct DiagnosticRow {
  Id id = 0, fileId = 0;
  std::string path;
  int line = 0, col = 0;
  Severity severity = Severity::Error;
  std::string message;
  bool operator==(const DiagnosticRow&) const = default;
};

/// The rows of one loaded file (its procedures and everything in them), with their database ids:
/// what the front end writes and hands on to the analysis. Each vector is in id order (the order
/// of the rows in the database); scalar references and obstacles in the order they are written.
struct FileRows {
  std::vector<ProcedureRow> procedures;
  std::vector<DerivedTypeRow> types;
  std::vector<VariableRow> variables;
  std::vector<LoopRow> loops;
  std::vector<ObstacleRow> obstacles;
  std::vector<BlockRow> blocks;
  std::vector<StatementRow> statements;
  std::vector<ScalarRefRow> scalarRefs;
  std::vector<ArrayRefRow> arrayRefs;
  std::vector<CallRow> calls;
  std::vector<LabelRow> labels;
  std::vector<JumpRow> jumps;
  std::vector<DirectiveRow> directives;
  bool operator==(const FileRows&) const = default;
};

}  // namespace sapfor::facts

/// @file Vocabulary.hpp
/// The closed vocabularies the stages share: each an enum and, in one table beside it, the names
/// the database stores for its values (the order of the names is the order of the enumerators).
/// A column's SQL CHECK list must name the same values: tests/unit/FactsTest.cpp checks every
/// vocabulary below against the schema the database is created with.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sapfor::facts {

/// The names of an enum's values, and the column that stores them (specialized for each
/// vocabulary; `checked`: the column has a CHECK listing them).
template <typename E>
struct Vocabulary;

#define SAPFOR_VOCABULARY(Enum, Table, Column, Checked, ...)                          \
  template <>                                                                        \
  struct Vocabulary<Enum> {                                                          \
    static constexpr std::string_view table = Table, column = Column;                \
    static constexpr bool checked = Checked;                                         \
    static constexpr std::array names{__VA_ARGS__};                                  \
  }

enum class SourceForm : uint8_t { Fixed, Free };
SAPFOR_VOCABULARY(SourceForm, "file", "form", true, std::string_view("fixed"), std::string_view("free"));

enum class ProcedureKind : uint8_t { Program, Subroutine, Function, Module, BlockData, Entry, Submodule };
SAPFOR_VOCABULARY(ProcedureKind, "procedure", "kind", true, std::string_view("program"), std::string_view("subroutine"),
                  std::string_view("function"), std::string_view("module"), std::string_view("block_data"),
                  std::string_view("entry"), std::string_view("submodule"));

/// Where a variable lives (and so who else may see it).
enum class Storage : uint8_t { Local, Dummy, Common, Module, Result, Constant };
SAPFOR_VOCABULARY(Storage, "variable", "storage", false, std::string_view("local"), std::string_view("dummy"),
                  std::string_view("common"), std::string_view("module"), std::string_view("result"),
                  std::string_view("constant"));

enum class LoopKind : uint8_t { Do, DoWhile, DoConcurrent, DoForever, Forall };
SAPFOR_VOCABULARY(LoopKind, "loop", "kind", true, std::string_view("do"), std::string_view("do_while"),
                  std::string_view("do_concurrent"), std::string_view("do_forever"), std::string_view("forall"));

/// What in a loop stands in the way of running its iterations in parallel, found syntactically.
enum class ObstacleKind : uint8_t { Io, Stop, GotoOut, Exit, Return, Call, Unparsed };
SAPFOR_VOCABULARY(ObstacleKind, "loop_obstacle", "kind", true, std::string_view("io"), std::string_view("stop"),
                  std::string_view("goto_out"), std::string_view("exit"), std::string_view("return"),
                  std::string_view("call"), std::string_view("unparsed"));

/// A loop's body, or one arm of an IF, SELECT CASE or WHERE construct.
enum class BlockKind : uint8_t { Loop, Arm };
SAPFOR_VOCABULARY(BlockKind, "block", "kind", true, std::string_view("loop"), std::string_view("arm"));

enum class Access : uint8_t { Read, Write };
SAPFOR_VOCABULARY(Access, "array_ref", "access", true, std::string_view("R"), std::string_view("W"));

/// Where in a statement a variable is referenced.
enum class RefContext : uint8_t { Expr, Lhs, CallArg, Io, Subscript, Control };
SAPFOR_VOCABULARY(RefContext, "array_ref", "context", false, std::string_view("expr"), std::string_view("lhs"),
                  std::string_view("call_arg"), std::string_view("io"), std::string_view("subscript"),
                  std::string_view("control"));

enum class CallKind : uint8_t { Subroutine, Function, StatementFunction };
SAPFOR_VOCABULARY(CallKind, "call", "kind", true, std::string_view("subroutine"), std::string_view("function"),
                  std::string_view("statement_function"));

/// How the front end resolved a call's callee: by its name alone (an internal or external
/// procedure: the analysis looks it up), to a module procedure or a generic interface's specifics
/// (table call_target), to a type-bound procedure of its object's type (call.object_type_id), or
/// to nothing it can know (a dummy procedure, a procedure pointer, a type-bound procedure of a
/// type not loaded).
enum class CallResolution : uint8_t { Name, Procedure, Generic, Binding, Unknown };
SAPFOR_VOCABULARY(CallResolution, "call", "resolution", true, std::string_view("name"), std::string_view("procedure"),
                  std::string_view("generic"), std::string_view("binding"), std::string_view("unknown"));

/// The operator of a recognized reduction or induction update (loc: the location of a MAXLOC/MINLOC).
enum class UpdateOp : uint8_t { Sum, Product, Max, Min, And, Or, Eqv, Neqv, Loc };
SAPFOR_VOCABULARY(UpdateOp, "update_pattern", "op", true, std::string_view("sum"), std::string_view("product"),
                  std::string_view("max"), std::string_view("min"), std::string_view("and"), std::string_view("or"),
                  std::string_view("eqv"), std::string_view("neqv"), std::string_view("loc"));

enum class Severity : uint8_t { Error, Warning, Unsupported, Note };
SAPFOR_VOCABULARY(Severity, "diagnostic", "severity", true, std::string_view("error"), std::string_view("warning"),
                  std::string_view("unsupported"), std::string_view("note"));

// ---- statements ----

/// What a statement is (statement.kind; a logical IF's action: statement.action). Not CHECKed in
/// the schema: a CHECK of a hundred values would cost every insert more than it checks.
enum class StatementKind : uint8_t {
  Unknown,
  // program units
  Program, Subroutine, Function, Module, BlockData, EndUnit, Contains, Entry,
  Interface, EndInterface, ModuleProcedure, TypeDef, EndType, Sequence, Import, Procedure,
  Generic, Final, Enum, Enumerator, EndEnum, Submodule,
  // specifications
  Use, Implicit, TypeDecl, AttrStmt, Parameter, Common, Data, Equivalence, Namelist, Format,
  // executable
  Assignment, PointerAssignment, StatementFunction, Call, If, IfThen, ElseIf, Else, EndIf, ArithIf,
  Do, DoWhile, DoConcurrent, EndDo, SelectCase, Case, CaseDefault, EndSelect,
  Where, WhereConstruct, ElseWhere, EndWhere, Forall, ForallConstruct, EndForall,
  Block, EndBlock, Associate, EndAssociate, SelectType, TypeGuard, SelectRank, RankCase, ImageControl,
  Exit, Cycle, Goto, ComputedGoto, AssignedGoto, Assign, Continue, Return, Stop, Pause,
  Read, Write, Print, Open, Close, Inquire, Backspace, Rewind, Endfile, Flush, Wait,
  Allocate, Deallocate, Nullify,
};
SAPFOR_VOCABULARY(StatementKind, "statement", "kind", false,
                  std::string_view("unknown"), std::string_view("program"), std::string_view("subroutine"),
                  std::string_view("function"), std::string_view("module"), std::string_view("block_data"),
                  std::string_view("end"), std::string_view("contains"), std::string_view("entry"),
                  std::string_view("interface"), std::string_view("end_interface"),
                  std::string_view("module_procedure"), std::string_view("type"), std::string_view("end_type"),
                  std::string_view("sequence"), std::string_view("import"), std::string_view("procedure"),
                  std::string_view("generic"), std::string_view("final"), std::string_view("enum"),
                  std::string_view("enumerator"), std::string_view("end_enum"), std::string_view("submodule"),
                  std::string_view("use"), std::string_view("implicit"), std::string_view("declaration"),
                  std::string_view("attribute"), std::string_view("parameter"), std::string_view("common"),
                  std::string_view("data"), std::string_view("equivalence"), std::string_view("namelist"),
                  std::string_view("format"), std::string_view("assignment"), std::string_view("pointer_assignment"),
                  std::string_view("statement_function"), std::string_view("call"), std::string_view("if"),
                  std::string_view("if_then"), std::string_view("else_if"), std::string_view("else"),
                  std::string_view("end_if"), std::string_view("arithmetic_if"), std::string_view("do"),
                  std::string_view("do_while"), std::string_view("do_concurrent"), std::string_view("end_do"),
                  std::string_view("select_case"), std::string_view("case"), std::string_view("case_default"),
                  std::string_view("end_select"), std::string_view("where"), std::string_view("where_construct"),
                  std::string_view("elsewhere"), std::string_view("end_where"), std::string_view("forall"),
                  std::string_view("forall_construct"), std::string_view("end_forall"), std::string_view("block"),
                  std::string_view("end_block"), std::string_view("associate"), std::string_view("end_associate"),
                  std::string_view("select_type"), std::string_view("type_guard"), std::string_view("select_rank"),
                  std::string_view("rank"), std::string_view("image_control"), std::string_view("exit"),
                  std::string_view("cycle"), std::string_view("goto"), std::string_view("computed_goto"),
                  std::string_view("assigned_goto"), std::string_view("assign"), std::string_view("continue"),
                  std::string_view("return"), std::string_view("stop"), std::string_view("pause"),
                  std::string_view("read"), std::string_view("write"), std::string_view("print"),
                  std::string_view("open"), std::string_view("close"), std::string_view("inquire"),
                  std::string_view("backspace"), std::string_view("rewind"), std::string_view("endfile"),
                  std::string_view("flush"), std::string_view("wait"), std::string_view("allocate"),
                  std::string_view("deallocate"), std::string_view("nullify"));

// ---- the analysis' vocabularies (schema/analysis.sql) ----

/// What a scalar is to a loop.
enum class TraitKind : uint8_t { ReadOnly, Private, Induction, Reduction, Shared };
SAPFOR_VOCABULARY(TraitKind, "loop_trait", "trait", true, std::string_view("readonly"), std::string_view("private"),
                  std::string_view("induction"), std::string_view("reduction"), std::string_view("shared"));

/// Why a loop is not parallel as written (loop_reason.kind): a dependence (its kind, or unknown),
/// a scalar, an induction, a value live after the loop, no counted loop control, an irregular
/// loop variable or step, an obstacle (the loop_obstacle kinds), a nest that is not rectangular,
/// an analysis too complex to finish; a parallel nest too small for the expert to propose, a call
/// of something that runs on the host only, a nest whose procedure runs inside another proposed
/// nest's kernel (notes). Not CHECKed in the schema.
enum class ReasonKind : uint8_t {
  Flow, Anti, Output, Unknown, Scalar, Induction, LiveAfter, NotCounted, Irregular,
  Io, Stop, GotoOut, Exit, Return, Call, Unparsed, NonRectangular, TooComplex, TooFewIterations, HostOnly,
  InsideKernel, NearlyPrivate, NeverRuns,
};
SAPFOR_VOCABULARY(ReasonKind, "loop_reason", "kind", false, std::string_view("flow"), std::string_view("anti"),
                  std::string_view("output"), std::string_view("unknown"), std::string_view("scalar"),
                  std::string_view("induction"), std::string_view("live_after"), std::string_view("not_counted"),
                  std::string_view("irregular"), std::string_view("io"), std::string_view("stop"),
                  std::string_view("goto_out"), std::string_view("exit"), std::string_view("return"),
                  std::string_view("call"), std::string_view("unparsed"), std::string_view("non_rectangular"),
                  std::string_view("too_complex"), std::string_view("too_few_iterations"), std::string_view("host_only"),
                  std::string_view("inside_kernel"), std::string_view("nearly_private"),
                  std::string_view("never_runs"));

enum class DependenceKind : uint8_t { Flow, Anti, Output };
SAPFOR_VOCABULARY(DependenceKind, "dependence", "kind", true, std::string_view("flow"), std::string_view("anti"),
                  std::string_view("output"));

#undef SAPFOR_VOCABULARY

/// The name the database stores for a value.
template <typename E>
constexpr std::string_view nameOf(E value) {
  return Vocabulary<E>::names[static_cast<size_t>(value)];
}

/// The value a stored name stands for; nullopt for a name not in the vocabulary.
template <typename E>
constexpr std::optional<E> named(std::string_view name) {
  for (size_t i = 0; i < Vocabulary<E>::names.size(); ++i)
    if (Vocabulary<E>::names[i] == name) return static_cast<E>(i);
  return std::nullopt;
}

/// Moves data in or out of the program: READ, WRITE, PRINT, OPEN, CLOSE, INQUIRE, the file
/// positioning statements, FLUSH, WAIT.
constexpr bool isInputOutput(StatementKind kind) {
  using K = StatementKind;
  return kind == K::Read || kind == K::Write || kind == K::Print || kind == K::Open || kind == K::Close ||
         kind == K::Inquire || kind == K::Backspace || kind == K::Rewind || kind == K::Endfile || kind == K::Flush ||
         kind == K::Wait;
}

/// Runs when control reaches it (not a program unit's heading, a declaration, a FORMAT, a
/// statement function: the enum lists the others before Assignment).
constexpr bool isExecutable(StatementKind kind) {
  return kind >= StatementKind::Assignment && kind != StatementKind::StatementFunction;
}

/// Between the arms of a construct, read where the construct is: ELSE IF, CASE, ELSEWHERE,
/// TYPE IS / CLASS IS, RANK.
constexpr bool isConstructCondition(StatementKind kind) {
  using K = StatementKind;
  return kind == K::ElseIf || kind == K::Case || kind == K::ElseWhere || kind == K::TypeGuard || kind == K::RankCase;
}

/// Sends control somewhere else than the next statement: GO TO of every kind, arithmetic IF,
/// CYCLE, EXIT, RETURN, STOP.
constexpr bool transfersControl(StatementKind kind) {
  using K = StatementKind;
  return kind == K::Goto || kind == K::ComputedGoto || kind == K::AssignedGoto || kind == K::ArithIf ||
         kind == K::Cycle || kind == K::Exit || kind == K::Return || kind == K::Stop;
}

/// Calls `visit(Vocabulary<E>{})` for every vocabulary above (the schema test walks them).
template <typename Visit>
void forEachVocabulary(Visit&& visit) {
  visit(Vocabulary<SourceForm>{});
  visit(Vocabulary<ProcedureKind>{});
  visit(Vocabulary<Storage>{});
  visit(Vocabulary<LoopKind>{});
  visit(Vocabulary<ObstacleKind>{});
  visit(Vocabulary<BlockKind>{});
  visit(Vocabulary<Access>{});
  visit(Vocabulary<RefContext>{});
  visit(Vocabulary<CallKind>{});
  visit(Vocabulary<CallResolution>{});
  visit(Vocabulary<UpdateOp>{});
  visit(Vocabulary<Severity>{});
  visit(Vocabulary<StatementKind>{});
  visit(Vocabulary<TraitKind>{});
  visit(Vocabulary<DependenceKind>{});
  visit(Vocabulary<ReasonKind>{});
}

/// The reason an obstacle, or a dependence of a kind, is.
constexpr ReasonKind reasonOf(ObstacleKind kind) {
  switch (kind) {
    case ObstacleKind::Io: return ReasonKind::Io;
    case ObstacleKind::Stop: return ReasonKind::Stop;
    case ObstacleKind::GotoOut: return ReasonKind::GotoOut;
    case ObstacleKind::Exit: return ReasonKind::Exit;
    case ObstacleKind::Return: return ReasonKind::Return;
    case ObstacleKind::Call: return ReasonKind::Call;
    case ObstacleKind::Unparsed: return ReasonKind::Unparsed;
  }
  return ReasonKind::Unparsed;
}
constexpr ReasonKind reasonOf(DependenceKind kind) {
  switch (kind) {
    case DependenceKind::Flow: return ReasonKind::Flow;
    case DependenceKind::Anti: return ReasonKind::Anti;
    case DependenceKind::Output: return ReasonKind::Output;
  }
  return ReasonKind::Unknown;
}

}  // namespace sapfor::facts

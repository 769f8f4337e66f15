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

/// The operator of a recognized reduction or induction update (loc: the location of a MAXLOC/MINLOC).
enum class UpdateOp : uint8_t { Sum, Product, Max, Min, And, Or, Eqv, Neqv, Loc };
SAPFOR_VOCABULARY(UpdateOp, "update_pattern", "op", true, std::string_view("sum"), std::string_view("product"),
                  std::string_view("max"), std::string_view("min"), std::string_view("and"), std::string_view("or"),
                  std::string_view("eqv"), std::string_view("neqv"), std::string_view("loc"));

enum class Severity : uint8_t { Error, Warning, Unsupported, Note };
SAPFOR_VOCABULARY(Severity, "diagnostic", "severity", true, std::string_view("error"), std::string_view("warning"),
                  std::string_view("unsupported"), std::string_view("note"));

// ---- the analysis' vocabularies (schema/analysis.sql) ----

/// What a scalar is to a loop.
enum class TraitKind : uint8_t { ReadOnly, Private, Induction, Reduction, Shared };
SAPFOR_VOCABULARY(TraitKind, "loop_trait", "trait", true, std::string_view("readonly"), std::string_view("private"),
                  std::string_view("induction"), std::string_view("reduction"), std::string_view("shared"));

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
  visit(Vocabulary<UpdateOp>{});
  visit(Vocabulary<Severity>{});
  visit(Vocabulary<TraitKind>{});
  visit(Vocabulary<DependenceKind>{});
}

}  // namespace sapfor::facts

/// @file Expression.hpp
/// The program's expressions as the database keeps them: a tree per expression, stored as JSON
/// (statement.expr, loop.bounds, call_arg.expr, dimension.bounds), so that a stage below the front
/// end (and a user, with SQLite's json_tree) sees what a statement computes without parsing Fortran.
///
/// A node is one of
///   "a"                          a name: a variable, a procedure passed on
///   ["constant", "n"(, VALUE)]   a named constant (PARAMETER); VALUE, the value the front end
///                                folded, as a literal node of the constant's type: 5 or
///                                ["int", 5, 8]; ["real", "0.25", 8] (the shortest digits that
///                                read back the same double); ["logical", 1]
///   5                            an integer literal of default kind
///   ["int", 5, KIND]             an integer literal with a kind: the folded kind (a number), or
///                                the suffix as written (a string) when it did not fold
///   ["real", "1.5d0"(, KIND)]    a real literal as written (lower case)
///   ["logical", 1(, KIND)]       .true. (1) or .false. (0)
///   ["string", "'it''s'"(, KIND)] a character literal as written, its quotes included
///   ["boz", "z'ff'"]             a BOZ literal
///   [OP, x, y] / [OP, x]         an operator by its spelling: + - * / ** // == /= < <= > >=
///                                .and. .or. .not. .eqv. .neqv. or a defined .op.; one operand:
///                                unary (- + .not.)
///   ["element", "a", s...]       an array element; ["section", "a", s...] an array section
///   ["substring", "s", r]        a substring of a scalar
///   ["call", "f", arg...]        a user function; ["intrinsic", "sqrt", arg...] an intrinsic;
///                                ["statement_function", "f", arg...]; ["apply", "f", arg...] a
///                                name with arguments the front end could not resolve
///   ["subscript", base, s...]    subscripts (or a substring) of a designator that is not a name
///   ["component", base, "x"]     base%x
///   ["binding", obj, "f", arg...] obj%f(arg...): a type-bound function (or a procedure pointer
///                                component) of obj's type
///   ["paren", x]  ["complex", re, im]  ["array", item...]  ["star"]  ["alt_return", 10]
///   ["range", lo, hi, stride]    lo:hi:stride, null for an omitted part
///   ["keyword", "kind", value]   kind=value (a keyword argument, an I/O specifier)
///   ["implied_do", "i", lo, hi, step, item...]   (item..., i = lo, hi, step); step null if omitted
///   null                         an omitted part (a range's bound, a DO's step)
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace sapfor::facts {

enum class ExpressionKind : uint8_t {
  Null, Name, Integer, Real, Logical, String, Boz, Operator, Element, Section, Substring, Call, Intrinsic,
  StatementFunction, Apply, Subscript, Component, Paren, Complex, Array, Range, Keyword, ImpliedDo, Star,
  AltReturn, Constant, Binding,
};

/// The tag a kind's node begins with in JSON ("" for a name, an operator and null, which have none).
std::string_view tagOf(ExpressionKind kind);

struct Expression {
  ExpressionKind kind = ExpressionKind::Null;
  /// Name, Constant: the name; Element .. Apply: the name applied; Operator: its spelling; literals but
  /// Integer and Logical: the spelling; Component: the component; Binding: the binding; Keyword:
  /// the keyword; ImpliedDo: its variable.
  std::string text;
  int64_t value = 0;  ///< Integer: its value; Logical: 0 or 1; AltReturn: the label
  /// Literals: the kind, folded (a number) or as written (a string); monostate: none.
  std::variant<std::monostate, int64_t, std::string> literalKind;
  /// Operands, arguments or subscripts in order; Subscript, Component and Binding: the base first;
  /// Range: lo, hi, stride; ImpliedDo: lo, hi, step, then the items; Constant: its value, when
  /// known (an Integer, Real or Logical literal).
  std::vector<Expression> args;

  bool operator==(const Expression&) const = default;
  bool isNull() const { return kind == ExpressionKind::Null; }
};

/// statement.expr: a statement's expressions as the front end parsed them, in a JSON object whose
/// members are present when not empty: "name" (the DO variable, the callee, the construct of an
/// EXIT), "exprs" (the statement's expressions: an assignment's target and value, a condition, a
/// DO's lower, upper and step, a call's arguments, an I/O statement's control list...), "items"
/// (an I/O statement's data), "action" (a logical IF's action, an object alike).
struct StatementExpressions {
  std::string name;
  std::vector<Expression> exprs, items;
  std::vector<StatementExpressions> action;  ///< none or one
  bool operator==(const StatementExpressions&) const = default;
};

/// Malformed JSON, or JSON that is not an expression of the form above.
class ExpressionFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A tree nested deeper than kMaxExpressionDepth: well-formed, but more than a reader walks (its
/// recursion, and every walk of the tree after it, would need that much stack).
class ExpressionTooDeep : public ExpressionFormatError {
 public:
  using ExpressionFormatError::ExpressionFormatError;
};
inline constexpr int kMaxExpressionDepth = 10000;

/// The value of an integer literal, or of a named constant the front end folded to an integer.
std::optional<int64_t> integerValue(const Expression& e);

/// The value of a LOGICAL expression made of literals and named constants the front end folded
/// (`data_spec_int == DATA_SPEC_THERMAL`, `.not. debug`): .NOT., .AND., .OR., .EQV., .NEQV. and
/// the comparisons of integers; nullopt when some operand is not such a constant.
std::optional<bool> logicalValue(const Expression& e);

/// `e` without the parentheses around it: ((x)) is x.
const Expression& withoutParens(const Expression& e);

/// `what` names the JSON in the error message (a column of a row: "loop k:1's bounds").
Expression parseExpression(std::string_view json, const std::string& what = "an expression");
/// A JSON array of expressions (loop.bounds, dimension.bounds).
std::vector<Expression> parseExpressionList(std::string_view json, const std::string& what = "an expression list");
StatementExpressions parseStatementExpressions(std::string_view json, const std::string& what = "a statement's expressions");

void appendJson(const Expression& e, std::string& out);
std::string toJson(const Expression& e);
std::string toJson(const std::vector<Expression>& list);
std::string toJson(const StatementExpressions& s);

/// A JSON string literal's body for `text` (quotes, backslashes and control characters escaped).
void appendJsonString(std::string_view text, std::string& out);
/// A JSON number for `v`.
void appendJsonInteger(int64_t v, std::string& out);

/// The expression as Fortran, normalized as the database's text columns are (lower case, no
/// blanks: `a(i-1,j)`); a folded literal kind is written as its number.
std::string fortranText(const Expression& e);

}  // namespace sapfor::facts

/// @file Ast.hpp
/// The abstract syntax of one Fortran statement (or directive) as the grammar builds it. A name
/// with an argument list (`a(i)`) is left as `Apply` until the symbol pass decides whether it is
/// an array element, a function call or a substring.
#pragma once

#include "facts/Vocabulary.hpp"
#include "frontend/SourceFile.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sapfor::frontend {

enum class ExprKind : uint8_t {
  IntLiteral,      ///< text = spelling, intValue = value, kindText = _kind suffix
  RealLiteral,     ///< text = spelling (exponent letter tells d/q), kindText = _kind suffix
  LogicalLiteral,  ///< intValue = 0/1
  StringLiteral,   ///< text = the literal with its quotes
  BozLiteral,      ///< text = spelling
  Name,            ///< text = name
  Apply,           ///< text = name, args = argument or subscript list
  Subscript,       ///< args[0] = base, args[1..] = subscripts (substring of an element, ...)
  Component,       ///< args[0] = base, text = component name
  Unary,           ///< op, args[0]
  Binary,          ///< op, args[0], args[1]
  Paren,           ///< (args[0])
  Complex,         ///< (args[0], args[1])
  Range,           ///< lo:hi:stride, args[0..2] may be null
  Keyword,         ///< text = name, args[0] = value: `kind=8`, `unit=5`
  ArrayCtor,       ///< (/ args /) or [ args ]
  ImpliedDo,       ///< (args[0..items-1], text = lo, hi [, step]): controls are the last 2 or 3 args
  Star,            ///< `*` as a unit, format or length
  AltReturn,       ///< *label as an actual argument: intValue = label
  BindingCall,     ///< obj%f(args): a type-bound function; text = f, args[0] = obj, args[1..] = arguments
};

enum class Op : uint8_t {
  None, Add, Sub, Mul, Div, Pow, Concat,
  Eq, Ne, Lt, Le, Gt, Ge,
  And, Or, Not, Eqv, Neqv,
  Neg, Plus, Defined,
};
const char* opSpelling(Op op);

/// What the symbol pass decided a Name/Apply refers to.
enum class RefKind : uint8_t {
  Unresolved,
  Variable,          ///< a scalar variable
  NamedConstant,     ///< a PARAMETER
  ArrayElement,      ///< a(i, j)
  ArraySection,      ///< a(:, j)
  WholeArray,        ///< a (an array named without subscripts)
  Substring,         ///< s(1:3)
  IntrinsicCall,     ///< sqrt(x)
  FunctionCall,      ///< a user (external, module or internal) function
  StatementFunction, ///< f(x) defined by a statement function
  Procedure,         ///< a procedure name passed as an argument
};

struct Symbol;
struct Expr;
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

struct Expr {
  ExprKind kind = ExprKind::Name;
  Op op = Op::None;
  RefKind ref = RefKind::Unresolved;
  uint16_t impliedItems = 0;  ///< ImpliedDo: how many of args are items
  int16_t literalKind = 0;    ///< literals: the kind, once the symbol pass folded the suffix
  SourcePos pos;
  std::string text;
  std::string kindText;  ///< literal kind suffix: 8 in 1.0_8, dp in 1.0_dp
  int64_t intValue = 0;
  ExprList args;
  Symbol* symbol = nullptr;  ///< set by the symbol pass for names of variables and constants

  Expr() = default;
  Expr(ExprKind k, SourcePos p) : kind(k), pos(p) {}
};

ExprPtr makeExpr(ExprKind kind, SourcePos pos);
ExprPtr makeUnary(Op op, ExprPtr operand, SourcePos pos);
ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, SourcePos pos);

/// The source text of an expression, normalized: lower case, no blanks (`a(i-1,j)`).
std::string exprText(const Expr& expr);
/// The variable an expression names: `a` for a, a(i), a(i)%x, a(1:2); else its text.
std::string baseName(const Expr& e);

// ---- declarations ---------------------------------------------------------------------------

enum class BaseType : uint8_t { None, Integer, Real, DoublePrecision, Complex, DoubleComplex, Logical, Character, Derived };

struct TypeSpec {
  BaseType base = BaseType::None;
  ExprPtr kind;         ///< (kind) or (kind=...)
  ExprPtr len;          ///< character length; Star for (*)
  int starSize = 0;     ///< REAL*8: 8
  std::string derived;  ///< TYPE(name), CLASS(name)
  bool polymorphic = false;  ///< CLASS(name), CLASS(*)
};

struct DimSpec {
  ExprPtr lower;          ///< null when omitted
  ExprPtr upper;          ///< null for `:` and `*`
  bool assumedSize = false;  ///< upper bound `*`
  bool colon = false;        ///< `:` or `lo:` (assumed or deferred shape)
  bool assumedRank = false;  ///< `..`: any rank
};
using ArraySpec = std::vector<DimSpec>;

enum class AttrKind : uint8_t {
  Parameter, Dimension, Allocatable, Pointer, Target, Save, Intent, Optional, Public, Private,
  External, Intrinsic, Value, Volatile, Protected, Contiguous, Asynchronous, Bind, Other,
};

struct Attr {
  AttrKind kind = AttrKind::Other;
  ArraySpec dims;      ///< DIMENSION(...)
  std::string intent;  ///< in, out, inout
  SourcePos pos;
};

struct Entity {
  std::string name;
  SourcePos pos;
  bool hasDims = false;
  ArraySpec dims;
  ExprPtr charLen;  ///< name*len
  ExprPtr init;     ///< = value or => null()
};

struct CommonGroup {
  std::string block;  ///< "" for blank COMMON
  std::vector<Entity> entities;
};

struct ImplicitRule {
  TypeSpec type;
  std::vector<std::pair<char, char>> letters;
};

/// RECURSIVE, PURE, ELEMENTAL, IMPURE and a result type in front of FUNCTION/SUBROUTINE.
struct ProcedurePrefix {
  std::vector<std::string> words;
  TypeSpec type;
};

struct UseRename {
  std::string local;
  std::string remote;
};

// ---- statements -----------------------------------------------------------------------------

/// The statement kinds are the database's vocabulary (facts/Vocabulary.hpp).
using StmtKind = facts::StatementKind;
inline const char* stmtKindName(StmtKind kind) { return facts::nameOf(kind).data(); }
using facts::isExecutable;
using facts::isInputOutput;

struct DeclData {
  TypeSpec type;
  std::vector<Attr> attrs;
  std::vector<Entity> entities;
  std::vector<CommonGroup> commons;
  std::vector<ExprList> equivalences;  ///< EQUIVALENCE: the sets, each a list of names and elements
  std::vector<ImplicitRule> implicitRules;  ///< empty with implicitNone = IMPLICIT NONE
  bool implicitNone = false;
  bool saveAll = false;  ///< SAVE without a list: every local variable of the unit
  /// Declared inside a BLOCK construct: the variables it declares are merged with the unit's
  /// names (one symbol for a BLOCK's t and the unit's t; see Symbol::blockLocal).
  bool inBlock = false;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

/// One statement. Which fields a kind uses:
///   Assignment, PointerAssignment: exprs = [lhs, rhs]
///   Do: name = variable, exprs = [lower, upper, step?]; DoWhile: exprs = [condition];
///   DoConcurrent: exprs = Keyword(var = Range) per index, then an optional mask
///   Do*, with a label: labels = [terminal label]
///   If: exprs = [condition], action; IfThen, ElseIf, Where*, SelectCase: exprs = [condition]
///   ArithIf: exprs = [value], labels = 3 targets; Goto: labels; ComputedGoto: labels, exprs = [index]
///   AssignedGoto: name, labels; Assign: labels = [label], name
///   Call: name = callee, exprs = arguments; a type-bound procedure's (CALL obj%p(x)): name = obj%p,
///     text = p, items = [obj]; Return, Stop, Pause: exprs = [value?]
///   Exit, Cycle, End*: name = construct or unit name
///   Case: exprs = values and Ranges; TypeGuard: names = [the derived type of TYPE IS / CLASS IS],
///     text = default for CLASS DEFAULT; SelectType: exprs = [selector], name = associate name
///   Read/Write/Print/...: exprs = control list, items = data transfer list
///   Allocate/Deallocate/Nullify: exprs = objects and keyword options
///   Program/Subroutine/Function/Module/BlockData/Entry: name, names = dummy arguments,
///     resultName, prefix, decl->type for a typed function
///   TypeDecl/AttrStmt/Common/Implicit: decl; Parameter: exprs = Keyword(name = value)
///   Equivalence: decl->equivalences; Namelist: names = "/group" then its members, group by group
///   Use: name = module, renames, onlyList; ModuleProcedure: names; EndUnit: unitKeyword
///   Procedure: name = interface, names, renames = name => target, attributes
///   Generic: name = the generic binding (empty for OPERATOR(...), ...), names = its bindings
///   TypeDef: name, attributes (abstract, extends(parent))
///   Interface: name = a generic interface's name; text = operator, assignment, ... for those
///   Data: names = the variables its objects name (the values are not kept)
struct Stmt {
  StmtKind kind = StmtKind::Unknown;
  bool parsed = true;       ///< false: a syntax error; only `kind` (from the classifier) is known
  uint32_t seq = 0;         ///< position among the statements and directives of its file
  int fileIndex = 0;
  SourcePos pos;
  uint32_t endLine = 0;
  int label = 0;
  std::string constructName;
  std::string name;
  std::vector<std::string> names;
  ExprList exprs;
  ExprList items;
  std::vector<int> labels;
  StmtPtr action;
  std::unique_ptr<DeclData> decl;
  std::vector<UseRename> renames;
  bool onlyList = false;
  std::string prefix;       ///< procedure prefix: pure, elemental, recursive
  std::string resultName;   ///< FUNCTION ... RESULT(r)
  std::string unitKeyword;  ///< END PROGRAM/SUBROUTINE/...: which; Read/Write...: the keyword
  std::string text;         ///< Format: the format specification
  /// Procedure: attributes (pointer, nopass, pass(x), deferred); TypeDef: abstract, extends(p).
  std::vector<std::string> attributes;
};

StmtPtr makeStmt(StmtKind kind, SourcePos pos);

// ---- directives -----------------------------------------------------------------------------

/// Kinds of DVMH directives the grammar understands; anything else is recorded, not parsed.
enum class DirectiveKind : uint8_t {
  Parallel, Region, EndRegion, Actual, GetActual, Distribute, Align, Template, Shadow, Inherit,
  OtherDvm, Foreign,
};
const char* directiveKindName(DirectiveKind kind);

/// One item of a clause list, with its optional `prefix:` (a reduction group, ACROSS in:/out:).
struct ClauseItem {
  std::string prefix;
  ExprPtr expr;
};

/// `name` or `name(items)`: REDUCTION(...), PRIVATE(...), ACROSS(...), IN(...) of a REGION, ...
struct DirectiveClause {
  std::string name;
  SourcePos pos;
  bool hasList = false;
  std::vector<ClauseItem> items;
};

struct DirectiveAst {
  DirectiveKind kind = DirectiveKind::OtherDvm;
  SourcePos pos;
  std::vector<std::string> loopVars;  ///< PARALLEL (j, i)
  ExprPtr on;                         ///< PARALLEL ... ON a(i, j)
  std::vector<DirectiveClause> clauses;
  ExprList items;                     ///< ACTUAL(list); DISTRIBUTE/ALIGN/... operands
  ExprPtr target;                     ///< ALIGN ... WITH target, DISTRIBUTE ... ONTO target
  std::vector<std::string> names;     ///< DISTRIBUTE/ALIGN ... :: names
};

}  // namespace sapfor::frontend

/// @file OperationCounter.cpp
/// The classes are those of FRONTEND.md "Operation classes"; where that text leaves a case open
/// the choice is written here and in the README.
#include "lexer/OperationCounter.hpp"

#include "lexer/Intrinsics.hpp"
#include "lexer/Semantics.hpp"

namespace sapfor::lexer {

OpCounts& OpCounts::operator+=(const OpCounts& o) {
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

bool OpCounts::operator==(const OpCounts& o) const {
  return arith == o.arith && div == o.div && trans == o.trans && logic == o.logic && conv == o.conv &&
         branch == o.branch && call == o.call && idx == o.idx;
}

int64_t powerMultiplications(int64_t n) {
  if (n <= 1) return 0;
  int64_t floorLog2 = 63 - __builtin_clzll(static_cast<unsigned long long>(n));
  return floorLog2 + __builtin_popcountll(static_cast<unsigned long long>(n)) - 1;
}

namespace {

/// A numeric value of type `from` used where `to` is needed costs a conversion.
bool converts(const TypeInfo& from, const TypeInfo& to) {
  if (!from.numeric() || !to.numeric()) return false;
  if (from.base != to.base) return true;
  return from.kind != 0 && to.kind != 0 && from.kind != to.kind;
}

/// The constant integer value of an exponent, also for a real constant with an integral value
/// (gfortran turns x**2.0 into x*x).
std::optional<int64_t> integralExponent(const Expr& e) {
  if (!isConstantExpr(e)) return std::nullopt;
  const Expr* v = &e;
  bool negative = false;
  while (v->kind == ExprKind::Paren || (v->kind == ExprKind::Unary && (v->op == Op::Neg || v->op == Op::Plus))) {
    if (v->kind == ExprKind::Unary && v->op == Op::Neg) negative = !negative;
    v = v->args[0].get();
  }
  std::optional<int64_t> n;
  if (v->kind == ExprKind::IntLiteral) n = v->intValue;
  if (v->kind == ExprKind::Name && v->symbol && v->symbol->value.isInteger()) n = v->symbol->value.i;
  if (v->kind == ExprKind::RealLiteral || (v->kind == ExprKind::Name && v->symbol && v->symbol->value.kind == ConstValue::Kind::Real)) {
    double r = v->kind == ExprKind::RealLiteral ? std::strtod(v->text.c_str(), nullptr) : v->symbol->value.r;
    if (v->kind == ExprKind::RealLiteral) {
      std::string t = v->text;
      for (char& c : t)
        if (c == 'd' || c == 'q') c = 'e';
      r = std::strtod(t.c_str(), nullptr);
    }
    if (r == static_cast<double>(static_cast<int64_t>(r))) n = static_cast<int64_t>(r);
  }
  if (n && negative) n = -*n;
  return n;
}

bool isInquiry(const std::string& name) {
  return name == "size" || name == "lbound" || name == "ubound" || name == "shape" || name == "allocated" ||
         name == "associated" || name == "present" || name == "kind" || name == "len" || name == "rank";
}

class Counter {
 public:
  explicit Counter(OpCounts& counts) : c_(counts) {}

  void expr(const Expr& e) {
    // The compiler folds an expression of constants (literals, PARAMETERs): nothing runs.
    if (isConstantExpr(e)) return;
    switch (e.kind) {
      case ExprKind::Apply:
        apply(e);
        return;
      case ExprKind::Subscript:
        expr(*e.args[0]);
        subscripts(e, 1);
        return;
      case ExprKind::Unary:
        if (e.op == Op::Neg) add(c_.arith);
        if (e.op == Op::Not) add(c_.logic);
        expr(*e.args[0]);
        return;
      case ExprKind::Binary:
        binary(e);
        return;
      default:
        for (const auto& a : e.args)
          if (a) expr(*a);
        return;
    }
  }

  void assignment(const Expr& lhs, const Expr& rhs) {
    // The target's subscripts are address arithmetic; the value may need converting to its type.
    if (lhs.kind == ExprKind::Apply || lhs.kind == ExprKind::Subscript) subscripts(lhs, lhs.kind == ExprKind::Subscript ? 1 : 0);
    if (lhs.kind == ExprKind::Subscript) expr(*lhs.args[0]);
    expr(rhs);
    if (!isConstantExpr(rhs) && converts(typeOf(rhs), typeOf(lhs))) add(c_.conv);
  }

 private:
  /// In a subscript every operation is address arithmetic, whatever its class.
  void add(int64_t& counter, int64_t n = 1) { (inSubscript_ ? c_.idx : counter) += n; }

  void subscripts(const Expr& e, size_t from) {
    bool outer = inSubscript_;
    inSubscript_ = true;
    for (size_t i = from; i < e.args.size(); ++i)
      if (e.args[i]) expr(*e.args[i]);
    inSubscript_ = outer;
  }

  void apply(const Expr& e) {
    switch (e.ref) {
      case RefKind::ArrayElement:
      case RefKind::ArraySection:
      case RefKind::Substring:
        subscripts(e, 0);
        return;
      case RefKind::FunctionCall:
      case RefKind::StatementFunction:
        c_.call += 1;
        break;
      case RefKind::IntrinsicCall:
        intrinsic(e);
        if (isInquiry(e.text)) return;
        break;
      default:
        break;
    }
    for (const auto& a : e.args)
      if (a) expr(*a);
  }

  void intrinsic(const Expr& e) {
    const IntrinsicInfo* info = findIntrinsic(e.text);
    if (!info) return;
    size_t positional = 0;
    bool constantArgs = true;
    for (const auto& a : e.args) {
      if (!a || a->kind == ExprKind::Keyword) continue;
      ++positional;
      constantArgs &= isConstantExpr(*a);
    }
    switch (info->cls) {
      case IntrinsicClass::Arith: add(c_.arith); break;
      case IntrinsicClass::MinMax: if (positional > 1) add(c_.arith, static_cast<int64_t>(positional - 1)); break;
      case IntrinsicClass::Trans: add(c_.trans); break;
      case IntrinsicClass::Conv: if (!constantArgs) add(c_.conv); break;  // the compiler converts constants
      case IntrinsicClass::Other: break;
    }
  }

  void binary(const Expr& e) {
    const Expr& a = *e.args[0];
    const Expr& b = *e.args[1];
    expr(a);
    expr(b);
    switch (e.op) {
      case Op::Add: case Op::Sub: case Op::Mul:
        add(c_.arith);
        mixedMode(a, b);
        return;
      case Op::Div:
        add(c_.div);
        mixedMode(a, b);
        return;
      case Op::Pow:
        power(a, b);
        return;
      case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
        add(c_.logic);
        mixedMode(a, b);
        return;
      case Op::And: case Op::Or: case Op::Eqv: case Op::Neqv:
        add(c_.logic);
        return;
      default:
        return;  // concatenation and defined operators are not counted
    }
  }

  /// Mixed-mode arithmetic converts the narrower operand, unless it is a constant.
  void mixedMode(const Expr& a, const Expr& b) {
    TypeInfo ta = typeOf(a), tb = typeOf(b);
    if (!ta.numeric() || !tb.numeric()) return;
    TypeInfo common = promote(ta, tb);
    if (!isConstantExpr(a) && converts(ta, common)) add(c_.conv);
    if (!isConstantExpr(b) && converts(tb, common)) add(c_.conv);
  }

  /// x**n with a constant integral n: repeated squaring, and a division for n < 0; with a
  /// non-constant integer n: a run-time power routine, counted as one transcendental; with a
  /// real exponent: exp(y*log(x)), two transcendentals and a multiplication.
  void power(const Expr& base, const Expr& exponent) {
    if (auto n = integralExponent(exponent)) {
      add(c_.arith, powerMultiplications(*n < 0 ? -*n : *n));
      if (*n < 0) add(c_.div);
      return;
    }
    TypeInfo tb = typeOf(base), te = typeOf(exponent);
    if (te.base == BaseType::Integer) {
      add(c_.trans);
      return;
    }
    add(c_.trans, 2);
    add(c_.arith);
    TypeInfo common = promote(tb, te);
    if (!isConstantExpr(base) && converts(tb, common)) add(c_.conv);
    if (!isConstantExpr(exponent) && converts(te, common)) add(c_.conv);
  }

  OpCounts& c_;
  bool inSubscript_ = false;
};

void countStatement(const Stmt& s, OpCounts& c) {
  if (!s.parsed) return;
  Counter counter(c);
  switch (s.kind) {
    case StmtKind::Assignment:
      counter.assignment(*s.exprs[0], *s.exprs[1]);
      return;
    case StmtKind::PointerAssignment:
    case StmtKind::StatementFunction:
    case StmtKind::Allocate:
    case StmtKind::Deallocate:
    case StmtKind::Nullify:
      return;
    case StmtKind::If:
      c.branch += 1;
      counter.expr(*s.exprs[0]);
      if (s.action) countStatement(*s.action, c);
      return;
    case StmtKind::IfThen:
    case StmtKind::ElseIf:
    case StmtKind::ArithIf:
    case StmtKind::ComputedGoto:
      c.branch += 1;
      break;
    case StmtKind::Case:
      c.branch += 1;
      return;  // the CASE values are constants
    case StmtKind::Call:
      c.call += 1;
      break;
    case StmtKind::Where:
      counter.expr(*s.exprs[0]);
      if (s.action) countStatement(*s.action, c);
      return;
    default:
      break;
  }
  for (const auto& e : s.exprs)
    if (e) counter.expr(*e);
  for (const auto& e : s.items)
    if (e) counter.expr(*e);
}

}  // namespace

OpCounts countOperations(const Stmt& statement) {
  OpCounts counts;
  countStatement(statement, counts);
  return counts;
}

OpCounts countOperations(const Expr& expression) {
  OpCounts counts;
  Counter(counts).expr(expression);
  return counts;
}

}  // namespace sapfor::lexer

/// @file OperationCounter.cpp
/// The classes are those of FRONTEND.md "Operation classes"; where that text leaves a case open
/// the choice is written here and in the README.
#include "frontend/OperationCounter.hpp"

#include "frontend/CheckedArithmetic.hpp"
#include "facts/Intrinsics.hpp"
#include "frontend/Semantics.hpp"

namespace sapfor::frontend {
using facts::findIntrinsic;
using facts::IntrinsicClass;
using facts::IntrinsicInfo;


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
/// The caller knows `e` is constant.
std::optional<int64_t> integralExponent(const Expr& e) {
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
    std::optional<int64_t> integral = truncatedToInteger(r);
    if (integral && r == static_cast<double>(*integral)) n = integral;
  }
  if (n && negative) n = checkedNeg(*n);
  return n;
}


/// What counting a subexpression learns on the way up: its type, and whether the compiler folds it.
struct ExprInfo {
  TypeInfo type;
  bool constant = false;
};

/// One bottom-up pass per expression: each node's operations are added to the counts only when
/// the node is not a constant expression, and its type comes from its operands' (a walk per node
/// would be quadratic in a long expression).
class Counter {
 public:
  explicit Counter(OpCounts& counts) : c_(counts) {}

  ExprInfo expr(const Expr& e) { return child(e, c_); }

  void assignment(const Expr& lhs, const Expr& rhs) {
    // The target's subscripts are address arithmetic; the value may need converting to its type.
    if (lhs.kind == ExprKind::Apply) subscripts(lhs, 0, c_);
    if (lhs.kind == ExprKind::Subscript) {
      expr(*lhs.args[0]);
      subscripts(lhs, 1, c_);
    }
    ExprInfo value = expr(rhs);
    if (!value.constant && converts(value.type, typeOf(lhs))) add(c_, c_.conv);
  }

 private:
  /// In a subscript every operation is address arithmetic, whatever its class.
  void add(OpCounts& into, int64_t& counter, int64_t n = 1) {
    if (inSubscript_)
      into.idx += n;
    else
      counter += n;
  }

  void subscripts(const Expr& e, size_t from, OpCounts& into) {
    bool outer = inSubscript_;
    inSubscript_ = true;
    for (size_t i = from; i < e.args.size(); ++i)
      if (e.args[i]) child(*e.args[i], into);
    inSubscript_ = outer;
  }

  /// Counts `e` into `into` unless it is a constant expression, which the compiler folds.
  ExprInfo child(const Expr& e, OpCounts& into) {
    OpCounts own;
    ExprInfo info = visit(e, own);
    if (!info.constant) into += own;
    return info;
  }

  /// The operations of `e` itself and of its non-constant parts.
  ExprInfo visit(const Expr& e, OpCounts& into) {
    switch (e.kind) {
      case ExprKind::IntLiteral: case ExprKind::RealLiteral: case ExprKind::LogicalLiteral:
      case ExprKind::StringLiteral: case ExprKind::BozLiteral:
        return {typeOf(e), true};
      case ExprKind::Name:
        return {e.symbol ? e.symbol->type : TypeInfo{}, e.ref == RefKind::NamedConstant};
      case ExprKind::Paren:
        return child(*e.args[0], into);
      case ExprKind::Apply:
        return apply(e, into);
      case ExprKind::BindingCall:
        into.call += 1;
        for (const auto& a : e.args)
          if (a) child(a->kind == ExprKind::Keyword ? *a->args[0] : *a, into);
        return {typeOf(e), false};
      case ExprKind::Subscript: {
        ExprInfo base = child(*e.args[0], into);
        subscripts(e, 1, into);
        return {base.type, false};
      }
      case ExprKind::Unary: {
        ExprInfo operand = child(*e.args[0], into);
        if (e.op == Op::Neg) add(into, into.arith);
        if (e.op == Op::Not) add(into, into.logic);
        return {e.op == Op::Not ? TypeInfo::logical() : operand.type, operand.constant};
      }
      case ExprKind::Binary:
        return binary(e, into);
      case ExprKind::Complex: {
        ExprInfo re = child(*e.args[0], into), im = child(*e.args[1], into);
        TypeInfo t = promote(re.type, im.type);
        return {TypeInfo::complex(t.base == BaseType::Integer ? 4 : t.kind), re.constant && im.constant};
      }
      default:
        for (const auto& a : e.args)
          if (a) child(*a, into);
        return {typeOf(e), false};
    }
  }

  ExprInfo apply(const Expr& e, OpCounts& into) {
    switch (e.ref) {
      case RefKind::ArrayElement:
      case RefKind::ArraySection:
      case RefKind::Substring:
        subscripts(e, 0, into);
        return {e.ref == RefKind::Substring ? TypeInfo::character() : (e.symbol ? e.symbol->type : TypeInfo{}), false};
      case RefKind::IntrinsicCall:
        return intrinsic(e, into);
      case RefKind::FunctionCall:
      case RefKind::StatementFunction:
        into.call += 1;
        break;
      default:
        break;
    }
    for (const auto& a : e.args)
      if (a) child(a->kind == ExprKind::Keyword ? *a->args[0] : *a, into);
    return {e.symbol ? e.symbol->type : TypeInfo{}, false};
  }

  ExprInfo intrinsic(const Expr& e, OpCounts& into) {
    std::vector<TypeInfo> argTypes;
    size_t positional = 0;
    bool constantArgs = true;
    bool inquiry = facts::isInquiry(e.text);
    for (const auto& a : e.args) {
      if (!a) continue;
      bool keyword = a->kind == ExprKind::Keyword;
      // SIZE(a) and friends look at a descriptor, not at the elements: nothing inside runs.
      ExprInfo arg = inquiry ? ExprInfo{typeOf(keyword ? *a->args[0] : *a), false}
                             : child(keyword ? *a->args[0] : *a, into);
      if (keyword) continue;
      ++positional;
      argTypes.push_back(arg.type);
      constantArgs &= arg.constant;
    }
    const IntrinsicInfo* info = findIntrinsic(e.text);
    if (info) {
      switch (info->cls) {
        case IntrinsicClass::Arith: add(into, into.arith); break;
        case IntrinsicClass::MinMax: if (positional > 1) add(into, into.arith, static_cast<int64_t>(positional - 1)); break;
        case IntrinsicClass::Trans: add(into, into.trans); break;
        case IntrinsicClass::Conv: add(into, into.conv); break;
        case IntrinsicClass::Other: break;
      }
    }
    // A descriptor's inquiry (SIZE(a)) is known at run time; a type's (TINY(x)) at compile time.
    return {intrinsicResultType(e, argTypes), inquiry ? facts::isTypeInquiry(e.text) : constantArgs};
  }

  ExprInfo binary(const Expr& e, OpCounts& into) {
    ExprInfo a = child(*e.args[0], into);
    ExprInfo b = child(*e.args[1], into);
    bool constant = a.constant && b.constant;
    switch (e.op) {
      case Op::Add: case Op::Sub: case Op::Mul:
        add(into, into.arith);
        mixedMode(a, b, into);
        return {promote(a.type, b.type), constant};
      case Op::Div:
        add(into, into.div);
        mixedMode(a, b, into);
        return {promote(a.type, b.type), constant};
      case Op::Pow:
        power(*e.args[1], a, b, into);
        return {b.type.base == BaseType::Integer ? a.type : promote(a.type, b.type), constant};
      case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
        add(into, into.logic);
        mixedMode(a, b, into);
        return {TypeInfo::logical(), constant};
      case Op::And: case Op::Or: case Op::Eqv: case Op::Neqv:
        add(into, into.logic);
        return {TypeInfo::logical(), constant};
      case Op::Concat:
        return {TypeInfo::character(), constant};
      default:
        return {TypeInfo{}, false};  // defined operators are not counted
    }
  }

  /// Mixed-mode arithmetic converts the narrower operand, unless it is a constant.
  void mixedMode(const ExprInfo& a, const ExprInfo& b, OpCounts& into) {
    if (!a.type.numeric() || !b.type.numeric()) return;
    TypeInfo common = promote(a.type, b.type);
    if (!a.constant && converts(a.type, common)) add(into, into.conv);
    if (!b.constant && converts(b.type, common)) add(into, into.conv);
  }

  /// x**n with a constant integral n: repeated squaring, and a division for n < 0; with a
  /// non-constant integer n: a run-time power routine, counted as one transcendental; with a
  /// real exponent: exp(y*log(x)), two transcendentals and a multiplication.
  void power(const Expr& exponent, const ExprInfo& base, const ExprInfo& exp, OpCounts& into) {
    if (exp.constant) {
      std::optional<int64_t> n = integralExponent(exponent);
      if (std::optional<int64_t> magnitude = n && *n < 0 ? checkedNeg(*n) : n) {  // not for -2^63
        add(into, into.arith, powerMultiplications(*magnitude));
        if (*n < 0) add(into, into.div);
        return;
      }
    }
    if (exp.type.base == BaseType::Integer) {
      add(into, into.trans);
      return;
    }
    add(into, into.trans, 2);
    add(into, into.arith);
    mixedMode(base, exp, into);
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
    case StmtKind::TypeGuard:
    case StmtKind::RankCase:
      if (s.text != "default") c.branch += 1;  // like a CASE: a test of the selector
      return;
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

}  // namespace sapfor::frontend

/// @file Semantics.cpp
#include "frontend/Semantics.hpp"

#include "frontend/CheckedArithmetic.hpp"
#include "facts/Intrinsics.hpp"

#include <cmath>
#include <cstdlib>

namespace sapfor::facts {

/// The front end's types under facts/Intrinsics' promotion and result rules.
template <>
struct IntrinsicTyping<frontend::TypeInfo> {
  using TypeInfo = frontend::TypeInfo;
  using BaseType = frontend::BaseType;
  static int rank(const TypeInfo& t) {
    switch (t.base) {
      case BaseType::Integer: return 1;
      case BaseType::Real: case BaseType::DoublePrecision: return 2;
      case BaseType::Complex: case BaseType::DoubleComplex: return 3;
      default: return 0;
    }
  }
  static int kind(const TypeInfo& t) { return t.kind; }
  static TypeInfo withKind(const TypeInfo& like, int kind) { return {like.base, kind, -1, {}, -1}; }
  static TypeInfo real(int kind) { return TypeInfo::real(kind); }
  static TypeInfo of(const IntrinsicType& t) {
    using B = IntrinsicType::Base;
    switch (t.base) {
      case B::Integer: return TypeInfo::integer(t.kind);
      case B::Real: return TypeInfo::real(t.kind);
      case B::Complex: return TypeInfo::complex(t.kind);
      case B::Logical: return TypeInfo::logical(t.kind);
      case B::Character: return TypeInfo::character(t.charLen);
    }
    return {};
  }
};

}  // namespace sapfor::facts

namespace sapfor::frontend {
using facts::findIntrinsic;
using facts::IntrinsicInfo;
using facts::ResultRule;


int selectedRealKind(int64_t precision, int64_t range) {
  // gfortran on x86-64: REAL(4) p=6 r=37, REAL(8) p=15 r=307, REAL(10) p=18 r=4931, REAL(16) p=33 r=4931.
  if (precision <= 6 && range <= 37) return 4;
  if (precision <= 15 && range <= 307) return 8;
  if (precision <= 18 && range <= 4931) return 10;
  if (precision <= 33 && range <= 4931) return 16;
  return -1;
}

int selectedIntKind(int64_t range) {
  if (range <= 2) return 1;
  if (range <= 4) return 2;
  if (range <= 9) return 4;
  if (range <= 18) return 8;
  if (range <= 38) return 16;
  return -1;
}

int typeKind(std::optional<int64_t> value) {
  constexpr int64_t kWidestKind = 16;  // gfortran's REAL(16), INTEGER(16), COMPLEX(16)
  return value && *value >= 1 && *value <= kWidestKind ? static_cast<int>(*value) : 0;
}

namespace {

/// The kind of a literal: its `_kind` suffix folded, else the default for its spelling.
int literalKind(const Expr& e, const Scope* scope) {
  if (e.literalKind > 0) return e.literalKind;
  if (!e.kindText.empty()) {
    if (e.kindText[0] >= '0' && e.kindText[0] <= '9') return typeKind(decimalValue(e.kindText));
    if (scope) {
      if (const Symbol* s = scope->find(e.kindText)) return typeKind(s->value.asInteger());
    }
    return 0;
  }
  if (e.kind == ExprKind::RealLiteral) {
    if (e.text.find('d') != std::string::npos) return 8;
    if (e.text.find('q') != std::string::npos) return 16;
  }
  return 4;
}

double realLiteralValue(const std::string& text) {
  std::string t = text;
  for (char& c : t)
    if (c == 'd' || c == 'q') c = 'e';
  return std::strtod(t.c_str(), nullptr);
}

std::string unquote(const std::string& literal) {
  if (literal.size() < 2) return literal;
  char q = literal.front();
  std::string body;
  for (size_t i = 1; i + 1 < literal.size(); ++i) {
    body.push_back(literal[i]);
    if (literal[i] == q && i + 2 < literal.size() && literal[i + 1] == q) ++i;
  }
  return body;
}

ConstValue convert(const ConstValue& v, const TypeInfo& to) {
  if (!v.known()) return v;
  if (to.base == BaseType::Integer) {
    if (v.kind == ConstValue::Kind::Integer) return ConstValue::integer(v.i, to.kind);
    if (v.kind == ConstValue::Kind::Real) {
      std::optional<int64_t> i = truncatedToInteger(v.r);
      return i ? ConstValue::integer(*i, to.kind) : ConstValue{};
    }
  }
  if (to.base == BaseType::Real) {
    if (auto r = v.asReal()) return ConstValue::real(*r, to.kind);
  }
  return v;
}

/// A keyword argument's value, or the positional argument at `position`.
const Expr* argument(const Expr& call, size_t position, const char* keyword) {
  for (const auto& a : call.args)
    if (a && a->kind == ExprKind::Keyword && a->text == keyword) return a->args[0].get();
  if (position < call.args.size() && call.args[position] && call.args[position]->kind != ExprKind::Keyword)
    return call.args[position].get();
  return nullptr;
}

ConstValue foldIntrinsic(const Expr& e, const Scope& scope) {
  const std::string& name = e.text;
  if (e.args.empty()) return {};
  const Expr* first = argument(e, 0, "x");
  if (name == "kind") {
    if (!first) first = argument(e, 0, "a");
    if (!first) return {};
    TypeInfo t = typeOf(*first);
    if (!t.known() || t.kind == 0) {
      ConstValue v = foldConstant(*first, scope);
      t = v.type;
    }
    return t.kind > 0 ? ConstValue::integer(t.kind) : ConstValue{};
  }
  if (name == "selected_real_kind") {
    auto p = foldInteger(argument(e, 0, "p"), scope);
    auto r = foldInteger(argument(e, 1, "r"), scope);
    if (!p && !r) return {};
    return ConstValue::integer(selectedRealKind(p.value_or(0), r.value_or(0)));
  }
  if (name == "selected_int_kind") {
    auto r = foldInteger(argument(e, 0, "r"), scope);
    return r ? ConstValue::integer(selectedIntKind(*r)) : ConstValue{};
  }
  std::vector<ConstValue> values;
  for (const auto& a : e.args) {
    if (!a || a->kind == ExprKind::Keyword) continue;
    values.push_back(foldConstant(*a, scope));
    if (!values.back().known()) return {};
  }
  if (values.empty()) return {};
  const ConstValue& x = values[0];
  auto kindArg = [&](int fallback) {
    auto k = foldInteger(argument(e, 99, "kind"), scope);
    return k ? typeKind(k) : fallback;
  };
  if (name == "int" || name == "ifix" || name == "idint") return convert(x, TypeInfo::integer(kindArg(4)));
  if (name == "nint" || name == "idnint") {
    auto r = x.asReal();
    std::optional<int64_t> rounded = r ? roundedToInteger(*r) : std::nullopt;
    return rounded ? ConstValue::integer(*rounded, kindArg(4)) : ConstValue{};
  }
  if (name == "real" || name == "float" || name == "sngl") return convert(x, TypeInfo::real(kindArg(4)));
  if (name == "dble" || name == "dfloat") return convert(x, TypeInfo::real(8));
  if (name == "abs" || name == "iabs" || name == "dabs") {
    ConstValue r = x;
    if (r.kind == ConstValue::Kind::Integer && r.i < 0) {
      std::optional<int64_t> magnitude = checkedNeg(r.i);
      if (!magnitude) return {};
      r.i = *magnitude;
    } else if (r.kind == ConstValue::Kind::Real) {
      r.r = std::fabs(r.r);
    }
    return r;
  }
  if (name == "min" || name == "max" || name == "min0" || name == "max0" || name == "dmin1" || name == "dmax1" ||
      name == "amin1" || name == "amax1") {
    bool isMax = name.find("max") != std::string::npos;
    ConstValue best = values[0];
    for (const ConstValue& v : values) {
      auto a = v.asReal(), b = best.asReal();
      if (!a || !b) return {};
      if (isMax ? *a > *b : *a < *b) best = v;
    }
    return best;
  }
  if ((name == "mod" || name == "modulo") && values.size() == 2 && values[0].isInteger() && values[1].isInteger()) {
    std::optional<int64_t> m = checkedRem(values[0].i, values[1].i);
    if (!m) return {};
    // MODULO takes the sign of the divisor; m and the divisor then differ in sign, so the sum fits.
    if (name == "modulo" && *m != 0 && ((*m < 0) != (values[1].i < 0))) *m += values[1].i;
    return ConstValue::integer(*m, values[0].type.kind);
  }
  if (name == "sqrt" || name == "dsqrt") {
    auto r = x.asReal();
    return r && *r >= 0 ? ConstValue::real(std::sqrt(*r), x.type.kind) : ConstValue{};
  }
  if (name == "len" && x.kind == ConstValue::Kind::Character) return ConstValue::integer(static_cast<int64_t>(x.s.size()));
  return {};
}

ConstValue foldBinary(Op op, const ConstValue& a, const ConstValue& b) {
  using K = ConstValue::Kind;
  if (op == Op::And || op == Op::Or || op == Op::Eqv || op == Op::Neqv) {
    if (a.kind != K::Logical || b.kind != K::Logical) return {};
    bool x = a.i, y = b.i;
    switch (op) {
      case Op::And: return ConstValue::logical(x && y);
      case Op::Or: return ConstValue::logical(x || y);
      case Op::Eqv: return ConstValue::logical(x == y);
      default: return ConstValue::logical(x != y);
    }
  }
  if (op == Op::Concat) {
    if (a.kind != K::Character || b.kind != K::Character) return {};
    return ConstValue::character(a.s + b.s);
  }
  auto x = a.asReal(), y = b.asReal();
  if (!x || !y) return {};
  switch (op) {
    case Op::Eq: return ConstValue::logical(*x == *y);
    case Op::Ne: return ConstValue::logical(*x != *y);
    case Op::Lt: return ConstValue::logical(*x < *y);
    case Op::Le: return ConstValue::logical(*x <= *y);
    case Op::Gt: return ConstValue::logical(*x > *y);
    case Op::Ge: return ConstValue::logical(*x >= *y);
    default: break;
  }
  if (a.isInteger() && b.isInteger()) {
    std::optional<int64_t> r;
    switch (op) {
      case Op::Add: r = checkedAdd(a.i, b.i); break;
      case Op::Sub: r = checkedSub(a.i, b.i); break;
      case Op::Mul: r = checkedMul(a.i, b.i); break;
      case Op::Div: r = checkedDiv(a.i, b.i); break;  // Fortran truncates toward zero, as C++ does
      case Op::Pow: r = checkedPow(a.i, b.i); break;
      default: break;
    }
    return r ? ConstValue::integer(*r, std::max(a.type.kind, b.type.kind)) : ConstValue{};
  }
  int kind = std::max(a.kind == K::Real ? a.type.kind : 0, b.kind == K::Real ? b.type.kind : 0);
  switch (op) {
    case Op::Add: return ConstValue::real(*x + *y, kind);
    case Op::Sub: return ConstValue::real(*x - *y, kind);
    case Op::Mul: return ConstValue::real(*x * *y, kind);
    case Op::Div: return *y == 0 ? ConstValue{} : ConstValue::real(*x / *y, kind);
    case Op::Pow: return ConstValue::real(std::pow(*x, *y), kind);
    default: return {};
  }
}

}  // namespace

ConstValue foldConstant(const Expr& e, const Scope& scope) {
  switch (e.kind) {
    case ExprKind::IntLiteral: return ConstValue::integer(e.intValue, literalKind(e, &scope));
    case ExprKind::RealLiteral: return ConstValue::real(realLiteralValue(e.text), literalKind(e, &scope));
    case ExprKind::LogicalLiteral: return ConstValue::logical(e.intValue != 0);
    case ExprKind::BozLiteral: {
      std::optional<int64_t> v = bozValue(e.text);
      return v ? ConstValue::integer(*v) : ConstValue{};
    }
    case ExprKind::StringLiteral: return ConstValue::character(unquote(e.text));
    case ExprKind::Name: {
      const Symbol* s = e.symbol ? e.symbol : scope.find(e.text);
      return s && s->isConstant() ? s->value : ConstValue{};
    }
    case ExprKind::Paren: return foldConstant(*e.args[0], scope);
    case ExprKind::Unary: {
      ConstValue v = foldConstant(*e.args[0], scope);
      if (!v.known()) return v;
      if (e.op == Op::Plus) return v;
      if (e.op == Op::Not) return v.kind == ConstValue::Kind::Logical ? ConstValue::logical(!v.i) : ConstValue{};
      if (e.op == Op::Neg) {
        if (v.kind == ConstValue::Kind::Integer) {
          std::optional<int64_t> negated = checkedNeg(v.i);
          if (!negated) return {};
          v.i = *negated;
        } else if (v.kind == ConstValue::Kind::Real) {
          v.r = -v.r;
        } else {
          return {};
        }
        return v;
      }
      return {};
    }
    case ExprKind::Binary: {
      ConstValue a = foldConstant(*e.args[0], scope);
      if (!a.known()) return a;
      ConstValue b = foldConstant(*e.args[1], scope);
      if (!b.known()) return b;
      return foldBinary(e.op, a, b);
    }
    case ExprKind::Apply: {
      const Symbol* s = scope.find(e.text);
      if (s && (s->isArray() || s->external || s->statementFunction)) return {};
      if (!findIntrinsic(e.text) && e.text != "kind" && e.text != "selected_real_kind" && e.text != "selected_int_kind")
        return {};
      return foldIntrinsic(e, scope);
    }
    default:
      return {};
  }
}

std::optional<int64_t> foldInteger(const Expr* expr, const Scope& scope) {
  if (!expr) return std::nullopt;
  return foldConstant(*expr, scope).asInteger();
}

TypeInfo promote(const TypeInfo& a, const TypeInfo& b) { return facts::promote(a, b); }

TypeInfo typeOf(const Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLiteral: return TypeInfo::integer(literalKind(e, nullptr));
    case ExprKind::RealLiteral: return TypeInfo::real(literalKind(e, nullptr));
    case ExprKind::LogicalLiteral: return TypeInfo::logical(e.literalKind > 0 ? e.literalKind : 4);
    case ExprKind::StringLiteral: return TypeInfo::character(static_cast<int64_t>(unquote(e.text).size()));
    case ExprKind::BozLiteral: return TypeInfo::integer();
    case ExprKind::Complex: {
      TypeInfo t = promote(typeOf(*e.args[0]), typeOf(*e.args[1]));
      return TypeInfo::complex(t.base == BaseType::Integer ? 4 : t.kind);
    }
    case ExprKind::Name:
      return e.symbol ? e.symbol->type : TypeInfo{};
    case ExprKind::Apply: {
      if (e.ref == RefKind::Substring) return TypeInfo::character();
      if (e.ref == RefKind::IntrinsicCall) {
        std::vector<TypeInfo> argTypes;
        for (const auto& a : e.args)
          if (a && a->kind != ExprKind::Keyword) argTypes.push_back(typeOf(*a));
        return intrinsicResultType(e, argTypes);
      }
      return e.symbol ? e.symbol->type : TypeInfo{};
    }
    case ExprKind::Subscript:
      return typeOf(*e.args[0]);
    case ExprKind::Component:
      return e.symbol ? e.symbol->type : TypeInfo{};
    case ExprKind::BindingCall: {
      // The function the object's declared type binds; a generic's or a deferred one's is unknown.
      const TypeInfo object = e.args.empty() || !e.args[0] ? TypeInfo{} : typeOf(*e.args[0]);
      const Binding* b = object.definition ? object.definition->binding(e.text) : nullptr;
      return b && b->targetSymbol ? b->targetSymbol->type : TypeInfo{};
    }
    case ExprKind::Paren:
      return typeOf(*e.args[0]);
    case ExprKind::Unary:
      return e.op == Op::Not ? TypeInfo::logical() : typeOf(*e.args[0]);
    case ExprKind::Binary: {
      switch (e.op) {
        case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
        case Op::And: case Op::Or: case Op::Eqv: case Op::Neqv:
          return TypeInfo::logical();
        case Op::Concat:
          return TypeInfo::character();
        case Op::Pow: {
          TypeInfo base = typeOf(*e.args[0]), exponent = typeOf(*e.args[1]);
          return exponent.base == BaseType::Integer ? base : promote(base, exponent);
        }
        default:
          return promote(typeOf(*e.args[0]), typeOf(*e.args[1]));
      }
    }
    case ExprKind::ArrayCtor:
      return e.args.empty() || !e.args[0] ? TypeInfo{} : typeOf(*e.args[0]);
    case ExprKind::ImpliedDo:
      return e.args.empty() || !e.args[0] ? TypeInfo{} : typeOf(*e.args[0]);
    default:
      return {};
  }
}


TypeInfo intrinsicResultType(const Expr& e, const std::vector<TypeInfo>& argTypes) {
  const IntrinsicInfo* info = findIntrinsic(e.text);
  if (!info) return {};
  std::optional<int> kind;
  if (info->rule == ResultRule::KindArg) {
    for (const auto& a : e.args)
      if (a && a->kind == ExprKind::Keyword && a->text == "kind" && a->args[0]->kind == ExprKind::IntLiteral)
        kind = typeKind(a->args[0]->intValue);
    // REAL(i, 8) and INT(x, 8): the second positional argument is the kind.
    if (e.text != "cmplx" && e.args.size() >= 2 && e.args[1] && e.args[1]->kind != ExprKind::Keyword) {
      const Expr& k = *e.args[1];
      if (k.kind == ExprKind::IntLiteral) kind = typeKind(k.intValue);
      if (k.kind == ExprKind::Name && k.symbol && k.symbol->value.isInteger()) kind = typeKind(k.symbol->value.i);
    }
  }
  return facts::intrinsicResult(*info, argTypes, kind);
}

bool isConstantExpr(const Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLiteral: case ExprKind::RealLiteral: case ExprKind::LogicalLiteral:
    case ExprKind::StringLiteral: case ExprKind::BozLiteral:
      return true;
    case ExprKind::Name:
      return e.ref == RefKind::NamedConstant;
    case ExprKind::Paren: case ExprKind::Unary: case ExprKind::Binary: case ExprKind::Complex:
      for (const auto& a : e.args)
        if (a && !isConstantExpr(*a)) return false;
      return true;
    case ExprKind::Apply:
      if (e.ref != RefKind::IntrinsicCall) return false;
      for (const auto& a : e.args) {
        if (!a) continue;
        const Expr& v = a->kind == ExprKind::Keyword ? *a->args[0] : *a;
        if (!isConstantExpr(v)) return false;
      }
      return true;
    default:
      return false;
  }
}

TypeInfo resolveTypeSpec(const TypeSpec& spec, const Scope& scope) {
  auto kindOr = [&](int fallback) {
    if (spec.kind) return typeKind(foldInteger(spec.kind.get(), scope));
    return spec.starSize ? typeKind(spec.starSize) : fallback;
  };
  switch (spec.base) {
    case BaseType::Integer: return TypeInfo::integer(kindOr(4));
    case BaseType::Real: return TypeInfo::real(kindOr(4));
    case BaseType::DoublePrecision: return TypeInfo::real(8);
    case BaseType::Complex: {
      if (spec.kind) return TypeInfo::complex(kindOr(4));
      return TypeInfo::complex(spec.starSize ? typeKind(spec.starSize / 2) : 4);  // COMPLEX*16 is COMPLEX(8)
    }
    case BaseType::DoubleComplex: return TypeInfo::complex(8);
    case BaseType::Logical: return TypeInfo::logical(kindOr(4));
    case BaseType::Character: {
      int64_t len = 1;
      if (spec.len) {
        if (spec.len->kind == ExprKind::Star) len = -1;
        else len = foldInteger(spec.len.get(), scope).value_or(-1);
      } else if (spec.starSize) {
        len = spec.starSize;
      }
      return TypeInfo::character(len);
    }
    case BaseType::Derived: {
      TypeInfo t;
      t.base = BaseType::Derived;
      t.derived = spec.derived;
      t.polymorphic = spec.polymorphic;
      t.definition = scope.findType(spec.derived);
      if (t.definition && t.definition->bytes) t.size = *t.definition->bytes;
      return t;
    }
    case BaseType::None: return {};
  }
  return {};
}

}  // namespace sapfor::frontend

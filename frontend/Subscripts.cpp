/// @file Subscripts.cpp
#include "frontend/Subscripts.hpp"

#include "frontend/Symbols.hpp"

namespace sapfor::frontend {

namespace {

AffineForm nonAffine() {
  AffineForm f;
  f.affine = false;
  return f;
}

bool scale(AffineForm& f, int64_t k) {
  if (__builtin_mul_overflow(f.constant, k, &f.constant)) return false;
  for (auto& [var, coeff] : f.terms)
    if (__builtin_mul_overflow(coeff, k, &coeff)) return false;
  if (k == 0) f.terms.clear();
  return true;
}

bool addInto(AffineForm& into, const AffineForm& from, int64_t sign) {
  int64_t c = 0;
  if (__builtin_mul_overflow(from.constant, sign, &c) || __builtin_add_overflow(into.constant, c, &into.constant))
    return false;
  for (const auto& [var, coeff] : from.terms) {
    int64_t& slot = into.terms[var];
    if (__builtin_mul_overflow(coeff, sign, &c) || __builtin_add_overflow(slot, c, &slot)) return false;
    if (slot == 0) into.terms.erase(var);
  }
  return true;
}

}  // namespace

AffineForm affineForm(const Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLiteral: {
      AffineForm f;
      f.constant = e.intValue;
      return f;
    }
    case ExprKind::Name: {
      const Symbol* s = e.symbol;
      if (!s) return nonAffine();
      if (e.ref == RefKind::NamedConstant) {
        if (!s->value.isInteger()) return nonAffine();
        AffineForm f;
        f.constant = s->value.i;
        return f;
      }
      if (e.ref != RefKind::Variable || s->type.base != BaseType::Integer) return nonAffine();
      AffineForm f;
      f.terms[e.text] = 1;
      return f;
    }
    case ExprKind::Paren:
      return affineForm(*e.args[0]);
    case ExprKind::Unary: {
      AffineForm f = affineForm(*e.args[0]);
      if (!f.affine || e.op == Op::Plus) return f;
      if (e.op != Op::Neg || !scale(f, -1)) return nonAffine();
      return f;
    }
    case ExprKind::Binary: {
      if (e.op != Op::Add && e.op != Op::Sub && e.op != Op::Mul && e.op != Op::Div) return nonAffine();
      AffineForm a = affineForm(*e.args[0]);
      if (!a.affine) return a;
      AffineForm b = affineForm(*e.args[1]);
      if (!b.affine) return b;
      switch (e.op) {
        case Op::Add:
          return addInto(a, b, 1) ? a : nonAffine();
        case Op::Sub:
          return addInto(a, b, -1) ? a : nonAffine();
        case Op::Mul:
          if (b.terms.empty()) return scale(a, b.constant) ? a : nonAffine();
          if (a.terms.empty()) return scale(b, a.constant) ? b : nonAffine();
          return nonAffine();
        default:
          // Integer division truncates: only a constant divided by a constant stays affine.
          if (a.terms.empty() && b.terms.empty() && b.constant != 0) {
            a.constant /= b.constant;
            return a;
          }
          return nonAffine();
      }
    }
    default:
      return nonAffine();
  }
}

}  // namespace sapfor::frontend

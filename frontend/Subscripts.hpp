/// @file Subscripts.hpp
/// A subscript as an affine form: constant + sum of coeff * integer variable, when it is one.
#pragma once

#include "frontend/Ast.hpp"

#include <cstdint>
#include <map>
#include <string>

namespace sapfor::frontend {

struct AffineForm {
  bool affine = true;
  int64_t constant = 0;
  std::map<std::string, int64_t> terms;  ///< variable -> coefficient, zero coefficients dropped
};

/// The affine form of a resolved integer expression. Named constants fold; a product is affine
/// only when one side is constant; a division, a real variable, an array element or a function
/// call make it non-affine (`a(idx(k))`, `a(i*j)`, `a(i/2)`).
AffineForm affineForm(const Expr& expression);

}  // namespace sapfor::frontend

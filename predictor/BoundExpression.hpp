/// @file BoundExpression.hpp
/// Evaluates the integer expressions the database keeps as trees (loop.bounds, dimension.bounds,
/// call_arg.expr: `n-1`, `nx/2+1`, `min(n,m)`) once the user has given the symbols' values (--param).
#pragma once

#include "facts/Expression.hpp"

#include <functional>
#include <optional>
#include <set>
#include <string>

namespace sapfor::predictor {

/// A symbol's value, or nothing when it is unknown.
using SymbolLookup = std::function<std::optional<double>(const std::string& name)>;

struct BoundValue {
  std::optional<double> value;     ///< empty when a symbol is unknown or the expression is not understood
  std::set<std::string> missing;   ///< the unknown symbols
  bool understood = true;          ///< false: not an expression of integers, names, +, -, *, /, **,
                                   ///< parentheses and the intrinsics min, max, abs, mod
};

/// Integer division truncates toward zero, as Fortran's does, when both operands are whole. A null
/// expression (an omitted bound) has no value and lacks nothing.
BoundValue evaluateBound(const facts::Expression& e, const SymbolLookup& lookup);

}  // namespace sapfor::predictor

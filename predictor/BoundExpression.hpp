/// @file BoundExpression.hpp
/// Evaluates the integer expressions the database keeps as trees (loop.bounds, dimension.bounds,
/// call_arg.expr: `n-1`, `nx/2+1`, `min(n,m)`) once the user has given the symbols' values (--param).
#pragma once

#include "facts/Expression.hpp"

#include <functional>
#include <optional>
#include <set>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sapfor::predictor {

/// A symbol's value, or nothing when it is unknown.
using SymbolLookup = std::function<std::optional<double>(const std::string& name)>;

/// An array's bounds, [lower, upper] per dimension, for SIZE, LBOUND and UBOUND; nothing when
/// they are not known (the lookup adds what is missing to `missing`) or the name is no array.
using ArrayLookup = std::function<std::optional<std::vector<std::pair<double, double>>>(const std::string& name,
                                                                                      std::set<std::string>& missing)>;

/// An array element's value, for an element with constant subscripts in a bound (grid_points(1));
/// nothing when it is not known (the lookup adds what is missing to `missing`).
using ElementLookup = std::function<std::optional<double>(const std::string& name, const std::vector<int64_t>& subscripts,
                                                          std::set<std::string>& missing)>;

struct BoundValue {
  std::optional<double> value;     ///< empty when a symbol is unknown or the expression is not understood
  std::set<std::string> missing;   ///< the unknown symbols
  bool understood = true;          ///< false: not an expression of integers, names, +, -, *, /, **,
                                   ///< parentheses and the intrinsics min, max, abs, mod (and
                                   ///< size, lbound, ubound of an array with `arrays`; an
                                   ///< element of constant subscripts with `elements`)
};

/// Integer division truncates toward zero, as Fortran's does, when both operands are whole. A null
/// expression (an omitted bound) has no value and lacks nothing.
BoundValue evaluateBound(const facts::Expression& e, const SymbolLookup& lookup, const ArrayLookup& arrays = {},
                         const ElementLookup& elements = {});

}  // namespace sapfor::predictor

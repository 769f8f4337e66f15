/// @file BoundExpression.hpp
/// Evaluates the integer expressions the database keeps as text (loop bounds, array extents:
/// `n-1`, `nx/2+1`, `min(n,m)`) once the user has given the symbols' values (--param).
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace sapfor::predictor {

/// A symbol's value, or nothing when it is unknown.
using SymbolLookup = std::function<std::optional<double>(const std::string& name)>;

struct BoundValue {
  std::optional<double> value;     ///< empty when a symbol is unknown or the text is not understood
  std::set<std::string> missing;   ///< the unknown symbols
  bool understood = true;          ///< false: not an expression of +, -, *, /, **, parentheses, min, max, abs, mod
};

/// Integer division truncates toward zero, as Fortran's does, when both operands are whole.
BoundValue evaluateBound(std::string_view text, const SymbolLookup& lookup);

}  // namespace sapfor::predictor

/// @file Delinearize.hpp
/// A one-dimensional index computed from several loop variables, split back into the dimensions
/// it was linearized from: index = off + j + (k + depth - 1)·depth with 1 <= j <= depth is the
/// pair (j - 1, k) of a depth-wide array, as the pack buffers of halo exchanges are filled. The
/// dependence tests need affine subscripts, and k·depth is not affine; split, both parts are.
/// (Delinearization: Maslov, "Delinearization: an efficient way to break multiloop dependence
/// equations", PLDI 1992; Grosser et al., "On recovering multi-dimensional arrays in Polly", 2015.)
/// Pure functions over expression trees and forms: the analyzer decides which names are
/// invariant and what the loops' ranges are.
#pragma once

#include "analyzer/DependenceTest.hpp"
#include "facts/Expression.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::analyzer {

/// Σ coeff·(product of names): each key is the names of one product, sorted ({} is the constant
/// term, {depth, depth} is depth²); no zero coefficient.
using Polynomial = std::map<std::vector<std::string>, int64_t>;

/// An integer expression of names and constants joined by +, - and * as a polynomial; nullopt
/// for anything else (a division truncates, a call or an element is not a name), on overflow,
/// and past a few terms or factors (what an index expression has).
std::optional<Polynomial> polynomialOf(const facts::Expression& e);

/// A loop variable around the index, and what it ranges over: low <= var <= high whenever the
/// loop runs (either unset, not affine: not known). The forms' names must not change in the nest.
struct LoopRange {
  std::string var;
  LinearExpr low{false, 0, {}}, high{false, 0, {}};
};

/// An index that is base + d₀ + C₁·(d₁ + C₂·(d₂ + …)), where each digit dₖ but the last ranges
/// over 0 .. Cₖ₊₁ - 1 whenever the reference runs: two such indexes with the same base and
/// strides are equal exactly when their digits are, one by one (|d₀ - d₀'| < C₁, so
/// d₀ - d₀' = C₁·(rest' - rest) needs both 0, and so on up). The halo pack buffer's
/// off + j + (k + depth - 1)·depth is the digits (j - 1, k); SCALE's history buffer
/// (k - 1)·jsize·isize + (j - 1)·isize + i is (i - 1, j - 1, k).
struct Delinearized {
  /// The loop-invariant part (with the digits' minimums) and the strides C₁, C₂, …, printed: two
  /// indexes compare only where both are the same (i + n·j and i + (n+1)·j' meet at i = 2,
  /// j = 1 and i = 1, j' = 1, which a split would call apart).
  std::string key;
  /// The digits, least first: the terms of each, less its minimum but for the last.
  std::vector<LinearExpr> digits;
};

/// Splits polynomial `index` over the loop variables `loops` (every other name is taken as
/// invariant): every term holds at most one loop variable, times a constant or invariant names.
/// The variables of constant coefficient make the least digit; the others' coefficients are
/// polynomial multiples of one of them (C₁), and that digit's span over its loops' ranges is at
/// most C₁ - 1 (checked on the forms: C₁ - 1 - span folds to a constant >= 0); the quotients
/// are the coefficients of the rest, split the same way; with no symbolic coefficient, the one
/// digit Σ c·v over the base (i + n·m: i, key "m*n"). nullopt when it is not so.
std::optional<Delinearized> delinearize(const Polynomial& index, const std::vector<LoopRange>& loops);

/// The polynomial printed, terms in order: "-depth+depth*depth+off+1".
std::string polynomialText(const Polynomial& p);

}  // namespace sapfor::analyzer

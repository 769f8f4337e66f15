/// @file DependenceTest.hpp
/// Dependence tests between two references to the same array, from their affine subscripts: ZIV,
/// strong/weak-zero/weak-crossing SIV, the GCD test and Banerjee's inequalities for MIV
/// (Goff, Kennedy & Tseng, "Practical dependence testing", PLDI 1991; Allen & Kennedy, "Optimizing
/// compilers for modern architectures", ch. 3; Banerjee 1988). Pure functions: the analyzer
/// builds the shapes from the database and turns the answers into dependences and verdicts.
#pragma once

#include "facts/Expression.hpp"
#include "facts/Rows.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sapfor::analyzer {

/// constant + Σ coeff·var. `affine == false`: not of that form (a(idx(i)), a(i*j)), nothing known.
/// An affine subscript or bound: the facts' form (facts/Rows.hpp).
using LinearExpr = facts::AffineForm;

/// a + sign·b, merged by variable (no zero coefficient kept; new terms after a's); nullopt on
/// overflow.
std::optional<LinearExpr> combine(const LinearExpr& a, const LinearExpr& b, int64_t sign);

/// A form's terms in a canonical order, to compare two forms.
std::vector<std::pair<std::string, int64_t>> sortedTerms(const LinearExpr& e);
/// Whether a term of a form is a variable's name (not an element, a component or a mod term).
bool isPlainName(const std::string& term);
/// The term affineOf makes for mod(x, c): "mod(x,c)" with x written out (names in order, then
/// the constant: mod(j,2), mod(j+1,2), mod(j+k,2), mod(2*i-j,3)).
std::string modTermText(const LinearExpr& x, int64_t modulus);
/// An integer expression tree as constant + Σ coeff·name, when it is of that form.
/// `elements`: an array element with constant subscripts (grid_points(1)) is a term of its own,
/// named as written ("grid_points(1)"); whoever asks must know that the element does not change
/// (LoopAnalysis::integerNames checks it for loop bounds).
std::optional<LinearExpr> affineOf(const facts::Expression& e, bool elements = false);

/// A DO loop around a reference, as the tests see it.
struct NestLoop {
  std::string var;
  std::optional<int64_t> lower, upper;  ///< a range that holds every value of var, when known
  int64_t step = 1;                     ///< the constant step; 0 when it is not a constant
};

/// What the tests read of one reference: its subscripts (one per dimension; a section or a
/// whole-array reference is a non-affine subscript) and the loops around it, outermost first.
/// References, so that the analyzer tests its own rows without copying them.
struct RefView {
  const std::vector<LinearExpr>& subscripts;
  const std::vector<NestLoop>& loops;
};

/// A reference that owns its subscripts and loops.
struct RefShape {
  std::vector<LinearExpr> subscripts;
  std::vector<NestLoop> loops;
  operator RefView() const { return {subscripts, loops}; }
};

/// What can happen at one level of the loops common to both references, for the dependences
/// carried there: iterations of the outer common loops equal, this loop's iterations different.
struct LevelDependence {
  bool forward = false;   ///< the sink's iteration comes after the source's (distance > 0)
  bool backward = false;  ///< the sink's iteration comes before the source's (distance < 0)
  /// When every carried solution has one distance: sink iteration − source iteration, counted in
  /// iterations (value difference / step). Unset when several are possible or it is unknown.
  std::optional<int64_t> distance;
};

struct DependenceResult {
  bool independent = false;  ///< proven: no two iterations touch the same element
  /// Per common level (outermost first). Empty when independent.
  std::vector<LevelDependence> levels;
  bool loopIndependent = false;  ///< a solution with every common level equal exists (or may)
  /// Some subscript pair could not be tested (non-affine, or a symbolic term that does not
  /// cancel): the answer is "maybe", not proven. `unknownWhy` says which, for a person.
  bool unknown = false;
  std::string unknownWhy;
  std::string test;  ///< the test that decided: "ZIV", "strong SIV", "GCD", "Banerjee", ...
};

/// Tests whether `source` and `sink` (references to one array) can touch the same element.
/// The first `common` loops of both shapes are the same loops; the rest are each reference's
/// own (distinct unknowns even when their variables share a name). A variable in a subscript
/// that is no loop's variable is a symbolic, loop-invariant term unless `variant` lists it (a
/// variable written inside the loops): an invariant term that appears with the same coefficient
/// on both sides cancels; otherwise that dimension is unknown.
DependenceResult testDependence(const RefView& source, const RefView& sink, size_t common,
                                const std::vector<std::string>& variant = {});

}  // namespace sapfor::analyzer

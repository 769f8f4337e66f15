/// @file DependenceTest.cpp
/// The dependence tests of DependenceTest.hpp.
///
/// Each pair of subscripts becomes one linear equation over the iteration unknowns: x_k and y_k,
/// the source's and the sink's value of common loop k, and one unknown per loop of a single
/// reference. A question such as "carried at level 2, forward" is a direction vector: a relation
/// between x_k and y_k at every common level (Goff, Kennedy & Tseng, PLDI 1991, §3). A question is
/// answered "possible" unless some test proves that one equation has no solution under it; the
/// result asks one question per level and direction, plus "every level equal".
///
/// Subscripts are tested one at a time, except that the subscripts involving a single common
/// level (SIV) are solved together per level, as the Delta test does for coupled subscripts.
/// Every test that overflows int64 answers "possible".
#include "analyzer/DependenceTest.hpp"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <string_view>

namespace sapfor::analyzer {
namespace {

// ---------------------------------------------------------------------------------------------
// Checked arithmetic

/// Thrown when a result does not fit in int64. A test that catches it cannot disprove anything,
/// so it answers "possible".
struct Overflow {};

int64_t add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw Overflow{};
  return r;
}

int64_t sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) throw Overflow{};
  return r;
}

int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw Overflow{};
  return r;
}

int64_t negate(int64_t a) { return sub(0, a); }

int64_t magnitude(int64_t a) { return a < 0 ? negate(a) : a; }

/// a / b truncated, b ≠ 0 (INT64_MIN / −1 is the one quotient that overflows).
int64_t quotient(int64_t a, int64_t b) { return b == -1 ? negate(a) : a / b; }

/// Whether d (≠ 0) divides n.
bool divides(int64_t d, int64_t n) { return d == 1 || d == -1 || n % d == 0; }

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = quotient(a, b);
  return (divides(b, a) || (a < 0) == (b < 0)) ? q : q - 1;
}

int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t q = quotient(a, b);
  return (divides(b, a) || (a < 0) != (b < 0)) ? q : q + 1;
}

int64_t gcd(int64_t a, int64_t b) {
  a = magnitude(a);
  b = magnitude(b);
  while (b != 0) {
    a %= b;
    std::swap(a, b);
  }
  return a;
}

/// a·s + b·t = g = gcd(a, b) > 0, for a and b not both 0 (the extended Euclidean algorithm).
struct Bezout {
  int64_t g, s, t;
};

Bezout extendedGcd(int64_t a, int64_t b) {
  int64_t oldR = a, r = b, oldS = 1, s = 0, oldT = 0, t = 1;
  while (r != 0) {
    int64_t q = quotient(oldR, r);
    oldR = sub(oldR, mul(q, r));
    std::swap(oldR, r);
    oldS = sub(oldS, mul(q, s));
    std::swap(oldS, s);
    oldT = sub(oldT, mul(q, t));
    std::swap(oldT, t);
  }
  if (oldR < 0) return {negate(oldR), negate(oldS), negate(oldT)};
  return {oldR, oldS, oldT};
}

// ---------------------------------------------------------------------------------------------
// Intervals with possibly infinite ends

/// The integers from lo to hi; a missing lo is −∞, a missing hi +∞. Empty when lo > hi.
struct Interval {
  std::optional<int64_t> lo, hi;
};

Interval emptyInterval() { return {1, 0}; }

bool isEmpty(const Interval& v) { return v.lo && v.hi && *v.lo > *v.hi; }

bool contains(const Interval& v, int64_t n) { return (!v.lo || *v.lo <= n) && (!v.hi || n <= *v.hi); }

Interval intersect(const Interval& a, const Interval& b) {
  Interval r = a;
  if (b.lo) r.lo = r.lo ? std::max(*r.lo, *b.lo) : *b.lo;
  if (b.hi) r.hi = r.hi ? std::min(*r.hi, *b.hi) : *b.hi;
  return r;
}

/// {a + b : a ∈ x, b ∈ y}
Interval operator+(const Interval& x, const Interval& y) {
  Interval r;
  if (x.lo && y.lo) r.lo = add(*x.lo, *y.lo);
  if (x.hi && y.hi) r.hi = add(*x.hi, *y.hi);
  return r;
}

/// {c·v : v ∈ values}
Interval scaled(int64_t c, const Interval& values) {
  if (c == 0) return {0, 0};
  Interval r;
  const auto& low = c > 0 ? values.lo : values.hi;
  const auto& high = c > 0 ? values.hi : values.lo;
  if (low) r.lo = mul(c, *low);
  if (high) r.hi = mul(c, *high);
  return r;
}

/// The t for which c0 + c1·t lies in v.
Interval parametersWithin(int64_t c0, int64_t c1, const Interval& v) {
  if (c1 == 0) return contains(v, c0) ? Interval{} : emptyInterval();
  Interval t;
  if (v.lo) {
    int64_t bound = sub(*v.lo, c0);
    if (c1 > 0) t.lo = ceilDiv(bound, c1);
    else t.hi = floorDiv(bound, c1);
  }
  if (v.hi) {
    int64_t bound = sub(*v.hi, c0);
    if (c1 > 0) t.hi = floorDiv(bound, c1);
    else t.lo = ceilDiv(bound, c1);
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// The problem: the equations and the loops they range over

/// The name of a test, for DependenceResult::test: always a string literal.
using TestName = std::string_view;

/// How the sink's value y of a common loop compares with the source's value x in one question.
enum class Relation { any, equal, less /* x < y */, greater /* x > y */ };

/// Per common level and per subscript, in place: nests are a few loops deep, arrays a few
/// dimensions wide, and a pair of references is tested for every question.
template <typename T>
using PerLevel = boost::container::small_vector<T, 4>;

/// One relation per common level, outermost first: a direction vector over loop values.
using Question = PerLevel<Relation>;

/// The integer solutions of an SIV equation within its loop's values, whatever the question:
/// x = x0 + dx·t, y = y0 + dy·t and x − y = diff0 + diffStep·t, for t in `t` (see
/// solve). Solved once per equation, since every question asks it again.
struct SivSolutions {
  bool overflow = false;   ///< too large to solve: every question may have a solution
  bool integer = true;     ///< false: gcd(p, q) does not divide r, no question has one
  int64_t diff0 = 0, diffStep = 0;
  bool tOverflow = false;  ///< too large to bound t
  Interval t;
};

/// p·x + q·y = r: a subscript pair that involves one common level only.
struct SivEquation {
  int64_t p, q, r;
  const char* test;  ///< its class, the name of the test that disproves it
  SivSolutions solutions;
};

SivSolutions solve(const SivEquation& e, const Interval& values);  // with the SIV tests below

/// A loop common to both references, and the SIV equations on it.
struct CommonLevel {
  Interval values;
  int64_t step;  ///< 0: not a constant
  int64_t gap;   ///< the least |y − x| between two different iterations: |step|, or 1
  PerLevel<SivEquation> equations;
};

/// Σ a_k·x_k − Σ b_k·y_k + Σ c·z = rhs, z the values of the loops of one reference only.
struct SubscriptEquation {
  PerLevel<int64_t> source, sink;  ///< a_k and b_k, per common level
  PerLevel<std::pair<int64_t, Interval>> privates;  ///< c and the values z takes
  int64_t rhs = 0;
};

struct Problem {
  PerLevel<CommonLevel> levels;
  std::vector<SubscriptEquation> miv;  ///< the subscript pairs that are not ZIV or SIV
  bool disprovedByZiv = false;
  std::vector<std::string> unknownWhy;  ///< one entry per subscript pair that could not be tested
};

/// The values of the loop's variable. Ends given in the wrong order are swapped: the interval
/// then holds the values of either reading.
Interval valuesOf(const NestLoop& loop) {
  Interval v{loop.lower, loop.upper};
  if (isEmpty(v)) std::swap(v.lo, v.hi);
  return v;
}

CommonLevel commonLevelOf(const NestLoop& loop) {
  bool gapKnown = loop.step != 0 && loop.step != std::numeric_limits<int64_t>::min();
  return {valuesOf(loop), loop.step, gapKnown ? std::abs(loop.step) : 1, {}};
}

/// The index in ref.loops of the loop whose variable is var, innermost first.
std::optional<size_t> loopOf(const RefView& ref, const std::string& var) {
  for (size_t i = ref.loops.size(); i-- > 0;)
    if (ref.loops[i].var == var) return i;
  return std::nullopt;
}

/// The subscript as Fortran text, for the explanations: "2*i+n-1".
std::string text(const LinearExpr& e) {
  std::string out;
  auto appendSign = [&out](int64_t value) {  // appends the sign, returns the magnitude
    if (value < 0) out += '-';
    else if (!out.empty()) out += '+';
    return value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  };
  for (const auto& [var, coeff] : e.terms) {
    uint64_t m = appendSign(coeff);
    if (m != 1) out += std::to_string(m) + "*";
    out += var;
  }
  if (e.constant != 0 || out.empty()) out += std::to_string(appendSign(e.constant));
  return out;
}

/// "n", "n and m", "n, m and k"
std::string nameList(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

/// A subscript pair as its equation, or why it cannot be tested.
struct PairEquation {
  std::optional<SubscriptEquation> equation;
  std::string whyUnknown;
};

/// Source subscript(x) = sink subscript(y), moved to the form of SubscriptEquation. Symbolic
/// terms must cancel: an invariant symbol with the same coefficient on both sides has the same
/// value in both iterations.
PairEquation equationOf(size_t dim, const RefView& source, const RefView& sink, size_t common,
                        const std::vector<std::string>& variant) {
  const LinearExpr& s = source.subscripts[dim];
  const LinearExpr& t = sink.subscripts[dim];
  // The explanations are built only when one is given: most pairs need none.
  auto where = [&] { return "subscript " + std::to_string(dim + 1); };
  if (!s.affine) return {std::nullopt, where() + " of the source is not affine"};
  if (!t.affine) return {std::nullopt, where() + " of the sink is not affine"};
  auto both = [&] { return where() + ": " + text(s) + " and " + text(t); };

  SubscriptEquation e;
  e.source.assign(common, 0);
  e.sink.assign(common, 0);
  std::map<std::string, std::pair<int64_t, int64_t>> symbols;  // coefficient in s, in t
  try {
    for (const auto& [var, coeff] : s.terms) {
      auto loop = loopOf(source, var);
      if (!loop) symbols[var].first = coeff;
      else if (*loop < common) e.source[*loop] = add(e.source[*loop], coeff);
      else e.privates.push_back({coeff, valuesOf(source.loops[*loop])});
    }
    for (const auto& [var, coeff] : t.terms) {
      auto loop = loopOf(sink, var);
      if (!loop) symbols[var].second = coeff;
      else if (*loop < common) e.sink[*loop] = add(e.sink[*loop], coeff);
      else e.privates.push_back({negate(coeff), valuesOf(sink.loops[*loop])});
    }
    e.rhs = sub(t.constant, s.constant);
  } catch (const Overflow&) {
    return {std::nullopt, both() + " are too large to compare"};
  }

  std::vector<std::string> changing, differing;
  for (const auto& [var, coeffs] : symbols) {
    if (std::find(variant.begin(), variant.end(), var) != variant.end()) changing.push_back(var);
    else if (coeffs.first != coeffs.second) differing.push_back(var);
  }
  if (!changing.empty())
    return {std::nullopt, both() + " use " + nameList(changing) +
                              (changing.size() == 1 ? ", which changes" : ", which change") + " inside the loops"};
  if (!differing.empty())
    return {std::nullopt, both() + " differ by " + nameList(differing) +
                              (differing.size() == 1 ? ", whose value is unknown" : ", whose values are unknown")};
  return {std::move(e), ""};
}

/// The SIV class of a·x = b·y + rhs (Goff et al. §4.2), which names the test.
const char* sivClass(int64_t a, int64_t b) {
  if (a == b) return "strong SIV";
  if (a == 0 || b == 0) return "weak-zero SIV";
  if (a == -b) return "weak-crossing SIV";
  return "exact SIV";
}

/// Files the equation as ZIV (decided now), SIV (on its level) or MIV.
void classify(SubscriptEquation&& e, Problem& problem) {
  size_t involved = 0, k = 0;  // the levels involved, the last one
  for (size_t level = 0; level < e.source.size(); ++level)
    if (e.source[level] != 0 || e.sink[level] != 0) {
      ++involved;
      k = level;
    }
  if (e.privates.empty() && involved == 0) {
    if (e.rhs != 0) problem.disprovedByZiv = true;
    return;
  }
  if (e.privates.empty() && involved == 1) {
    try {
      CommonLevel& level = problem.levels[k];
      SivEquation& siv = level.equations.emplace_back(
          SivEquation{e.source[k], negate(e.sink[k]), e.rhs, sivClass(e.source[k], e.sink[k]), {}});
      siv.solutions = solve(siv, level.values);
      return;
    } catch (const Overflow&) {
      // −b does not fit: the MIV tests take it, with their own overflow guards.
    }
  }
  problem.miv.push_back(std::move(e));
}

Problem problemOf(const RefView& source, const RefView& sink, size_t common,
                  const std::vector<std::string>& variant) {
  Problem problem;
  for (size_t k = 0; k < common; ++k) problem.levels.push_back(commonLevelOf(source.loops[k]));
  size_t dims = std::min(source.subscripts.size(), sink.subscripts.size());
  for (size_t d = 0; d < dims; ++d) {
    PairEquation pair = equationOf(d, source, sink, common, variant);
    if (pair.equation) classify(std::move(*pair.equation), problem);
    else problem.unknownWhy.push_back(pair.whyUnknown);
  }
  return problem;
}

// ---------------------------------------------------------------------------------------------
// SIV: the equations on one level, solved exactly

/// The values x − y takes in the relation.
Interval differences(Relation rel, int64_t gap) {
  switch (rel) {
    case Relation::equal: return {0, 0};
    case Relation::less: return {std::nullopt, -gap};
    case Relation::greater: return {gap, std::nullopt};
    case Relation::any: break;
  }
  return {};
}

/// Whether x and y, two values of the level's loop in relation rel, can differ by x − y = diff:
/// values of one DO loop differ by a multiple of its step.
bool differenceAllowed(int64_t diff, const CommonLevel& level, Relation rel) {
  return contains(differences(rel, level.gap), diff) && (level.step == 0 || divides(level.step, diff));
}

/// The part of sivHasSolution that does not depend on the question. The integer solutions of
/// p·x + q·y = r are x = x0 + (q/g)·t, y = y0 − (p/g)·t (Banerjee's exact two-variable test);
/// x and y must be values of the loop, which bounds t.
SivSolutions solve(const SivEquation& e, const Interval& values) {
  SivSolutions s;
  try {
    Bezout b = extendedGcd(e.p, e.q);
    if (!divides(b.g, e.r)) {
      s.integer = false;
      return s;
    }
    int64_t multiple = e.r / b.g;
    int64_t x0 = mul(b.s, multiple), y0 = mul(b.t, multiple);
    int64_t dx = e.q / b.g, dy = negate(e.p / b.g);
    s.diff0 = sub(x0, y0);
    s.diffStep = sub(dx, dy);
    try {
      s.t = intersect(parametersWithin(x0, dx, values), parametersWithin(y0, dy, values));
    } catch (const Overflow&) {
      s.tOverflow = true;
    }
  } catch (const Overflow&) {
    s.overflow = true;
  }
  return s;
}

/// Whether p·x + q·y = r has a solution with x and y values of the level in relation rel: a t
/// of e.solutions for which x − y is a difference the relation allows. Throws Overflow when
/// that is too large to decide.
bool sivHasSolution(const SivEquation& e, const CommonLevel& level, Relation rel) {
  const SivSolutions& s = e.solutions;
  if (s.overflow) throw Overflow{};
  if (!s.integer) return false;
  if (s.diffStep == 0 && !differenceAllowed(s.diff0, level, rel)) return false;
  if (s.tOverflow) throw Overflow{};
  Interval t = intersect(s.t, parametersWithin(s.diff0, s.diffStep, differences(rel, level.gap)));
  return !isEmpty(t);
}

/// Which test proves the equation alone has no solution in relation rel.
std::optional<TestName> disproveSiv(const SivEquation& e, const CommonLevel& level, Relation rel) {
  try {
    if (sivHasSolution(e, level, rel)) return std::nullopt;
    bool general = TestName(e.test) == "exact SIV";
    return general && !divides(gcd(e.p, e.q), e.r) ? TestName("GCD") : TestName(e.test);
  } catch (const Overflow&) {
    return std::nullopt;
  }
}

struct Point {
  int64_t x, y;
};

/// The indices of two equations of the level whose lines cross, if any.
std::optional<std::pair<size_t, size_t>> crossingPair(const PerLevel<SivEquation>& equations) {
  for (size_t i = 0; i < equations.size(); ++i)
    for (size_t j = i + 1; j < equations.size(); ++j)
      if (sub(mul(equations[i].p, equations[j].q), mul(equations[j].p, equations[i].q)) != 0) return {{i, j}};
  return std::nullopt;
}

/// Where the two lines cross, by Cramer's rule; nothing when that point is not an integer one.
std::optional<Point> crossing(const SivEquation& e, const SivEquation& f) {
  int64_t det = sub(mul(e.p, f.q), mul(f.p, e.q));
  int64_t xNum = sub(mul(e.r, f.q), mul(f.r, e.q));
  int64_t yNum = sub(mul(e.p, f.r), mul(f.p, e.r));
  if (!divides(det, xNum) || !divides(det, yNum)) return std::nullopt;
  return Point{quotient(xNum, det), quotient(yNum, det)};
}

bool satisfies(const SivEquation& e, Point at) { return add(mul(e.p, at.x), mul(e.q, at.y)) == e.r; }

/// Whether the level's equations together have a solution in relation rel, each one alone having
/// one. Two crossing lines allow one point; parallel lines must be the same line (the
/// consistency check of the Delta test, Goff et al. §5.1).
bool sivSystemHasSolution(const CommonLevel& level, Relation rel) {
  const auto& eqs = level.equations;
  if (auto pair = crossingPair(eqs)) {
    auto at = crossing(eqs[pair->first], eqs[pair->second]);
    return at && contains(level.values, at->x) && contains(level.values, at->y) &&
           differenceAllowed(sub(at->x, at->y), level, rel) &&
           std::all_of(eqs.begin(), eqs.end(), [&](const SivEquation& e) { return satisfies(e, *at); });
  }
  // All parallel to the first: (p, q, r) must be proportional to its (p, q, r).
  return std::all_of(eqs.begin(), eqs.end(), [&](const SivEquation& e) {
    return mul(eqs[0].p, e.r) == mul(e.p, eqs[0].r) && mul(eqs[0].q, e.r) == mul(e.q, eqs[0].r);
  });
}

std::optional<TestName> disproveLevel(const CommonLevel& level, Relation rel) {
  for (const auto& e : level.equations)
    if (auto test = disproveSiv(e, level, rel)) return test;
  try {
    if (!sivSystemHasSolution(level, rel)) return TestName("coupled SIV");
  } catch (const Overflow&) {
    // too large to decide: possible
  }
  return std::nullopt;
}

/// y − x when the level's equations give every solution the same one: a strong SIV equation, or
/// two crossing ones.
std::optional<int64_t> fixedValueDistance(const CommonLevel& level) {
  try {
    for (const auto& e : level.equations)
      if (e.q == negate(e.p) && divides(e.p, e.r)) return negate(quotient(e.r, e.p));  // p·(x − y) = r
    if (auto pair = crossingPair(level.equations))
      if (auto at = crossing(level.equations[pair->first], level.equations[pair->second])) return sub(at->y, at->x);
  } catch (const Overflow&) {
    // too large to compute: no distance reported
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// MIV: the GCD test and Banerjee's inequalities, under a direction vector

/// The GCD test (Banerjee 1988): the equation has an integer solution only if the gcd of its
/// coefficients divides rhs. At an equal level x_k = y_k, so a_k and b_k merge into a_k − b_k.
bool gcdAllows(const SubscriptEquation& e, const Question& question) {
  int64_t g = 0;
  for (size_t k = 0; k < question.size(); ++k) {
    if (question[k] == Relation::equal) g = gcd(g, sub(e.source[k], e.sink[k]));
    else g = gcd(gcd(g, e.source[k]), e.sink[k]);
  }
  for (const auto& [c, values] : e.privates) g = gcd(g, c);
  return g == 0 ? e.rhs == 0 : divides(g, e.rhs);
}

/// The values of a·x − b·y over x + gap ≤ y, both in v. For each x the extreme y is x + gap or
/// v.hi, chosen by the sign of b; then the extreme over x.
Interval lessTermRange(int64_t a, int64_t b, const Interval& v, int64_t gap) {
  Interval xs{v.lo, v.hi ? std::optional<int64_t>(sub(*v.hi, gap)) : std::nullopt};
  Interval nearY = scaled(sub(a, b), xs) + Interval{negate(mul(b, gap)), negate(mul(b, gap))};
  Interval farY = scaled(a, xs) + scaled(negate(b), Interval{v.hi, v.hi});
  return {(b > 0 ? farY : nearY).lo, (b > 0 ? nearY : farY).hi};
}

/// The values of a·x − b·y for x, y values of the level in relation rel: Banerjee's bounds with
/// direction vectors (Allen & Kennedy §3.3.2), over ranges that may be unbounded.
Interval levelTermRange(int64_t a, int64_t b, Relation rel, const CommonLevel& level) {
  switch (rel) {
    case Relation::equal: return scaled(sub(a, b), level.values);
    case Relation::less: return lessTermRange(a, b, level.values, level.gap);
    case Relation::greater: return lessTermRange(negate(b), negate(a), level.values, level.gap);  // x, y swapped
    case Relation::any: break;
  }
  return scaled(a, level.values) + scaled(negate(b), level.values);
}

/// Banerjee's inequalities: the left side's least and greatest values must enclose rhs.
bool banerjeeAllows(const SubscriptEquation& e, const PerLevel<CommonLevel>& levels, const Question& question) {
  Interval lhs{0, 0};
  for (size_t k = 0; k < question.size(); ++k)
    lhs = lhs + levelTermRange(e.source[k], e.sink[k], question[k], levels[k]);
  for (const auto& [c, values] : e.privates) lhs = lhs + scaled(c, values);
  return contains(lhs, e.rhs);
}

std::optional<TestName> disproveMiv(const SubscriptEquation& e, const PerLevel<CommonLevel>& levels,
                                       const Question& question) {
  try {
    if (!gcdAllows(e, question)) return TestName("GCD");
  } catch (const Overflow&) {
    // too large to decide: possible
  }
  try {
    if (!banerjeeAllows(e, levels, question)) return TestName("Banerjee");
  } catch (const Overflow&) {
    // too large to decide: possible
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Questions

/// The test that proves no solution answers the question, or nothing when one may.
std::optional<TestName> disprove(const Problem& problem, const Question& question) {
  for (size_t k = 0; k < question.size(); ++k)
    if (auto test = disproveLevel(problem.levels[k], question[k])) return test;
  for (const auto& e : problem.miv)
    if (auto test = disproveMiv(e, problem.levels, question)) return test;
  return std::nullopt;
}

/// Whether some level of the question asks for two different iterations of a loop that has one.
bool needsMissingIterations(const PerLevel<CommonLevel>& levels, const Question& question) {
  for (size_t k = 0; k < question.size(); ++k) {
    const Interval& v = levels[k].values;
    if (question[k] == Relation::equal || question[k] == Relation::any || !v.lo || !v.hi) continue;
    int64_t width;
    if (!__builtin_sub_overflow(*v.hi, *v.lo, &width) && width < levels[k].gap) return true;
  }
  return false;
}

/// Equal at the levels before k, rel at k, anything after.
Question carriedAt(size_t k, Relation rel, size_t common) {
  Question q(common, Relation::any);
  std::fill(q.begin(), q.begin() + k, Relation::equal);
  q[k] = rel;
  return q;
}

/// Directions from value relations: with a negative step the later iteration has the smaller
/// value; with an unknown one either relation may be either direction. The distance counts
/// iterations: the value distance over the step.
LevelDependence levelDependence(const CommonLevel& level, bool less, bool greater) {
  LevelDependence d;
  if (level.step > 0) {
    d.forward = less;
    d.backward = greater;
  } else if (level.step < 0) {
    d.forward = greater;
    d.backward = less;
  } else {
    d.forward = d.backward = less || greater;
  }
  if ((d.forward || d.backward) && level.step != 0)
    if (auto values = fixedValueDistance(level); values && divides(level.step, *values))
      d.distance = quotient(*values, level.step);
  return d;
}

template <typename Part>
std::string joined(const std::vector<Part>& parts, const char* separator) {
  std::string out;
  for (const auto& p : parts) {
    if (!out.empty()) out += separator;
    out += p;
  }
  return out;
}

DependenceResult independentBy(std::string test) {
  DependenceResult r;
  r.independent = true;
  r.test = std::move(test);
  return r;
}

}  // namespace

DependenceResult testDependence(const RefView& source, const RefView& sink, size_t common,
                                const std::vector<std::string>& variant) {
  common = std::min({common, source.loops.size(), sink.loops.size()});
  const Problem problem = problemOf(source, sink, common, variant);
  if (problem.disprovedByZiv) return independentBy("ZIV");
  if (auto test = disprove(problem, Question(common, Relation::any))) return independentBy(std::string(*test));

  std::vector<TestName> decisive;  // the tests that ruled out some question, in order
  auto possible = [&](const Question& question) {
    if (needsMissingIterations(problem.levels, question)) return false;
    auto test = disprove(problem, question);
    if (test && std::find(decisive.begin(), decisive.end(), *test) == decisive.end()) decisive.push_back(*test);
    return !test;
  };

  DependenceResult result;
  result.loopIndependent = possible(Question(common, Relation::equal));
  bool carried = false;
  result.levels.reserve(common);
  for (size_t k = 0; k < common; ++k) {
    bool less = possible(carriedAt(k, Relation::less, common));
    bool greater = possible(carriedAt(k, Relation::greater, common));
    result.levels.push_back(levelDependence(problem.levels[k], less, greater));
    carried = carried || less || greater;
  }
  if (!result.loopIndependent && !carried) return independentBy(joined(decisive, ", "));
  result.test = decisive.empty() ? "none" : joined(decisive, ", ");
  result.unknown = !problem.unknownWhy.empty();
  result.unknownWhy = joined(problem.unknownWhy, "; ");
  return result;
}

std::optional<LinearExpr> combine(const LinearExpr& a, const LinearExpr& b, int64_t sign) {
  LinearExpr out = a;
  int64_t scaled = 0;
  if (__builtin_mul_overflow(b.constant, sign, &scaled) || __builtin_add_overflow(out.constant, scaled, &out.constant))
    return std::nullopt;
  for (const auto& [var, coeff] : b.terms) {
    if (__builtin_mul_overflow(coeff, sign, &scaled)) return std::nullopt;
    auto same = std::find_if(out.terms.begin(), out.terms.end(), [&](const auto& t) { return t.first == var; });
    if (same == out.terms.end()) out.terms.emplace_back(var, scaled);
    else if (__builtin_add_overflow(same->second, scaled, &same->second)) return std::nullopt;
  }
  std::erase_if(out.terms, [](const auto& t) { return t.second == 0; });
  return out;
}

// ---- affine forms of expression trees (shared by the loop analysis and the procedure summaries)

std::vector<std::pair<std::string, int64_t>> sortedTerms(const LinearExpr& e) {
  std::vector<std::pair<std::string, int64_t>> terms = e.terms;
  std::sort(terms.begin(), terms.end());
  return terms;
}

bool isPlainName(const std::string& term) { return term.find_first_of("(%") == std::string::npos; }

// modArgumentOfTerm (LoopAnalysis) reads the term back.
std::string modTermText(const LinearExpr& x, int64_t modulus) {
  std::string text = "mod(";
  for (const auto& [name, coeff] : sortedTerms(x)) {
    if (coeff < 0) text += '-';
    else if (text.size() > 4) text += '+';
    if (coeff != 1 && coeff != -1) text += std::to_string(coeff < 0 ? -coeff : coeff) + "*";
    text += name;
  }
  if (x.constant > 0) text += "+" + std::to_string(x.constant);
  else if (x.constant < 0) text += std::to_string(x.constant);
  return text + "," + std::to_string(modulus) + ")";
}

std::optional<LinearExpr> affineOf(const facts::Expression& e, bool elements) {
  using K = facts::ExpressionKind;
  LinearExpr f;
  switch (e.kind) {
    case K::Integer: f.constant = e.value; return f;
    case K::Constant:
      if (!facts::integerValue(e)) return std::nullopt;
      f.constant = *facts::integerValue(e);
      return f;
    case K::Name: f.terms.emplace_back(e.text, 1); return f;
    case K::Element: {
      if (!elements || e.args.empty()) return std::nullopt;
      std::string term = e.text + "(";
      for (size_t k = 0; k < e.args.size(); ++k) {
        std::optional<LinearExpr> subscript = affineOf(e.args[k]);
        if (!subscript || !subscript->terms.empty()) return std::nullopt;
        term += (k ? "," : "") + std::to_string(subscript->constant);
      }
      f.terms.emplace_back(term + ")", 1);
      return f;
    }
    case K::Component: {
      // g%ke (a scalar component of a variable, through components only): a term of its own,
      // when integerNames finds it an integer nothing changes (a grid's bounds: DO k = 2, gv%ke).
      if (!elements || e.args.empty()) return std::nullopt;
      std::string path = e.text;
      const facts::Expression* base = &e.args[0];
      for (; base->kind == K::Component && !base->args.empty(); base = &base->args[0]) path = base->text + "%" + path;
      if (base->kind != K::Name) return std::nullopt;
      f.terms.emplace_back(base->text + "%" + path, 1);
      return f;
    }
    case K::Paren: return affineOf(e.args[0], elements);
    case K::Operator: break;
    case K::Intrinsic: {
      // mod(x, c), x affine in names, c a constant of 2 or more: a term of its own, "mod(x,c)",
      // which the Fourier-Motzkin test ties to x (x - c·q, |it| < c): the red-black starts
      // 2 + mod(j, 2), 2 + mod(j + 1, 2), 2 + mod(j + k, 2).
      if (e.text != "mod" || e.args.size() != 2) return std::nullopt;
      std::optional<LinearExpr> x = affineOf(e.args[0]), c = affineOf(e.args[1]);
      if (!x || !c || !c->terms.empty() || c->constant < 2 || x->terms.empty()) return std::nullopt;
      for (const auto& [name, coeff] : x->terms)
        if (!isPlainName(name)) return std::nullopt;  // no element, component or mod inside
      f.terms.emplace_back(modTermText(*x, c->constant), 1);
      return f;
    }
    default: return std::nullopt;
  }
  if (e.args.size() == 1) {
    std::optional<LinearExpr> x = affineOf(e.args[0], elements);
    if (!x || (e.text != "+" && e.text != "-")) return std::nullopt;
    return e.text == "+" ? x : combine(LinearExpr{}, *x, -1);
  }
  std::optional<LinearExpr> x = affineOf(e.args[0], elements), y = affineOf(e.args[1], elements);
  if (!x || !y) return std::nullopt;
  if (e.text == "+" || e.text == "-") return combine(*x, *y, e.text == "+" ? 1 : -1);
  if (e.text != "*") return std::nullopt;
  if (!x->terms.empty() && !y->terms.empty()) return std::nullopt;
  const LinearExpr& scaled = x->terms.empty() ? *y : *x;
  return combine(LinearExpr{}, scaled, x->terms.empty() ? x->constant : y->constant);
}

}  // namespace sapfor::analyzer

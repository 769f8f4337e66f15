/// @file DependenceTestTest.cpp
/// The array dependence tests, on hand-derived cases, and a brute-force check that they never
/// rule out a dependence that exists.
#include "analyzer/DependenceTest.hpp"
#include "analyzer/FourierMotzkin.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <functional>
#include <limits>
#include <map>
#include <set>

using namespace sapfor::analyzer;

namespace {

constexpr std::nullopt_t unbounded = std::nullopt;
constexpr int64_t maxInt = std::numeric_limits<int64_t>::max();
constexpr int64_t minInt = std::numeric_limits<int64_t>::min();

/// "2*i-j+n-1" as a LinearExpr; anything with a parenthesis ("idx(i)") is not affine.
LinearExpr expr(const std::string& s) {
  LinearExpr e;
  if (s.find('(') != std::string::npos) {
    e.affine = false;
    return e;
  }
  size_t pos = 0;
  while (pos < s.size()) {
    int64_t sign = 1;
    if (s[pos] == '+' || s[pos] == '-') sign = s[pos++] == '-' ? -1 : 1;
    int64_t number = 1;
    if (std::isdigit(static_cast<unsigned char>(s[pos]))) {
      size_t used;
      number = std::stoll(s.substr(pos), &used);
      pos += used;
      if (pos == s.size() || s[pos] != '*') {
        e.constant += sign * number;
        continue;
      }
      ++pos;
    }
    size_t end = pos;
    while (end < s.size() && std::isalpha(static_cast<unsigned char>(s[end]))) ++end;
    e.terms.push_back({s.substr(pos, end - pos), sign * number});
    pos = end;
  }
  return e;
}

NestLoop loop(const std::string& var, std::optional<int64_t> lower, std::optional<int64_t> upper, int64_t step = 1) {
  return {var, lower, upper, step};
}

RefShape ref(const std::vector<std::string>& subscripts, const std::vector<NestLoop>& loops) {
  RefShape r;
  for (const auto& s : subscripts) r.subscripts.push_back(expr(s));
  r.loops = loops;
  return r;
}

/// A dependence between two references inside the same loops, all of them common.
DependenceResult sameNest(const std::vector<std::string>& source, const std::vector<std::string>& sink,
                          const std::vector<NestLoop>& loops, const std::vector<std::string>& variant = {}) {
  return testDependence(ref(source, loops), ref(sink, loops), loops.size(), variant);
}

}  // namespace

TEST_CASE("dependence: the test's own expression reader") {
  LinearExpr e = expr("2*i-j+n-1");
  CHECK(e.constant == -1);
  CHECK(e.terms == std::vector<std::pair<std::string, int64_t>>{{"i", 2}, {"j", -1}, {"n", 1}});
  CHECK_FALSE(expr("idx(i)").affine);
}

TEST_CASE("dependence: a(i) vs a(i-1) is carried forward at distance 1") {
  auto r = sameNest({"i"}, {"i-1"}, {loop("i", 1, unbounded)});
  CHECK_FALSE(r.independent);
  REQUIRE(r.levels.size() == 1);
  CHECK(r.levels[0].forward);
  CHECK_FALSE(r.levels[0].backward);
  CHECK(r.levels[0].distance == 1);
  CHECK_FALSE(r.loopIndependent);
  CHECK_FALSE(r.unknown);
  CHECK(r.test == "strong SIV");
}

TEST_CASE("dependence: a(i) vs a(i+1) is carried backward at distance -1") {
  auto r = sameNest({"i"}, {"i+1"}, {loop("i", 1, unbounded)});
  REQUIRE(r.levels.size() == 1);
  CHECK_FALSE(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK(r.levels[0].distance == -1);
  CHECK_FALSE(r.loopIndependent);
}

TEST_CASE("dependence: the same subscript is loop-independent only") {
  auto r = sameNest({"i"}, {"i"}, {loop("i", 1, 10)});
  CHECK(r.loopIndependent);
  CHECK_FALSE(r.levels[0].forward);
  CHECK_FALSE(r.levels[0].backward);
  CHECK_FALSE(r.levels[0].distance);
}

TEST_CASE("dependence: a(2*i) vs a(2*i+1) has no integer distance") {
  auto r = sameNest({"2*i"}, {"2*i+1"}, {loop("i", 1, unbounded)});
  CHECK(r.independent);
  CHECK(r.levels.empty());
  CHECK(r.test == "strong SIV");
}

TEST_CASE("dependence: general SIV a(2*i) vs a(4*i+1) fails the GCD test") {
  auto r = sameNest({"2*i"}, {"4*i+1"}, {loop("i", 1, unbounded)});
  CHECK(r.independent);
  CHECK(r.test == "GCD");
}

TEST_CASE("dependence: general SIV a(2*i) vs a(3*i) is decided exactly from the bounds") {
  // 2x = 3y: (x, y) = (3, 2), (6, 4), ...; with i in 1..2 no pair fits.
  CHECK(sameNest({"2*i"}, {"3*i"}, {loop("i", 1, 2)}).independent);
  CHECK(sameNest({"2*i"}, {"3*i"}, {loop("i", 1, 2)}).test == "exact SIV");
  // In 1..3 only x = 3, y = 2: the sink comes first, at distance -1.
  auto r = sameNest({"2*i"}, {"3*i"}, {loop("i", 1, 3)});
  CHECK_FALSE(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK_FALSE(r.levels[0].distance);  // not a strong SIV: only one solution here, but not in general
}

TEST_CASE("dependence: a(i) vs a(i+100) with i in 1..10 is beyond the range") {
  auto r = sameNest({"i"}, {"i+100"}, {loop("i", 1, 10)});
  CHECK(r.independent);
  CHECK(r.test == "strong SIV");
  // Without an upper bound the distance fits.
  auto open = sameNest({"i"}, {"i+100"}, {loop("i", 1, unbounded)});
  CHECK_FALSE(open.independent);
  CHECK(open.levels[0].distance == -100);
}

TEST_CASE("dependence: a(i) vs a(i+n) with n invariant is unknown") {
  auto r = sameNest({"i"}, {"i+n"}, {loop("i", 1, 10)});
  CHECK_FALSE(r.independent);
  CHECK(r.unknown);
  CHECK(r.unknownWhy == "subscript 1: i and i+n differ by n, whose value is unknown");
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK_FALSE(r.levels[0].distance);
  CHECK(r.loopIndependent);
  CHECK(r.test == "none");
}

TEST_CASE("dependence: a(i+n) vs a(i+n) cancels n: distance 0") {
  auto r = sameNest({"i+n"}, {"i+n"}, {loop("i", 1, unbounded)});
  CHECK_FALSE(r.unknown);
  CHECK(r.loopIndependent);
  CHECK_FALSE(r.levels[0].forward);
  CHECK_FALSE(r.levels[0].backward);
}

TEST_CASE("dependence: a(i+n) vs a(i+2*n) does not cancel") {
  auto r = sameNest({"i+n"}, {"i+2*n"}, {loop("i", 1, unbounded)});
  CHECK(r.unknown);
  CHECK(r.levels[0].forward);
}

TEST_CASE("dependence: a symbol written inside the loops never cancels") {
  auto r = sameNest({"i+m"}, {"i+m"}, {loop("i", 1, 10)}, {"m"});
  CHECK(r.unknown);
  CHECK(r.unknownWhy == "subscript 1: i+m and i+m use m, which changes inside the loops");
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK(r.loopIndependent);
}

TEST_CASE("dependence: a(i,j) vs a(i-1,j), j outer, is carried by the inner loop only") {
  auto r = sameNest({"i", "j"}, {"i-1", "j"}, {loop("j", 1, 10), loop("i", 1, 10)});
  REQUIRE(r.levels.size() == 2);
  CHECK_FALSE(r.levels[0].forward);
  CHECK_FALSE(r.levels[0].backward);
  CHECK(r.levels[1].forward);
  CHECK_FALSE(r.levels[1].backward);
  CHECK(r.levels[1].distance == 1);
  CHECK_FALSE(r.loopIndependent);
}

TEST_CASE("dependence: a(i,j) vs a(i,j-1), j outer, is carried by the outer loop only") {
  auto r = sameNest({"i", "j"}, {"i", "j-1"}, {loop("j", 1, 10), loop("i", 1, 10)});
  REQUIRE(r.levels.size() == 2);
  CHECK(r.levels[0].forward);
  CHECK_FALSE(r.levels[0].backward);
  CHECK(r.levels[0].distance == 1);
  CHECK_FALSE(r.levels[1].forward);  // i must be equal: nothing carried at level 2
  CHECK_FALSE(r.levels[1].backward);
  CHECK_FALSE(r.loopIndependent);
}

TEST_CASE("dependence: wavefront a(i,j) vs a(i-1,j+1)") {
  // Distance vector (j, i) = (-1, 1): with j outer the sink comes first.
  auto jOuter = sameNest({"i", "j"}, {"i-1", "j+1"}, {loop("j", 1, 10), loop("i", 1, 10)});
  CHECK_FALSE(jOuter.levels[0].forward);
  CHECK(jOuter.levels[0].backward);
  CHECK(jOuter.levels[0].distance == -1);
  CHECK_FALSE(jOuter.levels[1].forward);
  CHECK_FALSE(jOuter.levels[1].backward);
  // With i outer, (1, -1): carried forward by i.
  auto iOuter = sameNest({"i", "j"}, {"i-1", "j+1"}, {loop("i", 1, 10), loop("j", 1, 10)});
  CHECK(iOuter.levels[0].forward);
  CHECK_FALSE(iOuter.levels[0].backward);
  CHECK(iOuter.levels[0].distance == 1);
  CHECK_FALSE(iOuter.levels[1].forward);
  CHECK_FALSE(iOuter.levels[1].backward);
  CHECK_FALSE(iOuter.loopIndependent);
}

TEST_CASE("dependence: a level whose variable no subscript uses allows every direction") {
  auto r = sameNest({"i"}, {"i-1"}, {loop("j", 1, 10), loop("i", 1, 10)});
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK_FALSE(r.levels[0].distance);
  CHECK(r.levels[1].forward);
  CHECK(r.levels[1].distance == 1);
  CHECK_FALSE(r.loopIndependent);
}

TEST_CASE("dependence: weak-zero a(i) vs a(1)") {
  auto outside = sameNest({"i"}, {"1"}, {loop("i", 2, unbounded)});
  CHECK(outside.independent);
  CHECK(outside.test == "weak-zero SIV");
  // i = 1 writes what every later iteration reads.
  auto inside = sameNest({"i"}, {"1"}, {loop("i", 1, unbounded)});
  CHECK_FALSE(inside.independent);
  CHECK(inside.loopIndependent);
  CHECK(inside.levels[0].forward);
  CHECK_FALSE(inside.levels[0].backward);
  CHECK_FALSE(inside.levels[0].distance);
  // The other way round: a(1) is written in every iteration, a(i) read at i = 1 only.
  auto reversed = sameNest({"1"}, {"i"}, {loop("i", 1, unbounded)});
  CHECK_FALSE(reversed.levels[0].forward);
  CHECK(reversed.levels[0].backward);
  CHECK(reversed.loopIndependent);
}

TEST_CASE("dependence: weak-crossing a(i) vs a(11-i) with i in 1..10") {
  // x + y = 11: pairs (1,10) ... (10,1) cross between 5 and 6, never at one iteration.
  auto r = sameNest({"i"}, {"11-i"}, {loop("i", 1, 10)});
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK_FALSE(r.levels[0].distance);
  CHECK_FALSE(r.loopIndependent);
  CHECK(r.test == "weak-crossing SIV");
  CHECK(sameNest({"i"}, {"12-i"}, {loop("i", 1, 10)}).loopIndependent);  // crosses at i = 6
  auto far = sameNest({"i"}, {"30-i"}, {loop("i", 1, 10)});
  CHECK(far.independent);
  CHECK(far.test == "weak-crossing SIV");
}

TEST_CASE("dependence: MIV a(i+j) vs a(i+j+1): GCD passes, Banerjee decides the directions") {
  // x_i + x_j − y_i − y_j = 1. Level 2 with i equal: x_j − y_j = 1, so j goes backward only.
  auto r = sameNest({"i+j"}, {"i+j+1"}, {loop("i", 1, 10), loop("j", 1, 10)});
  CHECK_FALSE(r.independent);
  REQUIRE(r.levels.size() == 2);
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK_FALSE(r.levels[0].distance);
  CHECK_FALSE(r.levels[1].forward);
  CHECK(r.levels[1].backward);
  CHECK_FALSE(r.loopIndependent);
  CHECK(r.test.find("Banerjee") != std::string::npos);
}

TEST_CASE("dependence: Banerjee's bounds rule out a(i+j) vs a(i+j+100) in 1..10") {
  auto r = sameNest({"i+j"}, {"i+j+100"}, {loop("i", 1, 10), loop("j", 1, 10)});
  CHECK(r.independent);
  CHECK(r.test == "Banerjee");
  CHECK_FALSE(sameNest({"i+j"}, {"i+j+100"}, {loop("i", 1, 10), loop("j", 1, unbounded)}).independent);
}

TEST_CASE("dependence: the GCD test rules out a(2*i+4*j) vs a(2*i+4*j+1)") {
  auto r = sameNest({"2*i+4*j"}, {"2*i+4*j+1"}, {loop("i", 1, unbounded), loop("j", 1, unbounded)});
  CHECK(r.independent);
  CHECK(r.test == "GCD");
}

TEST_CASE("dependence: at an equal level the GCD test merges the two coefficients") {
  // x_i + 2·x_j = 3·y_i + 2·y_j + 1 has integer solutions (x_i = 1, y_i = 0, x_j = y_j), but with
  // i equal it is −2·x_i + 2·(x_j − y_j) = 1: even = odd.
  const std::vector<NestLoop> loops{loop("i", -5, 5), loop("j", 1, 10)};
  auto r = sameNest({"i+2*j"}, {"3*i+2*j+1"}, loops);
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK_FALSE(r.levels[1].forward);
  CHECK_FALSE(r.levels[1].backward);
  CHECK_FALSE(r.loopIndependent);
  CHECK(r.test == "GCD");
  // With 2 instead of 1: x_i = y_i = −1, x_j = y_j.
  CHECK(sameNest({"i+2*j"}, {"3*i+2*j+2"}, loops).loopIndependent);
}

TEST_CASE("dependence: the inner loops of each reference are distinct unknowns") {
  // a(i,k) in loops (i, k) written, a(i-1,k) in other loops (i, k) read: only i is common.
  auto r = testDependence(ref({"i", "k"}, {loop("i", 1, 10), loop("k", 1, 10)}),
                          ref({"i-1", "k"}, {loop("i", 1, 10), loop("k", 1, 10)}), 1);
  REQUIRE(r.levels.size() == 1);
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].distance == 1);
  CHECK_FALSE(r.loopIndependent);
  // a(k) vs a(k+5): one k is 6, the other 1; as the same loop it would be distance -5.
  RefShape source = ref({"k"}, {loop("i", 1, 10), loop("k", 1, 10)});
  RefShape sink = ref({"k+5"}, {loop("i", 1, 10), loop("k", 1, 10)});
  auto separate = testDependence(source, sink, 1);
  CHECK(separate.loopIndependent);
  CHECK(separate.levels[0].forward);
  CHECK(separate.levels[0].backward);
  auto shared = testDependence(source, sink, 2);
  CHECK_FALSE(shared.loopIndependent);
  CHECK(shared.levels[1].distance == -5);
  // a(k) vs a(k+20): the two ks differ by at most 9.
  auto far = testDependence(source, ref({"k+20"}, sink.loops), 1);
  CHECK(far.independent);
  CHECK(far.test == "Banerjee");
}

TEST_CASE("dependence: a reference outside the other's inner loop") {
  // a(i) in loop i vs a(i+k) in loops (i, k), k in 0..2: the read reaches two elements ahead.
  auto r = testDependence(ref({"i"}, {loop("i", 1, 10)}), ref({"i+k"}, {loop("i", 1, 10), loop("k", 0, 2)}), 1);
  CHECK(r.loopIndependent);
  CHECK_FALSE(r.levels[0].forward);
  CHECK(r.levels[0].backward);
}

TEST_CASE("dependence: a non-affine subscript is unknown, another subscript can still decide") {
  auto ziv = sameNest({"idx(i)", "1"}, {"j", "2"}, {loop("i", 1, 10), loop("j", 1, 10)});
  CHECK(ziv.independent);
  CHECK(ziv.test == "ZIV");
  CHECK_FALSE(ziv.unknown);
  auto alone = sameNest({"idx(i)"}, {"i"}, {loop("i", 1, 10)});
  CHECK(alone.unknown);
  CHECK(alone.unknownWhy == "subscript 1 of the source is not affine");
  CHECK(alone.levels[0].forward);
  CHECK(alone.levels[0].backward);
  CHECK(alone.loopIndependent);
  auto siv = sameNest({"idx(i)", "i"}, {"j", "i-1"}, {loop("i", 1, 10)});
  CHECK(siv.unknown);
  CHECK(siv.levels[0].forward);
  CHECK_FALSE(siv.levels[0].backward);
  CHECK(siv.levels[0].distance == 1);
}

TEST_CASE("dependence: every unknown subscript is explained") {
  auto r = sameNest({"idx(i)", "i+n"}, {"i", "idx(i)"}, {loop("i", 1, 10)});
  CHECK(r.unknownWhy == "subscript 1 of the source is not affine; subscript 2 of the sink is not affine");
}

TEST_CASE("dependence: ZIV") {
  auto different = sameNest({"1"}, {"2"}, {loop("i", 1, 10)});
  CHECK(different.independent);
  CHECK(different.test == "ZIV");
  auto same = sameNest({"3"}, {"3"}, {loop("i", 1, 10)});
  CHECK(same.loopIndependent);
  CHECK(same.levels[0].forward);
  CHECK(same.levels[0].backward);
}

TEST_CASE("dependence: a negative step reverses the direction") {
  // do i = n, 1, -1: the element a(i) written at i = x is read as a(i-1) at i = x + 1, the
  // iteration before.
  auto r = sameNest({"i"}, {"i-1"}, {loop("i", 1, unbounded, -1)});
  CHECK_FALSE(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK(r.levels[0].distance == -1);
  auto ahead = sameNest({"i"}, {"i+1"}, {loop("i", 1, unbounded, -1)});
  CHECK(ahead.levels[0].forward);
  CHECK_FALSE(ahead.levels[0].backward);
  CHECK(ahead.levels[0].distance == 1);
}

TEST_CASE("dependence: distances count iterations, values of one loop differ by its step") {
  auto two = sameNest({"i"}, {"i-2"}, {loop("i", 1, unbounded, 2)});
  CHECK(two.levels[0].forward);
  CHECK(two.levels[0].distance == 1);
  auto odd = sameNest({"i"}, {"i-1"}, {loop("i", 1, unbounded, 2)});
  CHECK(odd.independent);
  CHECK(odd.test == "strong SIV");
}

TEST_CASE("dependence: an unknown step gives no direction nor distance, values still decide") {
  auto r = sameNest({"i"}, {"i-1"}, {loop("i", 1, unbounded, 0)});
  CHECK(r.levels[0].forward);
  CHECK(r.levels[0].backward);
  CHECK_FALSE(r.levels[0].distance);
  CHECK_FALSE(r.loopIndependent);
  CHECK(sameNest({"i"}, {"i+100"}, {loop("i", 1, 10, 0)}).independent);
}

TEST_CASE("dependence: a loop of one iteration carries nothing") {
  auto r = sameNest({"j"}, {"j"}, {loop("i", 1, 1), loop("j", 1, 10)});
  CHECK(r.loopIndependent);
  CHECK_FALSE(r.levels[0].forward);
  CHECK_FALSE(r.levels[0].backward);
}

TEST_CASE("dependence: bounds given in the wrong order are a range all the same") {
  auto r = sameNest({"i"}, {"i+100"}, {loop("i", 10, 1, -1)});
  CHECK(r.independent);
}

TEST_CASE("dependence: coupled subscripts a(i,i) vs a(i+1,i) have no common solution") {
  auto r = sameNest({"i", "i"}, {"i+1", "i"}, {loop("i", 1, unbounded)});
  CHECK(r.independent);
  CHECK(r.test == "coupled SIV");
  // Distances that agree.
  auto agree = sameNest({"i", "i"}, {"i-1", "i-1"}, {loop("i", 1, unbounded)});
  CHECK(agree.levels[0].forward);
  CHECK(agree.levels[0].distance == 1);
  // x = y and x + y = 5 cross at 2.5.
  auto half = sameNest({"i", "i"}, {"i", "5-i"}, {loop("i", 1, 10)});
  CHECK(half.independent);
  CHECK(half.test == "coupled SIV");
  auto whole = sameNest({"i", "i"}, {"i", "6-i"}, {loop("i", 1, 10)});
  CHECK(whole.loopIndependent);
  CHECK_FALSE(whole.levels[0].forward);
}

TEST_CASE("dependence: two weak-zero subscripts a(i,5) vs a(3,i) fix both iterations") {
  auto r = sameNest({"i", "5"}, {"3", "i"}, {loop("i", 1, 10)});
  CHECK(r.levels[0].forward);
  CHECK_FALSE(r.levels[0].backward);
  CHECK(r.levels[0].distance == 2);
  CHECK_FALSE(r.loopIndependent);
}

TEST_CASE("dependence: huge coefficients are exact or conservative, never overflow") {
  const std::string huge = std::to_string(maxInt);
  // M·x + M = M·y: y = x + 1 whatever M.
  auto strong = sameNest({huge + "*i+" + huge}, {huge + "*i"}, {loop("i", 1, 10)});
  CHECK(strong.levels[0].forward);
  CHECK(strong.levels[0].distance == 1);
  // M·x_i − M·x_j = 0 whenever i = j, though M·10 overflows in Banerjee's bounds.
  auto bounds = sameNest({huge + "*i-" + huge + "*j"}, {"0"}, {loop("i", 1, 10), loop("j", 1, 10)});
  CHECK_FALSE(bounds.independent);
  CHECK(bounds.loopIndependent);
  // −INT64_MIN does not exist.
  RefShape smallest = ref({"0"}, {loop("i", 1, 10)});
  smallest.subscripts[0].terms = {{"i", minInt}};
  auto r = testDependence(smallest, smallest, 1);
  CHECK_FALSE(r.independent);
  CHECK(r.loopIndependent);
  // The constants' difference does not fit.
  RefShape low = ref({"i"}, {loop("i", 1, 10)}), high = low;
  low.subscripts[0].constant = minInt;
  high.subscripts[0].constant = maxInt;
  auto far = testDependence(low, high, 1);
  CHECK_FALSE(far.independent);
  CHECK(far.unknown);
  CHECK(far.unknownWhy.find("too large") != std::string::npos);
  // Bounds as wide as int64.
  CHECK(sameNest({"i"}, {"i-1"}, {loop("i", minInt, maxInt)}).levels[0].distance == 1);
  CHECK(sameNest({"i"}, {"i-1"}, {loop("i", minInt, maxInt, minInt)}).independent);
}

TEST_CASE("dependence: common levels beyond either nest are ignored") {
  auto r = testDependence(ref({"i"}, {loop("i", 1, 10)}), ref({"i-1"}, {loop("i", 1, 10)}), 3);
  REQUIRE(r.levels.size() == 1);
  CHECK(r.levels[0].distance == 1);
}

namespace {

/// Every iteration of a nest: the values of its loops, and the iteration numbers of each.
struct Iteration {
  std::vector<int64_t> values, numbers;
};

/// The loops as they actually run: a hidden bound or step is still a definite one here.
struct ActualLoop {
  int64_t lower, upper, step;  ///< step ≠ 0
};

std::vector<Iteration> iterationsOf(const std::vector<ActualLoop>& loops) {
  std::vector<Iteration> all{{}};
  for (const auto& l : loops) {
    std::vector<Iteration> next;
    for (const auto& it : all) {
      int64_t start = l.step > 0 ? l.lower : l.upper;
      for (int64_t v = start, n = 0; v >= l.lower && v <= l.upper; v += l.step, ++n) {
        Iteration deeper = it;
        deeper.values.push_back(v);
        deeper.numbers.push_back(n);
        next.push_back(deeper);
      }
    }
    all = next;
  }
  return all;
}

int64_t valueOf(const LinearExpr& e, const RefShape& r, const Iteration& it) {
  int64_t v = e.constant;
  for (const auto& [var, coeff] : e.terms)
    for (size_t k = 0; k < r.loops.size(); ++k)
      if (r.loops[k].var == var) v += coeff * it.values[k];
  return v;
}

/// A small deterministic generator (Knuth's MMIX LCG).
struct Random {
  uint64_t state = 12345;
  int64_t between(int64_t lo, int64_t hi) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + static_cast<int64_t>((state >> 33) % static_cast<uint64_t>(hi - lo + 1));
  }
};

}  // namespace

TEST_CASE("dependence: never rules out what a brute-force search finds") {
  Random rnd;
  int independentCount = 0;
  for (int round = 0; round < 3000; ++round) {
    size_t common = rnd.between(0, 2);
    std::vector<ActualLoop> actualCommon;
    std::vector<NestLoop> commonLoops;
    const char* names[] = {"i", "j"};
    for (size_t k = 0; k < common; ++k) {
      int64_t lower = rnd.between(-2, 2), upper = lower + rnd.between(0, 4);
      const int64_t steps[] = {1, 1, -1, 2, -2, 0};
      int64_t step = steps[rnd.between(0, 5)];
      actualCommon.push_back({lower, upper, step == 0 ? 1 : step});
      NestLoop shown = loop(names[k], lower, upper, step);
      if (rnd.between(0, 4) == 0) shown.upper = unbounded;
      commonLoops.push_back(shown);
    }
    auto shapeOf = [&](RefShape& r, std::vector<ActualLoop>& actual) {
      r.loops = commonLoops;
      actual = actualCommon;
      if (rnd.between(0, 1) == 1) {
        int64_t lower = rnd.between(-2, 2), upper = lower + rnd.between(0, 3);
        r.loops.push_back(loop("k", lower, upper));
        actual.push_back({lower, upper, 1});
      }
    };
    RefShape source, sink;
    std::vector<ActualLoop> sourceLoops, sinkLoops;
    shapeOf(source, sourceLoops);
    shapeOf(sink, sinkLoops);
    size_t dims = rnd.between(1, 2);
    auto subscriptOf = [&](const RefShape& r) {
      LinearExpr e;
      e.constant = rnd.between(-3, 3);
      for (const auto& l : r.loops)
        if (rnd.between(0, 1) == 1) {
          int64_t c = rnd.between(-2, 2);
          if (c != 0) e.terms.push_back({l.var, c});
        }
      return e;
    };
    // Half the sink subscripts are the source's shifted, so that many pairs do depend.
    auto shiftedFor = [&](const LinearExpr& e, const RefShape& r) {
      LinearExpr shifted;
      shifted.constant = e.constant + rnd.between(-2, 2);
      for (const auto& term : e.terms)
        for (const auto& l : r.loops)
          if (l.var == term.first) shifted.terms.push_back(term);
      return shifted;
    };
    for (size_t d = 0; d < dims; ++d) {
      source.subscripts.push_back(subscriptOf(source));
      sink.subscripts.push_back(rnd.between(0, 1) == 1 ? shiftedFor(source.subscripts[d], sink) : subscriptOf(sink));
    }

    DependenceResult r = testDependence(source, sink, common);
    if (r.independent) ++independentCount;
    // Same element at some iteration pair: which level carries it, at which distance.
    bool found = false, foundLoopIndependent = false;
    std::vector<bool> forward(common), backward(common);
    std::vector<std::set<int64_t>> distances(common);
    for (const auto& x : iterationsOf(sourceLoops))
      for (const auto& y : iterationsOf(sinkLoops)) {
        bool same = true;
        for (size_t d = 0; d < dims; ++d)
          same = same && valueOf(source.subscripts[d], source, x) == valueOf(sink.subscripts[d], sink, y);
        if (!same) continue;
        found = true;
        size_t k = 0;
        while (k < common && x.numbers[k] == y.numbers[k]) ++k;
        if (k == common) {
          foundLoopIndependent = true;
          continue;
        }
        int64_t distance = y.numbers[k] - x.numbers[k];
        (distance > 0 ? forward : backward)[k] = true;
        distances[k].insert(distance);
      }
    INFO("round " << round);
    if (!found) continue;
    REQUIRE_FALSE(r.independent);
    REQUIRE(r.levels.size() == common);
    CHECK((!foundLoopIndependent || r.loopIndependent));
    for (size_t k = 0; k < common; ++k) {
      INFO("level " << k + 1);
      CHECK((!forward[k] || r.levels[k].forward));
      CHECK((!backward[k] || r.levels[k].backward));
      if (r.levels[k].distance) {
        CHECK(commonLoops[k].step != 0);
        for (int64_t distance : distances[k]) CHECK(distance == *r.levels[k].distance);
      }
    }
  }
  CHECK(independentCount > 1000);  // the search is not trivially passed by "maybe" everywhere
}

// ---- Fourier–Motzkin (analyzer/FourierMotzkin.hpp) ------------------------------------------------

TEST_CASE("Fourier-Motzkin: systems with and without integer solutions, by hand") {
  using sapfor::analyzer::LinearSystem;
  {
    // Tiles: j1 = j2, jt1 <= j1 <= jt1 + ts - 1, jt2 <= j2, jt2 >= jt1 + ts: j2 >= jt1 + ts > j1.
    LinearSystem s;
    size_t jt1 = s.unknown(), jt2 = s.unknown(), j1 = s.unknown(), j2 = s.unknown(), ts = s.unknown();
    s.atLeastZero({{j1, 1}, {jt1, -1}}, 0);
    s.atLeastZero({{jt1, 1}, {ts, 1}, {j1, -1}}, -1);
    s.atLeastZero({{j2, 1}, {jt2, -1}}, 0);
    s.atLeastZero({{jt2, 1}, {jt1, -1}, {ts, -1}}, 0);
    s.zero({{j1, 1}, {j2, -1}}, 0);
    CHECK_FALSE(s.maySolve());
  }
  {
    // The same with j1 <= jt1 + ts: j1 = j2 = jt1 + ts = jt2 solves it.
    LinearSystem s;
    size_t jt1 = s.unknown(), jt2 = s.unknown(), j1 = s.unknown(), j2 = s.unknown(), ts = s.unknown();
    s.atLeastZero({{j1, 1}, {jt1, -1}}, 0);
    s.atLeastZero({{jt1, 1}, {ts, 1}, {j1, -1}}, 0);
    s.atLeastZero({{j2, 1}, {jt2, -1}}, 0);
    s.atLeastZero({{jt2, 1}, {jt1, -1}, {ts, -1}}, 0);
    s.zero({{j1, 1}, {j2, -1}}, 0);
    CHECK(s.maySolve());
  }
  {
    // 2x = 1 has a rational solution, no integer one: the gcd of the equality's coefficients (2)
    // does not divide its constant.
    LinearSystem s;
    size_t x = s.unknown();
    s.zero({{x, 2}}, -1);
    CHECK_FALSE(s.maySolve());
  }
  {
    // Red-black: i = 2 + r + 2m with r = j - 2q (r = mod(j, 2)), the same i in rows j and j+1:
    // j + 1 - j = 2(...), odd against even. Substituting i, r and j exposes it.
    LinearSystem s;
    size_t i1 = s.unknown(), m1 = s.unknown(), r1 = s.unknown(), q1 = s.unknown(), j1 = s.unknown();
    size_t i2 = s.unknown(), m2 = s.unknown(), r2 = s.unknown(), q2 = s.unknown(), j2 = s.unknown();
    s.zero({{i1, 1}, {m1, -2}, {r1, -1}}, -2);
    s.zero({{r1, 1}, {j1, -1}, {q1, 2}}, 0);
    s.zero({{i2, 1}, {m2, -2}, {r2, -1}}, -2);
    s.zero({{r2, 1}, {j2, -1}, {q2, 2}}, 0);
    s.zero({{i1, 1}, {i2, -1}}, 0);
    s.zero({{j2, 1}, {j1, -1}}, -1);
    CHECK_FALSE(s.maySolve());
  }
  {
    // 1 <= x <= 3, x = y + 5, y >= 0: x >= 5.
    LinearSystem s;
    size_t x = s.unknown(), y = s.unknown();
    s.atLeastZero({{x, 1}}, -1);
    s.atLeastZero({{x, -1}}, 3);
    s.zero({{x, 1}, {y, -1}}, -5);
    s.atLeastZero({{y, 1}}, 0);
    CHECK_FALSE(s.maySolve());
  }
  {
    // Coefficients that overflow when combined: no proof, the answer is "may".
    LinearSystem s;
    size_t x = s.unknown(), y = s.unknown();
    s.atLeastZero({{x, INT64_MAX / 2}, {y, 3}}, 0);
    s.atLeastZero({{x, -(INT64_MAX / 2 - 1)}, {y, 5}}, -7);
    CHECK(s.maySolve());
  }
}

TEST_CASE("Fourier-Motzkin never proves a system with an integer solution unsolvable (brute force)") {
  using sapfor::analyzer::LinearSystem;
  uint64_t state = 12345;
  auto next = [&](int64_t lo, int64_t hi) {  // a small linear congruential generator: reproducible
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + static_cast<int64_t>((state >> 33) % static_cast<uint64_t>(hi - lo + 1));
  };
  int solvable = 0, proven = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    LinearSystem s;
    const size_t n = 3;
    for (size_t v = 0; v < n; ++v) s.unknown();
    struct Constraint {
      int64_t a[3];
      int64_t c;
    };
    std::vector<Constraint> constraints;
    for (size_t v = 0; v < n; ++v) {  // the box -4 <= x_v <= 4
      Constraint lo{{0, 0, 0}, 4}, hi{{0, 0, 0}, 4};
      lo.a[v] = 1;
      hi.a[v] = -1;
      constraints.push_back(lo);
      constraints.push_back(hi);
    }
    int extra = static_cast<int>(next(1, 4));
    for (int k = 0; k < extra; ++k)
      constraints.push_back({{next(-3, 3), next(-3, 3), next(-3, 3)}, next(-6, 6)});
    for (const Constraint& c : constraints) s.atLeastZero({{0, c.a[0]}, {1, c.a[1]}, {2, c.a[2]}}, c.c);
    // Now and then an equality too (solved and substituted, or its gcd tested): as two rows here.
    if (next(0, 2) == 0) {
      Constraint e{{next(-3, 3), next(-3, 3), next(-3, 3)}, next(-6, 6)};
      s.zero({{0, e.a[0]}, {1, e.a[1]}, {2, e.a[2]}}, e.c);
      constraints.push_back(e);
      constraints.push_back({{-e.a[0], -e.a[1], -e.a[2]}, -e.c});
    }
    bool found = false;
    for (int64_t x = -4; x <= 4 && !found; ++x)
      for (int64_t y = -4; y <= 4 && !found; ++y)
        for (int64_t z = -4; z <= 4 && !found; ++z) {
          bool all = true;
          for (const Constraint& c : constraints) all &= c.a[0] * x + c.a[1] * y + c.a[2] * z + c.c >= 0;
          found = all;
        }
    const bool may = s.maySolve();
    if (found) {
      ++solvable;
      CHECK(may);
    } else if (!may) {
      ++proven;
    }
  }
  CHECK(solvable > 300);  // both kinds of system were drawn
  CHECK(proven > 100);
}

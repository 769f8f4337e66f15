/// @file SubscriptsTest.cpp
/// Subscripts as affine forms over integer variables.
#include "FortranSnippet.hpp"

#include <doctest/doctest.h>

#include <map>

using namespace sapfor::frontend;
using sapfor::test::FortranSnippet;

namespace {

/// The subscripts of the first array reference of the snippet's only statement inside a loop.
std::vector<SubscriptFacts> subscriptsOf(const std::string& reference) {
  FortranSnippet s("integer, parameter :: m = 10\ninteger i, j, k, n, idx(100)\nreal a(100, 100)\nreal x\n"
                   "do i = 1, 10\n do j = 1, 10\n  x = " + reference + "\n end do\nend do\nend\n");
  INFO(s.diagnosticText());
  REQUIRE(!s.facts.arrayRefs.empty());
  return s.facts.arrayRefs[0].subscripts;
}

std::map<std::string, int64_t> terms(const SubscriptFacts& s) {
  std::map<std::string, int64_t> t;
  for (const auto& term : s.terms) t[term.var] = term.coeff;
  return t;
}

}  // namespace

TEST_CASE("constant + coefficients, PARAMETERs folded") {
  auto s = subscriptsOf("a(2*i + 1, m - j - 3)");
  REQUIRE(s.size() == 2);
  CHECK(s[0].affine);
  CHECK(s[0].constant == 1);
  CHECK(terms(s[0]) == std::map<std::string, int64_t>{{"i", 2}});
  CHECK(s[1].constant == 7);
  CHECK(terms(s[1]) == std::map<std::string, int64_t>{{"j", -1}});
  CHECK(s[0].terms[0].loopVar);
}

TEST_CASE("a loop-invariant symbol is a term, not a loop variable") {
  auto s = subscriptsOf("a(i + n, 3*(j - k))");
  CHECK(terms(s[0]) == std::map<std::string, int64_t>{{"i", 1}, {"n", 1}});
  for (const auto& t : s[0].terms) CHECK(t.loopVar == (t.var == "i"));
  CHECK(terms(s[1]) == std::map<std::string, int64_t>{{"j", 3}, {"k", -3}});
}

TEST_CASE("non-affine: indirection, products of variables, division, real expressions") {
  CHECK_FALSE(subscriptsOf("a(idx(i), j)")[0].affine);
  CHECK_FALSE(subscriptsOf("a(i*j, 1)")[0].affine);
  CHECK_FALSE(subscriptsOf("a(i/2, 1)")[0].affine);
  CHECK_FALSE(subscriptsOf("a(int(x), 1)")[0].affine);
  CHECK(subscriptsOf("a(m/2, 1)")[0].constant == 5);
}

TEST_CASE("sections are marked and not affine") {
  auto s = subscriptsOf("sum(a(1:n, j))");
  CHECK(s[0].section);
  CHECK_FALSE(s[0].affine);
  CHECK(s[0].text == "1:n");
  CHECK(s[1].affine);
}

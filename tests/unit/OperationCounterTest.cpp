/// @file OperationCounterTest.cpp
/// The operation classes, each rule with an example counted by hand.
#include "FortranSnippet.hpp"
#include "frontend/OperationCounter.hpp"

#include <doctest/doctest.h>

using namespace sapfor::frontend;
using sapfor::test::FortranSnippet;

namespace {

/// The counts of the single executable statement after `declarations`.
OpCounts count(const std::string& declarations, const std::string& statement) {
  FortranSnippet s(declarations + "\n" + statement + "\nend\n");
  INFO(s.diagnosticText());
  REQUIRE(s.diagnosticText().empty());
  REQUIRE(s.facts.statements.size() == 1);
  return s.facts.statements[0].ops;
}

OpCounts ops(int64_t arith, int64_t div, int64_t trans, int64_t logic, int64_t conv, int64_t branch, int64_t call,
             int64_t idx) {
  return OpCounts{arith, div, trans, logic, conv, branch, call, idx};
}

const char* const kDecls = "real(8) :: x, y, a(100)\ninteger :: i, j, n\nlogical :: l";

}  // namespace

TEST_CASE("x**n multiplies by repeated squaring: floor(log2 n) + popcount(n) - 1") {
  CHECK(powerMultiplications(1) == 0);
  CHECK(powerMultiplications(2) == 1);
  CHECK(powerMultiplications(3) == 2);
  CHECK(powerMultiplications(4) == 2);
  CHECK(powerMultiplications(5) == 3);
  CHECK(powerMultiplications(8) == 3);
  CHECK(powerMultiplications(15) == 6);
}

TEST_CASE("arithmetic, division and unary minus") {
  CHECK(count(kDecls, "x = -x + y * x - y") == ops(4, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "x = x / y / 2.0d0") == ops(0, 2, 0, 0, 0, 0, 0, 0));
}

TEST_CASE("powers: x**2 one multiply, x**3 two, x**-2 a multiply and a division, x**y exp(y*log x)") {
  CHECK(count(kDecls, "y = x**2") == ops(1, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = x**3") == ops(2, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = x**(-2)") == ops(1, 1, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = x**2.0d0") == ops(1, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = x**y") == ops(1, 0, 2, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = x**n") == ops(0, 0, 1, 0, 0, 0, 0, 0));
}

TEST_CASE("intrinsics: MIN/MAX of n arguments are n-1 operations, ABS/MOD/SIGN one, SQRT/EXP transcendental") {
  CHECK(count(kDecls, "y = max(x, y, 1.0d0, a(1))") == ops(3, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "i = mod(i, 7) + abs(j)") == ops(3, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = sqrt(x) * exp(-x) + atan2(x, y)") == ops(3, 0, 3, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "i = size(a)") == ops(0, 0, 0, 0, 0, 0, 0, 0));
}

TEST_CASE("conversions: explicit ones, mixed-mode operands, assignment to another type, never of constants") {
  CHECK(count(kDecls, "y = dble(i)") == ops(0, 0, 0, 0, 1, 0, 0, 0));
  CHECK(count(kDecls, "y = dble(3)") == ops(0, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = x * i") == ops(1, 0, 0, 0, 1, 0, 0, 0));
  CHECK(count(kDecls, "y = x * 4") == ops(1, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "y = i") == ops(0, 0, 0, 0, 1, 0, 0, 0));
  CHECK(count(kDecls, "y = 0") == ops(0, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "i = x + 1") == ops(1, 0, 0, 0, 1, 0, 0, 0));
  // i + 1.0 is REAL(4): i converts; then the REAL(4) sum converts to REAL(8) for y.
  CHECK(count(kDecls, "y = i + 1.0") == ops(1, 0, 0, 0, 2, 0, 0, 0));
}

TEST_CASE("constant expressions are folded by the compiler and cost nothing") {
  CHECK(count("integer, parameter :: m = 30\nreal(8) :: x", "x = m * 2 + 1") == ops(0, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count("integer, parameter :: m = 30\nreal(8) :: x", "x = x + m / 2") == ops(1, 0, 0, 0, 0, 0, 0, 0));
  // TINY(x), EPSILON(a) depend on the type alone (a constant expression, F2018 10.1.12); SIZE(a)
  // on a descriptor known at run time: n * 2 is counted, n is an integer like the product.
  CHECK(count(kDecls, "y = 2.0d0 * tiny(x) + epsilon(a) * 4.0d0") == ops(0, 0, 0, 0, 0, 0, 0, 0));
  CHECK(count(kDecls, "i = size(a) * 2") == ops(1, 0, 0, 0, 0, 0, 0, 0));
}

TEST_CASE("logic and branches: a logical IF counts its condition, the branch and its action") {
  CHECK(count(kDecls, "l = x > y .and. .not. l") == ops(0, 0, 0, 3, 0, 0, 0, 0));
  CHECK(count(kDecls, "if (x .lt. y) x = x + 1") == ops(1, 0, 0, 1, 0, 1, 0, 0));
  CHECK(count(kDecls, "if (i - 1) 10, 20, 30\n10 continue\n20 continue\n30 continue") ==
        ops(1, 0, 0, 0, 0, 1, 0, 0));
}

TEST_CASE("calls: CALL statements and user functions, intrinsics are not calls") {
  CHECK(count(kDecls, "call s(x, a(i + 1))") == ops(0, 0, 0, 0, 0, 0, 1, 1));
  CHECK(count("real(8) :: x, y, f, g", "y = f(x) + g(y) + sin(x)") == ops(2, 0, 1, 0, 0, 0, 2, 0));
  // Undeclared, f and g are REAL(4) functions: their sum converts to REAL(8) to add sin(x).
  CHECK(count(kDecls, "y = f(x) + g(y) + sin(x)") == ops(2, 0, 1, 0, 1, 0, 2, 0));
}

TEST_CASE("address arithmetic inside subscripts is counted apart, as idx") {
  CHECK(count(kDecls, "a(2*i+1) = a(i-1) + a(j)") == ops(1, 0, 0, 0, 0, 0, 0, 3));
  CHECK(count(kDecls, "y = a(mod(i, 10) + 1)") == ops(0, 0, 0, 0, 0, 0, 0, 2));
}

TEST_CASE("block IF, ELSE IF and each CASE count one branch, CASE DEFAULT none") {
  FortranSnippet s("integer i\nreal x\nif (i > 1) then\n x = 1\nelse if (i < 0) then\n x = 2\nelse\n x = 3\nend if\n"
                   "select case (i)\ncase (1)\n x = 1\ncase (2:5)\n x = 2\ncase default\n x = 3\nend select\nend\n");
  OpCounts total;
  for (const auto& st : s.facts.statements) total += st.ops;
  CHECK(total == ops(0, 0, 0, 2, 0, 4, 0, 0));
}

/// @file CheckedArithmeticTest.cpp
/// Numbers read from source text and compile-time integer arithmetic: nullopt where the value
/// does not fit, the exact value everywhere else, worked out by hand at the 64-bit limits.
#include "frontend/CheckedArithmetic.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace sapfor::frontend;

namespace {
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
}  // namespace

TEST_CASE("decimal digits: up to 2^63 - 1, nothing else") {
  CHECK(decimalValue("0") == 0);
  CHECK(decimalValue("00042") == 42);
  CHECK(decimalValue("9223372036854775807") == kMax);
  CHECK_FALSE(decimalValue("9223372036854775808"));
  CHECK_FALSE(decimalValue("99999999999999999999"));
  CHECK_FALSE(decimalValue(""));
  CHECK_FALSE(decimalValue("12_8"));
}

TEST_CASE("statement labels: one to five digits, not all zeros") {
  CHECK(statementLabel("1") == 1);
  CHECK(statementLabel("99999") == 99999);
  CHECK(statementLabel("00010") == 10);
  CHECK_FALSE(statementLabel("100000"));
  CHECK_FALSE(statementLabel("000010"));
  CHECK_FALSE(statementLabel("99999999999"));
  CHECK_FALSE(statementLabel("0"));
}

TEST_CASE("BOZ constants in every spelling, below 2^63") {
  CHECK(bozValue("z'ff'") == 255);
  CHECK(bozValue("z'FF'") == 255);
  CHECK(bozValue("x\"7f\"") == 127);
  CHECK(bozValue("o'17'") == 15);
  CHECK(bozValue("b'101'") == 5);
  CHECK(bozValue("'ff'x") == 255);
  CHECK(bozValue("'1f'z") == 31);
  CHECK(bozValue("'17'o") == 15);
  CHECK(bozValue("'101'b") == 5);
  CHECK(bozValue("x'00003FFFFFFFFFFF'") == (int64_t{1} << 46) - 1);
  CHECK(bozValue("z'7fffffffffffffff'") == kMax);
  CHECK(bozValue("o'777777777777777777777'") == kMax);  // 21 octal digits: 63 bits
  CHECK_FALSE(bozValue("z'8000000000000000'"));           // 2^63
  CHECK_FALSE(bozValue("o'1000000000000000000000'"));     // 2^63
  CHECK_FALSE(bozValue("z'10000000000000000'"));          // 2^64
  CHECK_FALSE(bozValue("b'102'"));
  CHECK_FALSE(bozValue("o'8'"));
}

TEST_CASE("add, subtract, multiply, negate: nullopt past the limits") {
  CHECK(checkedAdd(kMax - 1, 1) == kMax);
  CHECK_FALSE(checkedAdd(kMax, 1));
  CHECK(checkedSub(kMin + 1, 1) == kMin);
  CHECK_FALSE(checkedSub(kMin, 1));
  CHECK(checkedMul(3037000499, 3037000499) == 9223372030926249001);
  CHECK_FALSE(checkedMul(3037000500, 3037000500));  // 9223372037000250000
  CHECK(checkedMul(kMin, 1) == kMin);
  CHECK_FALSE(checkedMul(kMin, -1));
  CHECK(checkedNeg(kMax) == kMin + 1);
  CHECK_FALSE(checkedNeg(kMin));
}

TEST_CASE("division and remainder: zero and INT64_MIN by -1") {
  CHECK(checkedDiv(-7, 2) == -3);  // truncates toward zero
  CHECK_FALSE(checkedDiv(1, 0));
  CHECK_FALSE(checkedDiv(kMin, -1));
  CHECK(checkedDiv(kMin, 1) == kMin);
  CHECK(checkedRem(-7, 2) == -1);  // the sign of the dividend
  CHECK(checkedRem(kMin, -1) == 0);
  CHECK_FALSE(checkedRem(1, 0));
}

TEST_CASE("integer powers by squaring: exact at the limits, any exponent at once") {
  CHECK(checkedPow(2, 62) == int64_t{1} << 62);
  CHECK_FALSE(checkedPow(2, 63));
  CHECK(checkedPow(-2, 63) == kMin);
  CHECK_FALSE(checkedPow(-2, 64));
  CHECK(checkedPow(3, 39) == 4052555153018976267);
  CHECK_FALSE(checkedPow(3, 40));
  CHECK(checkedPow(1, kMax) == 1);
  CHECK(checkedPow(-1, kMax) == -1);
  CHECK(checkedPow(-1, kMax - 1) == 1);
  CHECK(checkedPow(0, kMax) == 0);
  CHECK(checkedPow(0, 0) == 1);
  CHECK(checkedPow(7, 0) == 1);
  // Negative exponents: 1 / a^|b| truncated.
  CHECK(checkedPow(2, -1) == 0);
  CHECK(checkedPow(-1, -3) == -1);
  CHECK(checkedPow(1, kMin) == 1);
  CHECK_FALSE(checkedPow(0, -1));
}

TEST_CASE("real to integer: INT truncates, NINT rounds half away from zero, range checked") {
  CHECK(truncatedToInteger(-2.5) == -2);
  CHECK(roundedToInteger(-2.5) == -3);
  CHECK(roundedToInteger(2.5) == 3);
  CHECK(truncatedToInteger(-9223372036854775808.0) == kMin);  // -2^63 is a double exactly
  CHECK_FALSE(truncatedToInteger(9223372036854775808.0));      // 2^63
  CHECK_FALSE(truncatedToInteger(1e30));
  CHECK_FALSE(truncatedToInteger(-1e300));
  CHECK_FALSE(truncatedToInteger(std::nan("")));
  CHECK_FALSE(roundedToInteger(std::numeric_limits<double>::infinity()));
}

TEST_CASE("trip counts: max(0, (upper - lower + step) / step) without overflow") {
  CHECK(tripCount(1, 10, 1) == 10);
  CHECK(tripCount(10, 1, -3) == 4);  // 10, 7, 4, 1
  CHECK(tripCount(1, 0, 1) == 0);
  CHECK_FALSE(tripCount(1, 10, 0));
  CHECK(tripCount(1, kMax, 1) == kMax);
  CHECK_FALSE(tripCount(kMin, kMax, 1));   // 2^64
  CHECK_FALSE(tripCount(kMax, kMin, -1));  // 2^64
  CHECK(tripCount(kMin, kMax, kMax) == 3);  // -2^63, -1, 2^63 - 2
  CHECK(tripCount(kMax, kMin, kMin) == 2);  // 2^63 - 1, -1
  CHECK(tripCount(1, kMax, -1) == 0);
}

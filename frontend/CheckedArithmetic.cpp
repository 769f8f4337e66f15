/// @file CheckedArithmetic.cpp
#include "frontend/CheckedArithmetic.hpp"

#include <cmath>
#include <limits>

namespace sapfor::frontend {

namespace {
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
}

std::optional<int64_t> decimalValue(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  int64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, c - '0', &value))
      return std::nullopt;
  }
  return value;
}

std::optional<int> statementLabel(std::string_view digits) {
  if (digits.empty() || digits.size() > 5) return std::nullopt;
  std::optional<int64_t> value = decimalValue(digits);
  if (!value || *value == 0) return std::nullopt;
  return static_cast<int>(*value);
}

std::optional<int64_t> bozValue(std::string_view spelling) {
  // b'..' o".." z'..' x'..', or '..'b '..'o '..'z '..'x
  if (spelling.size() < 4) return std::nullopt;
  bool leading = spelling.front() != '\'' && spelling.front() != '"';
  char letter = leading ? spelling.front() : spelling.back();
  std::string_view digits = leading ? spelling.substr(2, spelling.size() - 3) : spelling.substr(1, spelling.size() - 3);
  int bitsPerDigit = letter == 'b' ? 1 : letter == 'o' ? 3 : (letter == 'z' || letter == 'x') ? 4 : 0;
  if (bitsPerDigit == 0 || digits.empty()) return std::nullopt;
  uint64_t value = 0;
  for (char c : digits) {
    int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
    if (digit >= (1 << bitsPerDigit)) return std::nullopt;
    if (value >> (63 - bitsPerDigit) != 0) return std::nullopt;
    value = value << bitsPerDigit | static_cast<uint64_t>(digit);
  }
  return static_cast<int64_t>(value);
}

std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> checkedNeg(int64_t a) {
  if (a == kMin) return std::nullopt;
  return -a;
}

std::optional<int64_t> checkedDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == kMin && b == -1)) return std::nullopt;
  return a / b;
}

std::optional<int64_t> checkedRem(int64_t a, int64_t b) {
  if (b == 0) return std::nullopt;
  if (b == -1) return 0;  // INT64_MIN % -1 traps on x86-64, though the remainder is 0
  return a % b;
}

std::optional<int64_t> checkedPow(int64_t base, int64_t exponent) {
  if (exponent < 0) {
    if (base == 0) return std::nullopt;  // 1 / 0
    if (base == 1) return 1;
    if (base == -1) return exponent % 2 == 0 ? 1 : -1;
    return 0;
  }
  // By squaring: at most 63 steps whatever the exponent (1**huge must not loop 2^63 times).
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1) {
      if (__builtin_mul_overflow(result, base, &result)) return std::nullopt;
    }
    exponent >>= 1;
    // A square that overflows would be a factor of the result: so would the result.
    if (exponent > 0 && __builtin_mul_overflow(base, base, &base)) return std::nullopt;
  }
  return result;
}

std::optional<int64_t> truncatedToInteger(double value) {
  double truncated = std::trunc(value);
  // -2^63 and 2^63 are exact doubles; NaN fails both comparisons.
  if (!(truncated >= -9223372036854775808.0 && truncated < 9223372036854775808.0)) return std::nullopt;
  return static_cast<int64_t>(truncated);
}

std::optional<int64_t> roundedToInteger(double value) {
  return truncatedToInteger(std::round(value));
}

std::optional<int64_t> tripCount(int64_t lower, int64_t upper, int64_t step) {
  if (step == 0) return std::nullopt;
  // The span needs 65 bits at most; 128-bit arithmetic gives the exact count.
  __int128 trips = (static_cast<__int128>(upper) - lower + step) / step;
  if (trips <= 0) return 0;
  if (trips > std::numeric_limits<int64_t>::max()) return std::nullopt;
  return static_cast<int64_t>(trips);
}

}  // namespace sapfor::frontend

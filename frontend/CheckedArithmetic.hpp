/// @file CheckedArithmetic.hpp
/// Integers read from source text and the integer arithmetic the front end does at compile time
/// (constant folding, `#if`, trip counts, array sizes), each checked: a number that does not fit in
/// 64 bits is nullopt, never an exception, undefined behaviour or a wrapped value. A caller turns
/// nullopt into a diagnostic or an unknown value; no input can crash the front end through a number
/// or make it store a wrong one.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sapfor::frontend {

/// The value of a string of decimal digits (nothing else, at least one); nullopt above INT64_MAX.
std::optional<int64_t> decimalValue(std::string_view digits);

/// A statement label: one to five digits, not all zeros (`00010` is 10). nullopt otherwise.
std::optional<int> statementLabel(std::string_view digits);

/// The value of a BOZ constant as the scanner spells it (the letter lower case): `b'101'`,
/// `o"17"`, `z'FF'`, `x'ff'` or the trailing forms `'ff'x`, `'17'o`. nullopt when a digit is not
/// one of its base or the value is 2^63 or more: such a bit pattern is a negative INTEGER(8) or
/// needs a wider kind, and which depends on where the constant stands.
std::optional<int64_t> bozValue(std::string_view spelling);

std::optional<int64_t> checkedAdd(int64_t a, int64_t b);
std::optional<int64_t> checkedSub(int64_t a, int64_t b);
std::optional<int64_t> checkedMul(int64_t a, int64_t b);
std::optional<int64_t> checkedNeg(int64_t a);
/// Truncating division (Fortran's and C's); nullopt for b = 0 and for INT64_MIN / -1.
std::optional<int64_t> checkedDiv(int64_t a, int64_t b);
/// The remainder with the sign of a (Fortran's MOD, C's %); nullopt for b = 0. INT64_MIN % -1 is 0.
std::optional<int64_t> checkedRem(int64_t a, int64_t b);
/// Fortran's integer a**b: for b < 0, 1/a**|b| truncated (0 unless a is 1 or -1; nullopt for a = 0).
std::optional<int64_t> checkedPow(int64_t base, int64_t exponent);

/// A real value truncated toward zero (INT), or rounded half away from zero (NINT); nullopt for a
/// NaN, an infinity or a value outside the 64-bit range.
std::optional<int64_t> truncatedToInteger(double value);
std::optional<int64_t> roundedToInteger(double value);

/// The iterations of DO var = lower, upper, step: max(0, (upper - lower + step) / step), Fortran
/// 2008 8.1.6.6.2, computed without overflow; nullopt for step 0 or a count above INT64_MAX.
std::optional<int64_t> tripCount(int64_t lower, int64_t upper, int64_t step);

}  // namespace sapfor::frontend

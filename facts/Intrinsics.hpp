/// @file Intrinsics.hpp
/// The intrinsic procedures sapfor knows: which operation class a reference counts in (README
/// "Operation classes") and the type of its result. The front end counts and types with it; a
/// stage that reads the expression trees (the CUDA writer) types an intrinsic's result with the
/// same table.
#pragma once

#include <cstdint>
#include <string_view>

namespace sapfor::facts {

enum class IntrinsicClass : uint8_t {
  Arith,   ///< ABS, SIGN, MOD, DIM, ...: one arithmetic operation
  MinMax,  ///< MIN, MAX: n arguments are n-1 arithmetic operations
  Trans,   ///< SQRT, EXP, LOG, SIN, ...: the special-function units
  Conv,    ///< INT, REAL, DBLE, NINT, CMPLX, ...: a type conversion
  Other,   ///< inquiries, array and character functions: not counted
};

enum class ResultRule : uint8_t {
  FirstArg,      ///< the type of the first argument (generic ABS, SQRT, MAX, ...)
  RealOfFirst,   ///< ABS/AIMAG of a complex: real of the argument's kind
  Fixed,         ///< a specific name: DSQRT is REAL(8), MAX0 INTEGER, ...
  KindArg,       ///< INT/REAL/CMPLX/LOGICAL with an optional KIND= argument
};

/// An intrinsic type: what a Fixed or KindArg result is.
struct IntrinsicType {
  enum class Base : uint8_t { Integer, Real, Complex, Logical, Character };
  Base base = Base::Integer;
  int kind = 4;
  int64_t charLen = -1;  ///< CHARACTER: its length, -1 unknown
};

struct IntrinsicInfo {
  IntrinsicClass cls;
  ResultRule rule;
  IntrinsicType type;  ///< Fixed: the result; KindArg: the result without KIND=
};

/// The intrinsic of that (lower-case) name, or null.
const IntrinsicInfo* findIntrinsic(std::string_view name);

}  // namespace sapfor::facts

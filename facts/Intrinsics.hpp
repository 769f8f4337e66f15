/// @file Intrinsics.hpp
/// The intrinsic procedures sapfor knows: which operation class a reference counts in (README
/// "Operation classes") and the type of its result. The front end counts and types with it; a
/// stage that reads the expression trees (the CUDA writer) types an intrinsic's result with the
/// same table.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

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

/// An inquiry function (F2018 16.7: "the result depends on the properties of one or more of its
/// arguments instead of their values"): SIZE(a), TINY(x), KIND(x), PRESENT(x)... reads no element
/// of its arguments, which need not even be defined. Lower-case name.
bool isInquiry(std::string_view name);

/// An inquiry whose result depends on its argument's type and kind alone (the numeric model's
/// TINY, HUGE, EPSILON, DIGITS..., KIND, BIT_SIZE, NEW_LINE): a constant expression (F2018
/// 10.1.12) the compiler folds, whatever the argument. Lower-case name.
bool isTypeInquiry(std::string_view name);

/// How a stage's own type (the front end's TypeInfo, the CUDA writer's Type) answers the rules
/// below; a specialization provides
///   static int rank(const T&);                    0 not numeric, 1 integer, 2 real, 3 complex
///   static int kind(const T&);
///   static T withKind(const T& like, int kind);   like's type family, of that kind
///   static T real(int kind);
///   static T of(const IntrinsicType&);
template <class T>
struct IntrinsicTyping;

/// The usual arithmetic promotion of two operand types (integer < real < complex); a
/// non-numeric operand gives the other's type.
template <class T>
T promote(const T& a, const T& b) {
  using Typing = IntrinsicTyping<T>;
  const int ra = Typing::rank(a), rb = Typing::rank(b);
  if (ra == 0 || rb == 0) return ra == 0 ? b : a;
  if (ra == rb) return Typing::withKind(a, std::max(Typing::kind(a), Typing::kind(b)));
  const T& high = ra > rb ? a : b;
  const T& low = ra > rb ? b : a;
  // INTEGER + REAL(4) is REAL(4); REAL(8) + COMPLEX(4) is COMPLEX(8): the kinds of the
  // non-integer operands decide.
  return Typing::withKind(high, Typing::rank(low) == 1 ? Typing::kind(high) : std::max(Typing::kind(high), Typing::kind(low)));
}

/// An intrinsic's result type from its arguments' types (positional, in order) and the kind
/// its call asks for (KIND=, or REAL(i, 8)'s second argument; the caller reads it off its tree).
template <class T>
T intrinsicResult(const IntrinsicInfo& info, const std::vector<T>& argTypes, std::optional<int> kindArgument) {
  using Typing = IntrinsicTyping<T>;
  const T first = argTypes.empty() ? T{} : argTypes[0];
  switch (info.rule) {
    case ResultRule::FirstArg: {
      T t = first;  // MIN/MAX with mixed kinds take the widest argument
      if (info.cls == IntrinsicClass::MinMax)
        for (size_t i = 1; i < argTypes.size(); ++i) t = promote(t, argTypes[i]);
      return t;
    }
    case ResultRule::RealOfFirst: return Typing::rank(first) == 3 ? Typing::real(Typing::kind(first)) : first;
    case ResultRule::Fixed: return Typing::of(info.type);
    case ResultRule::KindArg: {
      T t = Typing::of(info.type);
      return kindArgument ? Typing::withKind(t, *kindArgument) : t;
    }
  }
  return T{};
}

}  // namespace sapfor::facts

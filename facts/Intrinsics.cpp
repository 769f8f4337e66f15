/// @file Intrinsics.cpp
/// The table follows the Fortran 2008 standard's list of intrinsic procedures (generic names),
/// the FORTRAN 77 specific names still common in old codes (DSQRT, AMAX1, IFIX, ...) and the
/// double complex ones compilers have long taken (DCONJG, DIMAG, ZABS, ZSQRT...).
#include "facts/Intrinsics.hpp"

#include <string>

#include <unordered_map>

namespace sapfor::facts {

namespace {

using C = IntrinsicClass;
using R = ResultRule;

IntrinsicInfo generic(C cls) { return {cls, R::FirstArg, {}}; }
IntrinsicInfo fixed(C cls, IntrinsicType type) { return {cls, R::Fixed, type}; }
IntrinsicInfo kindArg(C cls, IntrinsicType type) { return {cls, R::KindArg, type}; }

std::unordered_map<std::string, IntrinsicInfo> buildTable() {
  using B = IntrinsicType::Base;
  const IntrinsicType i4{B::Integer, 4}, r4{B::Real, 4}, r8{B::Real, 8}, c4{B::Complex, 4}, c8{B::Complex, 8};
  const IntrinsicType l4{B::Logical, 4}, ch{B::Character, 1}, ch1{B::Character, 1, 1};
  std::unordered_map<std::string, IntrinsicInfo> t;

  // Arithmetic: one operation each.
  for (const char* name : {"sign", "mod", "modulo", "dim", "aint", "anint", "conjg", "iand", "ior", "ieor",
                           "ishft", "ishftc", "not", "ibset", "ibclr", "ibits"})
    t[name] = generic(C::Arith);
  t["abs"] = {C::Arith, R::RealOfFirst, {}};
  t["dprod"] = fixed(C::Arith, r8);
  for (const char* name : {"iabs", "isign", "idim"}) t[name] = fixed(C::Arith, i4);
  for (const char* name : {"dabs", "dsign", "dmod", "ddim", "dint", "dnint"}) t[name] = fixed(C::Arith, r8);
  for (const char* name : {"amod"}) t[name] = fixed(C::Arith, r4);
  t["cabs"] = fixed(C::Arith, r4);
  for (const char* name : {"cdabs", "zabs"}) t[name] = fixed(C::Arith, r8);
  t["dconjg"] = fixed(C::Arith, c8);
  // Bit manipulation (Fortran 2008).
  for (const char* name : {"popcnt", "poppar", "leadz", "trailz"}) t[name] = fixed(C::Arith, i4);
  for (const char* name : {"shifta", "shiftl", "shiftr", "dshiftl", "dshiftr", "merge_bits"}) t[name] = generic(C::Arith);
  for (const char* name : {"maskl", "maskr"}) t[name] = kindArg(C::Arith, i4);

  // MIN/MAX and their specific names.
  t["min"] = generic(C::MinMax);
  t["max"] = generic(C::MinMax);
  for (const char* name : {"min0", "max0"}) t[name] = fixed(C::MinMax, i4);
  for (const char* name : {"amin1", "amax1"}) t[name] = fixed(C::MinMax, r4);
  for (const char* name : {"dmin1", "dmax1"}) t[name] = fixed(C::MinMax, r8);
  for (const char* name : {"amin0", "amax0"}) t[name] = fixed(C::MinMax, r4);
  for (const char* name : {"min1", "max1"}) t[name] = fixed(C::MinMax, i4);

  // Transcendental: the special-function units.
  for (const char* name : {"sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
                           "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "gamma",
                           "log_gamma", "hypot", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1"})
    t[name] = generic(C::Trans);
  for (const char* name : {"alog", "alog10"}) t[name] = fixed(C::Trans, r4);
  for (const char* name : {"dsqrt", "dexp", "dlog", "dlog10", "dsin", "dcos", "dtan", "dasin", "dacos", "datan",
                           "datan2", "dsinh", "dcosh", "dtanh"})
    t[name] = fixed(C::Trans, r8);
  for (const char* name : {"csqrt", "cexp", "clog", "csin", "ccos"}) t[name] = fixed(C::Trans, c4);
  for (const char* name : {"cdsqrt", "cdexp", "cdlog", "cdsin", "cdcos", "zsqrt", "zexp", "zlog", "zsin", "zcos"})
    t[name] = fixed(C::Trans, c8);

  // Conversions.
  t["int"] = kindArg(C::Conv, i4);
  t["nint"] = kindArg(C::Conv, i4);
  t["floor"] = kindArg(C::Conv, i4);
  t["ceiling"] = kindArg(C::Conv, i4);
  t["real"] = kindArg(C::Conv, r4);
  t["cmplx"] = kindArg(C::Conv, c4);
  t["logical"] = kindArg(C::Conv, l4);
  for (const char* name : {"ifix", "idint", "idnint", "ichar", "iachar"}) t[name] = fixed(C::Conv, i4);
  for (const char* name : {"float", "sngl"}) t[name] = fixed(C::Conv, r4);
  for (const char* name : {"dble", "dfloat", "dreal"}) t[name] = fixed(C::Conv, r8);
  t["dcmplx"] = fixed(C::Conv, c8);
  for (const char* name : {"char", "achar"}) t[name] = fixed(C::Conv, ch1);

  // Not counted: inquiries, array reductions and transformations, character functions.
  for (const char* name : {"size", "lbound", "ubound", "len", "len_trim", "index", "scan", "verify", "kind",
                           "selected_int_kind", "selected_real_kind", "digits", "range", "precision",
                           "radix", "maxexponent", "minexponent", "count", "maxloc", "minloc", "shape",
                           "rank", "storage_size", "exponent", "bit_size"})
    t[name] = fixed(C::Other, i4);
  for (const char* name : {"huge", "tiny", "epsilon", "sum", "product", "maxval", "minval", "dot_product",
                           "matmul", "transpose", "reshape", "spread", "pack", "unpack", "merge", "cshift",
                           "eoshift", "fraction", "nearest", "spacing", "rrspacing", "scale", "set_exponent",
                           "transfer", "null"})
    t[name] = generic(C::Other);
  for (const char* name : {"aimag", "imag", "imagpart", "realpart", "norm2"}) t[name] = {C::Other, R::RealOfFirst, {}};
  t["dimag"] = fixed(C::Other, r8);
  for (const char* name : {"iall", "iany", "iparity"}) t[name] = generic(C::Other);
  t["findloc"] = fixed(C::Other, i4);
  for (const char* name : {"parity", "is_contiguous"}) t[name] = fixed(C::Other, l4);
  // ISO_C_BINDING's inquiry (Fortran 2008, 15.2.3.7): the size in bytes, integer(c_size_t).
  t["c_sizeof"] = fixed(C::Other, IntrinsicType{B::Integer, 8});
  t["new_line"] = fixed(C::Other, ch1);
  for (const char* name : {"present", "allocated", "associated", "any", "all", "btest", "lge", "lgt", "lle",
                           "llt", "is_iostat_end", "is_iostat_eor"})
    t[name] = fixed(C::Other, l4);
  for (const char* name : {"trim", "adjustl", "adjustr", "repeat"}) t[name] = fixed(C::Other, ch);
  return t;
}

}  // namespace

const IntrinsicInfo* findIntrinsic(std::string_view name) {
  static const std::unordered_map<std::string, IntrinsicInfo> table = buildTable();
  auto found = table.find(std::string(name));
  return found == table.end() ? nullptr : &found->second;
}

bool isInquiry(std::string_view name) {
  static constexpr std::string_view kInquiries[] = {
      "allocated", "associated", "bit_size", "c_sizeof", "digits", "epsilon", "extends_type_of", "huge", "is_contiguous",
      "kind", "lbound", "lcobound", "len", "maxexponent", "minexponent", "new_line", "precision", "present",
      "radix", "range", "rank", "same_type_as", "shape", "size", "storage_size", "tiny", "ubound", "ucobound"};
  return std::find(std::begin(kInquiries), std::end(kInquiries), name) != std::end(kInquiries);
}

bool isTypeInquiry(std::string_view name) {
  static constexpr std::string_view kTypeInquiries[] = {"bit_size", "digits", "epsilon", "huge", "kind", "maxexponent",
                                                        "minexponent", "new_line", "precision", "radix", "range", "tiny"};
  return std::find(std::begin(kTypeInquiries), std::end(kTypeInquiries), name) != std::end(kTypeInquiries);
}

}  // namespace sapfor::facts

/// @file SemanticsTest.cpp
/// Implicit typing, PARAMETER folding, kinds, and what a name with arguments turns out to be.
#include "FortranSnippet.hpp"
#include "frontend/Semantics.hpp"

#include <doctest/doctest.h>

using namespace sapfor::frontend;
using sapfor::test::FortranSnippet;

namespace {

const Symbol& symbol(const FortranSnippet& s, const std::string& name, size_t unit = 0) {
  const Scope* scope = s.scopes.of(*s.parsed.units[unit]);
  const Symbol* found = scope->find(name);
  REQUIRE_MESSAGE(found, "no symbol " << name);
  return *found;
}

}  // namespace

TEST_CASE("SELECTED_REAL_KIND and SELECTED_INT_KIND as gfortran on x86-64 answers them") {
  CHECK(selectedRealKind(6, 37) == 4);
  CHECK(selectedRealKind(15, 307) == 8);
  CHECK(selectedRealKind(18, 0) == 10);
  CHECK(selectedRealKind(33, 0) == 16);
  CHECK(selectedRealKind(40, 0) == -1);
  CHECK(selectedIntKind(9) == 4);
  CHECK(selectedIntKind(10) == 8);
}

TEST_CASE("kind parameters fold: kind(1.0d0), selected_real_kind, real(dp), REAL*8, DOUBLE PRECISION") {
  FortranSnippet s("integer, parameter :: dp = kind(1.0d0), qp = selected_real_kind(p=15, r=307)\n"
                   "integer, parameter :: n = 2*dp + 1, m = n**2\n"
                   "real(dp) :: a\nreal(kind=qp) :: b\nreal*8 c\ndouble precision d\ncomplex*16 z\n"
                   "character*10 s\ncharacter(len=n) t\nlogical*1 flag\nend\n");
  CHECK(symbol(s, "dp").value.i == 8);
  CHECK(symbol(s, "qp").value.i == 8);
  CHECK(symbol(s, "n").value.i == 17);
  CHECK(symbol(s, "m").value.i == 289);
  for (const char* name : {"a", "b", "c", "d"}) {
    CAPTURE(name);
    CHECK(symbol(s, name).type == TypeInfo::real(8));
    CHECK(symbol(s, name).type.bytes() == 8);
  }
  CHECK(symbol(s, "z").type == TypeInfo::complex(8));
  CHECK(symbol(s, "z").type.bytes() == 16);
  CHECK(symbol(s, "s").type.bytes() == 10);
  CHECK(symbol(s, "t").type.bytes() == 17);
  CHECK(symbol(s, "flag").type.bytes() == 1);
}

TEST_CASE("implicit typing: I-N integer, the rest real, IMPLICIT overrides") {
  FortranSnippet s("      IMPLICIT DOUBLE PRECISION (A-H, O-Z)\n      X = 1\n      K = 2\n      END\n",
                   SourceForm::Fixed);
  CHECK(symbol(s, "x").type == TypeInfo::real(8));
  CHECK(symbol(s, "x").implicitType);
  CHECK(symbol(s, "k").type == TypeInfo::integer(4));
}

TEST_CASE("array element, intrinsic call, user function and statement function") {
  FortranSnippet s("real a(10)\nf(x) = x**2\ny = a(2) + sqrt(y) + g(y) + f(y)\nend\n");
  const Expr& rhs = *s.parsed.units[0]->body[1].stmt->exprs[1];
  // ((a(2) + sqrt(y)) + g(y)) + f(y)
  const Expr& fcall = *rhs.args[1];
  const Expr& gcall = *rhs.args[0]->args[1];
  const Expr& sqrtCall = *rhs.args[0]->args[0]->args[1];
  const Expr& element = *rhs.args[0]->args[0]->args[0];
  CHECK(element.ref == RefKind::ArrayElement);
  CHECK(sqrtCall.ref == RefKind::IntrinsicCall);
  CHECK(gcall.ref == RefKind::FunctionCall);
  CHECK(fcall.ref == RefKind::StatementFunction);
  CHECK(s.parsed.units[0]->body[0].stmt->kind == StmtKind::StatementFunction);
}

TEST_CASE("the double complex specifics and the Fortran 2008 bit and array functions are intrinsics, with their types") {
  FortranSnippet s("complex(8) z\nreal(8) v(3)\nw = dimag(z) + zabs(dconjg(z)) + norm2(v) + popcnt(7) + leadz(1)\nend\n");
  const Expr& rhs = *s.parsed.units[0]->body[0].stmt->exprs[1];
  // (((dimag(z) + zabs(dconjg(z))) + norm2(v)) + popcnt(7)) + leadz(1)
  const Expr& leadz = *rhs.args[1];
  const Expr& popcnt = *rhs.args[0]->args[1];
  const Expr& norm2 = *rhs.args[0]->args[0]->args[1];
  const Expr& zabs = *rhs.args[0]->args[0]->args[0]->args[1];
  const Expr& dimag = *rhs.args[0]->args[0]->args[0]->args[0];
  for (const Expr* e : std::initializer_list<const Expr*>{&leadz, &popcnt, &norm2, &zabs, &dimag, zabs.args[0].get()}) {
    CAPTURE(e->text);
    CHECK(e->ref == RefKind::IntrinsicCall);
  }
  CHECK(typeOf(dimag) == TypeInfo::real(8));
  CHECK(typeOf(zabs) == TypeInfo::real(8));
  CHECK(typeOf(*zabs.args[0]) == TypeInfo::complex(8));  // dconjg
  CHECK(typeOf(norm2) == TypeInfo::real(8));
  CHECK(typeOf(popcnt) == TypeInfo::integer(4));
}

TEST_CASE("USE brings a module's constants and arrays into another unit") {
  FortranSnippet s("module m\n integer, parameter :: n = 64\n real(8), allocatable :: u(:,:)\nend module\n"
                   "program p\n use m\n u(1, 1) = n\nend program\n");
  const Symbol& u = symbol(s, "u", 1);
  CHECK(u.storage == Storage::Module);
  CHECK(u.rank() == 2);
  CHECK(u.allocatable);
  CHECK(symbol(s, "n", 1).value.i == 64);
  CHECK(s.parsed.units[1]->body[0].stmt->exprs[0]->ref == RefKind::ArrayElement);
}

TEST_CASE("host association: an internal procedure sees its host's variables") {
  FortranSnippet s("program p\n real a(5)\n call s()\ncontains\n subroutine s()\n  a(1) = 0\n end subroutine\nend\n");
  const Expr& lhs = *s.parsed.units[0]->contained[0]->body[0].stmt->exprs[0];
  CHECK(lhs.ref == RefKind::ArrayElement);
  CHECK(lhs.symbol->rank() == 1);
}

TEST_CASE("a constant expression's type follows promotion") {
  CHECK(promote(TypeInfo::integer(8), TypeInfo::real(4)) == TypeInfo::real(4));
  CHECK(promote(TypeInfo::real(8), TypeInfo::complex(4)) == TypeInfo::complex(8));
  CHECK(promote(TypeInfo::integer(4), TypeInfo::integer(8)) == TypeInfo::integer(8));
}

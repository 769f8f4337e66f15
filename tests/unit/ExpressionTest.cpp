/// @file ExpressionTest.cpp
/// The expression trees the database keeps (facts/Expression.hpp): what the front end writes for
/// each kind of node (expected JSON written by hand), that the facts library reads it back and
/// writes it again unchanged, that its Fortran text is the text columns' normalized text, and that
/// malformed JSON is refused with a message.
#include "WrittenSnippet.hpp"

#include "facts/Expression.hpp"

#include <doctest/doctest.h>

using namespace sapfor;
using namespace sapfor::facts;

namespace {

FileRows rowsOf(const std::string& source) { return test::WrittenSnippet(source).rows; }

/// The JSON reads back as a tree that writes the same JSON.
void checkRoundTrip(const std::string& json) {
  CAPTURE(json);
  CHECK(toJson(parseStatementExpressions(json)) == json);
}

}  // namespace

TEST_CASE("the front end writes each statement's expressions as trees that read back unchanged") {
  FileRows rows = rowsOf(R"(subroutine s(a, b, c, n, str, t)
  integer, parameter :: dp = kind(1.0d0)
  real, parameter :: half = 0.5
  integer(8), parameter :: big = 2_8**40
  logical, parameter :: on = .true.
  real(dp), parameter :: third = 1.0_dp / 3
  integer :: n, i, j, k, m(3)
  real(dp) :: a(n, 0:n+1), b(n), x
  complex :: z
  character(len=*) :: str
  character(len=8) :: word
  type point
    real :: x
  end type
  type(point) :: t(n)
  f(x) = x * 2.0_dp
  do j = 1, n, 2
    a(j, 0) = -b(j) ** 2 + f(a(j, 1)) / sqrt(x) + t(j)%x
  end do
  do concurrent (i = 1:n, k = 2:n - 1)
    b(i) = a(i, k)
  end do
  if (x > 0.0 .and. .not. (n == 3)) b(1:n:2) = 0
  word = str(2:3) // 'it''s'
  z = (1.0, -2.0)
  m = [1, 2_8, z'ff']
  x = half * dp
  x = merge(third, big * 1.0, on)
  write (*, '(a)') (b(i), i = 1, n)
  call solve(a(:, 1), n, eps=1.0e-3, flag=.true.)
end subroutine
)");
  auto statement = [&](const std::string& kind, int nth = 0) {
    for (const StatementRow& s : rows.statements)
      if (nameOf(s.kind) == kind && nth-- == 0) return s.expr;
    FAIL("no statement " << kind);
    return std::string();
  };
  // Hand-written: what each node of these statements is.
  CHECK(statement("do") == R"({"name":"j","exprs":[1,"n",2]})");
  CHECK(statement("assignment") ==
        R"({"exprs":[["element","a","j",0],["+",["+",["-",["**",["element","b","j"],2]],)"
        R"(["/",["statement_function","f",["element","a","j",1]],["intrinsic","sqrt","x"]]],)"
        R"(["component",["element","t","j"],"x"]]]})");
  CHECK(statement("do_concurrent") ==
        R"({"exprs":[["keyword","i",["range",1,"n",null]],["keyword","k",["range",2,["-","n",1],null]]]})");
  CHECK(statement("if") == R"({"exprs":[[".and.",[">","x",["real","0.0"]],[".not.",["paren",["==","n",3]]]]],)"
                           R"("action":{"exprs":[["section","b",["range",1,"n",2]],0]}})");
  CHECK(statement("assignment", 2) == R"({"exprs":["word",["//",["substring","str",["range",2,3,null]],["string","'it''s'"]]]})");
  CHECK(statement("assignment", 3) == R"({"exprs":["z",["complex",["real","1.0"],["-",["real","2.0"]]]]})");
  CHECK(statement("assignment", 4) == R"({"exprs":["m",["array",1,["int",2,8],["boz","z'ff'"]]]})");
  // Named constants with the value the front end folded, of their type: a real's shortest digits
  // that read back the same double (1/3 in double precision).
  CHECK(statement("assignment", 5) == R"({"exprs":["x",["*",["constant","half",["real","0.5",4]],["constant","dp",8]]]})");
  CHECK(statement("assignment", 6) ==
        R"({"exprs":["x",["intrinsic","merge",["constant","third",["real","0.3333333333333333",8]],)"
        R"(["*",["constant","big",["int",1099511627776,8]],["real","1.0"]],["constant","on",["logical",1]]]]})");
  CHECK(statement("write") == R"({"exprs":[["star"],["string","'(a)'"]],"items":[["implied_do","i",1,"n",null,["element","b","i"]]]})");
  CHECK(statement("call") == R"({"name":"solve","exprs":[["section","a",["range",null,null,null],1],"n",)"
                             R"(["keyword","eps",["real","1.0e-3"]],["keyword","flag",["logical",1]]]})");
  for (const StatementRow& s : rows.statements)
    if (!s.expr.empty()) checkRoundTrip(s.expr);

  // The loops' bounds, the dimensions' and the call's arguments are trees too, and their Fortran
  // text is the text columns'.
  REQUIRE(rows.loops.size() == 3);
  CHECK(rows.loops[0].bounds == R"([1,"n",2])");
  CHECK(rows.loops[2].bounds == R"([2,["-","n",1],null])");
  for (const LoopRow& l : rows.loops) {
    std::vector<Expression> bounds = parseExpressionList(l.bounds);
    REQUIRE(bounds.size() == 3);
    CHECK(fortranText(bounds[0]) == l.lower);
    CHECK(fortranText(bounds[1]) == l.upper);
    CHECK(fortranText(bounds[2]) == l.step);
    CHECK(toJson(bounds) == l.bounds);
  }
  const VariableRow* a = nullptr;
  for (const VariableRow& v : rows.variables)
    if (v.name == "a") a = &v;
  REQUIRE(a);
  REQUIRE(a->dims.size() == 2);
  CHECK(a->dims[0].bounds == R"([null,"n"])");
  CHECK(a->dims[1].bounds == R"([0,["+","n",1]])");
  REQUIRE(rows.calls.size() == 2);  // f, solve
  for (const CallRow& call : rows.calls)
    for (const CallArgRow& arg : call.args) {
      CAPTURE(arg.text);
      CHECK(fortranText(parseExpression(arg.expr)) == arg.text);
    }
}

TEST_CASE("every kind of node written by hand reads back equal") {
  auto name = [](std::string n) { return Expression{ExpressionKind::Name, std::move(n), 0, {}, {}}; };
  auto integer = [](int64_t v) { return Expression{ExpressionKind::Integer, "", v, {}, {}}; };
  Expression null;
  Expression e{ExpressionKind::Operator, "+", 0, {}, {}};
  e.args.push_back(Expression{ExpressionKind::Element, "a", 0, {}, {name("i"), integer(-3)}});
  Expression call{ExpressionKind::Call, "f", 0, {}, {}};
  call.args.push_back(Expression{ExpressionKind::Integer, "", 7, int64_t{8}, {}});
  call.args.push_back(Expression{ExpressionKind::Real, "1.5d0", 0, std::string("wp"), {}});
  call.args.push_back(Expression{ExpressionKind::Logical, "", 0, {}, {}});
  call.args.push_back(Expression{ExpressionKind::String, "'it''s'", 0, {}, {}});
  call.args.push_back(Expression{ExpressionKind::Keyword, "dim", 0, {}, {integer(2)}});
  call.args.push_back(Expression{ExpressionKind::Range, "", 0, {}, {null, name("n"), null}});
  call.args.push_back(Expression{ExpressionKind::ImpliedDo, "k", 0, {}, {integer(1), name("n"), null, name("k")}});
  call.args.push_back(Expression{ExpressionKind::Component, "x", 0, {}, {Expression{ExpressionKind::Subscript, "", 0, {},
                                                                                     {name("p"), integer(1)}}}});
  call.args.push_back(Expression{ExpressionKind::Operator, ".cross.", 0, {}, {name("u"), name("v")}});
  call.args.push_back(Expression{ExpressionKind::Star, "", 0, {}, {}});
  call.args.push_back(Expression{ExpressionKind::AltReturn, "", 10, {}, {}});
  call.args.push_back(Expression{ExpressionKind::Array, "", 0, {}, {}});
  call.args.push_back(Expression{ExpressionKind::Constant, "n", 0, {}, {integer(100)}});
  call.args.push_back(Expression{ExpressionKind::Constant, "pi", 0, {}, {}});
  e.args.push_back(call);
  const std::string json = toJson(e);
  CHECK(json == R"(["+",["element","a","i",-3],["call","f",["int",7,8],["real","1.5d0","wp"],["logical",0],)"
                R"(["string","'it''s'"],)"
                R"(["keyword","dim",2],["range",null,"n",null],["implied_do","k",1,"n",null,"k"],)"
                R"(["component",["subscript","p",1],"x"],[".cross.","u","v"],["star"],["alt_return",10],["array"],)"
                R"(["constant","n",100],["constant","pi"]]])");
  CHECK(parseExpression(json) == e);
  CHECK(fortranText(e) == R"(a(i,-3)+f(7_8,1.5d0_wp,.false.,'it''s',dim=2,:n,(k,k=1,n),p(1)%x,u.cross.v,*,*10,[],n,pi))");
  StatementExpressions s{"i", {integer(1), name("n")}, {}, {}};
  s.action.push_back(StatementExpressions{"", {}, {name("x")}, {}});
  CHECK(parseStatementExpressions(toJson(s)) == s);
  // What JSON must escape is escaped, and read back.
  Expression quoted{ExpressionKind::String, "\"a\\b\tc\"", 0, {}, {}};
  CHECK(toJson(quoted) == R"(["string","\"a\\b\u0009c\""])");
  CHECK(parseExpression(toJson(quoted)) == quoted);
  // Blanks and escapes another writer may use are read too.
  CHECK(parseExpression(R"( [ "+" , "a" , 1 ] )") == parseExpression(R"(["+","a",1])"));
  CHECK(parseExpression(R"(["string","\u00e9\/"])").text == "\xc3\xa9/");
}

TEST_CASE("malformed expression JSON is refused with where and what") {
  for (const char* bad : {"[", R"(["+"])", R"(["+",1,2,3])", R"(["nonsense",1])", R"(["element"])", "1.5",
                          R"("a" 1)", R"(["range",1,2])", R"(["string","\q"])", "99999999999999999999",
                          R"(["constant","n",["string","'a'"]])", R"(["constant","n",1,2])"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parseExpression(bad), ExpressionFormatError);
  }
  CHECK_THROWS_AS(parseStatementExpressions(R"({"exprs":[1],"other":2})"), ExpressionFormatError);
  CHECK_THROWS_AS(parseExpressionList(R"([1,2)"), ExpressionFormatError);
  CHECK_THROWS_WITH_AS(parseExpression(R"(["nonsense",1])"), doctest::Contains("a node tag at offset 1"),
                       ExpressionFormatError);
}

TEST_CASE("a tree nested deeper than the readers walk is refused as too deep, not read") {
  auto nested = [](int depth) {
    std::string json;
    for (int i = 0; i < depth; ++i) json += R"(["-",)";
    json += "1";
    for (int i = 0; i < depth; ++i) json += "]";
    return json;
  };
  // depth levels of negation plus the literal: kMaxExpressionDepth + 1 nodes deep is too deep.
  CHECK(parseExpression(nested(kMaxExpressionDepth - 1)).kind == ExpressionKind::Operator);
  CHECK_THROWS_AS(parseExpression(nested(kMaxExpressionDepth)), ExpressionTooDeep);
  CHECK_THROWS_AS(parseExpressionList("[" + nested(kMaxExpressionDepth) + "]"), ExpressionTooDeep);
}

TEST_CASE("a literal's kind is what follows its first underscore, however many the kind's name has") {
  FileRows rows = rowsOf(R"(subroutine s(x, on)
  integer, parameter :: dbl_kind = 8, log_kind = 4
  real(dbl_kind) :: x
  logical :: on
  x = 50_dbl_kind + 1.5_dbl_kind
  on = .true._log_kind
end subroutine
)");
  REQUIRE(rows.statements.size() >= 2);
  CHECK(rows.statements[0].expr == R"({"exprs":["x",["+",["int",50,8],["real","1.5",8]]]})");
  CHECK(rows.statements[1].expr == R"({"exprs":["on",["logical",1,4]]})");
}

TEST_CASE("a condition of literals and folded named constants has a value; any other has none") {
  auto value = [](const std::string& json) { return logicalValue(parseExpression(json)); };
  CHECK(value(R"(["==",["constant","data_spec_int",2],["constant","data_spec_thermal",2]])") == true);
  CHECK(value(R"(["==",["constant","data_spec_int",2],["constant","data_spec_collision",1]])") == false);
  CHECK(value(R"(["/=",3,["constant","n",3]])") == false);
  CHECK(value(R"(["<",["paren",1],2])") == true);
  CHECK(value(R"([">=",-1,0])") == false);
  CHECK(value(R"([".not.",["constant","debug",["logical",0]]])") == true);
  CHECK(value(R"([".and.",["logical",1],["constant","trace",["logical",1]]])") == true);
  CHECK(value(R"([".eqv.",["logical",1],["logical",0]])") == false);
  CHECK(value(R"([".neqv.",["logical",1],["logical",0]])") == true);
  // A variable anywhere, even where the other side would decide: no value.
  CHECK_FALSE(value(R"([".and.",["logical",0],"flag"])").has_value());
  CHECK_FALSE(value(R"(["==","mode",1])").has_value());
  CHECK_FALSE(value(R"(["==",["constant","x",["real","1.0",4]],1])").has_value());
  CHECK_FALSE(value(R"("debug")").has_value());
}

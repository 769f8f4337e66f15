/// @file ParserTest.cpp
/// The grammar through whole statements: expression structure, declarations, control flow.
#include "FortranParser.hpp"
#include "FortranSnippet.hpp"
#include "frontend/KeywordTable.hpp"

#include <doctest/doctest.h>

using namespace sapfor::frontend;
using sapfor::test::FortranSnippet;

namespace {

/// The first executable statement of a one-unit snippet.
const Stmt& firstStatement(const FortranSnippet& s) {
  REQUIRE(!s.parsed.units.empty());
  REQUIRE(!s.parsed.units[0]->body.empty());
  return *s.parsed.units[0]->body[0].stmt;
}

}  // namespace

TEST_CASE("every keyword token of the grammar is in the keyword table") {
  int checked = 0;
  for (int kind = 0; kind < FortranParser::YYNTOKENS; ++kind) {
    std::string word = FortranParser::symbol_name(static_cast<FortranParser::symbol_kind_type>(kind));
    // Keyword tokens are named by their spelling: upper-case letters and underscores.
    if (word.size() < 2 || word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_") != std::string::npos) continue;
    CAPTURE(word);
    CHECK(keywordToken(word) >= 0);
    ++checked;
  }
  CHECK(checked > 90);
}

TEST_CASE("operator precedence: -a**2 is -(a**2), .not. binds looser than relations") {
  FortranSnippet s("x = -a**2 + b*c\nl = .not. a > b .and. c < d\nend\n");
  CHECK(exprText(*firstStatement(s).exprs[1]) == "-a**2+b*c");
  const Expr& rhs = *firstStatement(s).exprs[1];
  REQUIRE(rhs.kind == ExprKind::Binary);
  CHECK(rhs.op == Op::Add);
  CHECK(rhs.args[0]->kind == ExprKind::Unary);
  CHECK(rhs.args[0]->args[0]->op == Op::Pow);
  const Expr& logical = *s.parsed.units[0]->body[1].stmt->exprs[1];
  CHECK(logical.op == Op::And);
  CHECK(logical.args[0]->op == Op::Not);
  CHECK(logical.args[0]->args[0]->op == Op::Gt);
}

TEST_CASE("numbers next to dotted operators: 1.eq.2 is not the real 1.") {
  FortranSnippet s("if (i.eq.1.and.x.gt.1.e5) y = 1.d0\nend\n");
  const Expr& cond = *firstStatement(s).exprs[0];
  CHECK(exprText(cond) == "i==1.and.x>1.e5");
  CHECK(s.diagnosticText().empty());
}

TEST_CASE("array sections, implied DO and array constructors") {
  FortranSnippet s("real a(10, 10), v(3)\nv = (/ (real(i), i = 1, 3) /)\na(:, 2) = a(1:10:2, 1)\n"
                   "write (*, *) (a(i, 1), i = 1, 10)\nend\n");
  CHECK(s.diagnosticText().empty());
  CHECK(exprText(*s.parsed.units[0]->body[0].stmt->exprs[1]) == "[(real(i),i=1,3)]");
  CHECK(exprText(*s.parsed.units[0]->body[1].stmt->exprs[1]) == "a(1:10:2,1)");
}

TEST_CASE("labelled DO loops sharing a termination label, ending on a non-CONTINUE statement") {
  FortranSnippet s("      DO 10 J = 1, N\n      DO 10 I = 1, N\n   10 A(I, J) = 0\n      X = 1\n      END\n",
                   SourceForm::Fixed);
  const auto& body = s.parsed.units[0]->body;
  REQUIRE(body.size() == 2);
  CHECK(body[0].kind == NodeKind::Do);
  REQUIRE(body[0].children.size() == 1);
  CHECK(body[0].children[0].kind == NodeKind::Do);
  CHECK(body[0].children[0].children.size() == 1);
  CHECK(body[0].children[0].end->kind == StmtKind::Assignment);
  CHECK(body[1].stmt->kind == StmtKind::Assignment);
}

TEST_CASE("a syntax error is a diagnostic, the rest of the file still loads") {
  FortranSnippet s("x = (1 + \ny = 2\ndo i = 1, 10\n  z = )\nend do\nend\n");
  CHECK(s.diagnosticText().find("snippet.f90:1:9: error: syntax error, unexpected end of statement") != std::string::npos);
  CHECK(s.diagnosticText().find("snippet.f90:4:7: error") != std::string::npos);
  CHECK(s.facts.loops.size() == 1);
  CHECK(s.facts.statements.size() == 4);
}

TEST_CASE("a DO without its END DO is reported at the DO") {
  FortranSnippet s("program p\ndo i = 1, 10\n  x = i\nend program\n");
  CHECK(s.diagnosticText().find("snippet.f90:2:1: error: DO loop is not closed: END DO is missing before line 4") !=
        std::string::npos);
  CHECK(s.facts.loops.size() == 1);
}

TEST_CASE("MODULE with CONTAINS: module procedures are units hosted by the module") {
  FortranSnippet s("module m\n integer, parameter :: dp = kind(1.0d0)\ncontains\n"
                   " real(dp) function f(x)\n  real(dp) x\n  f = x\n end function\nend module\n");
  REQUIRE(s.parsed.units.size() == 1);
  CHECK(s.parsed.units[0]->kind == StmtKind::Module);
  REQUIRE(s.parsed.units[0]->contained.size() == 1);
  CHECK(s.parsed.units[0]->contained[0]->name == "f");
  CHECK(s.diagnosticText().empty());
}

/// @file PrescannerTest.cpp
#include "frontend/Prescanner.hpp"

#include <doctest/doctest.h>

#include <sstream>

using namespace sapfor::frontend;

namespace {

struct Scan {
  FileTable files;
  std::ostringstream messages;
  DiagnosticSink diagnostics{&messages};
  std::vector<LogicalStatement> statements;
  PreprocessorOptions options;

  Scan(std::string text, SourceForm form) {
    auto file = std::make_unique<SourceFile>();
    file->path = file->displayPath = "t";
    file->form = form;
    setSourceText(*file, std::move(text));
    int index = files.add(std::move(file));
    Prescanner prescanner(files, diagnostics, options, [](const std::string& p) { return p; });
    statements = prescanner.scan(index);
  }
  std::vector<std::string> texts() const {
    std::vector<std::string> t;
    for (const auto& s : statements) t.push_back(s.text);
    return t;
  }
};

}  // namespace

TEST_CASE("a released source file frees its text and line table, and keeps their counts") {
  SourceFile file;
  setSourceText(file, std::string(100000, 'x') + "\n" + std::string(100000, 'y') + "\n");
  file.release();
  CHECK(file.text.capacity() < 100);  // a short string's inline buffer at most
  CHECK(file.lines.capacity() == 0);
  CHECK(file.lineCount == 2);
  CHECK(file.byteCount == 200002);
}

TEST_CASE("fixed form: column-6 continuation, comment lines between, column 72 cut, labels") {
  std::string continued = "     &    B";
  continued.resize(72, ' ');
  continued += "SEQ00010";  // columns 73-80: a sequence number, not code
  Scan s("C comment\n"
         "      X = A +\n"
         "C     a comment between continuation lines\n" +
             continued + "\n   10 CONTINUE\n",
         SourceForm::Fixed);
  REQUIRE(s.statements.size() == 2);
  CHECK(s.statements[0].text == "x=a+b");
  CHECK(s.statements[0].firstLine == 2);
  CHECK(s.statements[0].lastLine == 4);
  CHECK(s.statements[1].text == "continue");
  CHECK(s.statements[1].label == 10);
}

TEST_CASE("fixed form: blanks are insignificant, literals keep theirs and their case") {
  Scan s("      DO 10 I = 1 , N\n      PRINT *, 'Hello  World'\n", SourceForm::Fixed);
  CHECK(s.texts() == std::vector<std::string>{"do10i=1,n", "print*,'Hello  World'"});
}

TEST_CASE("fixed form: tab format and '0' in column 6 is not a continuation") {
  Scan s("\tX = 1\n\t1+ 2\n10\tY = 3\n     0Z = 4\n", SourceForm::Fixed);
  REQUIRE(s.statements.size() == 3);
  CHECK(s.statements[0].text == "x=1+2");
  CHECK(s.statements[1].label == 10);
  CHECK(s.statements[2].text == "z=4");
}

TEST_CASE("fixed form: Hollerith constants become quoted literals") {
  Scan s("      CALL F(5HAB CD, 1H')\n      CHARACTER*4 HIMOM\n", SourceForm::Fixed);
  CHECK(s.texts() == std::vector<std::string>{"callf('AB CD','''')", "character*4himom"});
}

TEST_CASE("fixed form: DVM directives with CDVM$/*DVM$ continuation and a comment in between") {
  Scan s("*DVM$   PARALLEL  ( J, I)   ON  A( I,  J),  NEW (S),\n"
         "C        a comment\n"
         "*DVM$*  REDUCTION ( MAX( EPS ))\n"
         "      DO 10 J = 1, N\n",
         SourceForm::Fixed);
  REQUIRE(s.statements.size() == 2);
  CHECK(s.statements[0].kind == LogicalStatement::Kind::Directive);
  CHECK(s.statements[0].sentinel == "dvm");
  CHECK(s.statements[0].text == "parallel(j,i)ona(i,j),new(s),reduction(max(eps))");
  CHECK(s.statements[0].display == "PARALLEL ( J, I) ON A( I, J), NEW (S), REDUCTION ( MAX( EPS ))");
  CHECK(s.statements[0].lastLine == 3);
}

TEST_CASE("free form: & continuation on both ends, , separators, ! in strings, labels") {
  Scan s("x = 'a!b' + &   ! trailing comment\n"
         "  ! comment line in between\n"
         "    & y; z = 1\n"
         "100 continue\n",
         SourceForm::Free);
  REQUIRE(s.statements.size() == 3);
  CHECK(s.statements[0].text == "x='a!b'+y");
  CHECK(s.statements[1].text == "z=1");
  CHECK_FALSE(s.statements[1].startsLine);
  CHECK(s.statements[2].label == 100);
}

TEST_CASE("free form: directive continued with !DVM$& and OpenMP lines kept as directives") {
  Scan s("!DVM$ PARALLEL (I) ON A(I), &\n!DVM$&  REDUCTION(SUM(S))\n!$omp parallel do\n", SourceForm::Free);
  REQUIRE(s.statements.size() == 2);
  CHECK(s.statements[0].text == "parallel(i)ona(i),reduction(sum(s))");
  CHECK(s.statements[1].sentinel == "omp");
}

TEST_CASE("unterminated literals are diagnosed with a position") {
  Scan s("x = 'abc\n", SourceForm::Free);
  CHECK(s.messages.str().find("t:1:5: error: unterminated character literal") != std::string::npos);
}

TEST_CASE("CRLF line ends are accepted") {
  Scan s("x = 1\r\ny = 2\r\n", SourceForm::Free);
  CHECK(s.texts() == std::vector<std::string>{"x=1", "y=2"});
}

TEST_CASE("form from content: fixed-form comment lines against free-form & continuations") {
  auto lines = [](std::vector<std::string_view> l) { return l; };
  CHECK(formFromContent(lines({"C comment", "      X = 1", "     &  + 2"})) == SourceForm::Fixed);
  CHECK(formFromContent(lines({"program p", "  x = 1 + &", "    2", "end"})) == SourceForm::Free);
}

TEST_CASE("form from content: DEC TAB format is fixed form, TAB-indented free form stays free") {
  auto lines = [](std::vector<std::string_view> l) { return l; };
  // A continuation digit after a TAB, a label before one; statements after a TAB say nothing.
  CHECK(formFromContent(lines({"\tPROGRAM P", "\tX = 1.0 +", "\t1    2.0", "\tEND"})) == SourceForm::Fixed);
  CHECK(formFromContent(lines({"\tDO 10 I = 1, 2", "\tX = I", "10\tCONTINUE", "\tEND"})) == SourceForm::Fixed);
  CHECK(formFromContent(lines({"\tX = 1", "\tEND"})) == SourceForm::Fixed);  // no evidence: fixed
  CHECK(formFromContent(lines({"program p", "\tx = 1 + &", "\t    2", "\tprint *, x", "end"})) == SourceForm::Free);
}

TEST_CASE("extensions as gfortran takes them: lower or upper case, not mixed") {
  CHECK(formFromExtension("a.FOR") == SourceForm::Fixed);
  CHECK(formFromExtension("a.ftn") == SourceForm::Fixed);
  CHECK(formFromExtension("a.F08") == SourceForm::Free);
  CHECK(formFromExtension("dir.f/a.f03") == SourceForm::Free);
  CHECK_FALSE(formFromExtension("a.fdv"));
  CHECK_FALSE(formFromExtension("a.For"));
  CHECK(isFortranExtension("a.FDV"));
  CHECK(isFortranExtension("a.FPP"));
  CHECK_FALSE(isFortranExtension("a.For"));
  CHECK_FALSE(isFortranExtension("a.inc"));
  CHECK_FALSE(isFortranExtension("f90"));
}

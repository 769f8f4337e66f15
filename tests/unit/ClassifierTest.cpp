/// @file ClassifierTest.cpp
/// Keyword versus name, decided the way the classic f77 front ends do.
#include "frontend/StatementClassifier.hpp"

#include <doctest/doctest.h>

using namespace sapfor::frontend;

namespace {

ClassifiedStatement classify(const std::string& cooked, StatementClassifier& classifier) {
  LogicalStatement s;
  s.text = cooked;
  for (size_t i = 0; i <= cooked.size(); ++i) s.pos.push_back({1, static_cast<uint32_t>(i + 1)});
  return classifier.classify(s);
}

ClassifiedStatement classify(const std::string& cooked) {
  StatementClassifier classifier;
  classify("subroutine s", classifier);  // past the unit start
  return classify(cooked, classifier);
}

}  // namespace

TEST_CASE("DO10I=1,N is a DO, DO10I=1.5 an assignment") {
  ClassifiedStatement d = classify("do10i=1,n");
  CHECK(d.kind == StmtKind::Do);
  CHECK(d.doLabel == 10);
  CHECK(d.text == "DO10 i=1,n");
  CHECK(classify("do10i=1.5").kind == StmtKind::Assignment);
  CHECK(classify("doi=f(1,2)").kind == StmtKind::Assignment);
  CHECK(classify("do10,i=1,n").kind == StmtKind::Do);
}

TEST_CASE("names that look like keywords") {
  CHECK(classify("if(i)=3").kind == StmtKind::Assignment);
  CHECK(classify("real=1.0").kind == StmtKind::Assignment);
  CHECK(classify("dowhile=1,10").kind == StmtKind::Do);  // a loop over a variable named WHILE
  ClassifiedStatement then = classify("if(x)then=5");
  CHECK(then.kind == StmtKind::If);
  CHECK(then.actionKind == StmtKind::Assignment);
}

TEST_CASE("IF forms: block, logical with an action, arithmetic") {
  CHECK(classify("if(a.gt.b)then").kind == StmtKind::IfThen);
  ClassifiedStatement logical = classify("if(a.gt.b)goto10");
  CHECK(logical.kind == StmtKind::If);
  CHECK(logical.actionKind == StmtKind::Goto);
  CHECK(logical.text == "IF(a.gt.b)GOTO10");
  CHECK(classify("if(x-1)10,20,30").kind == StmtKind::ArithIf);
  CHECK(classify("elseif(x>1)then").kind == StmtKind::ElseIf);
}

TEST_CASE("declarations in fixed form, where blanks are gone") {
  ClassifiedStatement r = classify("real*8a(10),b");
  CHECK(r.kind == StmtKind::TypeDecl);
  CHECK(r.text == "REAL*8 a(10),b");
  CHECK(classify("doubleprecisionx").text == "DOUBLE PRECISIONx");
  CHECK(classify("integer,parameter::n=10").text == "INTEGER,PARAMETER::n=10");
  CHECK(classify("character*4himom").kind == StmtKind::TypeDecl);
  CHECK(classify("implicitreal*8(a-h,o-z)").kind == StmtKind::Implicit);
}

TEST_CASE("a typed FUNCTION statement where a unit may start, an array declaration elsewhere") {
  StatementClassifier atStart;
  ClassifiedStatement f = classify("realfunctionf(x)", atStart);
  CHECK(f.kind == StmtKind::Function);
  CHECK(f.text == "REAL FUNCTIONf(x)");
  CHECK(classify("realfunctionf(x)").kind == StmtKind::TypeDecl);
  CHECK(classify("purerecursivesubroutines(a)").kind == StmtKind::Subroutine);
}

TEST_CASE("END statements and construct names") {
  CHECK(classify("enddo").kind == StmtKind::EndDo);
  CHECK(classify("endif").kind == StmtKind::EndIf);
  CHECK(classify("endsubroutinefoo").kind == StmtKind::EndUnit);
  CHECK(classify("end").kind == StmtKind::EndUnit);
  CHECK(classify("endfile10").kind == StmtKind::Endfile);
  ClassifiedStatement named = classify("outer:doi=1,n");
  CHECK(named.kind == StmtKind::Do);
  CHECK(named.constructName == "outer");
  CHECK(classify("exitouter").kind == StmtKind::Exit);
}

TEST_CASE("unsupported constructs are named, unknown statements are not") {
  CHECK(classify("pointer(ip,tab)").unsupported == "a Cray POINTER");
  CHECK(classify("structure/point/").unsupported == "a DEC STRUCTURE");
  CHECK(classify("selecttype(x)").kind == StmtKind::SelectType);
  ClassifiedStatement garbage = classify("+-*");
  CHECK(garbage.kind == StmtKind::Unknown);
  CHECK(garbage.unsupported.empty());
}

TEST_CASE("DVMH directives: ON, WITH and ONTO split off the blank-free text") {
  StatementClassifier classifier;
  auto directive = [&](const std::string& cooked) {
    LogicalStatement s;
    s.kind = LogicalStatement::Kind::Directive;
    s.sentinel = "dvm";
    s.text = cooked;
    for (size_t i = 0; i <= cooked.size(); ++i) s.pos.push_back({1, static_cast<uint32_t>(i + 1)});
    return classifier.classifyDirective(s);
  };
  ClassifiedDirective p = directive("parallel(j,i)ona(i,j),reduction(max(eps))");
  CHECK(p.kind == DirectiveKind::Parallel);
  CHECK(p.text == "PARALLEL(j,i)ONa(i,j),reduction(max(eps))");
  CHECK(directive("alignb(i,j)witha(i,j)").text == "ALIGNb(i,j)WITHa(i,j)");
  CHECK(directive("endregion").kind == DirectiveKind::EndRegion);
  CHECK(directive("get_actual(eps)").kind == DirectiveKind::GetActual);
  ClassifiedDirective other = directive("interval1");
  CHECK(other.kind == DirectiveKind::OtherDvm);
  CHECK(other.head == "INTERVAL");
}

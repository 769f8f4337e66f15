/// @file AnnotatorTest.cpp
#include "frontend/Annotator.hpp"

#include <doctest/doctest.h>

using namespace sapfor::frontend;

TEST_CASE("annotations go above their line, indented like it in free form, at column 1 in fixed form") {
  std::string free = "program p\n  do i = 1, 10\n    x = i\n  end do\nend\n";
  CHECK(annotate(free, SourceForm::Free, {{2, "!SAPFOR$ OPS p:1 arith=0"}}) ==
        "program p\n  !SAPFOR$ OPS p:1 arith=0\n  do i = 1, 10\n    x = i\n  end do\nend\n");
  std::string fixed = "      DO 10 I = 1, N\n   10 CONTINUE\n";
  CHECK(annotate(fixed, SourceForm::Fixed, {{1, "!SAPFOR$ OPS p:1"}}) == "!SAPFOR$ OPS p:1\n" + fixed);
}

TEST_CASE("earlier annotations are replaced, CRLF and a missing final newline are kept") {
  std::string text = "x = 1\r\n!SAPFOR$ OPS p:1 arith=9\r\ndo i = 1, 2\r\nend do";
  CHECK(annotate(text, SourceForm::Free, {{3, "!SAPFOR$ OPS p:1 arith=1"}}) ==
        "x = 1\r\n!SAPFOR$ OPS p:1 arith=1\r\ndo i = 1, 2\r\nend do");
  CHECK(isAnnotationLine("   !sapfor$ ops x"));
  CHECK_FALSE(isAnnotationLine("!SAPFOR$ OTHER"));
}

TEST_CASE("the annotation names the loop and all eight classes") {
  LoopFacts loop;
  loop.key = "jacobi:2.1";
  loop.ops = OpCounts{5, 1, 0, 2, 0, 1, 0, 4};
  CHECK(annotationText(loop) == "!SAPFOR$ OPS jacobi:2.1 arith=5 div=1 trans=0 logic=2 conv=0 branch=1 call=0 idx=4");
}

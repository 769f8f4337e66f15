/// @file DelinearizeTest.cpp
/// Linearized indexes split back into their dimensions, on hand-derived cases: the halo pack
/// buffers' index = off + j + (k + depth - 1)·depth, and the shapes that must not split.
#include "analyzer/Delinearize.hpp"

#include <doctest/doctest.h>

using namespace sapfor::analyzer;
using sapfor::facts::parseExpression;

namespace {

LinearExpr form(int64_t constant, std::vector<std::pair<std::string, int64_t>> terms) {
  return LinearExpr{true, constant, std::move(terms)};
}

LoopRange loop(const std::string& var, LinearExpr low, LinearExpr high) { return {var, std::move(low), std::move(high)}; }

// off + j + (k + depth - 1)*depth
const char* kPackLeft = R"(["+",["+","off","j"],["*",["paren",["-",["+","k","depth"],1]],"depth"]])";

}  // namespace

TEST_CASE("an index expression as a polynomial") {
  std::optional<Polynomial> p = polynomialOf(parseExpression(kPackLeft));
  REQUIRE(p);
  // off + j + k·depth + depth² - depth
  CHECK(*p == Polynomial{{{"off"}, 1}, {{"j"}, 1}, {{"depth", "k"}, 1}, {{"depth", "depth"}, 1}, {{"depth"}, -1}});
  CHECK(polynomialText(*p) == "-depth+depth*depth+depth*k+j+off");
  // Terms that cancel leave nothing; a unary minus negates every term.
  CHECK(polynomialOf(parseExpression(R"(["-",["*",2,"n"],["+","n","n"]])")) == Polynomial{});
  CHECK(polynomialOf(parseExpression(R"(["-",["-","n",3]])")) == Polynomial{{{}, 3}, {{"n"}, -1}});
  // Not a polynomial of integers: a division truncates, a power, an element, a call.
  CHECK_FALSE(polynomialOf(parseExpression(R"(["/","n",2])")));
  CHECK_FALSE(polynomialOf(parseExpression(R"(["**","n",2])")));
  CHECK_FALSE(polynomialOf(parseExpression(R"(["element","idx","i"])")));
  // Past three factors in a term: i·j·k·l is no index anyone linearizes.
  CHECK_FALSE(polynomialOf(parseExpression(R"(["*",["*","i","j"],["*","k","l"]])")));
}

TEST_CASE("a pack buffer's index splits into the column and the row") {
  const Polynomial index = *polynomialOf(parseExpression(kPackLeft));
  // DO k = y_min - depth, y_max + depth;  DO j = 1, depth
  const std::vector<LoopRange> loops{loop("k", form(0, {{"depth", -1}, {"y_min", 1}}), form(0, {{"depth", 1}, {"y_max", 1}})),
                                     loop("j", form(1, {}), form(0, {{"depth", 1}}))};
  std::optional<Delinearized> d = delinearize(index, loops);
  REQUIRE(d);
  // j spans depth - 1 < depth: index = (off + depth² - depth + 1) + (j - 1) + depth·k.
  CHECK(d->key == "1-depth+depth*depth+off / depth");
  CHECK(d->digits == std::vector<LinearExpr>{form(-1, {{"j", 1}}), form(0, {{"k", 1}})});

  // j from 0 to depth spans depth: the rows overlap (j = depth in row k is j = 0 in row k + 1).
  const std::vector<LoopRange> wide{loops[0], loop("j", form(0, {}), form(0, {{"depth", 1}}))};
  CHECK_FALSE(delinearize(index, wide));
  // j's range not known: nothing to go by.
  CHECK_FALSE(delinearize(index, {loops[0], LoopRange{"j"}}));
}

TEST_CASE("the shapes a delinearization takes and refuses") {
  const LoopRange i = loop("i", form(1, {}), form(0, {{"n", 1}}));      // 1 .. n
  const LoopRange j = loop("j", form(1, {}), form(0, {{"m", 1}}));      // 1 .. m
  const LoopRange l = loop("l", form(1, {}), form(4, {}));              // 1 .. 4
  auto split = [](const char* json, const std::vector<LoopRange>& loops) {
    return delinearize(*polynomialOf(parseExpression(json)), loops);
  };
  // i + (j - 1)·(n + 2): a padded row; i spans n - 1 <= n + 1.
  std::optional<Delinearized> d = split(R"(["+","i",["*",["-","j",1],["+","n",2]]])", {i, j});
  REQUIRE(d);
  CHECK(d->key == "-1-n / 2+n");  // -(n + 2) from the row, +1 the least i; the stride n + 2
  CHECK(d->digits == std::vector<LinearExpr>{form(-1, {{"i", 1}}), form(0, {{"j", 1}})});
  // A decreasing column, n - i: its least value n - n = 0 joins the base; low = n - i.
  d = split(R"(["+",["-","n","i"],["*","j","n"]])", {i, j});
  REQUIRE(d);
  CHECK(d->key == "0 / n");
  CHECK(d->digits.front() == form(0, {{"i", -1}, {"n", 1}}));
  // Same base, another stride: the keys differ, so the two are never compared as split.
  std::optional<Delinearized> other = split(R"(["+","i",["*",["-","j",1],["+","n",3]]])", {i, j});
  REQUIRE(other);
  CHECK(other->key == "-2-n / 3+n");
  CHECK(split(R"(["+","i",["*","j","n"]])", {i, j})->key == "1 / n");
  CHECK(split(R"(["+","i",["*","j",["+","n",1]]])", {i, j})->key == "1 / 1+n");
  // A stride and a multiple of it: i + l·n + 4·j·n is column i of row l + 4j.
  d = split(R"(["+",["+","i",["*","l","n"]],["*",["*",4,"j"],"n"]])", {i, j, l});
  REQUIRE(d);
  CHECK(d->digits.back() == form(0, {{"j", 4}, {"l", 1}}));
  // Two loop variables in one term, three factors with a loop variable, a stride no other
  // coefficient is a multiple of: none of them splits.
  CHECK_FALSE(split(R"(["+","i",["*","i","j"]])", {i, j}));
  CHECK_FALSE(split(R"(["+","i",["*",["*","j","n"],"m"]])", {i, j}));
  CHECK_FALSE(split(R"(["+",["+","i",["*","j","n"]],["*","l","m"]])", {i, j, l}));
  // Constant coefficients only: one digit over the base, affine in the loops' variables
  // whatever the base is (i + 8j + n·m); nothing of a loop's: nothing to split.
  d = split(R"(["+",["+","i",["*","j",8]],["*","n","m"]])", {i, j});
  REQUIRE(d);
  CHECK(d->key == "m*n");
  CHECK(d->digits == std::vector<LinearExpr>{form(0, {{"i", 1}, {"j", 8}})});
  CHECK_FALSE(split(R"(["*","n","m"])", {i, j}));
  // The column's coefficient larger than 1: 2i spans 2n - 2 > n - 1.
  CHECK_FALSE(split(R"(["+",["*",2,"i"],["*","j","n"]])", {i, j}));
}

TEST_CASE("indexes linearized from three loop variables split into three digits") {
  auto split = [](const char* json, const std::vector<LoopRange>& loops) {
    return delinearize(*polynomialOf(parseExpression(json)), loops);
  };
  const LoopRange i = loop("i", form(1, {}), form(0, {{"isize", 1}}));  // 1 .. isize
  const LoopRange j = loop("j", form(1, {}), form(0, {{"jsize", 1}}));  // 1 .. jsize
  const LoopRange k = loop("k", form(1, {}), form(0, {{"ksize", 1}}));  // 1 .. ksize
  // (k - 1)·jsize·isize + (j - 1)·isize + i, a history buffer's: i spans isize - 1 under the
  // stride isize, then j spans jsize - 1 under isize·jsize / isize = jsize.
  const char* kHistory =
      R"(["+",["+",["*",["*",["paren",["-","k",1]],"jsize"],"isize"],["*",["paren",["-","j",1]],"isize"]],"i"])";
  std::optional<Delinearized> d = split(kHistory, {k, j, i});
  REQUIRE(d);
  // Base: -isize·jsize - isize + 1·isize (j's least) + 1 (i's least) = 1 - isize·jsize.
  CHECK(d->key == "1-isize*jsize / isize / jsize");
  CHECK(d->digits == std::vector<LinearExpr>{form(-1, {{"i", 1}}), form(-1, {{"j", 1}}), form(0, {{"k", 1}})});
  // j from 0: it spans jsize, one more than jsize - 1: (i, jsize, k) is (i, 0, k + 1).
  CHECK_FALSE(split(kHistory, {k, loop("j", form(0, {}), form(0, {{"jsize", 1}})), i}));
  // The middle range unknown: nothing to go by.
  CHECK_FALSE(split(kHistory, {k, LoopRange{"j"}, i}));

  // SCALE's microphysics index, bounds ks..ke and is..ie: 1 + (k-ks) + (ke-ks+1)·((i-is) + (ie-is+1)·(j-js)).
  const char* kColumns =
      R"(["+",["+",1,["paren",["-","k","ks"]]],["*",["paren",["+",["-","ke","ks"],1]],)"
      R"(["paren",["+",["paren",["-","i","is"]],["*",["paren",["+",["-","ie","is"],1]],["paren",["-","j","js"]]]]]]])";
  const LoopRange kc = loop("k", form(0, {{"ks", 1}}), form(0, {{"ke", 1}}));
  const LoopRange ic = loop("i", form(0, {{"is", 1}}), form(0, {{"ie", 1}}));
  const LoopRange jc = loop("j", form(0, {{"js", 1}}), form(0, {{"je", 1}}));
  d = split(kColumns, {jc, ic, kc});
  REQUIRE(d);
  // The strides are ke - ks + 1 and, divided by it, ie - is + 1; the digits k - ks, i - is, j.
  CHECK(d->key.substr(d->key.find(" / ")) == " / 1+ke-ks / 1+ie-is");
  CHECK(d->digits == std::vector<LinearExpr>{form(0, {{"k", 1}, {"ks", -1}}), form(0, {{"i", 1}, {"is", -1}}), form(0, {{"j", 1}})});

  // k + (i - 1)·ka + (j - 1)·cx·ka with k not a loop's: no unit digit, and ka may be 0 (every
  // (i, j) then the one element k): not split.
  const LoopRange ix = loop("i", form(1, {}), form(0, {{"cx", 1}}));
  const LoopRange jx = loop("j", form(1, {}), form(0, {{"cy", 1}}));
  CHECK_FALSE(split(R"(["+",["+","k",["*",["paren",["-","i",1]],"ka"]],["*",["*",["paren",["-","j",1]],"cx"],"ka"]])",
                    {jx, ix}));
  // A stride that divides the next but not exactly over the integers (2n into 3n): not split.
  CHECK_FALSE(split(R"(["+",["+","i",["*",["*",2,"n"],"j"]],["*",["*",3,"n"],"k"]])", {k, j, i}));
}

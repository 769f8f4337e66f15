/// @file KnownExternalsTest.cpp
/// The built-in table of procedures with no body whose effects are known (data/externals.txt).
#include "analyzer/KnownExternals.hpp"

#include <doctest/doctest.h>

using sapfor::analyzer::knownExternal;

TEST_CASE("data/externals.txt reads: the timers run on the host only and touch what their lines say") {
  const auto* wtime = knownExternal("omp_get_wtime");
  REQUIRE(wtime);
  CHECK(wtime->hostOnly);
  CHECK(wtime->arguments.empty());
  const auto* etime = knownExternal("etime");
  REQUIRE(etime);
  CHECK(etime->writes(0));
  CHECK_FALSE(etime->reads(0));
  CHECK(etime->reads(1));  // past the listed arguments: read and written
  CHECK(etime->writes(1));
  const auto* secnds = knownExternal("secnds");
  REQUIRE(secnds);
  CHECK(secnds->reads(0));
  CHECK_FALSE(secnds->writes(0));
  CHECK_FALSE(knownExternal("my_clock"));
  CHECK_FALSE(knownExternal("OMP_GET_WTIME"));  // names are looked up in lower case, as the database has them
}

TEST_CASE("data/error_exits.txt reads: a handler ends the program for the severity at its position") {
  using sapfor::analyzer::hasErrorExit;
  using sapfor::analyzer::isErrorExit;
  CHECK(hasErrorExit("mpp_error"));
  CHECK(hasErrorExit("error_mesg"));
  CHECK_FALSE(hasErrorExit("mpp_abort"));
  CHECK(isErrorExit("mpp_error", {{"", "fatal"}, {"", "'message'"}}));
  CHECK_FALSE(isErrorExit("mpp_error", {{"", "warning"}, {"", "'message'"}}));
  CHECK_FALSE(isErrorExit("mpp_error", {{"level", "fatal"}}));  // by keyword: not counted
  CHECK_FALSE(isErrorExit("mpp_error", {}));
  CHECK(isErrorExit("error_mesg", {{"", "'routine'"}, {"", "'message'"}, {"", "fatal"}}));
  CHECK_FALSE(isErrorExit("error_mesg", {{"", "fatal"}, {"", "'message'"}, {"", "note"}}));
  CHECK_FALSE(isErrorExit("my_error", {{"", "fatal"}}));
}

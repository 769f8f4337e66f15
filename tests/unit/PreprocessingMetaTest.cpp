/// @file PreprocessingMetaTest.cpp
/// The preprocessing options sapfor-lex records in meta read back as they were written.
#include "frontend/PreprocessingMeta.hpp"

#include <SQLiteCpp/Database.h>
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using namespace sapfor::frontend;

namespace {

SQLite::Database metaOnly() {
  SQLite::Database db(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID");
  return db;
}

}  // namespace

TEST_CASE("preprocessing options round-trip through meta, -I folders made absolute") {
  SQLite::Database db = metaOnly();
  PreprocessorOptions written;
  written.always = true;
  for (int i = 1; i <= 11; ++i) written.includeDirs.push_back("/inc/" + std::to_string(i));  // .10 sorts before .2
  written.includeDirs.push_back("relative/dir/");
  written.define("FAST");
  written.define("EXPR=A=B");
  written.define("EMPTY=");
  written.undefines = {"NDEBUG", "FAST"};
  writePreprocessingMeta(db, written);

  std::optional<PreprocessorOptions> read = readPreprocessingMeta(db);
  REQUIRE(read);
  CHECK(read->always);
  REQUIRE(read->includeDirs.size() == 12);
  for (int i = 1; i <= 11; ++i) CHECK(read->includeDirs[i - 1] == "/inc/" + std::to_string(i));
  CHECK(read->includeDirs[11] == (fs::weakly_canonical(fs::current_path()) / "relative/dir").string());
  CHECK(read->defines == written.defines);
  CHECK(read->defines.at("EXPR") == "A=B");
  CHECK(read->defines.at("EMPTY").empty());
  CHECK(read->undefines == written.undefines);
  CHECK(db.execAndGet("SELECT value FROM meta WHERE key = 'preprocess.define.2'").getString() == "EXPR=A=B");
}

TEST_CASE("no preprocessing rows: a database written before sapfor-lex recorded them") {
  SQLite::Database db = metaOnly();
  CHECK_FALSE(readPreprocessingMeta(db));
  writePreprocessingMeta(db, PreprocessorOptions{});
  std::optional<PreprocessorOptions> read = readPreprocessingMeta(db);
  REQUIRE(read);
  CHECK_FALSE(read->always);
  CHECK(read->includeDirs.empty());
  CHECK(read->defines.empty());
  CHECK(read->undefines.empty());
  CHECK(db.execAndGet("SELECT count(*) FROM meta").getInt() == 1);
}

/// @file DatabaseTest.cpp
/// Creating databases atomically and refusing files that are not ours.
#include "schema/BatchedInsert.hpp"
#include "schema/Database.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace sapfor::db;

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("sapfor-db-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

}  // namespace

TEST_CASE("a committed database is ours, has the current schema and its views") {
  TempDir dir;
  std::string path = (dir.path / "a.sqlite").string();
  {
    NewDatabase db(path, false);
    setMeta(db.sql(), "tool", "test");
    db.commit();
  }
  Inspection found = inspect(path);
  CHECK(found.kind == FileKind::Ours);
  CHECK(found.schemaVersion == kSchemaVersion);
  auto db = openExisting(path, false);
  CHECK(getMeta(*db, "tool") == std::optional<std::string>("test"));
  for (const char* view : {"procedures", "loops", "loop_ops", "variables", "array_refs", "subscripts",
                           "subscript_terms", "directives", "dimensions", "loop_obstacles", "statements", "calls",
                           "reductions", "across", "directive_vars", "diagnostics", "derived_types",
                           "type_bindings"}) {
    CAPTURE(view);
    CHECK(db->execAndGet(std::string("SELECT count(*) FROM sqlite_master WHERE type='view' AND name='") + view + "'")
              .getInt() == 1);
  }
}

TEST_CASE("an insert into any table checks its values without a temporary index per row") {
  // SQLite builds an ephemeral index for every row it checks against an IN list of three or more
  // values; the schema lists allowed values with OR instead (schema/facts.sql, conventions).
  TempDir dir;
  NewDatabase db((dir.path / "c.sqlite").string(), false);
  SQLite::Statement tables(db.sql(), "SELECT name FROM sqlite_master WHERE type = 'table'");
  int checked = 0;
  while (tables.executeStep()) {
    std::string table = tables.getColumn(0).getString();
    CAPTURE(table);
    SQLite::Statement plan(db.sql(), "EXPLAIN INSERT INTO " + table + " DEFAULT VALUES");
    while (plan.executeStep()) CHECK(plan.getColumn(1).getString() != "OpenEphemeral");
    ++checked;
  }
  CHECK(checked > 20);
  // The values are still checked.
  CHECK_THROWS(db.sql().exec("INSERT INTO loop_trait (loop_id, name, trait) VALUES (1, 'x', 'bogus')"));
  db.sql().exec("INSERT INTO loop_trait (loop_id, name, trait) VALUES (1, 'x', 'readonly')");
}

TEST_CASE("batched inserts keep every row's values, texts of any length included") {
  // Two full 4-row statements and a partial one at flush(); the texts of a statement share one
  // buffer, so each value must still bind its own slice of it.
  SQLite::Database db(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  db.exec("CREATE TABLE t (k INTEGER, name TEXT, note TEXT, x REAL)");
  {
    BatchedInsert insert(db, "t", {"k", "name", "note", "x"}, 4);
    for (int64_t k = 0; k < 11; ++k) {
      std::string longer(static_cast<size_t>(20 + k), static_cast<char>('a' + k));  // past the short-string size
      insert.value(k).value("n" + std::to_string(k)).text(k % 3 == 0 ? std::string() : longer).value(0.5 * static_cast<double>(k));
      insert.endRow();
    }
    insert.flush();
  }
  SQLite::Statement rows(db, "SELECT k, name, note, x FROM t ORDER BY k");
  int64_t k = 0;
  for (; rows.executeStep(); ++k) {
    CAPTURE(k);
    CHECK(rows.getColumn(0).getInt64() == k);
    CHECK(rows.getColumn(1).getString() == "n" + std::to_string(k));
    if (k % 3 == 0) CHECK(rows.getColumn(2).isNull());
    else CHECK(rows.getColumn(2).getString() == std::string(static_cast<size_t>(20 + k), static_cast<char>('a' + k)));
    CHECK(rows.getColumn(3).getDouble() == 0.5 * static_cast<double>(k));
  }
  CHECK(k == 11);
}

TEST_CASE("a batched insert's constants go into every row, the columns it names neither are NULL") {
  SQLite::Database db(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  db.exec("CREATE TABLE t (k INTEGER, kind TEXT, note TEXT, x REAL)");
  {
    BatchedInsert insert(db, "t", {"k", "x"}, {{"kind", "'fixed'"}}, 2);
    for (int64_t k = 0; k < 3; ++k) insert.value(k).value(1.5 * static_cast<double>(k)).endRow();
    insert.flush();  // the third row, in a statement of its own
  }
  SQLite::Statement rows(db, "SELECT k, kind, note, x FROM t ORDER BY k");
  int64_t k = 0;
  for (; rows.executeStep(); ++k) {
    CAPTURE(k);
    CHECK(rows.getColumn(0).getInt64() == k);
    CHECK(rows.getColumn(1).getString() == "fixed");
    CHECK(rows.getColumn(2).isNull());
    CHECK(rows.getColumn(3).getDouble() == 1.5 * static_cast<double>(k));
  }
  CHECK(k == 3);
}

TEST_CASE("an uncommitted database leaves nothing behind") {
  TempDir dir;
  std::string path = (dir.path / "b.sqlite").string();
  { NewDatabase db(path, false); }
  CHECK_FALSE(fs::exists(path));
  CHECK(fs::is_empty(dir.path));
}

TEST_CASE("a foreign file is never replaced, one of ours only with replace") {
  TempDir dir;
  std::string foreign = (dir.path / "notes.txt").string();
  std::ofstream(foreign) << "precious";
  CHECK_THROWS_WITH_AS(NewDatabase(foreign, true), doctest::Contains("is not a sapfor database"), DatabaseError);
  std::string ours = (dir.path / "c.sqlite").string();
  NewDatabase(ours, false).commit();
  CHECK_THROWS_WITH_AS(NewDatabase(ours, false), doctest::Contains("--force"), DatabaseError);
  CHECK_NOTHROW(NewDatabase(ours, true).commit());
  std::ifstream in(foreign);
  std::string content;
  in >> content;
  CHECK(content == "precious");
}

TEST_CASE("a newer schema is refused by name") {
  TempDir dir;
  std::string path = (dir.path / "d.sqlite").string();
  {
    NewDatabase db(path, false);
    db.sql().exec("PRAGMA user_version = " + std::to_string(kSchemaVersion + 1));
    db.commit();
  }
  CHECK_THROWS_WITH_AS(openExisting(path, false), doctest::Contains("newer than this tool understands"), DatabaseError);
}

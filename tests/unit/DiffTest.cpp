/// @file DiffTest.cpp
/// sapfor-diff's comparison core: values and tolerances, masked line numbers, pairing rows by key
/// (moves, duplicates), and comparing databases of two schema versions.
#include "schema/Database.hpp"
#include "tools/diff/Comparison.hpp"
#include "tools/diff/DatabaseDiff.hpp"

#include <SQLiteCpp/Database.h>
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace sapfor;
using namespace sapfor::diff;

namespace {

Column field(const char* name) { return {name, ColumnRole::Field, false}; }
Column position(const char* name) { return {name, ColumnRole::Position, false}; }
Column time(const char* name) { return {name, ColumnRole::Time, false}; }

Row row(std::vector<Value> key, std::vector<Value> values) { return {std::move(key), std::move(values), 1}; }

}  // namespace

TEST_CASE("line numbers quoted in a text are masked, other numbers kept") {
  CHECK(maskLineNumbers("a(i,j) written at line 34, a(i,j-1) read at line 35") ==
        "a(i,j) written at line #, a(i,j-1) read at line #");
  CHECK(maskLineNumbers("lines 3, 4 and 15 write s") == "lines #, # and # write s");
  CHECK(maskLineNumbers("flow dependence on a with distance 1 at level 2") ==
        "flow dependence on a with distance 1 at level 2");
  CHECK(maskLineNumbers("a pipeline 3") == "a pipeline 3");  // "line" inside a word is not a line
  CHECK(maskLineNumbers("the last line") == "the last line");
  CHECK(maskLineNumbers("(line 7)") == "(line #)");
}

TEST_CASE("reals are the same to rounding, times to the tolerance") {
  Tolerances t;  // 5 %
  CHECK(sameValue(1.0, 1.0 + 1e-12, field("occupancy"), t));
  CHECK_FALSE(sameValue(1.0, 1.001, field("occupancy"), t));
  CHECK(sameValue(int64_t{3}, 3.0, field("coal_accesses"), t));
  CHECK(sameValue(2.0e-6, 2.09e-6, time("seconds"), t));       // +4.5 %
  CHECK_FALSE(sameValue(2.0e-6, 2.11e-6, time("seconds"), t)); // +5.5 %
  CHECK_FALSE(sameValue(2.0e-6, 1.89e-6, time("seconds"), t)); // -5.5 %: faster is a change too
  t.timePercent = 10;
  CHECK(sameValue(2.0e-6, 2.11e-6, time("seconds"), t));
  CHECK_FALSE(sameValue(0.0, 1e-9, time("seconds"), t));
  CHECK_FALSE(sameValue(Value{}, int64_t{0}, field("trip_count"), t));
  CHECK_FALSE(sameValue(std::string("1"), int64_t{1}, field("value"), t));
  Column reasons{"reasons", ColumnRole::Field, true};
  CHECK(sameValue(std::string("read at line 4"), std::string("read at line 6"), reasons, t));
  CHECK_FALSE(sameValue(std::string("read at line 4"), std::string("written at line 4"), reasons, t));
  REQUIRE(percentChange(2.0, 2.5));
  CHECK(*percentChange(2.0, 2.5) == doctest::Approx(25));
  CHECK_FALSE(percentChange(0.0, 1.0));
}

TEST_CASE("rows pair by key: added, removed, changed, and a line alone is a move") {
  KindColumns columns{{{"loop_key", ColumnRole::Key, false}}, {field("upper"), position("line")}};
  std::vector<Row> before = {row({std::string("p:1")}, {std::string("n"), int64_t{10}}),
                             row({std::string("p:2")}, {std::string("n"), int64_t{20}}),
                             row({std::string("p:3")}, {std::string("m"), int64_t{30}})};
  std::vector<Row> after = {row({std::string("p:3")}, {std::string("m"), int64_t{31}}),
                            row({std::string("p:2")}, {std::string("n - 1"), int64_t{21}}),
                            row({std::string("p:4")}, {std::string("k"), int64_t{40}})};
  KindDifferences d = compareRows(columns, before, after, Tolerances{}, false);
  CHECK(d.counts.added == 1);
  CHECK(d.counts.removed == 1);
  CHECK(d.counts.changed == 1);
  CHECK(d.counts.moved == 1);
  CHECK(d.counts.unchanged == 0);
  REQUIRE(d.differences.size() == 4);
  CHECK(keyText(d.differences[0].key, 1, false) == "p:1");
  CHECK(d.differences[0].status == EntityStatus::Removed);
  CHECK(d.differences[1].status == EntityStatus::Changed);
  REQUIRE(d.differences[1].changes.size() == 2);
  CHECK(d.differences[1].changes[0].column == "upper");
  CHECK_FALSE(d.differences[1].changes[0].position);
  CHECK(d.differences[1].changes[1].position);  // its line moved as well
  CHECK(d.differences[2].status == EntityStatus::Moved);
  CHECK(d.differences[3].status == EntityStatus::Added);
}

TEST_CASE("rows sharing a key pair in source order, whatever order the query gives") {
  KindColumns columns{{{"name", ColumnRole::Key, false}}, {position("line"), field("stride")}};
  std::vector<Row> before = {row({std::string("a")}, {int64_t{12}, int64_t{8}}),
                             row({std::string("a")}, {int64_t{10}, int64_t{8}})};
  std::vector<Row> after = {row({std::string("a")}, {int64_t{11}, int64_t{8}}),
                            row({std::string("a")}, {int64_t{13}, int64_t{320}}),
                            row({std::string("a")}, {int64_t{20}, int64_t{8}})};
  KindDifferences d = compareRows(columns, before, after, Tolerances{}, true);
  REQUIRE(d.differences.size() == 3);
  CHECK(d.differences[0].status == EntityStatus::Moved);  // line 10 -> 11
  CHECK(d.differences[0].duplicateKey);
  CHECK(d.differences[1].status == EntityStatus::Changed);  // line 12 -> 13 and stride 8 -> 320
  CHECK(d.differences[1].ordinal == 2);
  CHECK(d.differences[2].status == EntityStatus::Added);
  CHECK(keyText(d.differences[2].key, d.differences[2].ordinal, d.differences[2].duplicateKey) == "a #3");
  CHECK(d.matched.size() == 2);
}

TEST_CASE("identical rows give no differences") {
  KindColumns columns{{{"gpu", ColumnRole::Key, false}}, {time("total_seconds"), field("kernels")}};
  std::vector<Row> rows = {row({std::string("c2050")}, {1.5e-3, int64_t{4}})};
  KindDifferences d = compareRows(columns, rows, rows, Tolerances{}, false);
  CHECK(d.differences.empty());
  CHECK(d.counts.unchanged == 1);
}

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("sapfor-diff-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

/// A database with one procedure and one loop, analyzed (by its meta table) but without verdicts.
void makeDatabase(const std::string& path, const char* upper) {
  db::NewDatabase created(path, false);
  SQLite::Database& sql = created.sql();
  db::setMeta(sql, "tool", "sapfor-lex");
  db::setMeta(sql, "analysis", "test");
  sql.exec("INSERT INTO file (file_id, path, form, lines, bytes) VALUES (1, 'a.f90', 'free', 9, 90)");
  sql.exec("INSERT INTO procedure (proc_id, name, proc_key, kind, file_id, line) VALUES (1, 'p', 'p', 'program', 1, 1)");
  sql.exec(std::string("INSERT INTO loop (loop_id, loop_key, path, proc_id, depth, file_id, line, col, kind, var, upper) "
                       "VALUES (1, 'p:1', '1', 1, 1, 1, 3, 3, 'do', 'i', '") + upper + "')");
  created.commit();
}

}  // namespace

TEST_CASE("databases of two schema versions: what both have is compared, the rest is named") {
  TempDir dir;
  std::string older = (dir.path / "old.sqlite").string(), newer = (dir.path / "new.sqlite").string();
  makeDatabase(older, "n");
  makeDatabase(newer, "m");
  {
    // An "older schema": no dependences view, and a loops view without has_call.
    SQLite::Database sql(older, SQLite::OPEN_READWRITE);
    sql.exec("DROP VIEW dependences");
    sql.exec("DROP VIEW loops");
    sql.exec("CREATE VIEW loops AS SELECT l.loop_id, l.loop_key, p.proc_key AS procedure, f.path AS file, l.line, "
             "l.end_line, l.var, l.depth, l.lower, l.upper, l.step, l.trip_count, l.kind, l.label FROM loop l "
             "JOIN procedure p USING (proc_id) JOIN file f ON f.file_id = l.file_id");
    sql.exec("PRAGMA user_version = 2");
  }
  DiffResult result = compareDatabases(older, newer, DiffOptions{});
  CHECK(result.before.schemaVersion == 2);
  CHECK(result.after.schemaVersion == db::kSchemaVersion);
  const KindResult* loops = result.find("loop");
  REQUIRE(loops);
  REQUIRE(loops->differences.differences.size() == 1);
  REQUIRE(loops->differences.differences[0].changes.size() == 1);
  CHECK(loops->differences.differences[0].changes[0].column == "upper");
  CHECK_FALSE(result.find("dependence"));
  CHECK(result.find("verdict"));
  auto noted = [&](const std::string& kind, const std::string& text) {
    for (const NotCompared& n : result.notCompared)
      if (n.kind == kind && n.reason.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(noted("dependence", "not in the old database (schema 2"));
  CHECK(noted("loop", "column has_call only in the new database"));
  CHECK(noted("loop", "column tightly_nested only in the new database"));
  CHECK(result.find("procedure"));
}

TEST_CASE("a missing or foreign file is trouble, and neither database is written") {
  TempDir dir;
  std::string ours = (dir.path / "a.sqlite").string();
  makeDatabase(ours, "n");
  auto written = fs::last_write_time(ours);
  CHECK_THROWS_WITH_AS(compareDatabases(ours, (dir.path / "none.sqlite").string(), DiffOptions{}),
                       doctest::Contains("no such file"), DiffError);
  std::string text = (dir.path / "notes.txt").string();
  { std::ofstream(text) << "not a database"; }
  CHECK_THROWS_WITH_AS(compareDatabases(text, ours, DiffOptions{}), doctest::Contains("not a sapfor database"), DiffError);
  DiffOptions unknownKind;
  unknownKind.kinds = {"loops"};
  CHECK_THROWS_WITH_AS(compareDatabases(ours, ours, unknownKind), doctest::Contains("unknown kind 'loops'"), DiffError);
  CHECK(compareDatabases(ours, ours, DiffOptions{}).notCompared.empty());
  CHECK(fs::last_write_time(ours) == written);
}

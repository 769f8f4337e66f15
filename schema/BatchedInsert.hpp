/// @file BatchedInsert.hpp
/// Inserts rows into one table many at a time: `INSERT ... VALUES (...), (...), ...` with 32 rows
/// per statement costs half as much per row as one statement per row (measured: 1.2 µs against
/// 0.55 µs per row of the subscript table).
#pragma once

#include <sqlite3.h>

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sapfor::db {

class BatchedInsert {
 public:
  /// A column's value the same in every row: its name and an SQL literal.
  using Constant = std::pair<std::string, std::string>;

  BatchedInsert(SQLite::Database& db, std::string table, std::vector<std::string> columns, int rowsPerStatement = 32);
  /// The constants are part of the statement, not bound per row (a parameter costs as much as
  /// a column's work in the insert itself); the columns neither lists are NULL.
  BatchedInsert(SQLite::Database& db, std::string table, std::vector<std::string> columns, std::vector<Constant> constants,
                int rowsPerStatement = 32);
  ~BatchedInsert();
  BatchedInsert(const BatchedInsert&) = delete;
  BatchedInsert& operator=(const BatchedInsert&) = delete;

  BatchedInsert& null();
  BatchedInsert& value(int64_t v);
  BatchedInsert& value(double v);
  BatchedInsert& value(std::string_view v);
  /// NULL for an empty string.
  BatchedInsert& text(std::string_view v);
  /// NULL for nullopt.
  BatchedInsert& value(const std::optional<int64_t>& v);
  /// NULL for ids that are 0 (no row).
  BatchedInsert& id(int64_t v);
  /// Ends a row; the buffered rows are inserted once a statement's worth is buffered.
  void endRow();
  /// Inserts the rows still buffered.
  void flush();

 private:
  /// A text is kept in `texts_` (offset i, length n): one buffer, not an allocation per value.
  struct Value {
    enum class Kind : uint8_t { Null, Integer, Real, Text } kind = Kind::Null;
    int64_t i = 0;
    double r = 0;
    size_t n = 0;
  };
  sqlite3_stmt* statementFor(int rows);
  void execute(sqlite3_stmt* statement, int rows);

  SQLite::Database& db_;
  std::string table_;
  std::vector<std::string> columns_;
  std::vector<Constant> constants_;
  int rowsPerStatement_;
  sqlite3_stmt* full_ = nullptr;
  std::vector<Value> values_;
  std::string texts_;
  size_t rows_ = 0;
};

}  // namespace sapfor::db

/// @file Query.hpp
/// A query over the raw SQLite API: the stages read millions of rows, and a wrapper's per-column
/// objects would cost as much as SQLite's own work.
#pragma once

#include "facts/Vocabulary.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sapfor::facts {

class Query {
 public:
  Query(sqlite3* db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("cannot read the database: ") + sqlite3_errmsg(db));
  }
  ~Query() { sqlite3_finalize(statement_); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  /// Runs it again with ?1 = first, ?2 = last (a range of ids).
  Query& range(int64_t first, int64_t last) {
    sqlite3_reset(statement_);
    sqlite3_bind_int64(statement_, 1, first);
    sqlite3_bind_int64(statement_, 2, last);
    return *this;
  }
  /// Ready to run again, its parameters kept until bound anew; releases what a query stopped
  /// before its last row holds.
  Query& reset() {
    sqlite3_reset(statement_);
    return *this;
  }
  Query& bind(int parameter, int64_t value) {
    sqlite3_bind_int64(statement_, parameter, value);
    return *this;
  }
  Query& bindNull(int parameter) {
    sqlite3_bind_null(statement_, parameter);
    return *this;
  }
  Query& bind(int parameter, std::string_view value) {
    sqlite3_bind_text(statement_, parameter, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    return *this;
  }
  bool next() {
    int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw std::runtime_error(std::string("cannot read the database: ") + sqlite3_errmsg(db_));
  }
  bool null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
  int64_t id(int column) const { return sqlite3_column_int64(statement_, column); }  ///< NULL reads as 0
  int integer(int column) const { return sqlite3_column_int(statement_, column); }
  bool flag(int column) const { return sqlite3_column_int(statement_, column) != 0; }
  std::optional<int64_t> optional(int column) const {
    if (null(column)) return std::nullopt;
    return id(column);
  }
  std::string text(int column) const { return std::string(view(column)); }
  std::string_view view(int column) const {  ///< valid until the next step
    const unsigned char* p = sqlite3_column_text(statement_, column);
    return p ? std::string_view(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(statement_, column)))
             : std::string_view();
  }
  bool is(int column, const char* value) const {
    const unsigned char* p = sqlite3_column_text(statement_, column);
    return p && std::strcmp(reinterpret_cast<const char*>(p), value) == 0;
  }
  /// A vocabulary's value; a name outside it is a database sapfor-lex did not write.
  template <typename E>
  E value(int column) const {
    std::optional<E> v = named<E>(view(column));
    if (!v)
      throw std::runtime_error("the database's " + std::string(Vocabulary<E>::table) + "." + std::string(Vocabulary<E>::column) +
                               " holds '" + text(column) + "', which sapfor-lex does not write");
    return *v;
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
};

}  // namespace sapfor::facts

/// @file BatchedInsert.cpp
#include "schema/BatchedInsert.hpp"

#include "schema/Database.hpp"

namespace sapfor::db {

BatchedInsert::BatchedInsert(SQLite::Database& db, std::string table, std::vector<std::string> columns,
                             int rowsPerStatement)
    : BatchedInsert(db, std::move(table), std::move(columns), {}, rowsPerStatement) {}

BatchedInsert::BatchedInsert(SQLite::Database& db, std::string table, std::vector<std::string> columns,
                             std::vector<Constant> constants, int rowsPerStatement)
    : db_(db),
      table_(std::move(table)),
      columns_(std::move(columns)),
      constants_(std::move(constants)),
      rowsPerStatement_(rowsPerStatement) {
  values_.reserve(columns_.size() * static_cast<size_t>(rowsPerStatement_));
  full_ = statementFor(rowsPerStatement_);
}

BatchedInsert::~BatchedInsert() { sqlite3_finalize(full_); }

sqlite3_stmt* BatchedInsert::statementFor(int rows) {
  std::string sql = "INSERT INTO " + table_ + " (";
  for (size_t c = 0; c < columns_.size(); ++c) sql += (c ? ", " : "") + columns_[c];
  for (const Constant& k : constants_) sql += ", " + k.first;
  sql += ") VALUES ";
  std::string row = "(";
  for (size_t c = 0; c < columns_.size(); ++c) row += c ? ",?" : "?";
  for (const Constant& k : constants_) row += "," + k.second;
  row += ")";
  for (int r = 0; r < rows; ++r) sql += (r ? "," : "") + row;
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db_.getHandle(), sql.c_str(), -1, &statement, nullptr) != SQLITE_OK)
    throw DatabaseError("cannot prepare an insert into " + table_ + ": " + sqlite3_errmsg(db_.getHandle()));
  return statement;
}

BatchedInsert& BatchedInsert::null() {
  values_.emplace_back();
  return *this;
}

BatchedInsert& BatchedInsert::value(int64_t v) {
  Value& x = values_.emplace_back();
  x.kind = Value::Kind::Integer;
  x.i = v;
  return *this;
}

BatchedInsert& BatchedInsert::value(double v) {
  Value& x = values_.emplace_back();
  x.kind = Value::Kind::Real;
  x.r = v;
  return *this;
}

BatchedInsert& BatchedInsert::value(std::string_view v) {
  Value& x = values_.emplace_back();
  x.kind = Value::Kind::Text;
  x.i = static_cast<int64_t>(texts_.size());
  x.n = v.size();
  texts_.append(v);
  return *this;
}

BatchedInsert& BatchedInsert::text(std::string_view v) { return v.empty() ? null() : value(v); }
BatchedInsert& BatchedInsert::value(const std::optional<int64_t>& v) { return v ? value(*v) : null(); }
BatchedInsert& BatchedInsert::id(int64_t v) { return v > 0 ? value(v) : null(); }

void BatchedInsert::endRow() {
  if (++rows_ < static_cast<size_t>(rowsPerStatement_)) return;
  execute(full_, rowsPerStatement_);
  values_.clear();
  texts_.clear();
  rows_ = 0;
}

void BatchedInsert::flush() {
  if (rows_ == 0) return;
  sqlite3_stmt* partial = statementFor(static_cast<int>(rows_));
  try {
    execute(partial, static_cast<int>(rows_));
  } catch (...) {
    sqlite3_finalize(partial);
    throw;
  }
  sqlite3_finalize(partial);
  values_.clear();
  texts_.clear();
  rows_ = 0;
}

void BatchedInsert::execute(sqlite3_stmt* statement, int rows) {
  size_t count = static_cast<size_t>(rows) * columns_.size();
  if (values_.size() != count) throw DatabaseError("internal: wrong number of values for " + table_);
  for (size_t k = 0; k < count; ++k) {
    const Value& v = values_[k];
    int index = static_cast<int>(k) + 1;
    switch (v.kind) {
      case Value::Kind::Null: sqlite3_bind_null(statement, index); break;
      case Value::Kind::Integer: sqlite3_bind_int64(statement, index, v.i); break;
      case Value::Kind::Real: sqlite3_bind_double(statement, index, v.r); break;
      case Value::Kind::Text:
        sqlite3_bind_text(statement, index, texts_.data() + v.i, static_cast<int>(v.n), SQLITE_STATIC);
        break;
    }
  }
  int rc = sqlite3_step(statement);
  sqlite3_reset(statement);
  if (rc != SQLITE_DONE) throw DatabaseError("cannot insert into " + table_ + ": " + sqlite3_errmsg(db_.getHandle()));
}

}  // namespace sapfor::db

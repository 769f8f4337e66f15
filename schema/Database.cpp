/// @file Database.cpp
/// Creating, recognising and opening sapfor databases.
#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>

namespace sapfor::db {
namespace fs = std::filesystem;

std::string_view toolVersion() { return SAPFOR_VERSION; }

void configureSqlite() {
  // SQLITE_MISUSE when SQLite is already initialized: the statistics then stay on, which only costs time.
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

namespace {

bool looksLikeSqlite(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char header[16] = {};
  in.read(header, sizeof header);
  return in.gcount() == sizeof header && std::memcmp(header, "SQLite format 3", 16) == 0;
}

int pragmaInt(SQLite::Database& db, const char* pragma) {
  return db.execAndGet(std::string("PRAGMA ") + pragma).getInt();
}

}  // namespace

Inspection inspect(const std::string& path) {
  Inspection result;
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) return result;
  if (!fs::is_regular_file(status)) {
    result.kind = FileKind::NotAFile;
    return result;
  }
  result.kind = FileKind::Foreign;
  if (!looksLikeSqlite(path)) return result;
  try {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    if (pragmaInt(db, "application_id") == kApplicationId) {
      result.kind = FileKind::Ours;
      result.schemaVersion = pragmaInt(db, "user_version");
    }
  } catch (const SQLite::Exception&) {
    // Unreadable or corrupt: not something we may overwrite.
  }
  return result;
}

NewDatabase::NewDatabase(std::string path, bool replace) : path_(std::move(path)) {
  Inspection existing = inspect(path_);
  switch (existing.kind) {
    case FileKind::Missing:
      break;
    case FileKind::NotAFile:
      throw DatabaseError(path_ + ": exists and is not a regular file");
    case FileKind::Foreign:
      throw DatabaseError(path_ + ": exists and is not a sapfor database; refusing to overwrite it");
    case FileKind::Ours:
      if (!replace)
        throw DatabaseError(path_ + ": a sapfor database already exists there (use --force to replace it)");
      break;
  }
  fs::path dir = fs::path(path_).parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw DatabaseError(path_ + ": directory " + dir.string() + " does not exist");
  if (::access(dir.c_str(), W_OK) != 0)
    throw DatabaseError(path_ + ": cannot write in " + dir.string() + ": " + std::strerror(errno));

  tempPath_ = path_ + ".tmp-" + std::to_string(::getpid());
  fs::remove(tempPath_, ec);
  try {
    // One thread writes (the analysis beside the load writes a database of its own); the
    // temporary file is thrown away on any failure, so neither mutexes nor the journal buy anything.
    db_ = std::make_unique<SQLite::Database>(tempPath_,
                                             SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX);
    // 16 KB pages: a fifth fewer instructions per inserted row than 4 KB ones (measured on the
    // subscript table), and a load writes hundreds of thousands of rows.
    // An 8 MB page cache: 32 MB was no faster (alternated runs on the 500k-line bench corpus) and
    // cost sapfor-lex 40 MB of its peak at 1M lines, where the analysis' tables and the index
    // sorts add theirs.
    db_->exec("PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
              " PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -8192; PRAGMA temp_store = MEMORY");
    db_->exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    db_->exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    db_->exec("BEGIN");
    db_->exec(std::string(factsSchemaText()));
  } catch (const SQLite::Exception& e) {
    db_.reset();
    fs::remove(tempPath_, ec);
    throw DatabaseError(path_ + ": cannot create database: " + e.what());
  }
}

NewDatabase::~NewDatabase() {
  if (committed_) return;
  db_.reset();
  std::error_code ec;
  fs::remove(tempPath_, ec);
}

void NewDatabase::buildIndexes() {
  if (indexed_) return;
  try {
    db_->exec(std::string(factsIndexText()));
  } catch (const SQLite::Exception& e) {
    throw DatabaseError(path_ + ": cannot write database: " + e.what());
  }
  indexed_ = true;
}

void NewDatabase::commit() {
  buildIndexes();
  try {
    db_->exec("COMMIT");
    db_.reset();
  } catch (const SQLite::Exception& e) {
    throw DatabaseError(path_ + ": cannot write database: " + e.what());
  }
  std::error_code ec;
  fs::rename(tempPath_, path_, ec);
  if (ec) throw DatabaseError(path_ + ": cannot move the new database into place: " + ec.message());
  committed_ = true;
}

std::unique_ptr<SQLite::Database> openExisting(const std::string& path, bool writable) {
  Inspection found = inspect(path);
  switch (found.kind) {
    case FileKind::Missing:
      throw DatabaseError(path + ": no such file");
    case FileKind::NotAFile:
      throw DatabaseError(path + ": not a regular file");
    case FileKind::Foreign:
      throw DatabaseError(path + ": not a sapfor database (made by sapfor-lex)");
    case FileKind::Ours:
      break;
  }
  if (found.schemaVersion > kSchemaVersion)
    throw DatabaseError(path + ": database schema version " + std::to_string(found.schemaVersion) +
                        " is newer than this tool understands (" + std::to_string(kSchemaVersion) +
                        "); use a newer sapfor");
  if (found.schemaVersion < kSchemaVersion)
    throw DatabaseError(path + ": database schema version " + std::to_string(found.schemaVersion) +
                        " is older than this tool's (" + std::to_string(kSchemaVersion) +
                        "); reload the sources with this sapfor-lex");
  try {
    auto db = std::make_unique<SQLite::Database>(
        path, (writable ? SQLite::OPEN_READWRITE : SQLite::OPEN_READONLY) | SQLite::OPEN_NOMUTEX);
    db->exec("PRAGMA foreign_keys = OFF");
    return db;
  } catch (const SQLite::Exception& e) {
    throw DatabaseError(path + ": " + e.what());
  }
}

void attach(SQLite::Database& db, const std::string& path, const std::string& name) {
  db.exec("COMMIT");
  SQLite::Statement attach(db, "ATTACH DATABASE ? AS " + name);
  attach.bind(1, path);
  attach.exec();
  // Not the main database's EXCLUSIVE mode: its shared lock would keep the file's own writer out.
  // The mode takes effect at the next access, which the count makes.
  db.exec("PRAGMA " + name + ".locking_mode = NORMAL");
  db.exec("SELECT count(*) FROM " + name + ".sqlite_master");
  db.exec("BEGIN");
}

void setMeta(SQLite::Database& db, std::string_view key, std::string_view value) {
  SQLite::Statement insert(db, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
  insert.bind(1, std::string(key));
  insert.bind(2, std::string(value));
  insert.exec();
}

std::optional<std::string> getMeta(SQLite::Database& db, std::string_view key) {
  SQLite::Statement query(db, "SELECT value FROM meta WHERE key = ?");
  query.bind(1, std::string(key));
  if (!query.executeStep() || query.getColumn(0).isNull()) return std::nullopt;
  return query.getColumn(0).getString();
}

std::string utcNow() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace sapfor::db

/// @file Database.cpp
/// Creating, recognising and opening sapfor databases.
#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

namespace sapfor::db {
namespace fs = std::filesystem;

std::string_view toolVersion() { return SAPFOR_VERSION; }

void configureSqlite() {
  // SQLITE_MISUSE when SQLite is already initialized: the statistics then stay on, which only costs time.
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int busyTimeoutSeconds() {
  static const int seconds = [] {
    const char* setting = std::getenv("SAPFOR_BUSY_TIMEOUT");
    char* end = nullptr;
    long value = setting ? std::strtol(setting, &end, 10) : -1;
    return setting && *setting && *end == '\0' && value >= 0 && value <= 86400 ? static_cast<int>(value) : 60;
  }();
  return seconds;
}

namespace {

/// SQLite's busy handler: another connection holds the lock; nonzero means try again. Not
/// sqlite3_busy_timeout, which an interruption could not cut short.
int waitWhileLocked(void*, int attempts) {
  constexpr int kStepMs = 10;
  if (files::interrupted() || attempts * kStepMs >= busyTimeoutSeconds() * 1000) return 0;
  std::this_thread::sleep_for(std::chrono::milliseconds(kStepMs));
  return 1;
}

/// SQLite's progress handler, every few thousand instructions of a statement: nonzero stops it.
int stopWhenInterrupted(void*) { return files::interrupted() ? 1 : 0; }

bool isLocked(const SQLite::Exception& e) {
  return e.getErrorCode() == SQLITE_BUSY || e.getErrorCode() == SQLITE_LOCKED;
}

}  // namespace

std::string lockedReason() {
  return "locked by another process (waited " + std::to_string(busyTimeoutSeconds()) +
         " s; SAPFOR_BUSY_TIMEOUT sets how long)";
}

std::unique_ptr<SQLite::Database> open(const std::string& path, int flags) {
  auto db = std::make_unique<SQLite::Database>(path, flags);
  sqlite3_busy_handler(db->getHandle(), waitWhileLocked, nullptr);
  sqlite3_progress_handler(db->getHandle(), 4096, stopWhenInterrupted, nullptr);
  return db;
}

std::string errorText(const SQLite::Exception& e, SQLite::Database& connection) {
  if (isLocked(e)) return lockedReason();
  std::string text = e.what();
  if (e.getErrorCode() != SQLITE_IOERR) return text;
  // The database file's own last error: the connection's (sqlite3_system_errno) is the thread's
  // errno when SQLite last reported an error, which statements finalized since may have taken.
  int systemErrno = 0;
  sqlite3_file_control(connection.getHandle(), "main", SQLITE_FCNTL_LAST_ERRNO, &systemErrno);
  if (systemErrno == 0) systemErrno = sqlite3_system_errno(connection.getHandle());
  if (systemErrno != 0) text += std::string(" (") + std::strerror(systemErrno) + ")";
  return text;
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
    auto db = open(path, SQLite::OPEN_READONLY);
    if (pragmaInt(*db, "application_id") == kApplicationId) {
      result.kind = FileKind::Ours;
      result.schemaVersion = pragmaInt(*db, "user_version");
    }
  } catch (const SQLite::Exception& e) {
    // Locked past the timeout: it may be ours. Unreadable or corrupt: not something we may overwrite.
    if (isLocked(e)) result.kind = FileKind::Locked;
  }
  return result;
}

namespace {

/// Why sapfor-lex may not replace what is at `path` (a regular file), when it may not: anything
/// but a database of ours, and one of ours without --force.
std::optional<std::string> refusalToReplace(const std::string& path, bool replace) {
  switch (inspect(path).kind) {
    case FileKind::Missing: return std::nullopt;
    case FileKind::NotAFile: return std::string("exists and is not a regular file");
    case FileKind::Foreign: return std::string("exists and is not a sapfor database; refusing to overwrite it");
    case FileKind::Locked: return "a database there is " + lockedReason() + "; not replaced";
    case FileKind::Ours: break;
  }
  if (!replace) return std::string("a sapfor database already exists there (use --force to replace it)");
  return std::nullopt;
}

/// The temporary file of a new database at `path`, or the DatabaseError saying why not.
files::StagedFile stagedDatabase(const std::string& path, bool replace) {
  try {
    return files::StagedFile(path, [replace](const std::string& at) { return refusalToReplace(at, replace); });
  } catch (const files::OutputError& e) {
    throw DatabaseError(e.what());
  }
}

}  // namespace

NewDatabase::NewDatabase(std::string path, bool replace) : file_(stagedDatabase(path, replace)) {
  try {
    // Created only where an interruption finds it (files::TemporaryPath). One thread at a time
    // uses the connection (the analysis beside the load writes databases of its own, and reads
    // this one once the load is over between the main thread's statements, under a lock of
    // theirs: buildIndexes); the temporary file is thrown away on any failure, so neither
    // SQLite's mutexes nor the journal buy anything.
    auto deferred = files::deferInterruptions();
    db_ = open(file_.temporaryPath(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX);
    deferred.unlock();
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
    throw DatabaseError(path + ": cannot create database: " + (db_ ? errorText(e, *db_) : std::string(e.what())));
  }
}

NewDatabase::~NewDatabase() = default;

DatabaseError NewDatabase::writeError(const SQLite::Exception& e) {
  return DatabaseError(path() + ": cannot write the database: " + errorText(e, *db_));
}

void NewDatabase::buildIndexes(threads::TurnLock* shared) {
  if (indexed_) return;
  const std::string script(factsIndexText());
  const char* next = script.c_str();
  while (*next) {
    std::unique_lock<threads::TurnLock> hold;
    if (shared) hold = std::unique_lock<threads::TurnLock>(*shared);
    sqlite3_stmt* statement = nullptr;
    const char* rest = nullptr;
    int rc = sqlite3_prepare_v2(db_->getHandle(), next, -1, &statement, &rest);
    if (rc == SQLITE_OK && statement) {
      rc = sqlite3_step(statement);
      if (rc == SQLITE_DONE) rc = SQLITE_OK;
    }
    if (rc != SQLITE_OK) {
      const DatabaseError error = writeError(SQLite::Exception(db_->getHandle(), rc));  // before finalize resets it
      sqlite3_finalize(statement);
      throw error;
    }
    sqlite3_finalize(statement);
    next = rest;
  }
  indexed_ = true;
}

void NewDatabase::commit() {
  buildIndexes();
  try {
    db_->exec("COMMIT");
  } catch (const SQLite::Exception& e) {
    throw writeError(e);
  }
  db_.reset();
  try {
    file_.commit();
  } catch (const files::OutputError& e) {
    throw DatabaseError(e.what());
  }
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
    case FileKind::Locked:
      throw DatabaseError(path + ": " + lockedReason());
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
    auto db = open(path, (writable ? SQLite::OPEN_READWRITE : SQLite::OPEN_READONLY) | SQLite::OPEN_NOMUTEX);
    db->exec("PRAGMA foreign_keys = OFF");
    checkTrees(*db, path);
    return db;
  } catch (const SQLite::Exception& e) {
    throw DatabaseError(path + ": " + (isLocked(e) ? lockedReason() : std::string(e.what())));
  }
}

void checkTrees(SQLite::Database& db, const std::string& path) {
  SQLite::Statement loops(db,
      "SELECT l.loop_key, l.parent_id FROM loop l LEFT JOIN loop p ON p.loop_id = l.parent_id "
      "WHERE CASE WHEN l.parent_id IS NULL THEN l.depth <> 1 "
      "ELSE p.loop_id IS NULL OR p.loop_id >= l.loop_id OR p.proc_id <> l.proc_id OR p.depth <> l.depth - 1 END "
      "ORDER BY l.loop_id LIMIT 1");
  if (loops.executeStep())
    throw DatabaseError(path + ": inconsistent database: loop " + loops.getColumn(0).getString() +
                        (loops.getColumn(1).isNull() ? " has no parent loop but is not at depth 1"
                                                     : " has parent " + loops.getColumn(1).getString() +
                                                           ", which is not an earlier loop of its procedure one level up") +
                        " (sapfor-lex never writes that; reload the sources)");
  SQLite::Statement blocks(db,
      "SELECT b.block_id, b.parent_id FROM block b LEFT JOIN block p ON p.block_id = b.parent_id "
      "WHERE b.parent_id IS NOT NULL AND (p.block_id IS NULL OR p.block_id >= b.block_id OR p.proc_id <> b.proc_id) "
      "ORDER BY b.block_id LIMIT 1");
  if (blocks.executeStep())
    throw DatabaseError(path + ": inconsistent database: block " + blocks.getColumn(0).getString() + " has parent " +
                        blocks.getColumn(1).getString() +
                        ", which is not an earlier block of its procedure (sapfor-lex never writes that; reload the sources)");
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

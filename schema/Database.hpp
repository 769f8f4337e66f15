/// @file Database.hpp
/// The analysis database as a file: recognising ours, creating a new one atomically (a failed run
/// leaves nothing behind and never clobbers a foreign file), opening an existing one for a later
/// stage, and the `meta` provenance table.
#pragma once

#include "files/StagedFile.hpp"
#include "threads/TurnLock.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sapfor::db {

/// PRAGMA application_id of every sapfor database: the bytes "SAPF".
inline constexpr int kApplicationId = 0x53415046;
/// PRAGMA user_version: bumped whenever a table or view changes incompatibly.
inline constexpr int kSchemaVersion = 11;

/// Process-wide SQLite settings, called first thing in main (before any connection is opened):
/// turns SQLite's memory statistics off. They take one global mutex per allocation, which the
/// tools' threads (each with a connection of its own) contend for, and no tool reads them.
void configureSqlite();

/// The SQL (tables, then views) that creates an empty database of the current version.
std::string_view factsSchemaText();
/// The analysis' tables alone (analysis.sql), for a database of results written beside a load.
std::string_view analysisSchemaText();
/// The secondary indexes, created once a new database has all its facts (NewDatabase::buildIndexes).
std::string_view factsIndexText();
/// The version string of the tools, e.g. "0.1.0".
std::string_view toolVersion();

/// A problem with a database file that a tool reports and exits on (exit status 2).
class DatabaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Opens a connection as every tool does: while another process holds the database locked it
/// waits (busy_timeout(), then SQLITE_BUSY), and once the process is interrupted its statements
/// stop (SQLITE_INTERRUPT: see files/Interruption.hpp).
std::unique_ptr<SQLite::Database> open(const std::string& path, int flags);

/// How long a connection waits for a database another process holds locked: SAPFOR_BUSY_TIMEOUT
/// seconds when set (0: not at all), else 60.
int busyTimeoutSeconds();

/// Why a database could not be read or written, when another process held it locked past the
/// timeout: "locked by another process (waited 60 s; ...)".
std::string lockedReason();

/// SQLite's message for an error on `connection`, with the system's reason when SQLite has one
/// (a write refused with EFBIG is SQLite's "disk I/O error": "disk I/O error (File too large)"),
/// and for SQLITE_BUSY how long it waited.
std::string errorText(const SQLite::Exception& e, SQLite::Database& connection);

/// What a path holds, as far as sapfor is concerned. Locked: an SQLite database another process
/// held locked for longer than busyTimeoutSeconds(), which could not be read.
enum class FileKind { Missing, Ours, Foreign, NotAFile, Locked };

struct Inspection {
  FileKind kind = FileKind::Missing;
  int schemaVersion = 0;  ///< user_version when kind == Ours
};
Inspection inspect(const std::string& path);

/// A new database written to a temporary file beside its destination; `commit()` moves it into
/// place. Destroying it uncommitted removes the temporary file, so a failed load leaves nothing.
class NewDatabase {
 public:
  /// Refuses (DatabaseError) when `path` exists and is not ours, or is ours and `replace` is off.
  NewDatabase(std::string path, bool replace);
  ~NewDatabase();
  NewDatabase(const NewDatabase&) = delete;
  NewDatabase& operator=(const NewDatabase&) = delete;

  SQLite::Database& sql() { return *db_; }
  const std::string& path() const { return file_.shownPath(); }
  /// Creates the secondary indexes (factsIndexText), once every fact row is in; commit() does it
  /// when nobody did. Calling it earlier lets other work overlap it (sapfor-lex: the analysis
  /// completing its summaries on its own thread). `shared`: held through each index's statement
  /// (another thread reads the database between them through the same connection).
  void buildIndexes(threads::TurnLock* shared = nullptr);
  /// Commits the transaction opened by the constructor and renames the file into place, after
  /// checking again that nothing but a database of ours it may replace is there.
  void commit();
  /// The error to report for an SQLite error while writing it: the database named, with the
  /// system's reason (a full disk).
  DatabaseError writeError(const SQLite::Exception& e);

 private:
  files::StagedFile file_;
  std::unique_ptr<SQLite::Database> db_;
  bool indexed_ = false;
};

/// Opens an existing database of ours for reading (and writing when `writable`), refusing a
/// missing, foreign, newer or inconsistent one (checkTrees) with a message that says which.
std::unique_ptr<SQLite::Database> openExisting(const std::string& path, bool writable);

/// Throws DatabaseError ("PATH: inconsistent database: ...") unless the loop and block trees are
/// what sapfor-lex writes: a loop's parent is an earlier loop of its procedure one level up (a
/// loop without one is at depth 1), a block's parent an earlier block of its procedure. Every
/// reader walks these links up or down; a cycle would never end.
void checkTrees(SQLite::Database& db, const std::string& path);

/// A write transaction on an existing database (sapfor-analyze's results, dvmh-predict's run):
/// rolled back unless committed, also when the process is interrupted meanwhile. It takes the
/// write lock at once (BEGIN IMMEDIATE), waiting for another writer to finish: two writers that
/// both read first could not both upgrade, and one would fail without waiting.
class WriteTransaction {
 public:
  explicit WriteTransaction(SQLite::Database& db) : transaction_(db, SQLite::TransactionBehavior::IMMEDIATE) {}
  void commit() { transaction_.commit(); }

 private:
  files::RollbackOnInterruption rollback_;  ///< released after the transaction's rollback
  SQLite::Transaction transaction_;
};

/// Attaches the database file `path` to `db` as `name`, in NORMAL locking mode (another connection
/// may write it until `db` reads it). ATTACH needs no transaction open: `db`'s open one is
/// committed and a new one begun. INSERT INTO main.t SELECT * FROM name.t then copies a table with
/// the same definition a record at a time, undecoded (SQLite's transfer optimization: a tenth of
/// an insert's cost).
void attach(SQLite::Database& db, const std::string& path, const std::string& name);

/// meta(key, value): provenance of the database, one row per key.
void setMeta(SQLite::Database& db, std::string_view key, std::string_view value);
std::optional<std::string> getMeta(SQLite::Database& db, std::string_view key);

/// The current time as ISO 8601 UTC, e.g. 2026-11-21T10:00:00Z.
std::string utcNow();

}  // namespace sapfor::db

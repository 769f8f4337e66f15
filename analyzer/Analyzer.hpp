/// @file Analyzer.hpp
/// The analyzer's entry points: reads the facts of a database (or takes them from the load as it
/// goes), summarizes every procedure (what a call reads and writes, I/O, STOP), then analyzes one
/// procedure's loops at a time (traits, dependences, verdicts, the DVMH expert's directives, the
/// check of the user's directives) and replaces the analysis tables' rows and the analysis
/// diagnostics with the results. The caller owns the transaction.
#pragma once

#include "analyzer/Expert.hpp"

#include "facts/Rows.hpp"
#include "threads/TurnLock.hpp"

#include <SQLiteCpp/Database.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sapfor::analyzer {

struct AnalysisReport {
  int loops = 0;
  int parallel = 0;            ///< loops the analysis proves parallel (ACROSS included)
  int across = 0;
  int expertDirectives = 0;    ///< PARALLEL directives the expert proposes
  int userDirectives = 0;      ///< user PARALLEL directives checked
  std::string sourceRoot;      ///< meta.source_root: where the files' paths start
  struct Message {
    std::string path;          ///< the file as the database names it (relative to sourceRoot)
    int line = 0, col = 1;
    std::string severity, message;
  };
  std::vector<Message> messages;  ///< the check of the user's directives, in file and line order
  std::vector<ExpertDirective> directives;  ///< with AnalysisOptions::keepDirectives: every one the expert proposes
  /// The loops whose PARALLEL the expert withdrew once the whole program was analyzed (their
  /// procedure runs inside another proposed nest), with the note saying so.
  std::vector<std::pair<Id, std::string>> withdrawn;
  int errors() const;
};

struct AnalysisOptions {
  /// Called after each procedure with loops is analyzed, while its code is loaded (to explain
  /// one of its loops, say).
  std::function<void(const Program&, const LoopAnalysis&, const Expert&)> inspect;
  bool keepDirectives = false;  ///< return the expert's directives in the report (for --emit-dvmh)
};

/// dependence.dep_id and expert_directive.expert_id are the procedure's id times this plus the
/// row's ordinal in the procedure: they follow the source whatever order procedures are analyzed in.
inline constexpr int64_t kIdsPerProcedure = 1'000'000;

/// Runs the analysis on `db` and writes its results there (inside the caller's transaction).
/// `program`, when given, receives the whole-program tables (for --emit-dvmh).
AnalysisReport analyze(SQLite::Database& db, const AnalysisOptions& options = {}, Program* program = nullptr);

/// The same analysis, run while sapfor-lex loads: each file's facts are analyzed from memory on
/// a thread of its own as soon as they are written (add), and the procedures with loops that call
/// other procedures once every procedure is summarized, on the same thread, reading their code
/// back from the new database once the load is over (close). The tables it writes are the ones
/// analyze() writes. Its rows go to databases of their own beside the new one (no connection
/// shared with the load's inserts), which finish() appends to the new one.
class StreamingAnalysis {
 public:
  explicit StreamingAnalysis(SQLite::Database& db);
  ~StreamingAnalysis();  ///< stops the thread (a load that failed leaves the rest unanalyzed)
  StreamingAnalysis(const StreamingAnalysis&) = delete;
  StreamingAnalysis& operator=(const StreamingAnalysis&) = delete;

  /// Takes one loaded file (from the loading thread, in load order); waits while the analysis is
  /// 16 files behind, so that memory stays per file.
  void add(facts::FileRows&& file);
  /// No more files, and the load has written its last row (the file table included): once its
  /// queue is empty the thread completes the whole-program summaries and analyzes what was left,
  /// reading the new database under connectionLock(), while the caller goes on with the database
  /// (builds its indexes, say) under the same lock.
  void close();
  /// The lock of the new database's connection (opened without SQLite's mutexes) from close() on:
  /// each of the caller's statements holds it.
  threads::TurnLock& connectionLock();
  /// Closes, appends the rows to the new database, writes the diagnostics; rethrows what went
  /// wrong on the thread.
  AnalysisReport finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace sapfor::analyzer

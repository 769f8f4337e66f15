/// @file Analyzer.hpp
/// The analyzer's entry point: reads the facts of a database, summarizes every procedure (what a
/// call reads and writes, I/O, STOP), then analyzes one procedure's loops at a time (traits,
/// dependences, verdicts, the DVMH expert's directives, the check of the user's directives) and
/// replaces the analysis tables' rows and the analysis diagnostics with the results. The caller
/// owns the transaction.
#pragma once

#include "analyzer/Expert.hpp"

#include <SQLiteCpp/Database.h>

#include <functional>
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
  int errors() const;
};

struct AnalysisOptions {
  /// Called after each procedure with loops is analyzed, while its code is loaded (to explain
  /// one of its loops, say).
  std::function<void(const Program&, const LoopAnalysis&, const Expert&)> inspect;
  bool keepDirectives = false;  ///< return the expert's directives in the report (for --emit-dvmh)
};

/// Runs the analysis on `db` and writes its results there (inside the caller's transaction).
/// `program`, when given, receives the whole-program tables (for --emit-dvmh).
AnalysisReport analyze(SQLite::Database& db, const AnalysisOptions& options = {}, Program* program = nullptr);

}  // namespace sapfor::analyzer

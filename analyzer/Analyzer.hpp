/// @file Analyzer.hpp
/// The analyzer's entry point: reads the facts of a database, runs the passes (effects and
/// procedure summaries, loop analysis, the DVMH expert) and replaces the analysis tables' rows
/// and the analysis diagnostics with the results. The caller owns the transaction.
#pragma once

#include "analyzer/Expert.hpp"

#include <SQLiteCpp/Database.h>

#include <string>
#include <vector>

namespace sapfor::analyzer {

struct AnalysisReport {
  int loops = 0;
  int parallel = 0;            ///< loops the analysis proves parallel (ACROSS included)
  int across = 0;
  int expertDirectives = 0;    ///< PARALLEL directives the expert proposes
  int userDirectives = 0;      ///< user PARALLEL directives checked
  struct Message {
    std::string path;          ///< the file as the database names it (relative to meta.source_root)
    int line = 0, col = 1;
    std::string severity, message;
  };
  std::vector<Message> messages;  ///< the check of the user's directives, in file and line order
  int errors() const;
};

/// Runs the analysis on `db` and writes its results there (inside the caller's transaction).
AnalysisReport analyze(SQLite::Database& db);

/// The analysis of an already-loaded program, for callers that want the passes' results
/// (sapfor-analyze --explain, --emit-dvmh) as well as the rows.
struct Analysis {
  Program program;
  std::unique_ptr<Effects> effects;
  std::unique_ptr<LoopAnalysis> loops;
  std::unique_ptr<Expert> expert;
};
std::unique_ptr<Analysis> runAnalysis(Program program);
/// Replaces the analysis rows of `db` with `analysis`'s; returns the report.
AnalysisReport writeAnalysis(SQLite::Database& db, const Analysis& analysis);

}  // namespace sapfor::analyzer

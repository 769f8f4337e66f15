/// @file HtmlReport.hpp
/// dvmh-predict --format html: one self-contained page (inline CSS and SVG, no script, nothing
/// fetched) with the program's loop tree, per kernel where one launch's predicted time goes, its
/// occupancy and limiter and its references coloured by coalescing, and the whole program's time;
/// given a baseline (the prediction for another revision of the program), before and after side
/// by side, kernels matched by loop key.
#pragma once

#include "facts/Vocabulary.hpp"
#include "predictor/Predictor.hpp"
#include "predictor/Report.hpp"

#include <SQLiteCpp/Database.h>

#include <optional>
#include <ostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace sapfor::predictor {

/// A loop as the loop tree shows it (the views loops and loop_verdicts).
struct LoopTreeEntry {
  Id loopId = 0, parentId = 0;  ///< parentId 0: outermost in its procedure
  std::string key, procedure, file, var, lower, upper, step;
  facts::LoopKind kind = facts::LoopKind::Do;
  int line = 0;
  std::optional<int64_t> trip;
  bool parallel = false;
  std::string reasons;  ///< why it is not parallel
};

struct ProcedureEntry {
  std::string key, kind, file;
  int line = 0;
};

/// The program's procedures and loops in source order.
struct LoopTree {
  std::vector<ProcedureEntry> procedures;
  std::vector<LoopTreeEntry> loops;  ///< a parent before its children
};

LoopTree readLoopTree(SQLite::Database& db);

/// The provenance rows of `meta` the page shows (source revision, when and by what it was made).
std::vector<std::pair<std::string, std::string>> readProvenance(SQLite::Database& db);

/// Everything the page shows about one database.
/// A kernel's time on a real GPU (table kernel_measurement, tools/measure-kernels.sh).
struct KernelMeasurement {
  double seconds = 0;  ///< one launch, the median of the timed runs
  std::string device;
};

struct HtmlReportInput {
  ReportHeader header;
  std::vector<std::pair<std::string, std::string>> provenance;
  LoopTree tree;
  ProgramPrediction prediction;
  std::map<Id, KernelMeasurement> measured;  ///< by loop id, for this GPU profile; empty: none
};

/// The latest time measured for each kernel written for GPU profile `gpuKey`.
std::map<Id, KernelMeasurement> readMeasurements(SQLite::Database& db, const std::string& gpuKey);

/// `baseline`: the earlier revision's, or null for a page about one program.
void writeHtml(std::ostream& out, const HtmlReportInput& current, const HtmlReportInput* baseline);

}  // namespace sapfor::predictor

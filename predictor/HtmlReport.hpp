/// @file HtmlReport.hpp
/// dvmh-predict --format html: one self-contained page (inline CSS and SVG, one short inline
/// script that sorts the kernel table, nothing fetched). It opens on what matters: the whole
/// program's time, then the kernels by their share of it (given a baseline, the prediction for
/// another revision of the program: by how much each changed), each with where one launch's time
/// goes, its occupancy and limiter; then each REGION's kernels and copies, each kernel's source
/// lines beside its figures and references coloured by coalescing, the loop tree and a legend.
#pragma once

#include "facts/Vocabulary.hpp"
#include "predictor/KernelFacts.hpp"
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

/// A REGION, the user's or the expert's outside any of the user's: the kernels whose nests start between it and its END
/// REGION, and the copies to the device it makes over the run (MODEL.md §12).
struct RegionEntry {
  std::string procedure, kind;  ///< kind: REGION, expert REGION
  int line = 0, endLine = 0;
  std::vector<std::string> kernels;  ///< loop keys, in source order
  std::string arrays;                ///< as TransferGroup writes them ("u in x49, v inout x1")
  double copies = 0, bytes = 0, seconds = 0;
};

/// The REGIONs the transfer model follows (countedRegions) with their kernels and copies.
std::vector<RegionEntry> regionsOf(const ProgramFacts& program, const ProgramPrediction& prediction);

/// The source lines of a kernel's nest, read from the file the database was loaded from.
struct SourceExcerpt {
  std::string file;  ///< as the database names it (relative to meta.source_root)
  int firstLine = 0;
  std::vector<std::string> lines;
  int omitted = 0;          ///< lines of the nest past the excerpt's end
  std::string unavailable;  ///< why no line is shown (file gone, changed since the load)
};

/// The longest excerpt a kernel shows: a nest longer than that is cut, and says how much was.
inline constexpr int kSourceExcerptLines = 40;

/// Each kernel's nest as its source file has it, by the kernel's loop id.
std::map<Id, SourceExcerpt> readKernelSources(SQLite::Database& db, const ProgramPrediction& prediction);

struct HtmlReportInput {
  ReportHeader header;
  std::vector<std::pair<std::string, std::string>> provenance;
  LoopTree tree;
  ProgramPrediction prediction;
  std::map<Id, KernelMeasurement> measured;  ///< by loop id, for this GPU profile; empty: none
  std::vector<RegionEntry> regions;
  std::map<Id, SourceExcerpt> sources;       ///< by the kernel's loop id
};

/// The latest time measured for each kernel written for GPU profile `gpuKey`.
std::map<Id, KernelMeasurement> readMeasurements(SQLite::Database& db, const std::string& gpuKey);

/// `baseline`: the earlier revision's, or null for a page about one program.
void writeHtml(std::ostream& out, const HtmlReportInput& current, const HtmlReportInput* baseline);

}  // namespace sapfor::predictor

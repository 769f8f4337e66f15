/// @file Report.hpp
/// dvmh-predict's output: a table for people, CSV (one row per kernel) and a versioned JSON
/// document (the step-by-step explanation of a kernel is Explanation.hpp's).
#pragma once

#include "predictor/Predictor.hpp"

#include <ostream>
#include <string>
#include <vector>

namespace sapfor::predictor {

/// Bumped when a field of the JSON document changes meaning or goes away.
inline constexpr int kJsonFormatVersion = 1;

struct ReportHeader {
  int64_t runId = 0;  ///< 0: not stored
  std::string database, gpuKey, gpuName, options;
  /// Where the registers per thread come from, for the whole run ("ptxas sm_90 for 5 kernels, ..."):
  /// each kernel's is its regsSource; empty: not said.
  std::string registers;
};

/// Seconds as a human reads them: 12.34 us, 4.567 ms, 1.234 s.
std::string formatDuration(double seconds);

/// The program's transfers by the directive or host statement that causes them (MODEL.md §12):
/// a REGION's copies in, a GET_ACTUAL's or a host statement's copies back.
struct TransferGroup {
  std::string procedure, kind;  ///< kind: REGION, expert REGION, GET_ACTUAL, host statement
  int line = 0;
  std::string arrays;           ///< "u in x49, v inout x1"
  double copies = 0, bytes = 0, seconds = 0;
};
std::vector<TransferGroup> transferGroups(const ProgramPrediction& prediction);

/// 100 columns with a legend; `wide`: every column (the grid, iterations per thread, accesses).
void writeTable(std::ostream& out, const ReportHeader& header, const ProgramPrediction& prediction, bool wide = false);
void writeCsv(std::ostream& out, const ProgramPrediction& prediction);
void writeJson(std::ostream& out, const ReportHeader& header, const ProgramPrediction& prediction);

}  // namespace sapfor::predictor

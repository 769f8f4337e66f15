/// @file Report.hpp
/// dvmh-predict's output: a table for people, CSV (one row per kernel) and a versioned JSON
/// document (the step-by-step explanation of a kernel is Explanation.hpp's).
#pragma once

#include "predictor/Predictor.hpp"

#include <ostream>
#include <string>

namespace sapfor::predictor {

/// Bumped when a field of the JSON document changes meaning or goes away.
inline constexpr int kJsonFormatVersion = 1;

struct ReportHeader {
  int64_t runId = 0;  ///< 0: not stored
  std::string database, gpuKey, gpuName, options;
};

/// Seconds as a human reads them: 12.34 us, 4.567 ms, 1.234 s.
std::string formatDuration(double seconds);

void writeTable(std::ostream& out, const ReportHeader& header, const ProgramPrediction& prediction);
void writeCsv(std::ostream& out, const ProgramPrediction& prediction);
void writeJson(std::ostream& out, const ReportHeader& header, const ProgramPrediction& prediction);

}  // namespace sapfor::predictor

/// @file DiffReport.hpp
/// sapfor-diff's output: text for people (optionally coloured) and a versioned JSON document whose
/// bytes depend only on the two databases and the options.
#pragma once

#include "tools/diff/DatabaseDiff.hpp"
#include "tools/diff/Policies.hpp"

#include <ostream>

namespace sapfor::diff {

/// Bumped when a field of the JSON document changes meaning or goes away (2: the options'
/// "procedures" and "loops" lists, --procedure and --loop being repeatable, replace "procedure"
/// and "loop").
inline constexpr int kDiffJsonFormatVersion = 2;

struct ReportOptions {
  bool summary = false;    ///< counts per kind instead of every difference
  bool showMoves = false;  ///< report entities that only moved (and the lines of changed ones)
  bool color = false;
  double timeTolerancePercent = 5;
  std::vector<std::string> procedures, loops;  ///< the filters, for the header
};

/// The counts of a kind as reported: without --show-moves a move is unchanged.
Counts reportedCounts(const KindResult& kind, bool showMoves);
/// Whether anything reported differs (moves never count: lines moving changes nothing that matters).
bool hasDifferences(const DiffResult& result);

void writeText(std::ostream& out, const DiffResult& result, const std::vector<PolicyOutcome>& policies,
               const ReportOptions& options);
void writeJson(std::ostream& out, const DiffResult& result, const std::vector<PolicyOutcome>& policies,
               const ReportOptions& options, int exitStatus);
/// One row per field that changed (an added or removed entity: one row, no field), RFC 4180:
/// kind,status,key,field,old,new,percent — for a spreadsheet or a CI log.
void writeCsv(std::ostream& out, const DiffResult& result, const ReportOptions& options);

}  // namespace sapfor::diff

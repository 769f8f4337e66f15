/// @file Explain.hpp
/// A loop's analysis in words, for `sapfor-analyze --explain LOOP_KEY`: the verdict and why,
/// the scalars' traits, the dependences it carries, the directive the expert proposes and the
/// user's.
#pragma once

#include "analyzer/Analyzer.hpp"

#include <iosfwd>
#include <string>

namespace sapfor::analyzer {

/// A loaded loop in words.
std::string explainLoop(const Program& program, const LoopAnalysis& loops, const Expert& expert, Id loopId);

/// Prints the report's messages to `out` as a compiler does, one a line: FILE:LINE:COL: SEVERITY:
/// MESSAGE (the place bold and the severity in its colour when `color`); only the errors when
/// `errorsOnly`. Each file's shown path is worked out once (the messages come file by file).
void printMessages(std::ostream& out, const AnalysisReport& report, bool errorsOnly, bool color);

/// Where a database's file is, for a message: the source root joined with the file's path,
/// relative to the current folder when the file is under it, else absolute.
std::string shownPath(const std::string& sourceRoot, const std::string& path);

}  // namespace sapfor::analyzer

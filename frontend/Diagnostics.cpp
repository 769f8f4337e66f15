/// @file Diagnostics.cpp
#include "frontend/Diagnostics.hpp"

#include "files/Terminal.hpp"

#include <algorithm>
#include <ostream>

namespace sapfor::frontend {

Diagnostic fileDiagnostic(const FileTable& files, int fileIndex, SourcePos pos, Severity severity, std::string message) {
  const SourceFile& file = files.at(fileIndex);
  return {fileIndex, file.displayPath, file.userPath, pos.line, pos.col, severity, std::move(message)};
}

void DiagnosticSink::report(Diagnostic diagnostic) {
  if (echo_ && (!echoErrorsOnly_ || diagnostic.severity == Severity::Error)) {
    if (beforeEcho_) beforeEcho_();
    std::string place = diagnostic.shownPath.empty() ? diagnostic.path : diagnostic.shownPath;
    if (diagnostic.line > 0) place += ':' + std::to_string(diagnostic.line) + ':' + std::to_string(diagnostic.col);
    *echo_ << files::bold(place + ":", color_) << ' ' << files::styledSeverity(severityName(diagnostic.severity), color_) << ": "
           << diagnostic.message << '\n';
  }
  diagnostics_.push_back(std::move(diagnostic));
}

size_t DiagnosticSink::count(Severity severity) const {
  return static_cast<size_t>(std::count_if(diagnostics_.begin(), diagnostics_.end(),
                                           [&](const Diagnostic& d) { return d.severity == severity; }));
}

}  // namespace sapfor::frontend

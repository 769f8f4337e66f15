/// @file Diagnostics.cpp
#include "frontend/Diagnostics.hpp"

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
    *echo_ << (diagnostic.shownPath.empty() ? diagnostic.path : diagnostic.shownPath);
    if (diagnostic.line > 0) *echo_ << ':' << diagnostic.line << ':' << diagnostic.col;
    *echo_ << ": " << severityName(diagnostic.severity) << ": " << diagnostic.message << '\n';
  }
  diagnostics_.push_back(std::move(diagnostic));
}

size_t DiagnosticSink::count(Severity severity) const {
  return static_cast<size_t>(std::count_if(diagnostics_.begin(), diagnostics_.end(),
                                           [&](const Diagnostic& d) { return d.severity == severity; }));
}

}  // namespace sapfor::frontend

/// @file Diagnostics.hpp
/// Messages about the user's sources: `file:line:col: severity: message` on stderr and rows of the
/// `diagnostic` table. A diagnostic never stops the load of the rest of a file.
#pragma once

#include "frontend/SourceFile.hpp"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace sapfor::frontend {

using Severity = facts::Severity;
inline const char* severityName(Severity severity) { return facts::nameOf(severity).data(); }

struct Diagnostic {
  int fileIndex = -1;  ///< index in the FileTable; -1 when no file is involved
  std::string path;    ///< relative to the source root, as the database stores paths
  std::string shownPath;  ///< as printed on stderr (the path the user can open); `path` when empty
  uint32_t line = 0;
  uint32_t col = 0;
  Severity severity = Severity::Error;
  std::string message;
};

/// A diagnostic about a place in one of the run's files.
Diagnostic fileDiagnostic(const FileTable& files, int fileIndex, SourcePos pos, Severity severity, std::string message);

/// Collects diagnostics and echoes them to a stream as they arrive.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(std::ostream* echo) : echo_(echo) {}
  void report(Diagnostic diagnostic);
  /// Echo only errors (for --quiet).
  void setEchoErrorsOnly(bool value) { echoErrorsOnly_ = value; }
  /// Called before a diagnostic is echoed (a tool wipes its progress line there).
  void setBeforeEcho(std::function<void()> hook) { beforeEcho_ = std::move(hook); }
  /// Echo in colour (files/Terminal.hpp): the place bold, the severity in its colour.
  void setColor(bool value) { color_ = value; }
  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  /// Moves the collected diagnostics out (a file parsed on another thread hands its own over).
  std::vector<Diagnostic> take() { return std::move(diagnostics_); }
  size_t count(Severity severity) const;

 private:
  std::ostream* echo_;
  bool echoErrorsOnly_ = false;
  bool color_ = false;
  std::function<void()> beforeEcho_;
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace sapfor::frontend

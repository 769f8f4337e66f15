/// @file Prescanner.hpp
/// The line processor in front of the scanner: turns the physical lines of a fixed- or free-form
/// file into *logical statements* — continuation lines joined, comments dropped, column 72 cut in
/// fixed form, `;` separated statements split, INCLUDE lines expanded, directive lines (`!DVM$`,
/// `CDVM$`, `!$OMP`, ...) kept as statements of their own — and *cooks* their text: lower case and
/// no blanks outside character literals, Hollerith constants turned into quoted literals. Every
/// cooked character keeps the file position it came from, so later stages report `file:line:col`
/// in the original source.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/Preprocessor.hpp"
#include "frontend/SourceFile.hpp"

#include <functional>
#include <string>
#include <vector>

namespace sapfor::frontend {

struct LogicalStatement {
  enum class Kind : uint8_t { Fortran, Directive };
  Kind kind = Kind::Fortran;
  int fileIndex = 0;
  std::string text;            ///< cooked text
  std::vector<SourcePos> pos;  ///< pos[i] = where text[i] came from; pos[text.size()] = the end
  int label = 0;               ///< statement label, 0 when none
  uint32_t firstLine = 0;      ///< physical line of the first character
  uint32_t lastLine = 0;       ///< physical line of the last line it spans
  bool startsLine = true;      ///< false after a `;` on the same line
  bool damaged = false;        ///< the prescanner reported it (an unterminated literal): do not parse
  std::string sentinel;        ///< directives: dvm, omp, acc, spf, hpf
  std::string display;         ///< directives: the text as written, lines joined, blanks collapsed

  SourcePos posAt(size_t offset) const { return pos[offset < pos.size() ? offset : pos.size() - 1]; }
};

class Prescanner {
 public:
  /// `displayPathOf` turns the path of an INCLUDEd file into the path stored in the database.
  Prescanner(FileTable& files, DiagnosticSink& diagnostics, const PreprocessorOptions& options,
             std::function<std::string(const std::string&)> displayPathOf);

  /// The logical statements of a loaded file (C-preprocessed first when its name asks for it, or
  /// with --cpp) and of the files it INCLUDEs, in source order.
  std::vector<LogicalStatement> scan(int fileIndex);
  /// The INCLUDE and #include files met, as (included, including) file indices, in order.
  const std::vector<std::pair<int, int>>& includes() const { return includes_; }

  /// One physical line to scan, and where it came from.
  struct Line {
    std::string_view text;
    int fileIndex;
    uint32_t number;
    const std::vector<uint32_t>* columns;  ///< null: column = offset + 1
  };

 private:
  class FileScan;
  void scanLines(int fileIndex, const std::vector<Line>& lines, int depth, std::vector<LogicalStatement>& out);
  void expandInclude(const LogicalStatement& include, std::vector<LogicalStatement>& out, int depth);

  FileTable& files_;
  DiagnosticSink& diagnostics_;
  const PreprocessorOptions& options_;
  std::function<std::string(const std::string&)> displayPathOf_;
  std::vector<int> includeStack_;
  std::vector<std::pair<int, int>> includes_;
  SourceForm form_ = SourceForm::Free;  ///< the form of the file being scanned, INCLUDEs included
};

/// The name of the directive family a comment sentinel introduces ("dvm", "omp", "acc", "spf",
/// "hpf"), or "" when the text (lower case, without the comment character) is not one.
std::string directiveFamily(std::string_view sentinelText);

}  // namespace sapfor::frontend

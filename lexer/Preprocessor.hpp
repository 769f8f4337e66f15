/// @file Preprocessor.hpp
/// The C preprocessing gfortran applies to .F, .F90, .FOR, .fpp files (and to any file with
/// --cpp): `#include`, object-like `#define` (substituted outside character literals and `!`
/// comments), `#undef`, `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif` with `defined()` and
/// integer expressions, `-D`/`-U` from the command line. Function-like macros are reported as
/// unsupported and left as written. Every output line remembers the file, line and columns it came
/// from, so diagnostics still point into the original sources.
#pragma once

#include "lexer/Diagnostics.hpp"
#include "lexer/SourceFile.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace sapfor::lexer {

/// One line after preprocessing.
struct PreprocessedLine {
  int fileIndex = 0;
  uint32_t line = 0;
  std::string text;
  std::vector<uint32_t> columns;  ///< column of each character; empty when text is the original line
};

struct PreprocessorOptions {
  std::map<std::string, std::string> defines;  ///< -D NAME[=VALUE] (VALUE 1 when omitted)
  std::vector<std::string> undefines;          ///< -U NAME
  std::vector<std::string> includeDirs;        ///< -I
  bool always = false;                         ///< --cpp: preprocess every file
};

/// Whether gfortran would preprocess a file of this name (upper-case extensions and .fpp).
bool needsPreprocessing(std::string_view path);

/// Where an included file is: beside the including file first, then in the include folders.
struct IncludeLookup {
  std::string path;      ///< canonical
  std::string userPath;  ///< as the user would name it
};
std::optional<IncludeLookup> findInclude(const std::string& name, const SourceFile& includer,
                                         const std::vector<std::string>& includeDirs);

/// The index of an included file in the table, loading it when it is new (an included file stays
/// loaded for the whole run; it is read in the form of the file that includes it). Returns -1 with
/// `error` set when it cannot be read.
int loadInclude(FileTable& files, const IncludeLookup& found,
                const std::function<std::string(const std::string&)>& displayPathOf, std::string& error);

class Preprocessor {
 public:
  Preprocessor(FileTable& files, DiagnosticSink& diagnostics, const PreprocessorOptions& options,
               std::function<std::string(const std::string&)> displayPathOf);

  /// The lines of a loaded file after preprocessing; each file starts from the command line's macros.
  std::vector<PreprocessedLine> run(int fileIndex);
  /// The #include files met, as (included, including) file indices, in order.
  const std::vector<std::pair<int, int>>& includes() const { return includes_; }

 private:
  struct Frame;
  void process(int fileIndex, int depth, std::vector<PreprocessedLine>& out);
  void directive(int fileIndex, uint32_t line, std::string_view text, int depth, std::vector<PreprocessedLine>& out);
  bool active() const;
  long long evaluate(int fileIndex, uint32_t line, std::string_view expression);
  PreprocessedLine substitute(int fileIndex, uint32_t line, std::string_view text) const;
  std::string expandText(const std::string& text, int depth) const;
  void report(int fileIndex, uint32_t line, uint32_t col, Severity severity, std::string message);

  FileTable& files_;
  DiagnosticSink& diagnostics_;
  const PreprocessorOptions& options_;
  std::function<std::string(const std::string&)> displayPathOf_;
  std::map<std::string, std::string> macros_;
  /// One entry per open #if: whether this branch is taken, whether one was, whether the #if itself
  /// is inside a taken branch.
  struct Conditional {
    bool taking;
    bool taken;
    bool enclosingActive;
  };
  std::vector<Conditional> conditionals_;
  std::vector<int> includeStack_;
  std::vector<std::pair<int, int>> includes_;
  bool functionMacrosReported_ = false;
};

}  // namespace sapfor::lexer

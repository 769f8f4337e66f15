/// @file Preprocessor.hpp
/// The C preprocessing gfortran applies to .F, .F90, .FOR, .fpp files (and to any file with
/// --cpp): `#include`, `#define` of object-like and function-like macros (expanded outside
/// character literals and `!` comments; a call's arguments on the same line; no `#` or `##`, as in
/// gfortran's traditional mode), `#undef`, `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif` with
/// `defined()` and integer expressions, `-D`/`-U` from the command line. Every output line
/// remembers the file, line and columns it came from, so diagnostics still point into the original
/// sources.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/SourceFile.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::frontend {

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

  /// Adds a -D argument: NAME=VALUE, or NAME (defined as 1).
  void define(const std::string& nameAndValue) {
    size_t eq = nameAndValue.find('=');
    defines[nameAndValue.substr(0, eq)] = eq == std::string::npos ? "1" : nameAndValue.substr(eq + 1);
  }
};

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
  /// Whether an #if or #elif condition holds; an error when it cannot be evaluated (then false).
  bool evaluate(int fileIndex, uint32_t line, std::string_view expression);
  struct Macro {
    bool function = false;
    std::vector<std::string> parameters;
    std::string body;
  };
  /// The expansion of the macros of one line: the macros being expanded (none is expanded inside
  /// itself) and how many characters it has written, intermediate results included, against what
  /// it may write.
  struct Expansion {
    int fileIndex = -1;  ///< where the line is (__FILE__, __LINE__)
    uint32_t line = 0;
    std::vector<std::string> active;
    size_t written = 0;
    size_t budget = 0;
    bool exhausted = false;
  };
  /// A new line's expansion, its budget what is left of the file's.
  Expansion lineExpansion(int fileIndex, uint32_t line) const;
  /// Counts what a line's expansion wrote against the file's budget; false, with the error
  /// reported, when it ran out (the line is then skipped).
  bool settle(const Expansion& expansion, int fileIndex, uint32_t line, uint32_t col);
  /// A line with its macros expanded; `origin`: the column of each character of text (null: the
  /// original line).
  PreprocessedLine substitute(int fileIndex, uint32_t line, std::string_view text, const std::vector<uint32_t>* origin);
  /// The expansion of a macro used at text[at] (its name ends at nameEnd), and where the use ends;
  /// nullopt when the name is not a macro (or a function-like one not followed by arguments) or the
  /// expansion has run out of budget.
  std::optional<std::pair<std::string, size_t>> expandUse(std::string_view text, size_t at, size_t nameEnd,
                                                           Expansion& expansion) const;
  /// Macros expanded in text (a macro is not expanded inside its own expansion); `fortran`: skip
  /// character literals and `!` comments.
  std::string expandText(std::string_view text, Expansion& expansion, bool fortran) const;
  void report(int fileIndex, uint32_t line, uint32_t col, Severity severity, std::string message);

  FileTable& files_;
  DiagnosticSink& diagnostics_;
  const PreprocessorOptions& options_;
  std::function<std::string(const std::string&)> displayPathOf_;
  std::map<std::string, Macro> macros_;
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
  SourceForm form_ = SourceForm::Free;  ///< the file's: its headers are read in it
  size_t expandedInFile_ = 0;    ///< what macro expansion has written for this file and its headers
  bool expansionSpent_ = false;  ///< the file's budget is spent: the rest of it is skipped
};

}  // namespace sapfor::frontend

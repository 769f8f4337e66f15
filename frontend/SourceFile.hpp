/// @file SourceFile.hpp
/// Fortran source files as loaded from disk: their text split into physical lines, their source
/// form (fixed or free, from the extension and, where that is ambiguous, the content), and the
/// table of every file a run reads (inputs and the files they INCLUDE).
#pragma once

#include "facts/Vocabulary.hpp"
#include "files/SourceText.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sapfor::frontend {

using SourceForm = facts::SourceForm;
inline const char* sourceFormName(SourceForm form) { return facts::nameOf(form).data(); }

/// A position in a source file: 1-based line and column (columns count bytes).
struct SourcePos {
  uint32_t line = 0;
  uint32_t col = 0;
};

struct SourceFile {
  std::string path;         ///< path to open
  std::string displayPath;  ///< path relative to the source root: in the database
  std::string userPath;     ///< path as the user can open it (as typed, or under a typed directory): in messages
  SourceForm form = SourceForm::Free;
  std::string text;                     ///< the whole file
  std::vector<std::string_view> lines;  ///< physical lines of `text`, without line ends
  size_t lineCount = 0;                 ///< kept when the text is released
  size_t byteCount = 0;

  /// Frees the text once the file is processed (a run streams file by file).
  void release() {
    // Swapped with empty ones: `text = {}` would keep the capacity (it assigns an empty list).
    std::vector<std::string_view>().swap(lines);
    std::string().swap(text);
  }
};

// Extensions follow gfortran: .f .for .ftn (fixed form) and .f90 .f95 .f03 .f08 (free form) in lower
// case or in upper case, the upper-case ones C-preprocessed, and .fpp/.FPP (fixed, preprocessed).
// Besides them, by the same rule, .f77 (fixed), .f18 (free) and .fdv (DVM sources, either form),
// which gfortran does not know. A mixed-case spelling (.For) is none of them, as for gfortran.

/// What the extension says about the form; nullopt when it does not say (.fdv, unknown).
std::optional<SourceForm> formFromExtension(std::string_view path);
/// Decides an ambiguous form from the content: fixed-form comment lines, column-6 and TAB-format
/// continuations and labels followed by a TAB against free-form `&` continuations and statements
/// in columns 1-5.
SourceForm formFromContent(const std::vector<std::string_view>& lines);
/// True for the extensions sapfor-lex looks for in directories.
bool isFortranExtension(std::string_view path);
/// Those extensions, for a message: ".f .for ... .fdv, in lower or upper case".
std::string fortranExtensionList();
/// Whether gfortran would C-preprocess a file of this name (upper-case extensions and .fpp).
bool needsPreprocessing(std::string_view path);

/// Why a file could not be read (the caller names the file).
struct ReadError {
  std::string reason;
};

using files::kMaxSourceBytes;

/// Reads `file.path` into `file.text`/`file.lines`. Returns an error for a missing, unreadable,
/// binary (NUL bytes, control characters), non-regular (a device, a FIFO) or too large file
/// (files::readDataFile).
std::optional<ReadError> loadSourceText(SourceFile& file);
/// Sets a file's text from memory (tests, generated sources) and splits it into lines.
void setSourceText(SourceFile& file, std::string text);

/// Every file of a run, in the order they were met; the index is the file's identity. Safe to
/// use from several threads (files parsed in parallel add the files they INCLUDE); a SourceFile
/// never moves once added.
class FileTable {
 public:
  int add(std::unique_ptr<SourceFile> file);
  SourceFile& at(int index);
  const SourceFile& at(int index) const;
  int size() const;
  /// The index of a file already in the table with that path, or -1.
  int find(const std::string& path) const;
  /// Adds the file `make()` builds unless one with that path is there; returns its index, or -1
  /// when `make` returns null. Atomic, so that two threads including one header add it once.
  int findOrAdd(const std::string& path, const std::function<std::unique_ptr<SourceFile>()>& make);

 private:
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<SourceFile>> files_;
};

}  // namespace sapfor::frontend

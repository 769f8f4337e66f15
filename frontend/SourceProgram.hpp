/// @file SourceProgram.hpp
/// The sources of a database parsed again, with every name resolved: for tools that need the
/// statements themselves (the database keeps facts about them, not their expressions), such as
/// sapfor-cuda, which translates a loop's statements into CUDA C.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/Loader.hpp"
#include "frontend/ProgramStructure.hpp"
#include "frontend/SymbolPass.hpp"

#include <memory>
#include <string>
#include <vector>

namespace sapfor::frontend {

/// A loaded source as the database's `file` table records it.
struct RecordedSource {
  std::string path;   ///< relative to the source root
  SourceForm form = SourceForm::Free;
  size_t lines = 0, bytes = 0;
  bool included = false;  ///< brought in by an INCLUDE: parsed with the file that includes it
};

/// Every source parsed and resolved, in the order sapfor-lex loaded them (modules before their
/// users), so that names resolve exactly as they did then.
struct SourceProgram {
  FileTable files;
  ModuleRegistry modules;
  std::vector<ParsedFile> parsed;
  std::vector<FileScopes> scopes;  ///< parallel to `parsed`
  std::vector<Diagnostic> diagnostics;

  /// The index in `files` of the file with this path relative to the source root, or -1.
  int fileIndex(const std::string& displayPath) const;
};

/// Parses `sources` (in the database's order) under `root`. Throws LoadError when a file is
/// missing or no longer has the lines and bytes the database recorded (it changed since: its
/// statements would not match the facts).
std::unique_ptr<SourceProgram> parseSources(const std::string& root, const std::vector<RecordedSource>& sources,
                                            const PreprocessorOptions& preprocessor);

}  // namespace sapfor::frontend

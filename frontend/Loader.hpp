/// @file Loader.hpp
/// The front end's narrow interface: load Fortran sources into an analysis database (one
/// transaction, one file at a time) and, on request, write annotated copies of them.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/Preprocessor.hpp"
#include "frontend/SourceFile.hpp"

#include "facts/Rows.hpp"

#include <SQLiteCpp/Database.h>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sapfor::frontend {

struct LoadOptions {
  std::vector<std::string> inputs;       ///< files and directories
  PreprocessorOptions preprocessor;      ///< -I, -D, -U, --cpp
  std::string annotateDir;               ///< empty: no annotated copies
  std::optional<SourceForm> form;        ///< force the source form of every input
  std::string commandLine;               ///< recorded in meta
  int jobs = 1;                          ///< threads parsing files; the result does not depend on it
  /// Called after each file is loaded (from the calling thread): files done, files in all, path.
  std::function<void(size_t, size_t, const std::string&)> progress;
  /// Called after each file is written (from the loading thread, in load order) with the rows
  /// written, which are the callee's to keep (the analysis reads them while the load goes on).
  std::function<void(facts::FileRows&&)> loaded;
};

struct LoadSummary {
  size_t files = 0;
  int64_t procedures = 0;
  int64_t loops = 0;
  int64_t parallelDirectives = 0;
  size_t errors = 0;
  size_t diagnostics = 0;
  std::vector<std::string> annotated;  ///< paths of the annotated copies written
  std::string sourceRoot;
};

/// A problem that stops the whole load (a missing or binary input, an unwritable output): the
/// tool prints it and exits with status 2, leaving no database behind.
class LoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct FoundSource {
  std::string path;      ///< canonical
  std::string userPath;  ///< as typed, or under the typed directory
};

/// The Fortran files named by `inputs`: files as given, directories searched recursively for the
/// Fortran extensions (isFortranExtension), in sorted order, duplicates dropped.
std::vector<FoundSource> findSources(const std::vector<std::string>& inputs);

/// Loads every source into `db` (whose schema exists and whose transaction is open).
LoadSummary loadProgram(const LoadOptions& options, SQLite::Database& db, DiagnosticSink& diagnostics);

}  // namespace sapfor::frontend

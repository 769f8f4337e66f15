/// @file FactWriter.hpp
/// Turns the facts of one file into database rows and writes them: ids in the order files are
/// written (so a run's database does not depend on anything but its inputs), unique procedure
/// keys, loop keys from them, variables' ids on their symbols.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/Facts.hpp"
#include "frontend/SourceFile.hpp"

#include "facts/Codecs.hpp"

#include <SQLiteCpp/Database.h>

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace sapfor::frontend {

class FactWriter {
 public:
  explicit FactWriter(SQLite::Database& db);  ///< the database must outlive the writer

  /// Gives a file of the run's FileTable its database id (in the order files are registered, which
  /// the load keeps the same whatever the number of threads), remembering who included it and the
  /// form it was read in.
  void registerFile(int fileIndex, int includer, SourceForm form);
  /// The database id of a registered file.
  int64_t fileId(int fileIndex) const;

  /// Writes the facts of one file; sets procedure and loop keys, and symbols' variable ids.
  /// Returns the rows written, in the database's order (facts::normalize).
  facts::FileRows write(FileFacts& facts, const FileTable& files);
  void writeFiles(const FileTable& files);
  void writeDiagnostics(const std::vector<Diagnostic>& diagnostics);
  /// Inserts the rows still buffered; call before reading the database back.
  void flush() { rows_.flush(); }

  int64_t procedures() const { return procedures_; }
  int64_t loops() const { return loops_; }
  int64_t parallelDirectives() const { return parallel_; }

 private:
  std::string uniqueKey(const ProcedureFacts& p, const FileTable& files);

  facts::Writer rows_;
  std::unordered_set<std::string> procedureKeys_;
  struct RegisteredFile {
    int fileIndex;
    int64_t includerId;
    SourceForm form;
  };
  std::vector<RegisteredFile> files_;          ///< by database id - 1
  std::unordered_map<int, int64_t> fileIds_;  ///< file index -> database id
  int64_t types_ = 0;
  int64_t procedures_ = 0, variables_ = 0, loops_ = 0, statements_ = 0, refs_ = 0, calls_ = 0, directives_ = 0, blocks_ = 0;
  int64_t parallel_ = 0, diagnosticsWritten_ = 0;
};

}  // namespace sapfor::frontend

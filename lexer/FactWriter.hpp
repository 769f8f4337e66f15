/// @file FactWriter.hpp
/// Writes facts into the database: ids in the order files are written (so a run's database does
/// not depend on anything but its inputs), unique procedure keys, loop keys from them.
#pragma once

#include "lexer/Diagnostics.hpp"
#include "lexer/Facts.hpp"
#include "lexer/SourceFile.hpp"

#include <SQLiteCpp/Database.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace sapfor::lexer {

/// The ids one file's rows got: each table's rows are numbered from its base + 1 in the order of
/// the file's fact vectors (an analysis working from the facts in memory needs them).
struct FactIds {
  int64_t procedures = 0, loops = 0, statements = 0, blocks = 0, directives = 0, arrayRefs = 0, calls = 0;
  std::unordered_map<int, int64_t> files;  ///< file index -> file id, for the files the facts name
};

class FactWriter {
 public:
  explicit FactWriter(SQLite::Database& db);  ///< the database must outlive the writer
  ~FactWriter();

  /// Gives a file of the run's FileTable its database id (in the order files are registered, which
  /// the load keeps the same whatever the number of threads), remembering who included it and the
  /// form it was read in.
  void registerFile(int fileIndex, int includer, SourceForm form);
  /// The database id of a registered file.
  int64_t fileId(int fileIndex) const;

  /// Writes the facts of one file; sets procedure and loop keys, and symbols' variable ids.
  /// Returns the ids its rows got.
  FactIds write(FileFacts& facts, const FileTable& files);
  void writeFiles(const FileTable& files);
  void writeDiagnostics(const std::vector<Diagnostic>& diagnostics);
  /// Inserts the rows still buffered; call before reading the database back.
  void flush();

  int64_t procedures() const { return procedures_; }
  int64_t loops() const { return loops_; }
  int64_t parallelDirectives() const { return parallel_; }

 private:
  struct Statements;
  std::string uniqueKey(const ProcedureFacts& p, const FileTable& files);

  std::unique_ptr<Statements> sql_;
  std::unordered_set<std::string> procedureKeys_;
  struct RegisteredFile {
    int fileIndex;
    int64_t includerId;
    SourceForm form;
  };
  std::vector<RegisteredFile> files_;          ///< by database id - 1
  std::unordered_map<int, int64_t> fileIds_;  ///< file index -> database id
  int64_t procedures_ = 0, variables_ = 0, loops_ = 0, statements_ = 0, refs_ = 0, calls_ = 0, directives_ = 0, blocks_ = 0;
  int64_t parallel_ = 0, diagnosticsWritten_ = 0;
};

}  // namespace sapfor::lexer

/// @file Provenance.hpp
/// Where a database came from, recorded in its meta rows so that a later run (or sapfor-diff
/// between two revisions) can tell: the tool and its version, the schema version, the command
/// line, the source root, when, and, when the source root is in a git work tree, its revision and
/// whether it had uncommitted changes.
#pragma once

#include <SQLiteCpp/Database.h>

#include <string>

namespace sapfor::db {

struct Provenance {
  std::string tool;         ///< sapfor-lex
  std::string commandLine;  ///< as typed
  std::string sourceRoot;   ///< the folder the file table's paths are relative to
};

/// Writes the meta rows tool, tool_version, schema_version, command_line, source_root,
/// created_at, and source_revision, source_dirty when git knows the source root.
void recordProvenance(SQLite::Database& db, const Provenance& provenance);

}  // namespace sapfor::db

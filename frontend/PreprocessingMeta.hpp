/// @file PreprocessingMeta.hpp
/// The preprocessing options a load was given, kept as rows of the database's `meta` table, so
/// that a tool which parses the sources again (sapfor-cuda) parses them as sapfor-lex did without
/// the user typing -I, -D, -U or --cpp again. One writer and one reader, so the keys cannot drift:
///
///   preprocess.cpp          0 or 1 (--cpp); always written: its presence says the rows exist
///   preprocess.include.N    the N-th -I folder (N = 1, 2, ...; in search order), absolute
///   preprocess.define.N     NAME=VALUE, the N-th macro by name (VALUE 1 when -D gave none)
///   preprocess.undefine.N   NAME, the N-th -U as given (applied after every -D, as in the load)
#pragma once

#include "frontend/Preprocessor.hpp"

#include <SQLiteCpp/Database.h>

#include <optional>

namespace sapfor::frontend {

/// Writes `options` as the preprocess.* rows of meta; relative -I folders are made absolute from
/// the working directory (symbolic links resolved, as for meta.source_root).
void writePreprocessingMeta(SQLite::Database& db, const PreprocessorOptions& options);

/// The options writePreprocessingMeta recorded; nullopt for a database written before sapfor-lex
/// recorded them (no preprocess.cpp row).
std::optional<PreprocessorOptions> readPreprocessingMeta(SQLite::Database& db);

}  // namespace sapfor::frontend

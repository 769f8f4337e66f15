/// @file EntityKinds.hpp
/// What sapfor-diff compares: a table of entity kinds, each a query over the documented views
/// that yields a natural key and named fields. The comparison is generic over this table; adding
/// a kind is adding a row.
#pragma once

#include <string>
#include <vector>

namespace sapfor::diff {

/// How a column of a kind's query takes part in the comparison.
enum class ColumnRole {
  Key,       ///< part of the natural key that pairs an old row with a new one
  Field,     ///< compared; a difference makes the entity "changed" (reals: to 1e-9 relative)
  Position,  ///< a line or column: a difference alone makes the entity "moved", not changed
  Time,      ///< a predicted time in seconds, compared with --time-tolerance
  Context,   ///< not compared; what --procedure and --loop filter on
};

struct Column {
  std::string name;
  ColumnRole role = ColumnRole::Field;
  /// Text that quotes source lines ("a(i) written at line 34"): compared with the line numbers
  /// masked, so a line moving shows as a move rather than a change of the text.
  bool quotesLines = false;
};

struct EntityKind {
  std::string name;         ///< what --kind names, e.g. "loop"
  std::string description;  ///< one line for --help
  /// A SELECT over the views whose result has (at least) the columns below, in any order. It may
  /// fail to prepare on a database of another schema version; the kind is then not compared.
  std::string source;
  std::vector<Column> columns;
  /// A row that only makes sense when this meta key is set (e.g. "analysis"): without it in one
  /// database the kind is not compared.
  std::string requiresMeta;
  /// A key column whose values split the rows into groups compared only when both databases have
  /// the group (predictions: the GPU; a GPU predicted in one database only is reported as such).
  std::string partitionColumn;
  /// The fields shown in the text report for an added or removed entity (JSON shows all).
  std::vector<std::string> headline;
  std::string procedureColumn;  ///< the column --procedure filters on ("" : the kind has none)
  std::string loopColumn;       ///< the column --loop filters on ("" : the kind has none)
};

/// Every kind, in the order reports list them.
const std::vector<EntityKind>& entityKinds();
const EntityKind* findEntityKind(const std::string& name);

}  // namespace sapfor::diff

/// @file Comparison.hpp
/// The comparison core of sapfor-diff: values as SQLite gives them, when two are the same (reals
/// to a relative 1e-9, times to a tolerance, text that quotes lines with the lines masked), and
/// the pairing of two sets of rows of one entity kind by their natural keys.
#pragma once

#include "tools/diff/EntityKinds.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace sapfor::diff {

/// A column's value: NULL, an integer, a real or a text.
using Value = std::variant<std::monostate, int64_t, double, std::string>;

/// A total order on values (NULL first, then numbers by value, then text by bytes), for sorting.
int compareValues(const Value& a, const Value& b);
/// For people: NULL, integers as they are, reals to 6 significant digits, text as it is.
std::string displayValue(const Value& v);

/// The text with every line number it quotes ("line 34", "lines 34 and 35", "lines 3, 4") replaced
/// by "line #", so that a message stays the same when the code it talks about moves.
std::string maskLineNumbers(const std::string& text);

struct Tolerances {
  double timePercent = 5;        ///< a time changes when it moves by more than this, relative to the old
  double realRelative = 1e-9;    ///< any other real: rounding noise, e.g. a sum taken in another order
};

/// Whether two values of a column count as the same: reals to `realRelative`, times (role Time)
/// to `timePercent`, text that quotes lines with the lines masked.
bool sameValue(const Value& before, const Value& after, const Column& column, const Tolerances& tolerances);
/// The change of a time in percent of the old one; none when either is not a number or the old is 0.
std::optional<double> percentChange(const Value& before, const Value& after);

/// One row of a kind's query: its key values, then the compared values in the order of
/// KindColumns::compared, and the procedure and loop it belongs to (for --procedure and --loop).
struct Row {
  std::vector<Value> key;
  std::vector<Value> values;
  int ordinal = 1;  ///< among rows with the same key, in order of position then values
};

/// The columns of a kind that both databases have, and what could not be compared.
struct KindColumns {
  std::vector<Column> keys;
  std::vector<Column> compared;  ///< Field, Position and Time columns present in both databases
};

enum class EntityStatus { Added, Removed, Changed, Moved };
const char* statusName(EntityStatus s);

struct FieldChange {
  std::string column;
  Value before, after;
  /// A line (or text differing only in the lines it quotes): the entity moved, nothing more.
  bool position = false;
  std::optional<double> percent;  ///< a time's change
};

struct EntityDifference {
  EntityStatus status = EntityStatus::Changed;
  std::vector<Value> key;
  int ordinal = 1;
  bool duplicateKey = false;  ///< several rows share the key in one database: the ordinal tells them apart
  std::vector<Value> before, after;  ///< every compared value (empty for an added / removed side)
  std::vector<FieldChange> changes;  ///< changed or moved: the fields that differ
};

/// A row present in both databases, kept for the policies (e.g. to compare times beyond the tolerance).
struct MatchedRows {
  std::vector<Value> key;
  std::vector<Value> before, after;
};

struct Counts {
  size_t added = 0, removed = 0, changed = 0, moved = 0, unchanged = 0;
  size_t differences() const { return added + removed + changed; }
};

struct KindDifferences {
  std::vector<EntityDifference> differences;  ///< sorted by key and ordinal
  std::vector<MatchedRows> matched;           ///< only when asked for
  Counts counts;
};

/// Pairs old and new rows by key (and ordinal among equal keys) and classifies each entity.
/// Moves are always counted; kept as differences only when `keepMoves` (a million of them is
/// what a line inserted at the top of every file of a large program gives).
KindDifferences compareRows(const KindColumns& columns, std::vector<Row> oldRows, std::vector<Row> newRows,
                            const Tolerances& tolerances, bool keepMatched, bool keepMoves = true);

/// The key as people read it: the values joined by blanks, "#n" added when the key is shared.
std::string keyText(const std::vector<Value>& key, int ordinal, bool duplicateKey);

}  // namespace sapfor::diff

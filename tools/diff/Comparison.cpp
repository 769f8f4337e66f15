/// @file Comparison.cpp
/// Values, their comparison, and the pairing of rows by natural key.
#include "tools/diff/Comparison.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace sapfor::diff {

namespace {

bool isNumber(const Value& v) { return std::holds_alternative<int64_t>(v) || std::holds_alternative<double>(v); }

double numberOf(const Value& v) {
  return std::holds_alternative<int64_t>(v) ? static_cast<double>(std::get<int64_t>(v)) : std::get<double>(v);
}

int rank(const Value& v) {
  if (std::holds_alternative<std::monostate>(v)) return 0;
  return isNumber(v) ? 1 : 2;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

int compareValues(const Value& a, const Value& b) {
  int ra = rank(a), rb = rank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (ra == 0) return 0;
  if (ra == 1) {
    if (std::holds_alternative<int64_t>(a) && std::holds_alternative<int64_t>(b)) {
      int64_t x = std::get<int64_t>(a), y = std::get<int64_t>(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    double x = numberOf(a), y = numberOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  int c = std::get<std::string>(a).compare(std::get<std::string>(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

std::string displayValue(const Value& v) {
  if (std::holds_alternative<std::monostate>(v)) return "NULL";
  if (std::holds_alternative<int64_t>(v)) return std::to_string(std::get<int64_t>(v));
  if (std::holds_alternative<double>(v)) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", std::get<double>(v));
    return text;
  }
  return std::get<std::string>(v);
}

std::string maskLineNumbers(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    bool word = text.compare(i, 5, "line ") == 0 || text.compare(i, 6, "lines ") == 0;
    if (!word || (i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
      out += text[i++];
      continue;
    }
    size_t at = i + (text[i + 4] == 's' ? 6 : 5);
    if (at >= text.size() || !isDigit(text[at])) {
      out += text[i++];
      continue;
    }
    out += text.substr(i, at - i) + "#";
    while (at < text.size() && isDigit(text[at])) ++at;
    // A list of lines: "lines 3, 4 and 5".
    for (;;) {
      size_t next = at;
      if (text.compare(next, 2, ", ") == 0) next += 2;
      else if (text.compare(next, 5, " and ") == 0) next += 5;
      else break;
      if (next >= text.size() || !isDigit(text[next])) break;
      out += text.substr(at, next - at) + "#";
      at = next;
      while (at < text.size() && isDigit(text[at])) ++at;
    }
    i = at;
  }
  return out;
}

std::optional<double> percentChange(const Value& before, const Value& after) {
  if (!isNumber(before) || !isNumber(after)) return std::nullopt;
  double a = numberOf(before), b = numberOf(after);
  if (a == 0) return std::nullopt;
  return (b - a) / std::fabs(a) * 100;
}

bool sameValue(const Value& before, const Value& after, const Column& column, const Tolerances& tolerances) {
  if (isNumber(before) && isNumber(after)) {
    if (std::holds_alternative<int64_t>(before) && std::holds_alternative<int64_t>(after))
      return std::get<int64_t>(before) == std::get<int64_t>(after);
    double a = numberOf(before), b = numberOf(after);
    double scale = std::max(std::fabs(a), std::fabs(b));
    if (std::fabs(a - b) <= tolerances.realRelative * scale) return true;
    if (column.role != ColumnRole::Time) return false;
    return a != 0 && std::fabs(b - a) <= tolerances.timePercent / 100 * std::fabs(a);
  }
  if (column.quotesLines && std::holds_alternative<std::string>(before) && std::holds_alternative<std::string>(after))
    return maskLineNumbers(std::get<std::string>(before)) == maskLineNumbers(std::get<std::string>(after));
  return compareValues(before, after) == 0 && rank(before) == rank(after);
}

const char* statusName(EntityStatus s) {
  switch (s) {
    case EntityStatus::Added: return "added";
    case EntityStatus::Removed: return "removed";
    case EntityStatus::Changed: return "changed";
    case EntityStatus::Moved: return "moved";
  }
  return "?";
}

std::string keyText(const std::vector<Value>& key, int ordinal, bool duplicateKey) {
  std::string text;
  for (const Value& v : key) text += (text.empty() ? "" : " ") + displayValue(v);
  if (duplicateKey) text += " #" + std::to_string(ordinal);
  return text;
}

namespace {

int compareKeys(const std::vector<Value>& a, const std::vector<Value>& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (int c = compareValues(a[i], b[i])) return c;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

/// Sorts rows by key, and rows sharing a key by their positions and then their other values: two
/// references to the same array in one kernel pair up in source order, which lines moving keep.
void sortAndNumber(std::vector<Row>& rows, const KindColumns& columns) {
  std::vector<size_t> order;
  for (size_t c = 0; c < columns.compared.size(); ++c)
    if (columns.compared[c].role == ColumnRole::Position) order.push_back(c);
  for (size_t c = 0; c < columns.compared.size(); ++c)
    if (columns.compared[c].role != ColumnRole::Position) order.push_back(c);
  std::sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    if (int c = compareKeys(a.key, b.key)) return c < 0;
    for (size_t c : order)
      if (int d = compareValues(a.values[c], b.values[c])) return d < 0;
    return false;
  });
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i].ordinal = i > 0 && compareKeys(rows[i - 1].key, rows[i].key) == 0 ? rows[i - 1].ordinal + 1 : 1;
}

/// The end of the run of rows sharing rows[from]'s key.
size_t groupEnd(const std::vector<Row>& rows, size_t from) {
  size_t to = from + 1;
  while (to < rows.size() && compareKeys(rows[from].key, rows[to].key) == 0) ++to;
  return to;
}

}  // namespace

KindDifferences compareRows(const KindColumns& columns, std::vector<Row> oldRows, std::vector<Row> newRows,
                            const Tolerances& tolerances, bool keepMatched, bool keepMoves) {
  sortAndNumber(oldRows, columns);
  sortAndNumber(newRows, columns);
  KindDifferences result;
  auto onlyOneSide = [&](Row& row, bool duplicate, EntityStatus status) {
    EntityDifference d;
    d.status = status;
    d.key = row.key;
    d.ordinal = row.ordinal;
    d.duplicateKey = duplicate;
    (status == EntityStatus::Added ? d.after : d.before) = std::move(row.values);
    (status == EntityStatus::Added ? result.counts.added : result.counts.removed)++;
    result.differences.push_back(std::move(d));
  };
  size_t i = 0, j = 0;
  while (i < oldRows.size() || j < newRows.size()) {
    int order = i == oldRows.size() ? 1 : j == newRows.size() ? -1 : compareKeys(oldRows[i].key, newRows[j].key);
    size_t oldEnd = order <= 0 ? groupEnd(oldRows, i) : i;
    size_t newEnd = order >= 0 ? groupEnd(newRows, j) : j;
    bool duplicate = oldEnd - i > 1 || newEnd - j > 1;
    for (; i < oldEnd && j < newEnd; ++i, ++j) {
      Row &before = oldRows[i], &after = newRows[j];
      EntityDifference d;
      d.key = before.key;
      d.ordinal = before.ordinal;
      d.duplicateKey = duplicate;
      bool changed = false;
      for (size_t c = 0; c < columns.compared.size(); ++c) {
        const Column& column = columns.compared[c];
        const Value &a = before.values[c], &b = after.values[c];
        bool same = column.role == ColumnRole::Position ? compareValues(a, b) == 0 : sameValue(a, b, column, tolerances);
        bool identical = compareValues(a, b) == 0 && rank(a) == rank(b);
        if (same && identical) continue;
        if (same && !identical && column.role == ColumnRole::Time) continue;  // within the tolerance
        if (same && !identical && column.role == ColumnRole::Field && !column.quotesLines) continue;  // rounding
        FieldChange change{column.name, a, b, column.role == ColumnRole::Position || same, std::nullopt};
        if (column.role == ColumnRole::Time) change.percent = percentChange(a, b);
        changed = changed || !change.position;
        d.changes.push_back(std::move(change));
      }
      if (d.changes.empty()) {
        ++result.counts.unchanged;
      } else {
        d.status = changed ? EntityStatus::Changed : EntityStatus::Moved;
        (changed ? result.counts.changed : result.counts.moved)++;
        if (changed) {
          d.before = before.values;
          d.after = after.values;
        }
        if (changed || keepMoves) result.differences.push_back(std::move(d));
      }
      if (keepMatched) result.matched.push_back({before.key, std::move(before.values), std::move(after.values)});
    }
    for (; i < oldEnd; ++i) onlyOneSide(oldRows[i], duplicate, EntityStatus::Removed);
    for (; j < newEnd; ++j) onlyOneSide(newRows[j], duplicate, EntityStatus::Added);
  }
  return result;
}

}  // namespace sapfor::diff

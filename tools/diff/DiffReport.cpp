/// @file DiffReport.cpp
/// The text and JSON reports of a comparison.
#include "tools/diff/DiffReport.hpp"

#include <cstdio>
#include <iomanip>

namespace sapfor::diff {

namespace {

struct Palette {
  bool on;
  const char* added() const { return on ? "\033[32m" : ""; }
  const char* removed() const { return on ? "\033[31m" : ""; }
  const char* changed() const { return on ? "\033[33m" : ""; }
  const char* moved() const { return on ? "\033[36m" : ""; }
  const char* bold() const { return on ? "\033[1m" : ""; }
  const char* reset() const { return on ? "\033[0m" : ""; }
};

/// A value in a line of text: quoted when it has blanks or is empty, so `a b -> c` cannot be misread.
std::string shown(const Value& v) {
  std::string text = displayValue(v);
  if (std::holds_alternative<std::string>(v) &&
      (text.empty() || text.find_first_of(" \t\"=") != std::string::npos))
    return jsonString(text);
  return text;
}

std::string percentText(double percent) {
  char text[32];
  std::snprintf(text, sizeof text, " (%+.1f%%)", percent);
  return text;
}

std::string changeText(const FieldChange& c) {
  return c.column + ": " + shown(c.before) + " -> " + shown(c.after) + (c.percent ? percentText(*c.percent) : "");
}

void writeProvenance(std::ostream& out, const char* which, const Provenance& p) {
  out << which << ": " << p.path << ": " << (p.metaValue("tool").empty() ? "?" : p.metaValue("tool")) << " "
      << p.metaValue("tool_version") << ", schema " << p.schemaVersion;
  if (!p.metaValue("created_at").empty()) out << ", created " << p.metaValue("created_at");
  if (!p.metaValue("source_root").empty()) out << ", sources " << p.metaValue("source_root");
  std::string revision = p.metaValue("source_revision");
  if (!revision.empty())
    out << " at " << revision.substr(0, 12) << (p.metaValue("source_dirty") == "1" ? " (with uncommitted changes)" : "");
  if (p.metaValue("analysis").empty()) out << ", not analyzed";
  if (p.latestRuns.empty()) {
    out << ", no predictions";
  } else {
    out << ", predictions:";
    for (const Provenance::PredictRun& r : p.latestRuns) out << " " << r.gpu << " (run " << r.runId << ", " << r.time << ")";
  }
  out << "\n";
}

std::string countsText(const Counts& c, bool showMoves) {
  std::string text;
  auto add = [&](size_t n, const char* what) {
    if (n) text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  add(c.added, "added");
  add(c.removed, "removed");
  add(c.changed, "changed");
  if (showMoves) add(c.moved, "moved");
  return text;
}

/// The values of an added or removed entity worth a glance: the kind's headline fields.
std::string headline(const KindResult& kind, const std::vector<Value>& values) {
  std::string text;
  for (const std::string& name : kind.kind->headline)
    for (size_t c = 0; c < kind.columns.compared.size(); ++c)
      if (kind.columns.compared[c].name == name) text += "  " + name + "=" + shown(values[c]);
  return text;
}

/// The key as people read it, with a text compared with its lines masked (a diagnostic's message)
/// shown as written.
std::string displayKey(const KindResult& kind, const EntityDifference& d) {
  std::vector<Value> key = d.key;
  const std::vector<Value>& values = d.after.empty() ? d.before : d.after;
  for (size_t i = 0; i < key.size(); ++i) {
    if (!kind.columns.keys[i].quotesLines) continue;
    for (size_t c = 0; c < kind.columns.compared.size() && c < values.size(); ++c)
      if (kind.columns.compared[c].name == kind.columns.keys[i].name) key[i] = values[c];
  }
  return keyText(key, d.ordinal, d.duplicateKey);
}

std::string jsonList(const std::vector<std::string>& items) {
  std::string text = "[";
  for (size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + jsonString(items[i]);
  return text + "]";
}

/// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

void writeKindDetail(std::ostream& out, const KindResult& kind, const ReportOptions& options, const Palette& colors) {
  Counts counts = reportedCounts(kind, options.showMoves);
  if (counts.differences() == 0 && counts.moved == 0) return;
  out << colors.bold() << kind.kind->name << ": " << countsText(counts, options.showMoves) << colors.reset() << "\n";
  for (const EntityDifference& d : kind.differences.differences) {
    std::string key = displayKey(kind, d);
    switch (d.status) {
      case EntityStatus::Added:
        out << colors.added() << "  + " << key << headline(kind, d.after) << colors.reset() << "\n";
        break;
      case EntityStatus::Removed:
        out << colors.removed() << "  - " << key << headline(kind, d.before) << colors.reset() << "\n";
        break;
      case EntityStatus::Changed:
        out << colors.changed() << "  ~ " << key << colors.reset() << "\n";
        for (const FieldChange& c : d.changes)
          if (!c.position || options.showMoves)
            out << (c.position ? colors.moved() : "") << "      " << changeText(c) << (c.position ? colors.reset() : "") << "\n";
        break;
      case EntityStatus::Moved:
        if (!options.showMoves) break;
        out << colors.moved() << "  > " << key << " moved:";
        for (size_t i = 0; i < d.changes.size(); ++i) out << (i ? "," : "") << " " << changeText(d.changes[i]);
        out << colors.reset() << "\n";
        break;
    }
  }
}

void writeSummaryTable(std::ostream& out, const DiffResult& result, const ReportOptions& options) {
  out << std::left << std::setw(20) << "kind" << std::right << std::setw(8) << "added" << std::setw(9) << "removed"
      << std::setw(9) << "changed";
  if (options.showMoves) out << std::setw(7) << "moved";
  out << std::setw(11) << "unchanged" << "\n";
  for (const KindResult& k : result.kinds) {
    if (!k.reported) continue;
    Counts c = reportedCounts(k, options.showMoves);
    out << std::left << std::setw(20) << k.kind->name << std::right << std::setw(8) << c.added << std::setw(9) << c.removed
        << std::setw(9) << c.changed;
    if (options.showMoves) out << std::setw(7) << c.moved;
    out << std::setw(11) << c.unchanged << "\n";
  }
}

std::string jsonKey(const KindResult& kind, const EntityDifference& d) {
  std::string text = "{";
  for (size_t i = 0; i < kind.columns.keys.size(); ++i)
    text += (i ? ", " : "") + jsonString(kind.columns.keys[i].name) + ": " + jsonValue(d.key[i]);
  if (d.duplicateKey) text += ", \"ordinal\": " + std::to_string(d.ordinal);
  return text + "}";
}

std::string jsonRow(const KindResult& kind, const std::vector<Value>& values) {
  std::string text = "{";
  for (size_t c = 0; c < kind.columns.compared.size(); ++c)
    text += (c ? ", " : "") + jsonString(kind.columns.compared[c].name) + ": " + jsonValue(values[c]);
  return text + "}";
}

void writeJsonProvenance(std::ostream& out, const char* which, const Provenance& p) {
  out << "  " << jsonString(which) << ": {\"path\": " << jsonString(p.path) << ", \"schema_version\": " << p.schemaVersion
      << ",\n    \"meta\": {";
  for (size_t i = 0; i < p.meta.size(); ++i)
    out << (i ? ", " : "") << jsonString(p.meta[i].first) << ": " << jsonString(p.meta[i].second);
  out << "},\n    \"predict_runs\": [";
  for (size_t i = 0; i < p.latestRuns.size(); ++i)
    out << (i ? ", " : "") << "{\"gpu\": " << jsonString(p.latestRuns[i].gpu) << ", \"run_id\": " << p.latestRuns[i].runId
        << ", \"time\": " << jsonString(p.latestRuns[i].time) << "}";
  out << "]},\n";
}

}  // namespace

Counts reportedCounts(const KindResult& kind, bool showMoves) {
  Counts c = kind.differences.counts;
  if (!showMoves) {
    c.unchanged += c.moved;
    c.moved = 0;
  }
  return c;
}

bool hasDifferences(const DiffResult& result) {
  for (const KindResult& k : result.kinds)
    if (k.reported && k.differences.counts.differences() > 0) return true;
  return false;
}

void writeText(std::ostream& out, const DiffResult& result, const std::vector<PolicyOutcome>& policies,
               const ReportOptions& options) {
  Palette colors{options.color};
  writeProvenance(out, "old", result.before);
  writeProvenance(out, "new", result.after);
  auto listed = [](const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
  };
  if (!options.procedures.empty())
    out << "only procedure" << (options.procedures.size() > 1 ? "s " : " ") << listed(options.procedures) << "\n";
  if (!options.loops.empty())
    out << "only loop" << (options.loops.size() > 1 ? "s " : " ") << listed(options.loops) << " and the loops inside "
        << (options.loops.size() > 1 ? "them" : "it") << "\n";
  for (const NotCompared& n : result.notCompared) out << "not compared: " << n.kind << ": " << n.reason << "\n";
  // Compared under their new keys: a loop inserted or removed before them renumbered them.
  if (!result.renumbered.empty()) {
    out << "renumbered loops (compared as the same loops): " << result.renumbered.size() << "\n";
    for (const RenumberedLoop& r : result.renumbered) out << "  " << r.oldKey << " -> " << r.newKey << "\n";
  }
  out << "\n";
  if (options.summary) {
    writeSummaryTable(out, result, options);
  } else {
    for (const KindResult& k : result.kinds)
      if (k.reported) writeKindDetail(out, k, options, colors);
  }
  Counts total;
  for (const KindResult& k : result.kinds) {
    if (!k.reported) continue;
    Counts c = reportedCounts(k, options.showMoves);
    total.added += c.added;
    total.removed += c.removed;
    total.changed += c.changed;
    total.moved += c.moved;
  }
  if (options.summary || total.differences() || total.moved) out << "\n";
  std::string moved = total.moved ? " (and " + std::to_string(total.moved) + " moved)" : "";
  if (total.differences() == 0)
    out << "no differences" << moved << "\n";
  else
    out << total.differences() << (total.differences() == 1 ? " difference: " : " differences: ")
        << countsText(total, false) << moved << "\n";
  for (const PolicyOutcome& p : policies) {
    if (!p.unchecked.empty()) {
      out << colors.removed() << "policy " << p.policy << " could not be checked: " << p.unchecked << colors.reset() << "\n";
      continue;
    }
    out << (p.fired ? colors.removed() : "") << "policy " << p.policy << (p.fired ? " fired" : ": passed")
        << (p.fired ? colors.reset() : "") << "\n";
    for (const std::string& f : p.findings) out << "  " << f << "\n";
  }
}

void writeJson(std::ostream& out, const DiffResult& result, const std::vector<PolicyOutcome>& policies,
               const ReportOptions& options, int exitStatus) {
  out << "{\n  \"format_version\": " << kDiffJsonFormatVersion << ",\n  \"tool\": \"sapfor-diff\",\n";
  writeJsonProvenance(out, "old", result.before);
  writeJsonProvenance(out, "new", result.after);
  char tolerance[32];
  std::snprintf(tolerance, sizeof tolerance, "%g", options.timeTolerancePercent);
  out << "  \"options\": {\"time_tolerance_percent\": " << tolerance << ", \"show_moves\": "
      << (options.showMoves ? "true" : "false") << ", \"procedures\": " << jsonList(options.procedures)
      << ", \"loops\": " << jsonList(options.loops) << "},\n";
  out << "  \"not_compared\": [";
  for (size_t i = 0; i < result.notCompared.size(); ++i)
    out << (i ? "," : "") << "\n    {\"kind\": " << jsonString(result.notCompared[i].kind)
        << ", \"reason\": " << jsonString(result.notCompared[i].reason) << "}";
  out << (result.notCompared.empty() ? "" : "\n  ") << "],\n  \"renumbered\": [";
  for (size_t i = 0; i < result.renumbered.size(); ++i)
    out << (i ? "," : "") << "\n    {\"old\": " << jsonString(result.renumbered[i].oldKey)
        << ", \"new\": " << jsonString(result.renumbered[i].newKey) << "}";
  out << (result.renumbered.empty() ? "" : "\n  ") << "],\n  \"summary\": {";
  bool first = true;
  for (const KindResult& k : result.kinds) {
    if (!k.reported) continue;
    Counts c = reportedCounts(k, options.showMoves);
    out << (first ? "" : ",") << "\n    " << jsonString(k.kind->name) << ": {\"added\": " << c.added
        << ", \"removed\": " << c.removed << ", \"changed\": " << c.changed << ", \"moved\": " << c.moved
        << ", \"unchanged\": " << c.unchanged << "}";
    first = false;
  }
  out << (first ? "" : "\n  ") << "},\n  \"differences\": [";
  first = true;
  for (const KindResult& k : result.kinds) {
    if (!k.reported || options.summary) continue;
    for (const EntityDifference& d : k.differences.differences) {
      if (d.status == EntityStatus::Moved && !options.showMoves) continue;
      out << (first ? "" : ",") << "\n    {\"kind\": " << jsonString(k.kind->name) << ", \"status\": \""
          << statusName(d.status) << "\", \"key\": " << jsonKey(k, d);
      if (d.status == EntityStatus::Added) out << ", \"new\": " << jsonRow(k, d.after);
      if (d.status == EntityStatus::Removed) out << ", \"old\": " << jsonRow(k, d.before);
      if (d.status == EntityStatus::Changed || d.status == EntityStatus::Moved) {
        out << ", \"changes\": [";
        bool firstChange = true;
        for (const FieldChange& c : d.changes) {
          if (c.position && !options.showMoves) continue;
          out << (firstChange ? "" : ", ") << "{\"field\": " << jsonString(c.column) << ", \"old\": " << jsonValue(c.before)
              << ", \"new\": " << jsonValue(c.after);
          if (c.position) out << ", \"moved\": true";
          if (c.percent) out << ", \"percent\": " << jsonValue(*c.percent);
          out << "}";
          firstChange = false;
        }
        out << "]";
      }
      out << "}";
      first = false;
    }
  }
  out << (first ? "" : "\n  ") << "],\n  \"policies\": [";
  for (size_t i = 0; i < policies.size(); ++i) {
    const PolicyOutcome& p = policies[i];
    out << (i ? "," : "") << "\n    {\"policy\": " << jsonString(p.policy) << ", \"fired\": " << (p.fired ? "true" : "false")
        << ", \"checked\": " << (p.unchecked.empty() ? "true" : "false");
    if (!p.unchecked.empty()) out << ", \"why_not\": " << jsonString(p.unchecked);
    out << ", \"findings\": [";
    for (size_t f = 0; f < p.findings.size(); ++f) out << (f ? ", " : "") << jsonString(p.findings[f]);
    out << "]}";
  }
  out << (policies.empty() ? "" : "\n  ") << "],\n  \"exit_status\": " << exitStatus << "\n}\n";
}

void writeCsv(std::ostream& out, const DiffResult& result, const ReportOptions& options) {
  out << "kind,status,key,field,old,new,percent\n";
  for (const KindResult& k : result.kinds) {
    if (!k.reported) continue;
    for (const EntityDifference& d : k.differences.differences) {
      if (d.status == EntityStatus::Moved && !options.showMoves) continue;
      const std::string start = csvField(k.kind->name) + "," + statusName(d.status) + "," + csvField(displayKey(k, d)) + ",";
      if (d.status == EntityStatus::Added || d.status == EntityStatus::Removed) {
        out << start << ",,,\n";
        continue;
      }
      for (const FieldChange& c : d.changes) {
        if (c.position && !options.showMoves) continue;
        out << start << csvField(c.column) << "," << csvField(displayValue(c.before)) << "," << csvField(displayValue(c.after)) << ",";
        if (c.percent) {
          char percent[32];
          std::snprintf(percent, sizeof percent, "%.1f", *c.percent);
          out << percent;
        }
        out << "\n";
      }
    }
  }
}

}  // namespace sapfor::diff

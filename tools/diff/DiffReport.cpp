/// @file DiffReport.cpp
/// The text and JSON reports of a comparison.
#include "tools/diff/DiffReport.hpp"

#include "files/JsonWriter.hpp"

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
    return files::jsonString(text);
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

using Layout = files::JsonWriter::Layout;

/// A column's value: null, a number in its shortest exact form, a string.
void jsonValue(files::JsonWriter& json, const Value& v) {
  if (std::holds_alternative<int64_t>(v)) json.value(std::get<int64_t>(v));
  else if (std::holds_alternative<double>(v)) json.value(std::get<double>(v));
  else if (std::holds_alternative<std::string>(v)) json.value(std::get<std::string>(v));
  else json.null();
}

void jsonKey(files::JsonWriter& json, const KindResult& kind, const EntityDifference& d) {
  json.object();
  for (size_t i = 0; i < kind.columns.keys.size(); ++i) {
    json.key(kind.columns.keys[i].name);
    jsonValue(json, d.key[i]);
  }
  if (d.duplicateKey) json.member("ordinal", d.ordinal);
  json.end();
}

void jsonRow(files::JsonWriter& json, const KindResult& kind, const std::vector<Value>& values) {
  json.object();
  for (size_t c = 0; c < kind.columns.compared.size(); ++c) {
    json.key(kind.columns.compared[c].name);
    jsonValue(json, values[c]);
  }
  json.end();
}

void writeJsonProvenance(files::JsonWriter& json, const char* which, const Provenance& p) {
  json.key(which).object().member("path", p.path).member("schema_version", p.schemaVersion);
  json.key("meta").object();
  for (const auto& [key, value] : p.meta) json.member(key, value);
  json.end();
  json.key("predict_runs").array();
  for (const auto& run : p.latestRuns) json.object().member("gpu", run.gpu).member("run_id", run.runId).member("time", run.time).end();
  json.end().end();
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
  files::JsonWriter json(out);
  json.object(Layout::Block).member("format_version", kDiffJsonFormatVersion).member("tool", "sapfor-diff");
  writeJsonProvenance(json, "old", result.before);
  writeJsonProvenance(json, "new", result.after);
  json.key("options")
      .object()
      .member("time_tolerance_percent", options.timeTolerancePercent)
      .member("show_moves", options.showMoves)
      .member("procedures", options.procedures)
      .member("loops", options.loops)
      .end();
  json.key("not_compared").array(Layout::Block);
  for (const NotCompared& n : result.notCompared) json.object().member("kind", n.kind).member("reason", n.reason).end();
  json.end();
  json.key("renumbered").array(Layout::Block);
  for (const RenumberedLoop& r : result.renumbered) json.object().member("old", r.oldKey).member("new", r.newKey).end();
  json.end();
  json.key("summary").object(Layout::Block);
  for (const KindResult& k : result.kinds) {
    if (!k.reported) continue;
    Counts c = reportedCounts(k, options.showMoves);
    json.key(k.kind->name)
        .object()
        .member("added", c.added)
        .member("removed", c.removed)
        .member("changed", c.changed)
        .member("moved", c.moved)
        .member("unchanged", c.unchanged)
        .end();
  }
  json.end();
  json.key("differences").array(Layout::Block);
  for (const KindResult& k : result.kinds) {
    if (!k.reported || options.summary) continue;
    for (const EntityDifference& d : k.differences.differences) {
      if (d.status == EntityStatus::Moved && !options.showMoves) continue;
      json.object().member("kind", k.kind->name).member("status", statusName(d.status));
      jsonKey(json.key("key"), k, d);
      if (d.status == EntityStatus::Added) jsonRow(json.key("new"), k, d.after);
      if (d.status == EntityStatus::Removed) jsonRow(json.key("old"), k, d.before);
      if (d.status == EntityStatus::Changed || d.status == EntityStatus::Moved) {
        json.key("changes").array();
        for (const FieldChange& c : d.changes) {
          if (c.position && !options.showMoves) continue;
          json.object().member("field", c.column);
          jsonValue(json.key("old"), c.before);
          jsonValue(json.key("new"), c.after);
          if (c.position) json.member("moved", true);
          if (c.percent) json.member("percent", *c.percent);
          json.end();
        }
        json.end();
      }
      json.end();
    }
  }
  json.end();
  json.key("policies").array(Layout::Block);
  for (const PolicyOutcome& p : policies) {
    json.object().member("policy", p.policy).member("fired", p.fired).member("checked", p.unchecked.empty());
    if (!p.unchecked.empty()) json.member("why_not", p.unchecked);
    json.member("findings", p.findings).end();
  }
  json.end();
  json.member("exit_status", exitStatus).end();
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

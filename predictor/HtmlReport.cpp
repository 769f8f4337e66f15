/// @file HtmlReport.cpp
#include "predictor/HtmlReport.hpp"

#include "files/SourceText.hpp"
#include "predictor/Transfers.hpp"
#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace sapfor::predictor {

LoopTree readLoopTree(SQLite::Database& db) {
  LoopTree tree;
  SQLite::Statement procedures(db,
      // The procedures with loops, as a set: a correlated EXISTS would scan every loop per procedure.
      "SELECT p.proc_key, p.kind, coalesce(p.file, ''), coalesce(p.line, 0) FROM procedures p "
      "WHERE p.proc_id IN (SELECT proc_id FROM loop) ORDER BY p.proc_id");
  while (procedures.executeStep())
    tree.procedures.push_back({procedures.getColumn(0).getString(), procedures.getColumn(1).getString(),
                               procedures.getColumn(2).getString(), procedures.getColumn(3).getInt()});
  SQLite::Statement loops(db,
      "SELECT l.loop_id, coalesce(l.parent_id, 0), l.loop_key, l.procedure, l.file, l.line, coalesce(l.var, ''), "
      "coalesce(l.lower, ''), coalesce(l.upper, ''), coalesce(l.step, ''), l.kind, l.trip_count, "
      "coalesce(v.parallel, 0), coalesce(v.reasons, '') "
      "FROM loops l LEFT JOIN loop_verdicts v USING (loop_id) ORDER BY l.loop_id");
  while (loops.executeStep()) {
    LoopTreeEntry e;
    e.loopId = loops.getColumn(0).getInt64();
    e.parentId = loops.getColumn(1).getInt64();
    e.key = loops.getColumn(2).getString();
    e.procedure = loops.getColumn(3).getString();
    e.file = loops.getColumn(4).getString();
    e.line = loops.getColumn(5).getInt();
    e.var = loops.getColumn(6).getString();
    e.lower = loops.getColumn(7).getString();
    e.upper = loops.getColumn(8).getString();
    e.step = loops.getColumn(9).getString();
    const std::string kind = loops.getColumn(10).getString();
    std::optional<facts::LoopKind> known = facts::named<facts::LoopKind>(kind);
    if (!known) throw std::runtime_error("loop " + e.key + " has the kind '" + kind + "', which this tool does not know");
    e.kind = *known;
    if (!loops.getColumn(11).isNull()) e.trip = loops.getColumn(11).getInt64();
    e.parallel = loops.getColumn(12).getInt() != 0;
    e.reasons = loops.getColumn(13).getString();
    tree.loops.push_back(std::move(e));
  }
  return tree;
}

std::vector<std::pair<std::string, std::string>> readProvenance(SQLite::Database& db) {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const char* key : {"source_root", "source_revision", "source_dirty", "created_at", "tool_version"})
    if (std::optional<std::string> value = db::getMeta(db, key)) rows.emplace_back(key, *value);
  return rows;
}

std::vector<RegionEntry> regionsOf(const ProgramFacts& program, const ProgramPrediction& prediction) {
  // By procedure and line, so that a program of thousands of REGIONs and kernels takes no
  // product of the two.
  std::map<std::tuple<std::string, std::string, int>, const TransferGroup*> groupAt;  // (kind, procedure, line)
  const std::vector<TransferGroup> groups = transferGroups(prediction);
  for (const TransferGroup& g : groups) groupAt.emplace(std::tuple(g.kind, g.procedure, g.line), &g);
  std::map<Id, std::vector<std::pair<int, const KernelPrediction*>>> kernelsIn;  // per procedure, by line
  for (const KernelPrediction& k : prediction.kernels) {
    const facts::LoopRow& loop = program.loop(k.loopId);
    kernelsIn[loop.procId].emplace_back(loop.line, &k);
  }
  for (auto& [procId, kernels] : kernelsIn)
    std::stable_sort(kernels.begin(), kernels.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<RegionEntry> regions;
  for (const TransferFacts* region : countedRegions(program)) {
    const TransferFacts& t = *region;
    RegionEntry r;
    auto procedure = program.procedures().find(t.procId);
    r.procedure = procedure == program.procedures().end() ? "" : procedure->second.name;
    r.kind = t.kind == "region" ? "REGION" : "expert REGION";
    r.line = t.line;
    r.endLine = t.endLine;
    if (auto inProcedure = kernelsIn.find(t.procId); inProcedure != kernelsIn.end()) {
      const auto& kernels = inProcedure->second;
      auto from = std::lower_bound(kernels.begin(), kernels.end(), t.line, [](const auto& k, int line) { return k.first < line; });
      for (auto k = from; k != kernels.end() && k->first <= t.endLine; ++k) r.kernels.push_back(k->second->loopKey);
    }
    if (auto g = groupAt.find(std::tuple(r.kind, r.procedure, r.line)); g != groupAt.end()) {
      r.arrays = g->second->arrays;
      r.copies = g->second->copies;
      r.bytes = g->second->bytes;
      r.seconds = g->second->seconds;
    }
    regions.push_back(std::move(r));
  }
  std::stable_sort(regions.begin(), regions.end(), [](const RegionEntry& a, const RegionEntry& b) {
    return std::tie(a.procedure, a.line) < std::tie(b.procedure, b.line);
  });
  return regions;
}

std::map<Id, SourceExcerpt> readKernelSources(SQLite::Database& db, const ProgramPrediction& prediction) {
  std::map<Id, SourceExcerpt> excerpts;
  const std::string root = db::getMeta(db, "source_root").value_or("");
  SQLite::Statement q(db,
      "SELECT f.path, f.bytes, l.line, coalesce(l.end_line, l.line) FROM loop l JOIN file f USING (file_id) WHERE l.loop_id = ?");
  // Each file read once, split into lines; or why it cannot be.
  std::map<std::string, std::pair<std::vector<std::string>, std::string>> files;
  for (const KernelPrediction& k : prediction.kernels) {
    q.reset();
    q.bind(1, k.loopId);
    if (!q.executeStep()) continue;
    SourceExcerpt e;
    e.file = q.getColumn(0).getString();
    const int64_t bytes = q.getColumn(1).getInt64();
    e.firstLine = q.getColumn(2).getInt();
    const int lastLine = std::max(e.firstLine, q.getColumn(3).getInt());
    auto file = files.find(e.file);
    if (file == files.end()) {
      std::filesystem::path path = root.empty() || std::filesystem::path(e.file).is_absolute()
                                       ? std::filesystem::path(e.file)
                                       : std::filesystem::path(root) / e.file;
      // Read as the load read it, so that the byte count it recorded tells a changed file.
      files::DataFile loaded = files::readSourceText(path.string());
      std::pair<std::vector<std::string>, std::string> text;
      if (!loaded.read()) {
        text.second = path.string() + " cannot be read (" + loaded.error + ")";
      } else if (static_cast<int64_t>(loaded.text.size()) != bytes) {
        text.second = path.string() + " has changed since the database was made";
      } else {
        text.first = files::splitLines(loaded.text);
      }
      file = files.emplace(e.file, std::move(text)).first;
    }
    const auto& [lines, unavailable] = file->second;
    e.unavailable = unavailable;
    if (unavailable.empty() && (e.firstLine < 1 || static_cast<size_t>(lastLine) > lines.size()))
      e.unavailable = e.file + " has fewer lines than the database says";
    if (e.unavailable.empty()) {
      const int shown = std::min(lastLine - e.firstLine + 1, kSourceExcerptLines);
      e.lines.assign(lines.begin() + (e.firstLine - 1), lines.begin() + (e.firstLine - 1 + shown));
      e.omitted = lastLine - e.firstLine + 1 - shown;
    }
    excerpts.emplace(k.loopId, std::move(e));
  }
  return excerpts;
}

namespace {

std::string escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

/// An element id from a loop key: letters, digits, '-', '_' and '.' stay, anything else (':' '@'
/// '/' blanks) becomes _XX in hex, so every key gives a distinct id that needs no quoting.
std::string anchor(const std::string& loopKey) {
  std::string id = "kernel-";
  for (unsigned char c : loopKey) {
    if (std::isalnum(c) || c == '-' || c == '.') {
      id += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "_%02x", c);
      id += hex;
    }
  }
  return id;
}

std::string fixed(double v, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << v;
  return out.str();
}

/// An exact value for a data- attribute (tests and scripts read it; people read the labels).
std::string exact(double v) {
  std::ostringstream out;
  out << std::setprecision(9) << v;
  return out.str();
}

std::string percent(double part, double whole) { return whole > 0 ? fixed(100 * part / whole, 1) + "%" : "-"; }

std::string joined(const std::set<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

/// The terms the model adds up to a time. Per launch of a kernel: Hong & Kim's Exec split into its
/// memory and compute terms, Synch_cost, the reduction kernels, the launch overheads; for the
/// whole program each of those times the launches, and the host<->device transfers, which belong to
/// REGION, ACTUAL and GET_ACTUAL directives and not to any kernel.
struct TimeTerms {
  double compute = 0, memory = 0, sync = 0, reduction = 0, launch = 0, transfers = 0;
  double total() const { return compute + memory + sync + reduction + launch + transfers; }
};

struct TermInfo {
  const char* cssClass;
  const char* label;
  double TimeTerms::*value;
  const char* meaning;
};

const TermInfo kTerms[] = {
    {"compute", "compute", &TimeTerms::compute,
     "Hong &amp; Kim's compute term of Exec (MODEL.md §9): case 1 Comp_cycles + Comp_cycles / Mem_insts &times; (MWP &minus; 1), "
     "case 2 Comp_cycles / Mem_insts &times; (MWP &minus; 1), case 3 Comp_cycles &times; N; times Rep"},
    {"memory", "memory", &TimeTerms::memory,
     "Hong &amp; Kim's memory term of Exec: case 1 Mem_cycles, case 2 Mem_cycles &times; N / MWP, case 3 Mem_L; times Rep"},
    {"sync", "sync", &TimeTerms::sync, "Synch_cost = Departure_delay &times; (MWP &minus; 1) &times; Synch_insts &times; active blocks &times; Rep"},
    {"reduction", "reduction", &TimeTerms::reduction,
     "the separate reduction kernels (MODEL.md §7), one per reduction variable; the (9) and (10) steps inside the main kernel are in its compute and sync"},
    {"launch", "launch", &TimeTerms::launch, "the launch overhead of the kernel and of each reduction kernel (the GPU profile's launch_overhead_us)"},
    {"transfers", "transfers", &TimeTerms::transfers,
     "host&harr;device copies of REGION IN/INOUT arrays, ACTUAL and GET_ACTUAL; they belong to the directives, not to a kernel, so only the whole program shows them"},
};

TimeTerms launchTerms(const KernelPrediction& k) {
  TimeTerms t;
  t.compute = k.computeSeconds;
  t.memory = k.memorySeconds;
  t.sync = k.syncSeconds;
  t.reduction = k.reductionSeconds;
  t.launch = k.launchOverheadSeconds;
  return t;
}

bool launchesKnown(const KernelPrediction& k) { return k.status == "ok" && k.launches >= 0; }

/// The whole program's time by term; nullopt when the model could not total it (a kernel unknown).
std::optional<TimeTerms> programTerms(const ProgramPrediction& p) {
  if (!p.totalSeconds) return std::nullopt;
  TimeTerms t;
  for (const KernelPrediction& k : p.kernels) {
    if (!launchesKnown(k)) continue;
    t.compute += k.launches * k.computeSeconds;
    t.memory += k.launches * k.memorySeconds;
    t.sync += k.launches * k.syncSeconds;
  }
  t.reduction = *p.reductionSeconds;
  t.launch = *p.launchSeconds;
  t.transfers = *p.transferSeconds;
  return t;
}

/// A horizontal stacked bar: each term a rectangle with its number as a tooltip, `scale` seconds
/// the full width (the background shows it, so a shorter bar beside a longer one reads as faster).
void writeBar(std::ostream& out, const TimeTerms& t, double scale, int width, const std::string& role,
              const std::string& caption) {
  const int height = 16;
  double total = t.total();
  out << "<svg class=\"time-bar " << role << "\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
      << width << " " << height << "\" role=\"img\" aria-label=\"" << escape(caption) << ": " << formatDuration(total)
      << "\" data-total-seconds=\"" << exact(total) << "\">";
  out << "<title>" << escape(caption) << ": " << formatDuration(total) << "</title>";
  out << "<rect class=\"scale\" x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height << "\"/>";
  double x = 0;
  for (const TermInfo& term : kTerms) {
    double value = t.*term.value;
    if (value <= 0 || scale <= 0) continue;
    double w = width * value / scale;
    out << "<rect class=\"term-" << term.cssClass << "\" x=\"" << fixed(x, 2) << "\" y=\"0\" width=\"" << fixed(w, 2)
        << "\" height=\"" << height << "\" data-term=\"" << term.cssClass << "\" data-seconds=\"" << exact(value)
        << "\"><title>" << term.label << ": " << formatDuration(value) << " (" << percent(value, total) << ")</title></rect>";
    x += w;
  }
  out << "</svg>";
}

double oneLaunch(const KernelPrediction& k) { return k.seconds + k.reductionSeconds + k.launchOverheadSeconds; }

void writeChange(std::ostream& out, double before, double after) {
  if (before <= 0) {
    out << "<td class=\"baseline change\">-</td>";
    return;
  }
  double change = (after - before) / before * 100;
  const char* tag = std::fabs(change) < 0.05 ? "same" : change > 0 ? "slower" : "faster";
  out << "<td class=\"baseline change " << tag << "\" data-change-percent=\"" << exact(change) << "\">"
      << (std::fabs(change) < 0.05 ? std::string("no change") : (change > 0 ? "+" : "&minus;") + fixed(std::fabs(change), 1) + "% " + tag)
      << "</td>";
}

std::string loopHeader(const LoopTreeEntry& l) {
  std::string range = l.var + " = " + l.lower + ", " + l.upper + (l.step.empty() ? "" : ", " + l.step);
  switch (l.kind) {
    case facts::LoopKind::DoWhile: return "DO WHILE";
    case facts::LoopKind::DoForever: return "DO";
    case facts::LoopKind::DoConcurrent: return "DO CONCURRENT (" + range + ")";
    case facts::LoopKind::Forall: return "FORALL (" + range + ")";
    case facts::LoopKind::Do: break;
  }
  return "DO " + range;
}

/// Pixels: a kernel's bar in the table; the whole program's bar.
constexpr int kKernelBarWidth = 220, kProgramBarWidth = 640;

const char* kStyle = R"(
body { font: 14px/1.45 system-ui, "DejaVu Sans", sans-serif; color: #1b1b1b; background: #fff; margin: 1.5em 2em; }
h1 { font-size: 1.5em; margin: 0 0 .3em; } h2 { font-size: 1.2em; margin: 1.6em 0 .5em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; margin: 1.2em 0 .4em; }
code, .key { font-family: "DejaVu Sans Mono", monospace; font-size: .95em; }
.muted { color: #5a5a5a; } .small { font-size: .9em; }
table { border-collapse: collapse; margin: .3em 0; }
th, td { border-bottom: 1px solid #e2e2e2; padding: 3px 8px; text-align: left; vertical-align: middle; }
th { background: #f3f3f3; font-weight: 600; }
#kernel-table td { white-space: nowrap; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.scroll { overflow-x: auto; }
dl.meta { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; margin: .3em 0; }
dl.meta dt { color: #5a5a5a; } dl.meta dd { margin: 0; }
.time-bar { display: block; margin: 2px 0; } .time-bar .scale { fill: #f4f4f4; stroke: #d0d0d0; stroke-width: 1; }
.term-compute { fill: #0072b2; } .term-memory { fill: #e69f00; } .term-sync { fill: #cc79a7; }
.term-reduction { fill: #009e73; } .term-launch { fill: #8c8c8c; } .term-transfers { fill: #d55e00; }
.swatch { display: inline-block; width: 1em; height: 1em; vertical-align: -0.15em; margin-right: .4em; border-radius: 2px; }
.swatch.term-compute { background: #0072b2; } .swatch.term-memory { background: #e69f00; } .swatch.term-sync { background: #cc79a7; }
.swatch.term-reduction { background: #009e73; } .swatch.term-launch { background: #8c8c8c; } .swatch.term-transfers { background: #d55e00; }
#legend li { margin: .2em 0; } #legend ul { list-style: none; padding-left: 0; }
.bar-line { display: flex; align-items: center; gap: 6px; } .bar-label { font-size: .8em; color: #5a5a5a; width: 3.2em; }
.meter { display: inline-block; width: 60px; height: 8px; background: #e6e6e6; border-radius: 4px; vertical-align: middle; margin-right: 6px; }
.meter span { display: block; height: 8px; background: #3d6fb6; border-radius: 4px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: .8em; border: 1px solid transparent; }
.badge.parallel { background: #ddf1e6; border-color: #7cc39e; } .badge.sequential { background: #eee; border-color: #bbb; }
.badge.new { background: #e3ecfa; border-color: #86a8dc; } .badge.removed { background: #f9e0e0; border-color: #d68a8a; }
.slower { color: #a4161a; font-weight: 600; } .faster { color: #17693a; font-weight: 600; } .same { color: #5a5a5a; }
tr.removed td { color: #707070; text-decoration: line-through; } tr.removed td.change, tr.removed td.note { text-decoration: none; }
ul.tree, ul.tree ul { list-style: none; padding-left: 1.3em; margin: 0; }
ul.tree { padding-left: 0; } ul.tree ul { border-left: 1px dotted #bbb; }
ul.tree li { margin: .15em 0; }
.reasons { color: #6a4a00; font-size: .85em; display: inline-block; max-width: 48em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }
tr.coalesced td.class { background: #d7f0e1; } tr.misaligned td.class { background: #f4efc2; } tr.strided td.class { background: #fde3c3; }
tr.gather td.class { background: #f6caca; }
.swatch.coalesced { background: #d7f0e1; border: 1px solid #7cc39e; } .swatch.misaligned { background: #f4efc2; border: 1px solid #c9b84a; }
.swatch.strided { background: #fde3c3; border: 1px solid #e0a050; } .swatch.gather { background: #f6caca; border: 1px solid #d07070; }
article.kernel-detail { border: 1px solid #e2e2e2; border-radius: 6px; padding: .2em 1em .8em; margin: 1em 0; }
footer { margin-top: 2em; color: #5a5a5a; font-size: .85em; }
th button.sort { font: inherit; color: inherit; background: none; border: 0; padding: 0; cursor: pointer; text-align: inherit; }
th[aria-sort="descending"] button.sort::after { content: " \25BC"; } th[aria-sort="ascending"] button.sort::after { content: " \25B2"; }
.detail-grid { display: flex; flex-wrap: wrap; gap: 0 2em; align-items: flex-start; } .detail-grid .figures { flex: 1 1 32em; }
figure.source { flex: 1 1 30em; margin: .6em 0; max-width: 100%; overflow-x: auto; }
figure.source figcaption { font-size: .85em; color: #5a5a5a; }
figure.source pre { margin: .2em 0; padding: .4em .6em; background: #f7f7f4; border: 1px solid #e2e2e2; border-radius: 4px; font-size: .85em; }
figure.source .ln { display: inline-block; width: 3.5em; color: #8a8a8a; user-select: none; }
)";

/// Sorts #kernel-table by a column when its header is clicked: numbers the largest first, text
/// from A, a second click the other way; rows without the column's value stay last, ties keep the
/// source order (data-order). The rows carry the values (data-sort-KEY), so the cells may show
/// anything.
const char* kSortScript = R"(
(function () {
  'use strict';
  var table = document.getElementById('kernel-table');
  if (!table || !table.tHead || !table.tBodies.length) return;
  var body = table.tBodies[0], heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  function value(row, key, numeric) {
    var v = row.getAttribute('data-sort-' + key);
    if (v === null || v === '') return null;
    return numeric ? parseFloat(v) : v;
  }
  function sortBy(th, direction) {
    var key = th.getAttribute('data-sort'), numeric = th.getAttribute('data-type') === 'number';
    var sign = direction === 'ascending' ? 1 : -1;
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = value(a, key, numeric), y = value(b, key, numeric);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else {
        var c = numeric ? x - y : x.localeCompare(y, undefined, {numeric: true});
        if (c !== 0) return sign * c;
      }
      return parseInt(a.getAttribute('data-order'), 10) - parseInt(b.getAttribute('data-order'), 10);
    });
    rows.forEach(function (row) { body.appendChild(row); });
    heads.forEach(function (h) { if (h !== th) h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', direction);
  }
  heads.forEach(function (th) {
    if (!th.hasAttribute('data-sort')) return;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort';
    while (th.firstChild) button.appendChild(th.firstChild);
    th.appendChild(button);
    button.addEventListener('click', function () {
      var first = th.getAttribute('data-type') === 'number' ? 'descending' : 'ascending';
      var other = first === 'descending' ? 'ascending' : 'descending';
      sortBy(th, th.getAttribute('aria-sort') === first ? other : first);
    });
  });
})();
)";

/// Writes the page section by section: the program (now_) and, when given, the baseline (before_).
class HtmlWriter {
 public:
  HtmlWriter(std::ostream& out, const HtmlReportInput& current, const HtmlReportInput* baseline)
      : out_(out), now_(current), before_(baseline) {
    for (const KernelPrediction& k : now_.prediction.kernels) nowKernels_[k.loopKey] = &k;
    if (before_) {
      for (const KernelPrediction& k : before_->prediction.kernels) beforeKernels_[k.loopKey] = &k;
      for (const LoopTreeEntry& l : before_->tree.loops) beforeLoops_.insert(l.key);
    }
    for (const LoopTreeEntry& l : now_.tree.loops) loopsByKey_[l.key] = &l;
  }

  void write() {
    out_ << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         << "<title>dvmh-predict: " << escape(now_.header.database) << " on " << escape(now_.header.gpuName) << "</title>\n"
         << "<style>" << kStyle << "</style>\n</head>\n<body>\n";
    header();
    program();
    kernelTable();
    regions();
    kernelDetails();
    loopTree();
    legend();
    out_ << "<footer>Written by dvmh-predict " << escape(std::string(db::toolVersion()))
         << ". The figures are the predictions of the model in MODEL.md (the thesis' chapter 4 and Hong &amp; Kim's MWP&ndash;CWP "
            "model), not measurements. The page is self-contained: nothing is fetched, and its one short script only sorts the "
            "kernel table.</footer>\n<script>" << kSortScript << "</script>\n</body>\n</html>\n";
  }

 private:
  void databaseFacts(const HtmlReportInput& in, const char* role) {
    out_ << "<dl class=\"meta " << role << "\">\n<dt>database</dt><dd><code>" << escape(in.header.database) << "</code></dd>\n"
         << "<dt>run</dt><dd>" << (in.header.runId ? "recorded as run " + std::to_string(in.header.runId) : std::string("not recorded"))
         << "</dd>\n";
    for (const auto& [key, value] : in.provenance)
      out_ << "<dt>" << escape(key) << "</dt><dd>" << escape(value) << "</dd>\n";
    out_ << "</dl>\n";
  }

  void header() {
    out_ << "<header>\n<h1>GPU prediction: " << escape(now_.header.gpuName) << "</h1>\n";
    out_ << "<p class=\"muted\">GPU profile <code>" << escape(now_.header.gpuKey) << "</code>; options <code>"
         << escape(now_.header.options) << "</code>; " << now_.prediction.kernels.size() << " kernel(s), "
         << now_.prediction.unresolved << " unknown.</p>\n";
    if (before_) {
      out_ << "<div class=\"scroll\"><table id=\"databases\"><tr><th>before (baseline)</th><th>after</th></tr><tr><td>";
      databaseFacts(*before_, "baseline");
      out_ << "</td><td>";
      databaseFacts(now_, "current");
      out_ << "</td></tr></table></div>\n<p class=\"small muted\">The baseline is predicted again with the same GPU and "
              "options (its database is only read), so a difference comes from the programs, not from the model or "
              "the options.</p>\n";
    } else {
      databaseFacts(now_, "current");
    }
    out_ << "</header>\n";
  }

  void program() {
    out_ << "<section id=\"program\">\n<h2>Whole program</h2>\n";
    std::optional<TimeTerms> now = programTerms(now_.prediction);
    std::optional<TimeTerms> before = before_ ? programTerms(before_->prediction) : std::nullopt;
    auto unknown = [&](const ProgramPrediction& p, const char* which) {
      out_ << "<p class=\"unknown\">" << which << "unknown: needs " << escape(joined(p.missing))
           << " (give a symbol or a loop's trip count with <code>--param NAME=VALUE</code>).</p>\n";
    };
    if (before_ && !before) unknown(before_->prediction, "Before: ");
    if (!now) unknown(now_.prediction, before_ ? "After: " : "");
    if (now || before) {
      double scale = std::max(now ? now->total() : 0.0, before ? before->total() : 0.0);
      out_ << "<table class=\"program-time\">\n";
      if (before) {
        out_ << "<tr><th>before</th><td class=\"num\">" << formatDuration(before->total()) << "</td><td>";
        writeBar(out_, *before, scale, kProgramBarWidth, "before", "whole program before");
        out_ << "</td></tr>\n";
      }
      if (now) {
        out_ << "<tr><th>" << (before_ ? "after" : "total") << "</th><td class=\"num\" id=\"program-total\">"
             << formatDuration(now->total()) << "</td><td>";
        writeBar(out_, *now, scale, kProgramBarWidth, "after", "whole program");
        out_ << "</td></tr>\n";
      }
      out_ << "</table>\n";
      out_ << "<table class=\"terms\" id=\"program-terms\"><tr><th>term</th>" << (before ? "<th class=\"num baseline\">before</th>" : "")
           << (now ? "<th class=\"num\">" + std::string(before_ ? "after" : "seconds") + "</th><th class=\"num\">share</th>" : "")
           << "</tr>\n";
      for (const TermInfo& term : kTerms) {
        out_ << "<tr><td><span class=\"swatch term-" << term.cssClass << "\"></span>" << term.label << "</td>";
        if (before) out_ << "<td class=\"num baseline\">" << formatDuration((*before).*term.value) << "</td>";
        if (now) out_ << "<td class=\"num\">" << formatDuration((*now).*term.value) << "</td><td class=\"num\">"
                      << percent((*now).*term.value, now->total()) << "</td>";
        out_ << "</tr>\n";
      }
      out_ << "<tr><th>total</th>" << (before ? "<th class=\"num baseline\">" + formatDuration(before->total()) + "</th>" : "")
           << (now ? "<th class=\"num\">" + formatDuration(now->total()) + "</th><th></th>" : "") << "</tr>\n</table>\n";
      if (now_.prediction.transferBytes)
        out_ << "<p class=\"small muted\">Host&harr;device traffic: " << *now_.prediction.transferBytes << " B"
             << (before_ && before_->prediction.transferBytes
                     ? " (before: " + std::to_string(*before_->prediction.transferBytes) + " B)"
                     : std::string())
             << "; by REGION and directive in <a href=\"#regions\">REGIONs and transfers</a>.</p>\n";
    }
    out_ << "</section>\n";
  }

  void legend() {
    out_ << "<section id=\"legend\">\n<h2>Legend</h2>\n<ul>\n";
    for (const TermInfo& term : kTerms)
      out_ << "<li><span class=\"swatch term-" << term.cssClass << "\"></span><b>" << term.label << "</b>: " << term.meaning
           << "</li>\n";
    out_ << "</ul>\n<p class=\"small\">The model lets memory and computation overlap; compute and memory are the two terms of "
            "the formula of the kernel's Hong &amp; Kim case as the model writes it, not measured stall reasons. A kernel's bar "
            "is one launch; with a baseline, the two bars of a kernel share one scale (the longer fills the width).</p>\n"
            "<ul>\n<li><span class=\"swatch coalesced\"></span><b>coalesced</b>: a warp's access needs no more transactions "
            "than 32 consecutive elements would</li>\n<li><span class=\"swatch misaligned\"></span><b>misaligned</b>: "
            "consecutive elements that straddle one more sector or line (DRAM sends the shared one once)</li>\n"
            "<li><span class=\"swatch strided\"></span><b>strided</b>: lanes more than an element apart, or a warp across "
            "rows</li>\n<li><span class=\"swatch gather\"></span><b>gather</b>: a subscript that is not affine "
            "(<code>a(idx(i))</code>), costed at 32 transactions</li>\n</ul>\n"
            "<p class=\"small\">L2 hits: reads of elements another reference of the same array touched shortly before, "
            "when the bytes moved in between fit in half the L2 (MODEL.md §12); they move nothing from DRAM.</p>\n"
            "<p class=\"small\">Occupancy: active warps per SM over the most the SM holds; the limiter is the resource "
            "(warps, blocks, registers, shared memory) that allows the fewest blocks (MODEL.md §8b).</p>\n</section>\n";
  }

  /// A row of the kernel table: a kernel of this program, or (with a baseline) one it no longer has.
  struct KernelRow {
    const KernelPrediction* now = nullptr;  ///< null: removed
    const KernelPrediction* old = nullptr;  ///< null: no baseline, or added
    int order = 0;                          ///< source order (the current kernels', then the removed ones)
    std::optional<double> total;            ///< the whole program's time of the kernel, when known
    std::optional<double> change;           ///< after - before, like with like (see beforeCells)
  };

  /// The time a kernel takes in the comparison with the baseline: the whole program's when both
  /// know their launches (`whole`), else one launch's.
  static double compared(const KernelPrediction& k, bool whole) { return whole ? k.totalSeconds : oneLaunch(k); }

  /// The rows in the order the page opens with: by their share of the program's time or, against
  /// a baseline, by how much they changed (added and removed kernels by all of their time); what
  /// is unknown last, ties in source order.
  std::vector<KernelRow> kernelRows() const {
    std::vector<KernelRow> rows;
    for (const KernelPrediction& k : now_.prediction.kernels) {
      KernelRow r{&k, before_ ? beforeKernel(k.loopKey) : nullptr, static_cast<int>(rows.size()), {}, {}};
      if (launchesKnown(k)) r.total = k.totalSeconds;
      if (before_ && k.status == "ok") {
        if (!r.old) r.change = compared(k, launchesKnown(k));
        else if (r.old->status == "ok") {
          bool whole = launchesKnown(*r.old) && launchesKnown(k);
          r.change = compared(k, whole) - compared(*r.old, whole);
        }
      }
      rows.push_back(r);
    }
    if (before_)
      for (const KernelPrediction& old : before_->prediction.kernels)
        if (!nowKernels_.count(old.loopKey)) {
          KernelRow r{nullptr, &old, static_cast<int>(rows.size()), {}, {}};
          if (old.status == "ok") r.change = -compared(old, launchesKnown(old));
          rows.push_back(r);
        }
    auto key = [&](const KernelRow& r) -> std::optional<double> {
      if (!before_) return r.total;
      if (r.change) return std::fabs(*r.change);
      return std::nullopt;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const KernelRow& a, const KernelRow& b) {
      std::optional<double> x = key(a), y = key(b);
      if (x.has_value() != y.has_value()) return x.has_value();
      return x && *x > *y;
    });
    return rows;
  }

  /// A sortable column's header: `key` names the row's data-sort- attribute the script sorts by, a
  /// number column sorts the largest first.
  void sortableHeader(const char* key, bool number, const std::string& label, const char* cssClass = "", const char* title = "") {
    out_ << "<th data-sort=\"" << key << "\" data-type=\"" << (number ? "number" : "text") << "\"";
    if (*cssClass) out_ << " class=\"" << cssClass << "\"";
    if (*title) out_ << " title=\"" << title << "\"";
    // The order the page opens with (kernelRows) is this column's, descending.
    if (std::string(key) == (before_ ? "change" : "total")) out_ << " aria-sort=\"descending\"";
    out_ << ">" << label << "</th>";
  }

  void kernelTable() {
    out_ << "<section id=\"kernels\">\n<h2>Kernels</h2>\n<p class=\"small muted\">"
         << (before_ ? "The kernels that changed most against the baseline first (added and removed ones by all of their time)"
                     : "The kernels with the largest share of the program's time first")
         << "; a kernel whose time is unknown last. A column's header sorts by it (again: the other way). "
            "<a href=\"#legend\">Legend</a>.</p>\n<div class=\"scroll\"><table id=\"kernel-table\">\n<thead><tr>";
    sortableHeader("kernel", false, "kernel");
    out_ << "<th>block &times; blocks</th>";
    sortableHeader("regs", true, "regs", "num");
    sortableHeader("occupancy", true, "occupancy (limiter)", "", "sorts by occupancy");
    sortableHeader("bound", false, "bound");
    sortableHeader("launch", true, "one launch", "num");
    if (!now_.measured.empty()) {
      sortableHeader("measured", true, "measured", "num");
      sortableHeader("error", true, "error", "num");
    }
    sortableHeader("launches", true, "launches", "num");
    sortableHeader("total", true, "whole program", "num", "the kernel's time over the whole run, and its share of the program's");
    if (before_) {
      sortableHeader("before", true, "before", "num baseline");
      sortableHeader("change", true, "change", "baseline", "sorts by the size of the change in seconds, either way");
    }
    out_ << "<th>where one launch goes</th></tr></thead>\n<tbody>\n";
    for (const KernelRow& r : kernelRows()) {
      if (r.now) kernelRow(r);
      else removedRow(r);
    }
    out_ << "</tbody>\n</table></div>\n";
    if (now_.prediction.kernels.empty())
      out_ << "<p>No kernel: no user PARALLEL directive, no nest the DVMH expert proposes.</p>\n";
    if (before_)
      out_ << "<p class=\"small muted\">before and change: the whole program's time of the kernel when its launches are "
              "known in both, else one launch's.</p>\n";
    out_ << "</section>\n";
  }

  /// The attributes the table's script sorts by (numbers exact, so that the order is the figures').
  void sortKey(const char* key, double value) { out_ << " data-sort-" << key << "=\"" << exact(value) << "\""; }
  void sortKey(const char* key, const std::string& value) { out_ << " data-sort-" << key << "=\"" << escape(value) << "\""; }

  void rowKeys(const KernelRow& r, const KernelPrediction& k) {
    out_ << " data-order=\"" << r.order << "\"";
    sortKey("kernel", k.loopKey);
    if (r.change) sortKey("change", std::fabs(*r.change));
  }

  void kernelRow(const KernelRow& r) {
    const KernelPrediction& k = *r.now;
    const KernelPrediction* old = r.old;
    const double programTotal = now_.prediction.totalSeconds.value_or(0);
    out_ << "<tr class=\"kernel-row\" data-loop-key=\"" << escape(k.loopKey) << "\" data-status=\"" << escape(k.status) << "\"";
    rowKeys(r, k);
    if (k.status == "ok") {
      sortKey("regs", static_cast<double>(k.regsPerThread));
      sortKey("occupancy", k.occupancy);
      sortKey("bound", k.bound);
      sortKey("launch", oneLaunch(k));
      auto m = now_.measured.find(k.loopId);
      if (m != now_.measured.end() && m->second.seconds > 0) {
        sortKey("measured", m->second.seconds);
        sortKey("error", (k.seconds - m->second.seconds) / m->second.seconds * 100);
      }
      if (launchesKnown(k)) sortKey("launches", k.launches);
    }
    if (r.total) sortKey("total", *r.total);
    if (old && old->status == "ok") sortKey("before", compared(*old, launchesKnown(*old) && launchesKnown(k)));
    out_ << "><td><a class=\"key\" href=\"#" << anchor(k.loopKey) << "\">" << escape(k.loopKey) << "</a>"
         << (before_ && !old ? " <span class=\"badge new\">added</span>" : "") << "<br><span class=\"muted small\">"
         << escape(k.source) << "</span></td>";
    if (k.status != "ok") {
      out_ << "<td colspan=\"" << (now_.measured.empty() ? 7 : 9) << "\" class=\"unknown\">unknown: needs " << escape(joined(k.missing)) << "</td>";
      if (before_) beforeCells(old, &k);
      out_ << "<td></td></tr>\n";
      return;
    }
    out_ << "<td>" << k.block[0] << "&times;" << k.block[1] << "&times;" << k.block[2] << " &times; " << k.blocks
         << "</td><td class=\"num\" title=\"" << escape(k.regsSource) << "\">" << k.regsPerThread << "</td><td>";
    occupancyCell(k);
    out_ << "</td><td>" << escape(k.bound) << "</td><td class=\"num\">" << formatDuration(oneLaunch(k)) << "</td>";
    if (!now_.measured.empty()) {
      // The kernel alone, as the program sapfor-cuda --bench wrote times it: seconds against it.
      auto m = now_.measured.find(k.loopId);
      if (m == now_.measured.end() || m->second.seconds <= 0)
        out_ << "<td class=\"num\">&ndash;</td><td class=\"num\">&ndash;</td>";
      else
        out_ << "<td class=\"num measured\" title=\"" << escape(m->second.device) << "\">" << formatDuration(m->second.seconds)
             << "</td><td class=\"num error\" title=\"(predicted kernel " << formatDuration(k.seconds) << " - measured) / measured\">"
             << (k.seconds >= m->second.seconds ? "+" : "") << fixed((k.seconds - m->second.seconds) / m->second.seconds * 100, 0)
             << "%</td>";
    }
    if (launchesKnown(k))
      out_ << "<td class=\"num\">" << fixed(k.launches, 0) << "</td><td class=\"num\" data-total-seconds=\"" << exact(k.totalSeconds)
           << "\">" << formatDuration(k.totalSeconds)
           << (programTotal > 0 ? " <span class=\"muted small share\">(" + percent(k.totalSeconds, programTotal) + ")</span>" : "")
           << "</td>";
    else
      out_ << "<td class=\"num\">?</td><td class=\"num\">?</td>";
    if (before_) beforeCells(old, &k);
    out_ << "<td>";
    TimeTerms now = launchTerms(k);
    double scale = now.total();
    if (old && old->status == "ok") {
      TimeTerms then = launchTerms(*old);
      scale = std::max(scale, then.total());
      out_ << "<div class=\"bar-line\"><span class=\"bar-label\">before</span>";
      writeBar(out_, then, scale, kKernelBarWidth, "before", k.loopKey + " before, one launch");
      out_ << "</div><div class=\"bar-line\"><span class=\"bar-label\">after</span>";
      writeBar(out_, now, scale, kKernelBarWidth, "after", k.loopKey + " after, one launch");
      out_ << "</div>";
    } else {
      writeBar(out_, now, scale, kKernelBarWidth, "after", k.loopKey + ", one launch");
    }
    out_ << "</td></tr>\n";
  }

  void removedRow(const KernelRow& r) {
    const KernelPrediction& old = *r.old;
    out_ << "<tr class=\"kernel-row removed\" data-loop-key=\"" << escape(old.loopKey) << "\" data-status=\"removed\"";
    rowKeys(r, old);
    if (old.status == "ok") sortKey("before", compared(old, launchesKnown(old)));
    out_ << "><td><span class=\"key\">" << escape(old.loopKey) << "</span><br><span class=\"muted small\">" << escape(old.source)
         << "</span></td><td colspan=\"" << (now_.measured.empty() ? 7 : 9) << "\" class=\"note\">"
         << "not a kernel any more (the loop is gone or no longer parallel)</td>";
    beforeCells(&old, nullptr);
    out_ << "<td>";
    if (old.status == "ok") {
      TimeTerms then = launchTerms(old);
      out_ << "<div class=\"bar-line\"><span class=\"bar-label\">before</span>";
      writeBar(out_, then, then.total(), kKernelBarWidth, "before", old.loopKey + " before, one launch");
      out_ << "</div>";
    }
    out_ << "</td></tr>\n";
  }

  /// The baseline's cells of a kernel row: its time, and the change to `now` (null: removed; a
  /// kernel the model could not predict now has no change).
  void beforeCells(const KernelPrediction* old, const KernelPrediction* now) {
    if (!old) {
      out_ << "<td class=\"num baseline\">-</td><td class=\"baseline change added\">added</td>";
      return;
    }
    if (old->status != "ok") {
      out_ << "<td class=\"num baseline\">unknown</td><td class=\"baseline change\">-</td>";
      return;
    }
    // Like with like: the whole program's times when both know their launches, else one launch's.
    bool whole = launchesKnown(*old) && (!now || launchesKnown(*now));
    double before = whole ? old->totalSeconds : oneLaunch(*old);
    out_ << "<td class=\"num baseline\" data-total-seconds=\"" << exact(before) << "\">" << formatDuration(before)
         << (whole ? "" : " <span class=\"muted small\">(one launch)</span>") << "</td>";
    if (!now) out_ << "<td class=\"baseline change removed\">removed</td>";
    else if (now->status != "ok") out_ << "<td class=\"baseline change\">-</td>";
    else writeChange(out_, before, whole ? now->totalSeconds : oneLaunch(*now));
  }

  void occupancyCell(const KernelPrediction& k) {
    out_ << "<span class=\"occupancy\" title=\"" << k.activeWarpsPerSm << " active warps (" << k.activeBlocksPerSm
         << " blocks) per SM; " << k.regsPerThread << " registers per thread, " << k.regsPerBlock << " per block; "
         << k.smemPerBlock << " B shared memory per block; limited by " << escape(k.limiter) << "\"><span class=\"meter\"><span style=\"width:"
         << fixed(std::clamp(k.occupancy, 0.0, 1.0) * 100, 0) << "%\"></span></span>" << fixed(k.occupancy, 2) << " ("
         << escape(k.limiter) << ")</span>";
  }

  const KernelPrediction* beforeKernel(const std::string& key) const {
    auto found = beforeKernels_.find(key);
    return found == beforeKernels_.end() ? nullptr : found->second;
  }

  void loopTree() {
    out_ << "<section id=\"loop-tree\">\n<h2>Loop tree</h2>\n<p class=\"small muted\">Every loop of the program by procedure; "
            "a kernel links to its details"
         << (before_ ? "; <span class=\"badge new\">new</span> marks a loop the baseline does not have" : "") << ".</p>\n";
    std::map<std::string, std::vector<const LoopTreeEntry*>> outermost;
    std::map<Id, std::vector<const LoopTreeEntry*>> children;
    for (const LoopTreeEntry& l : now_.tree.loops) {
      if (l.parentId) children[l.parentId].push_back(&l);
      else outermost[l.procedure].push_back(&l);
    }
    out_ << "<ul class=\"tree\">\n";
    for (const ProcedureEntry& p : now_.tree.procedures) {
      out_ << "<li class=\"procedure\"><b><code>" << escape(p.key) << "</code></b> <span class=\"muted small\">" << escape(p.kind)
           << ", " << escape(p.file) << ":" << p.line << "</span>\n<ul>\n";
      for (const LoopTreeEntry* l : outermost[p.key]) loopItem(*l, children);
      out_ << "</ul></li>\n";
    }
    out_ << "</ul>\n";
    if (before_) {
      std::vector<std::string> gone;
      for (const LoopTreeEntry& l : before_->tree.loops)
        if (!loopsByKey_.count(l.key)) gone.push_back(l.key);
      if (!gone.empty()) {
        out_ << "<p id=\"removed-loops\">Loops the baseline has and this program does not:";
        for (const std::string& key : gone) out_ << " <span class=\"badge removed key\">" << escape(key) << "</span>";
        out_ << "</p>\n";
      }
    }
    out_ << "</section>\n";
  }

  void loopItem(const LoopTreeEntry& l, const std::map<Id, std::vector<const LoopTreeEntry*>>& children) {
    out_ << "<li class=\"loop " << (l.parallel ? "parallel" : "sequential") << "\" data-loop-key=\"" << escape(l.key) << "\">"
         << "<code>" << escape(loopHeader(l)) << "</code> <span class=\"key muted\">" << escape(l.key) << "</span> <span class=\"small muted\">line "
         << l.line << (l.trip ? ", " + std::to_string(*l.trip) + " iterations" : std::string()) << "</span> <span class=\"badge "
         << (l.parallel ? "parallel\">parallel" : "sequential\">sequential") << "</span>";
    if (before_ && !beforeLoops_.count(l.key)) out_ << " <span class=\"badge new\">new</span>";
    auto kernel = nowKernels_.find(l.key);
    if (kernel != nowKernels_.end()) {
      const KernelPrediction& k = *kernel->second;
      out_ << " <a class=\"kernel-link\" href=\"#" << anchor(l.key) << "\">kernel";
      if (launchesKnown(k)) out_ << ": " << formatDuration(k.totalSeconds);
      else if (k.status != "ok") out_ << ": unknown";
      out_ << "</a>";
    }
    if (!l.parallel && !l.reasons.empty())
      out_ << " <span class=\"reasons\" title=\"" << escape(l.reasons) << "\">" << escape(l.reasons) << "</span>";
    auto inner = children.find(l.loopId);
    if (inner != children.end()) {
      out_ << "\n<ul>\n";
      for (const LoopTreeEntry* c : inner->second) loopItem(*c, children);
      out_ << "</ul>";
    }
    out_ << "</li>\n";
  }

  void kernelDetails() {
    out_ << "<section id=\"kernel-details\">\n<h2>Kernels in detail</h2>\n<p class=\"small muted\">In the order the "
            "kernel table opens with; each kernel's figures beside its source lines.</p>\n";
    for (const KernelRow& r : kernelRows()) {
      if (!r.now) continue;
      const KernelPrediction& k = *r.now;
      const KernelPrediction* old = before_ ? beforeKernel(k.loopKey) : nullptr;
      if (old && old->status != "ok") old = nullptr;
      out_ << "<article class=\"kernel-detail\" id=\"" << anchor(k.loopKey) << "\" data-loop-key=\"" << escape(k.loopKey)
           << "\">\n<h3><code>" << escape(k.loopKey) << "</code> <span class=\"muted small\">" << escape(k.source);
      auto loop = loopsByKey_.find(k.loopKey);
      if (loop != loopsByKey_.end()) out_ << ", " << escape(loop->second->file) << ":" << loop->second->line;
      out_ << "</span></h3>\n";
      out_ << "<div class=\"detail-grid\"><div class=\"figures\">\n";
      if (k.status != "ok") {
        out_ << "<p class=\"unknown\">unknown: needs " << escape(joined(k.missing)) << " (<code>--param</code>).</p>\n</div>";
        sourceExcerpt(k);
        out_ << "</div>\n</article>\n";
        continue;
      }
      TimeTerms now = launchTerms(k);
      out_ << "<table class=\"terms\"><tr><th>one launch</th>" << (old ? "<th class=\"num baseline\">before</th>" : "")
           << "<th class=\"num\">" << (old ? "after" : "seconds") << "</th><th class=\"num\">share</th></tr>\n";
      for (const TermInfo& term : kTerms) {
        if (term.value == &TimeTerms::transfers) continue;
        out_ << "<tr><td><span class=\"swatch term-" << term.cssClass << "\"></span>" << term.label << "</td>";
        if (old) out_ << "<td class=\"num baseline\">" << formatDuration(launchTerms(*old).*term.value) << "</td>";
        out_ << "<td class=\"num\">" << formatDuration(now.*term.value) << "</td><td class=\"num\">"
             << percent(now.*term.value, now.total()) << "</td></tr>\n";
      }
      out_ << "<tr><th>total</th>" << (old ? "<th class=\"num baseline\">" + formatDuration(launchTerms(*old).total()) + "</th>" : "")
           << "<th class=\"num\">" << formatDuration(now.total()) << "</th><th></th></tr>\n</table>\n";
      out_ << "<p class=\"small\">Hong &amp; Kim: " << escape(k.bound) << " bound; MWP " << fixed(k.mwp, 2) << ", CWP "
           << fixed(k.cwp, 2) << ", N = " << fixed(k.warps, 0) << " warps per SM (as this grid fills it), Rep " << k.rep << ", "
           << fixed(k.compCycles, 0) << " compute and " << fixed(k.memCycles, 0) << " memory cycles per warp. Launches: "
           << (launchesKnown(k) ? fixed(k.launches, 0) : std::string("unknown")) << ". Roofline: at least "
           << formatDuration(k.rooflineSeconds) << " (" << escape(k.rooflineBound) << ", " << fixed(k.intensity, 2)
           << " operations per byte).</p>\n";
      out_ << "<p class=\"small\">Grid: " << k.blocks << " blocks of " << k.block[0] << "&times;" << k.block[1] << "&times;"
           << k.block[2] << ", " << k.itersPerThread << " iteration(s) per thread. Occupancy ";
      occupancyCell(k);
      out_ << ": " << k.activeBlocksPerSm << " blocks, " << k.activeWarpsPerSm << " warps per SM; " << k.regsPerThread
           << " registers per thread (" << escape(k.regsSource == "heuristic" ? "the heuristic" : k.regsSource)
           << "), " << k.smemPerBlock << " B shared memory per block.</p>\n</div>";
      sourceExcerpt(k);
      out_ << "</div>\n";
      references(k);
      out_ << "</article>\n";
    }
    out_ << "</section>\n";
  }

  /// The kernel's nest as its source file has it, line numbers beside the lines.
  void sourceExcerpt(const KernelPrediction& k) {
    auto found = now_.sources.find(k.loopId);
    if (found == now_.sources.end()) return;
    const SourceExcerpt& e = found->second;
    out_ << "<figure class=\"source\">";
    if (!e.unavailable.empty()) {
      out_ << "<figcaption>" << escape(e.file) << ":" << e.firstLine << "</figcaption><p class=\"small muted source-unavailable\">"
           << "No source lines: " << escape(e.unavailable) << ".</p></figure>";
      return;
    }
    const int last = e.firstLine + static_cast<int>(e.lines.size()) - 1;
    out_ << "<figcaption>" << escape(e.file) << ":" << e.firstLine << "&ndash;" << last + e.omitted << "</figcaption><pre><code>";
    for (size_t i = 0; i < e.lines.size(); ++i)
      out_ << "<span class=\"line\" data-line=\"" << e.firstLine + static_cast<int>(i) << "\"><span class=\"ln\">"
           << e.firstLine + static_cast<int>(i) << "</span>" << escape(e.lines[i]) << "</span>\n";
    out_ << "</code></pre>";
    if (e.omitted > 0) out_ << "<p class=\"small muted\">&hellip; and " << e.omitted << " more line(s) to line " << last + e.omitted << ".</p>";
    out_ << "</figure>";
  }

  /// Each REGION: the kernels inside it, their time, and the copies to the device it makes.
  void regions() {
    out_ << "<section id=\"regions\">\n<h2>REGIONs and transfers</h2>\n";
    if (now_.regions.empty())
      out_ << "<p>No REGION: the program has no REGION directive and the DVMH expert proposes none.</p>\n";
    else
      regionTable();
    std::vector<TransferGroup> groups = transferGroups(now_.prediction);
    if (!groups.empty()) {
      out_ << "<table class=\"transfers\" id=\"transfer-table\"><caption>Host&harr;device copies by what causes them (MODEL.md &sect;12)</caption>\n"
           << "<tr><th>where</th><th>what</th><th>arrays</th><th class=\"num\">bytes</th><th class=\"num\">time</th></tr>\n";
      for (const TransferGroup& g : groups)
        out_ << "<tr><td>" << escape(g.procedure) << ":" << g.line << "</td><td>" << escape(g.kind) << "</td><td>"
             << escape(g.arrays) << "</td><td class=\"num\">" << static_cast<int64_t>(g.bytes) << "</td><td class=\"num\">"
             << formatDuration(g.seconds) << "</td></tr>\n";
      out_ << "</table>\n";
    }
    out_ << "</section>\n";
  }

  void regionTable() {
    out_ << "<p class=\"small muted\">Each REGION (the user's, or one the DVMH expert proposes): the kernels whose nests "
            "start between it and its END REGION, their time over the whole run, and the copies to the device the REGION "
            "makes over the run (MODEL.md &sect;12). Copies back to the host belong to GET_ACTUAL and to host statements "
            "(the table below).</p>\n<div class=\"scroll\"><table id=\"region-table\">\n<thead><tr>"
            "<th>REGION</th><th>kernels inside</th><th class=\"num\">kernels' time</th><th class=\"num\">copies in</th>"
            "<th class=\"num\">bytes in</th><th class=\"num\">copy time</th><th>arrays</th></tr></thead>\n<tbody>\n";
    for (const RegionEntry& r : now_.regions) {
      double kernelSeconds = 0;
      bool known = true;
      for (const std::string& key : r.kernels) {
        auto k = nowKernels_.find(key);
        if (k == nowKernels_.end() || !launchesKnown(*k->second)) known = false;
        else kernelSeconds += k->second->totalSeconds;
      }
      out_ << "<tr class=\"region\" data-region=\"" << escape(r.procedure) << ":" << r.line << "\" data-kernels=\"" << r.kernels.size()
           << "\"" << (known ? " data-kernel-seconds=\"" + exact(kernelSeconds) + "\"" : std::string())
           << " data-copy-seconds=\"" << exact(r.seconds) << "\"><td><code>" << escape(r.procedure) << ":" << r.line << "&ndash;"
           << r.endLine << "</code> <span class=\"muted small\">" << escape(r.kind) << "</span></td><td>";
      if (r.kernels.empty()) out_ << "<span class=\"muted\">none</span>";
      for (size_t i = 0; i < r.kernels.size(); ++i)
        out_ << (i ? ", " : "") << "<a class=\"key\" href=\"#" << anchor(r.kernels[i]) << "\">" << escape(r.kernels[i]) << "</a>";
      out_ << "</td><td class=\"num\">" << (known ? formatDuration(kernelSeconds) : std::string("?")) << "</td><td class=\"num\">"
           << fixed(r.copies, 0) << "</td><td class=\"num\">" << static_cast<int64_t>(r.bytes) << "</td><td class=\"num\">"
           << formatDuration(r.seconds) << "</td><td class=\"small\">" << (r.arrays.empty() ? "-" : escape(r.arrays)) << "</td></tr>\n";
    }
    out_ << "</tbody>\n</table></div>\n";
    if (!now_.prediction.totalSeconds)
      out_ << "<p class=\"small muted\">Copies and times are those the model could count: the whole program's figures "
              "are unknown (<a href=\"#program\">Whole program</a>).</p>\n";
  }

  void references(const KernelPrediction& k) {
    if (k.accesses.empty()) {
      out_ << "<p class=\"small muted\">No global memory reference.</p>\n";
      return;
    }
    out_ << "<div class=\"scroll\"><table class=\"refs\"><tr><th>reference</th><th>access</th><th class=\"num\">line</th><th class=\"num\">per thread</th>"
            "<th class=\"num\">stride</th><th class=\"num\">transactions per warp access (exact / formula)</th>"
            "<th class=\"num\">L1 hits per thread</th><th class=\"num\">L2 hits per thread</th>"
            "<th class=\"num\">DRAM bytes per warp access</th><th>pattern</th></tr>\n";
    for (const AccessPrediction& a : k.accesses) {
      std::string cls(accessPatternName(a.pattern));
      out_ << "<tr class=\"ref " << cls << "\"><td><code>" << escape(a.name) << "</code>"
           << "</td><td>" << (a.access == facts::Access::Write ? "write" : "read")
           << "</td><td class=\"num\">" << a.line << "</td><td class=\"num\">" << fixed(a.perThread, 2) << "</td><td class=\"num\">"
           << (a.stride ? std::to_string(*a.stride) + " B" : std::string("-")) << "</td><td class=\"num\">"
           << fixed(a.exactTransactions, 2) << " / " << fixed(a.formulaTransactions, 0) << "</td><td class=\"num\">"
           << (a.cacheHits ? fixed(*a.cacheHits, 2) : std::string("-")) << "</td><td class=\"num\">" << fixed(a.l2Hits, 2)
           << "</td><td class=\"num\">" << fixed(a.dramBytesPerWarp, 0) << "</td><td class=\"class\">" << cls << "</td></tr>\n";
    }
    out_ << "</table></div>\n";
  }

  std::ostream& out_;
  const HtmlReportInput& now_;
  const HtmlReportInput* before_;
  std::map<std::string, const KernelPrediction*> nowKernels_, beforeKernels_;
  std::map<std::string, const LoopTreeEntry*> loopsByKey_;
  std::set<std::string> beforeLoops_;
};

}  // namespace

std::map<Id, KernelMeasurement> readMeasurements(SQLite::Database& db, const std::string& gpuKey) {
  std::map<Id, KernelMeasurement> measured;
  SQLite::Statement q(db, "SELECT loop_id, seconds, device FROM kernel_measurement WHERE gpu = ? ORDER BY time");
  q.bind(1, gpuKey);
  while (q.executeStep()) measured[q.getColumn(0).getInt64()] = {q.getColumn(1).getDouble(), q.getColumn(2).getString()};
  return measured;
}

void writeHtml(std::ostream& out, const HtmlReportInput& current, const HtmlReportInput* baseline) {
  HtmlWriter(out, current, baseline).write();
}

}  // namespace sapfor::predictor

/// @file HtmlReport.cpp
#include "predictor/HtmlReport.hpp"

#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sapfor::predictor {

LoopTree readLoopTree(SQLite::Database& db) {
  LoopTree tree;
  SQLite::Statement procedures(db,
      "SELECT p.proc_key, p.kind, coalesce(p.file, ''), coalesce(p.line, 0) FROM procedures p "
      "WHERE EXISTS (SELECT 1 FROM loops l WHERE l.procedure = p.proc_key) ORDER BY p.proc_id");
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
#kernel-table td { white-space: nowrap; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
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
    legend();
    kernelTable();
    loopTree();
    kernelDetails();
    out_ << "<footer>Written by dvmh-predict " << escape(std::string(db::toolVersion()))
         << ". The figures are the predictions of the model in MODEL.md (the thesis' chapter 4 and Hong &amp; Kim's MWP&ndash;CWP "
            "model), not measurements. The page is self-contained: no script, nothing fetched.</footer>\n</body>\n</html>\n";
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
             << ".</p>\n";
      std::vector<TransferGroup> groups = transferGroups(now_.prediction);
      if (!groups.empty()) {
        out_ << "<table class=\"transfers\"><caption>Host&harr;device copies by what causes them (MODEL.md &sect;12)</caption>\n"
             << "<tr><th>where</th><th>what</th><th>arrays</th><th class=\"num\">bytes</th><th class=\"num\">time</th></tr>\n";
        for (const TransferGroup& g : groups)
          out_ << "<tr><td>" << escape(g.procedure) << ":" << g.line << "</td><td>" << escape(g.kind) << "</td><td>"
               << escape(g.arrays) << "</td><td class=\"num\">" << static_cast<int64_t>(g.bytes) << "</td><td class=\"num\">"
               << formatDuration(g.seconds) << "</td></tr>\n";
        out_ << "</table>\n";
      }
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

  void kernelTable() {
    out_ << "<section id=\"kernels\">\n<h2>Kernels</h2>\n<div class=\"scroll\"><table id=\"kernel-table\">\n<thead><tr>"
         << "<th>kernel</th><th>block &times; blocks</th><th class=\"num\">regs</th><th>occupancy (limiter)</th>"
         << "<th>bound</th><th class=\"num\">one launch</th>"
         << (now_.measured.empty() ? "" : "<th class=\"num\">measured</th><th class=\"num\">error</th>")
         << "<th class=\"num\">launches</th><th class=\"num\">whole program</th>"
         << (before_ ? "<th class=\"num baseline\">before</th><th class=\"baseline\">change</th>" : "")
         << "<th>where one launch goes</th></tr></thead>\n<tbody>\n";
    double programTotal = now_.prediction.totalSeconds.value_or(0);
    for (const KernelPrediction& k : now_.prediction.kernels) {
      const KernelPrediction* old = before_ ? beforeKernel(k.loopKey) : nullptr;
      out_ << "<tr class=\"kernel-row\" data-loop-key=\"" << escape(k.loopKey) << "\" data-status=\"" << escape(k.status)
           << "\"><td><a class=\"key\" href=\"#" << anchor(k.loopKey) << "\">" << escape(k.loopKey) << "</a>"
           << (before_ && !old ? " <span class=\"badge new\">added</span>" : "") << "<br><span class=\"muted small\">"
           << escape(k.source) << "</span></td>";
      if (k.status != "ok") {
        out_ << "<td colspan=\"" << (now_.measured.empty() ? 7 : 9) << "\" class=\"unknown\">unknown: needs " << escape(joined(k.missing)) << "</td>";
        if (before_) beforeCells(old, &k);
        out_ << "<td></td></tr>\n";
        continue;
      }
      out_ << "<td>" << k.block[0] << "&times;" << k.block[1] << "&times;" << k.block[2] << " &times; " << k.blocks
           << "</td><td class=\"num\" title=\"" << escape(k.regsSource) << "\">" << k.regsPerThread << "</td><td>";
      occupancyCell(k);
      out_ << "</td><td>" << escape(k.bound) << "</td><td class=\"num\">"
           << formatDuration(oneLaunch(k)) << "</td>";
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
             << (programTotal > 0 ? " <span class=\"muted small\">(" + percent(k.totalSeconds, programTotal) + ")</span>" : "")
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
    if (before_)
      for (const KernelPrediction& old : before_->prediction.kernels) {
        if (nowKernels_.count(old.loopKey)) continue;
        out_ << "<tr class=\"kernel-row removed\" data-loop-key=\"" << escape(old.loopKey) << "\" data-status=\"removed\"><td><span class=\"key\">"
             << escape(old.loopKey) << "</span><br><span class=\"muted small\">" << escape(old.source)
             << "</span></td><td colspan=\"7\" class=\"note\">"
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
    out_ << "</tbody>\n</table></div>\n";
    if (now_.prediction.kernels.empty())
      out_ << "<p>No kernel: no user PARALLEL directive, no nest the DVMH expert proposes.</p>\n";
    if (before_)
      out_ << "<p class=\"small muted\">before and change: the whole program's time of the kernel when its launches are "
              "known in both, else one launch's.</p>\n";
    out_ << "</section>\n";
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
    out_ << "<section id=\"kernel-details\">\n<h2>Kernels in detail</h2>\n";
    for (const KernelPrediction& k : now_.prediction.kernels) {
      const KernelPrediction* old = before_ ? beforeKernel(k.loopKey) : nullptr;
      if (old && old->status != "ok") old = nullptr;
      out_ << "<article class=\"kernel-detail\" id=\"" << anchor(k.loopKey) << "\" data-loop-key=\"" << escape(k.loopKey)
           << "\">\n<h3><code>" << escape(k.loopKey) << "</code> <span class=\"muted small\">" << escape(k.source);
      auto loop = loopsByKey_.find(k.loopKey);
      if (loop != loopsByKey_.end()) out_ << ", " << escape(loop->second->file) << ":" << loop->second->line;
      out_ << "</span></h3>\n";
      if (k.status != "ok") {
        out_ << "<p class=\"unknown\">unknown: needs " << escape(joined(k.missing)) << " (<code>--param</code>).</p>\n</article>\n";
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
           << "), " << k.smemPerBlock << " B shared memory per block.</p>\n";
      references(k);
      out_ << "</article>\n";
    }
    out_ << "</section>\n";
  }

  void references(const KernelPrediction& k) {
    if (k.accesses.empty()) {
      out_ << "<p class=\"small muted\">No global memory reference.</p>\n";
      return;
    }
    out_ << "<table class=\"refs\"><tr><th>reference</th><th>access</th><th class=\"num\">line</th><th class=\"num\">per thread</th>"
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
    out_ << "</table>\n";
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

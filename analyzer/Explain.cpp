/// @file Explain.cpp
#include "analyzer/Explain.hpp"

#include "files/Terminal.hpp"

#include <filesystem>
#include <ostream>
#include <sstream>

namespace sapfor::analyzer {

namespace fs = std::filesystem;

std::string shownPath(const std::string& sourceRoot, const std::string& path) {
  if (sourceRoot.empty()) return path;
  fs::path full = fs::path(sourceRoot) / path;
  std::error_code ec;
  fs::path relative = fs::proximate(full, fs::current_path(ec), ec);
  if (ec) return full.string();
  // Relative to the working folder when the file is under it, else absolute: never "../..", whose
  // meaning depends on where one stands.
  std::string shown = relative.string();
  bool under = !shown.empty() && shown.rfind("..", 0) != 0 && !relative.is_absolute();
  return under ? shown : full.string();
}

namespace {

std::string lineAt(const std::string& shown, const AnalysisReport::Message& m, bool color) {
  std::string place = shown + ":" + std::to_string(m.line) + ":" + std::to_string(m.col) + ":";
  return files::bold(place, color) + " " + files::styledSeverity(m.severity, color) + ": " + m.message;
}

}  // namespace

void printMessages(std::ostream& out, const AnalysisReport& report, bool errorsOnly, bool color) {
  const std::string* lastPath = nullptr;
  std::string shown;
  for (const AnalysisReport::Message& m : report.messages) {
    if (errorsOnly && m.severity != "error") continue;
    if (!lastPath || *lastPath != m.path) shown = shownPath(report.sourceRoot, m.path), lastPath = &m.path;
    out << lineAt(shown, m, color) << "\n";
  }
}

std::string explainLoop(const Program& p, const LoopAnalysis& loops, const Expert& expert, Id loopId) {
  const LoopRow& l = p.loop(loopId);
  const LoopResult& r = loops.result(loopId);
  const Verdict& v = expert.verdict(loopId);
  std::ostringstream out;
  out << "loop " << l.key << " at " << shownPath(p.sourceRoot, p.file(l.fileId).path) << ":" << l.line;
  if (!l.var.empty()) out << ": DO " << l.var << " = " << l.lower << ", " << l.upper << (l.step.empty() ? "" : ", " + l.step);
  out << " (depth " << l.depth << ")\n";
  out << "verdict: " << (v.parallel ? "parallel" : "not parallel");
  if (v.across) out << ", as a pipeline (ACROSS)";
  out << " [" << v.source << (v.userDirective && !v.analysisParallel ? "; the analysis does not prove it" : "") << "]\n";
  bool any = false;
  for (const Reason& x : r.reasons) {
    bool pipelined = v.across && (x.kind == ReasonKind::Flow || x.kind == ReasonKind::Anti);
    if (!x.blocking || pipelined) continue;
    if (!any) out << "why not:\n";
    any = true;
    out << "  - " << x.message << "\n";
  }
  any = false;
  auto note = [&](const std::string& message) {
    if (!any) out << "notes:\n";
    any = true;
    out << "  - " << message << "\n";
  };
  for (const Reason& x : r.reasons)
    if (!x.blocking || (v.across && (x.kind == ReasonKind::Flow || x.kind == ReasonKind::Anti))) note(x.message);
  for (const auto& [loop, x] : expert.notes())
    if (loop == loopId) note(x.message);
  if (!r.traits.empty()) out << "scalars and location arrays:\n";
  for (const Trait& t : r.traits) {
    out << "  " << t.name << ": " << nameOf(t.trait);
    if (!t.op.empty()) out << " " << t.op;
    if (t.step) out << " step " << *t.step;
    if (!t.locVar.empty()) out << (t.op == "loc" ? " of " : " at ") << t.locVar;
    if (t.liveAfter && *t.liveAfter) out << ", read after the loop";
    out << " (first at line " << t.line << ")\n";
  }
  if (!r.dependences.empty()) out << "dependences it carries:\n";
  for (size_t index : r.dependences) {
    const Dependence& d = loops.dependences()[index];
    out << "  " << nameOf(d.kind) << " on " << d.name << " " << d.vector << (d.exact ? "" : ", not exact") << ": "
        << d.source->text() << " (line " << d.source->line << ") -> " << d.sink->text() << " (line " << d.sink->line << ")";
    if (!d.note.empty()) out << "; " << d.note;
    out << "\n";
  }
  for (const ExpertDirective& e : expert.directives())
    if (e.loopId == loopId && e.kind == "PARALLEL") out << "expert: " << e.text << "\n";
  for (const DirectiveRow& d : p.directives)
    if (d.loopId == loopId && d.kind == "PARALLEL") out << "user:   " << d.text << "\n";
  return out.str();
}

}  // namespace sapfor::analyzer

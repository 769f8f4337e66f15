/// @file Analyzer.cpp
#include "analyzer/Analyzer.hpp"

#include "schema/BatchedInsert.hpp"
#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace sapfor::analyzer {

int AnalysisReport::errors() const {
  return static_cast<int>(std::count_if(messages.begin(), messages.end(), [](const Message& m) { return m.severity == "error"; }));
}

void PROF(const char* what) {
  static auto t0 = std::chrono::steady_clock::now();
  if (!getenv("SAPFOR_PROF")) return;
  long rss = 0; FILE* f = fopen("/proc/self/statm", "r"); long a, b; if (f) { if (fscanf(f, "%ld %ld", &a, &b) == 2) rss = b * 4; fclose(f); }
  fprintf(stderr, "%s: %.2f s, rss %ld MB\n", what, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), rss / 1024);
}
std::unique_ptr<Analysis> runAnalysis(Program program) {
  PROF("loaded");
  auto a = std::make_unique<Analysis>();
  a->program = std::move(program);
  a->effects = std::make_unique<Effects>(a->program);
  PROF("effects");
  a->loops = std::make_unique<LoopAnalysis>(a->program, *a->effects);
  PROF("loops");
  a->expert = std::make_unique<Expert>(a->program, *a->loops);
  PROF("expert");
  return a;
}

namespace {

using db::BatchedInsert;

std::optional<int64_t> optional(const std::optional<bool>& b) {
  if (!b) return std::nullopt;
  return *b ? 1 : 0;
}

void writeSummaries(SQLite::Database& db, const Analysis& a) {
  BatchedInsert summary(db, "procedure_summary", {"proc_id", "io", "stop", "unknown_calls", "pure"});
  BatchedInsert effect(db, "procedure_effect",
                       {"proc_id", "name", "var_id", "scope", "position", "reads", "writes", "defines", "via"});
  for (const ProcedureRow& p : a.program.procedures) {
    const ProcedureSummary& s = a.effects->summary(p.id);
    if (!s.hasBody && p.kind != "entry") continue;
    std::string unknown;
    for (const std::string& name : s.unknownCalls) unknown += (unknown.empty() ? "" : ",") + name;
    summary.value(p.id).value(int64_t{s.io}).value(int64_t{s.stop}).text(unknown).value(int64_t{s.pure()}).endRow();
    for (const auto& [key, e] : s.effects)
      effect.value(p.id).value(e.name).id(e.varId).value(std::string(reachName(e.reach))).id(e.position)
          .value(int64_t{e.reads}).value(int64_t{e.writes}).value(int64_t{e.defines}).text(e.via).endRow();
  }
  summary.flush();
  effect.flush();
}

void writeLoops(SQLite::Database& db, const Analysis& a) {
  BatchedInsert verdict(db, "loop_verdict", {"loop_id", "parallel", "analysis_parallel", "across", "user_directive", "source"});
  BatchedInsert reason(db, "loop_reason", {"loop_id", "pos", "kind", "blocking", "name", "line", "message"});
  BatchedInsert trait(db, "loop_trait", {"loop_id", "name", "var_id", "trait", "op", "step", "loc_var", "loc_count",
                                         "live_after", "line"});
  std::map<Id, std::vector<const Reason*>> notes;
  for (const auto& [loop, r] : a.expert->notes()) notes[loop].push_back(&r);
  for (const Verdict& v : a.expert->verdicts()) {
    verdict.value(v.loopId).value(int64_t{v.parallel}).value(int64_t{v.analysisParallel}).value(int64_t{v.across})
        .value(int64_t{v.userDirective}).value(v.source).endRow();
    const LoopResult& r = a.loops->result(v.loopId);
    int64_t pos = 0;
    auto write = [&](const Reason& x, bool blocking, const std::string& message) {
      reason.value(v.loopId).value(++pos).value(x.kind).value(int64_t{blocking}).text(x.name).id(x.line).value(message).endRow();
    };
    for (const Reason& x : r.reasons) {
      // In a pipelined nest the dependences are what ACROSS handles: notes, not obstacles.
      bool pipelined = v.across && (x.kind == "flow" || x.kind == "anti");
      write(x, x.blocking && !pipelined, pipelined ? x.message + "; ACROSS pipelines it" : x.message);
    }
    for (const Reason* x : notes[v.loopId]) write(*x, false, x->message);
    for (const Trait& t : r.traits)
      trait.value(v.loopId).value(t.name).id(t.varId).value(t.trait).text(t.op).value(t.step).text(t.locVar)
          .value(t.locCount).value(optional(t.liveAfter)).id(t.line).endRow();
  }
  verdict.flush();
  reason.flush();
  trait.flush();

  BatchedInsert dependence(db, "dependence", {"dep_id", "loop_id", "name", "kind", "level", "distance", "direction", "exact",
                                              "vector", "pairs", "source_ref", "sink_ref", "source_line", "sink_line", "test",
                                              "note"});
  int64_t id = 0;
  for (const Dependence& d : a.loops->dependences())
    dependence.value(++id).value(d.loopId).value(d.name).value(d.kind).value(int64_t{d.level}).value(d.distance)
        .value(d.direction).value(int64_t{d.exact}).value(d.vector).value(int64_t{d.pairs}).id(d.source->refId).id(d.sink->refId)
        .value(int64_t{d.source->line}).value(int64_t{d.sink->line}).text(d.test).text(d.note).endRow();
  dependence.flush();

  BatchedInsert expert(db, "expert_directive", {"expert_id", "loop_id", "file_id", "line", "kind", "text"});
  id = 0;
  for (const ExpertDirective& e : a.expert->directives())
    expert.value(++id).id(e.loopId).value(e.fileId).value(int64_t{e.line}).value(e.kind).value(e.text).endRow();
  expert.flush();
}

}  // namespace

AnalysisReport writeAnalysis(SQLite::Database& db, const Analysis& a) {
  // An earlier run's results go (a fresh database from sapfor-lex has none).
  if (db::getMeta(db, "analysis")) {
    for (const char* table : {"procedure_summary", "procedure_effect", "loop_verdict", "loop_reason", "loop_trait",
                              "dependence", "expert_directive"})
      db.exec(std::string("DELETE FROM ") + table);
    db.exec("DELETE FROM diagnostic WHERE stage = 'analysis'");
  }
  writeSummaries(db, a);
  writeLoops(db, a);

  AnalysisReport report;
  report.loops = static_cast<int>(a.program.loops.size());
  for (const Verdict& v : a.expert->verdicts()) {
    report.parallel += v.analysisParallel;
    report.across += v.across;
  }
  for (const ExpertDirective& e : a.expert->directives()) report.expertDirectives += e.kind == "PARALLEL";
  for (const DirectiveRow& d : a.program.directives) report.userDirectives += d.kind == "PARALLEL" && d.loopId != 0;
  for (const Finding& f : a.expert->findings())
    report.messages.push_back({a.program.file(f.fileId).path, f.line, f.col, f.severity, f.message});
  std::stable_sort(report.messages.begin(), report.messages.end(), [](const auto& x, const auto& y) {
    return std::tie(x.path, x.line) < std::tie(y.path, y.line);
  });

  int64_t next = db.execAndGet("SELECT coalesce(max(diag_id), 0) FROM diagnostic").getInt64();
  BatchedInsert diagnostic(db, "diagnostic", {"diag_id", "file_id", "path", "line", "col", "severity", "message", "stage"});
  for (const Finding& f : a.expert->findings())
    diagnostic.value(++next).value(f.fileId).value(a.program.file(f.fileId).path).value(int64_t{f.line})
        .value(int64_t{f.col}).value(f.severity).value(f.message).value(std::string("analysis")).endRow();
  diagnostic.flush();
  db::setMeta(db, "analysis", std::string(db::toolVersion()));
  PROF("written");
  return report;
}

AnalysisReport analyze(SQLite::Database& db) { return writeAnalysis(db, *runAnalysis(loadProgram(db))); }


}  // namespace sapfor::analyzer

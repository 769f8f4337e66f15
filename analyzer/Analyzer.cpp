/// @file Analyzer.cpp
#include "analyzer/Analyzer.hpp"

#include "schema/BatchedInsert.hpp"
#include "schema/Database.hpp"

#include <algorithm>
#include <map>

namespace sapfor::analyzer {

int AnalysisReport::errors() const {
  return static_cast<int>(std::count_if(messages.begin(), messages.end(), [](const Message& m) { return m.severity == "error"; }));
}

namespace {

using db::BatchedInsert;

std::optional<int64_t> optional(const std::optional<bool>& b) {
  if (!b) return std::nullopt;
  return *b ? 1 : 0;
}

/// The rows of the analysis tables, written procedure by procedure.
class ResultWriter {
 public:
  explicit ResultWriter(SQLite::Database& db)
      : summary_(db, "procedure_summary", {"proc_id", "io", "stop", "unknown_calls", "pure"}),
        effect_(db, "procedure_effect", {"proc_id", "name", "var_id", "scope", "position", "reads", "writes", "defines", "via"}),
        verdict_(db, "loop_verdict", {"loop_id", "parallel", "analysis_parallel", "across", "user_directive", "source"}),
        reason_(db, "loop_reason", {"loop_id", "pos", "kind", "blocking", "name", "line", "message"}),
        trait_(db, "loop_trait", {"loop_id", "name", "var_id", "trait", "op", "step", "loc_var", "loc_count", "live_after",
                                  "line"}),
        dependence_(db, "dependence", {"dep_id", "loop_id", "name", "kind", "level", "distance", "direction", "exact", "vector",
                                       "pairs", "source_ref", "sink_ref", "source_line", "sink_line", "test", "note"}),
        expert_(db, "expert_directive", {"expert_id", "loop_id", "file_id", "line", "kind", "text", "rank"}),
        expertVar_(db, "expert_directive_var", {"expert_id", "clause", "pos", "name"}) {}

  void summaries(const Program& program, const Effects& effects) {
    for (const ProcedureRow& p : program.procedures) {
      const ProcedureSummary& s = effects.summary(p.id);
      if (!s.hasBody && p.kind != "entry") continue;
      std::string unknown;
      for (const std::string& name : s.unknownCalls) unknown += (unknown.empty() ? "" : ",") + name;
      summary_.value(p.id).value(int64_t{s.io}).value(int64_t{s.stop}).text(unknown).value(int64_t{s.pure()}).endRow();
      for (const auto& [key, e] : s.effects)
        effect_.value(p.id).value(e.name).id(e.varId).value(std::string(reachName(e.reach))).id(e.position)
            .value(int64_t{e.reads}).value(int64_t{e.writes}).value(int64_t{e.defines}).text(e.via).endRow();
    }
  }

  void procedure(const LoopAnalysis& loops, const Expert& expert) {
    std::map<Id, std::vector<const Reason*>> notes;
    for (const auto& [loop, r] : expert.notes()) notes[loop].push_back(&r);
    for (const Verdict& v : expert.verdicts()) {
      verdict_.value(v.loopId).value(int64_t{v.parallel}).value(int64_t{v.analysisParallel}).value(int64_t{v.across})
          .value(int64_t{v.userDirective}).value(v.source).endRow();
      const LoopResult& r = loops.result(v.loopId);
      int64_t pos = 0;
      auto write = [&](const Reason& x, bool blocking, const std::string& message) {
        reason_.value(v.loopId).value(++pos).value(x.kind).value(int64_t{blocking}).text(x.name).id(x.line).value(message)
            .endRow();
      };
      for (const Reason& x : r.reasons) {
        // In a pipelined nest the dependences are what ACROSS handles: notes, not obstacles.
        bool pipelined = v.across && (x.kind == "flow" || x.kind == "anti");
        write(x, x.blocking && !pipelined, pipelined ? x.message + "; ACROSS pipelines it" : x.message);
      }
      for (const Reason* x : notes[v.loopId]) write(*x, false, x->message);
      for (const Trait& t : r.traits)
        trait_.value(v.loopId).value(t.name).id(t.varId).value(t.trait).text(t.op).value(t.step).text(t.locVar)
            .value(t.locCount).value(optional(t.liveAfter)).id(t.line).endRow();
    }
    for (const Dependence& d : loops.dependences())
      dependence_.value(++dependences_).value(d.loopId).value(d.name).value(d.kind).value(int64_t{d.level})
          .value(d.distance).value(d.direction).value(int64_t{d.exact}).value(d.vector).value(int64_t{d.pairs})
          .id(d.source->refId).id(d.sink->refId).value(int64_t{d.source->line}).value(int64_t{d.sink->line}).text(d.test)
          .text(d.note).endRow();
    for (const ExpertDirective& e : expert.directives()) {
      expert_.value(++directives_).id(e.loopId).value(e.fileId).value(int64_t{e.line}).value(e.kind).value(e.text)
          .id(e.rank).endRow();
      int64_t pos = 0;
      for (const auto& [clause, name] : e.arrays) expertVar_.value(directives_).value(clause).value(++pos).value(name).endRow();
    }
  }

  void flush() {
    for (BatchedInsert* table : {&summary_, &effect_, &verdict_, &reason_, &trait_, &dependence_, &expert_, &expertVar_}) table->flush();
  }

 private:
  BatchedInsert summary_, effect_, verdict_, reason_, trait_, dependence_, expert_, expertVar_;
  int64_t dependences_ = 0, directives_ = 0;
};

}  // namespace

AnalysisReport analyze(SQLite::Database& db, const AnalysisOptions& options, Program* programOut) {
  // An earlier run's results go (a fresh database from sapfor-lex has none).
  if (db::getMeta(db, "analysis")) {
    for (const char* table : {"procedure_summary", "procedure_effect", "loop_verdict", "loop_reason", "loop_trait",
                              "dependence", "expert_directive_var", "expert_directive"})
      db.exec(std::string("DELETE FROM ") + table);
    db.exec("DELETE FROM diagnostic WHERE stage = 'analysis'");
  }
  ProgramReader reader(db);
  Program program = reader.read();
  AnalysisReport report;
  report.sourceRoot = program.sourceRoot;
  report.loops = static_cast<int>(program.loopCount);
  Effects effects(program, reader);
  DirectiveIndex index(program);
  ResultWriter writer(db);
  writer.summaries(program, effects);
  std::vector<Finding> findings;
  for (const ProcedureRow& p : program.procedures) {
    if (p.loops.empty()) continue;
    reader.load(program, p.id, ProgramReader::Detail::All);
    LoopAnalysis loops(program, effects);
    Expert expert(program, loops, index);
    writer.procedure(loops, expert);
    if (options.inspect) options.inspect(program, loops, expert);
    for (const Verdict& v : expert.verdicts()) {
      report.parallel += v.analysisParallel;
      report.across += v.across;
    }
    for (const ExpertDirective& e : expert.directives()) {
      report.expertDirectives += e.kind == "PARALLEL";
      if (options.keepDirectives) report.directives.push_back(e);
    }
    findings.insert(findings.end(), expert.findings().begin(), expert.findings().end());
  }
  writer.flush();
  for (const DirectiveRow& d : program.directives) report.userDirectives += d.kind == "PARALLEL" && d.loopId != 0;

  std::stable_sort(findings.begin(), findings.end(), [&](const Finding& x, const Finding& y) {
    return std::make_tuple(program.file(x.fileId).path, x.line) < std::make_tuple(program.file(y.fileId).path, y.line);
  });
  int64_t next = db.execAndGet("SELECT coalesce(max(diag_id), 0) FROM diagnostic").getInt64();
  BatchedInsert diagnostic(db, "diagnostic", {"diag_id", "file_id", "path", "line", "col", "severity", "message", "stage"});
  for (const Finding& f : findings) {
    const std::string& path = program.file(f.fileId).path;
    report.messages.push_back({path, f.line, f.col, f.severity, f.message});
    diagnostic.value(++next).value(f.fileId).value(path).value(int64_t{f.line}).value(int64_t{f.col}).value(f.severity)
        .value(f.message).value(std::string("analysis")).endRow();
  }
  diagnostic.flush();
  db::setMeta(db, "analysis", std::string(db::toolVersion()));
  if (programOut) {
    program.loops.clear();
    program.statements.clear();
    program.arrayRefs.clear();
    *programOut = std::move(program);
  }
  return report;
}

}  // namespace sapfor::analyzer

/// @file Analyzer.cpp
#include "analyzer/Analyzer.hpp"

#include "schema/BatchedInsert.hpp"
#include "schema/Database.hpp"


#include "threads/OrderedPipeline.hpp"
#include "threads/TurnLock.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>

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

/// loop_trait's rows, half of the analysis' rows, most of them readonly: the commonest traits go
/// through statements that bind only the columns they use, the trait being part of the statement
/// (a readonly row binds 4 values instead of 10). Any other row, and one of those kinds with a
/// column its kind does not use set, takes the statement with every column (reductions keep their
/// order: a REDUCTION clause lists them in it).
class TraitRows {
 public:
  explicit TraitRows(SQLite::Database& db)
      : readonly_(db, "loop_trait", {"loop_id", "name", "var_id", "line"}, {literal(TraitKind::ReadOnly)}),
        private_(db, "loop_trait", {"loop_id", "name", "var_id", "line", "live_after"}, {literal(TraitKind::Private)}),
        induction_(db, "loop_trait", {"loop_id", "name", "var_id", "line", "step", "live_after"}, {literal(TraitKind::Induction)}),
        any_(db, "loop_trait", {"loop_id", "name", "var_id", "line", "trait", "op", "step", "loc_var", "loc_count", "live_after"}) {}

  void add(Id loopId, const Trait& t) {
    bool noReduction = t.op.empty() && t.locVar.empty() && !t.locCount;
    if (t.trait == TraitKind::ReadOnly && noReduction && !t.step && !t.liveAfter) {
      common(readonly_, loopId, t).endRow();
    } else if (t.trait == TraitKind::Private && noReduction && !t.step) {
      common(private_, loopId, t).value(optional(t.liveAfter)).endRow();
    } else if (t.trait == TraitKind::Induction && noReduction) {
      common(induction_, loopId, t).value(t.step).value(optional(t.liveAfter)).endRow();
    } else {
      common(any_, loopId, t).value(nameOf(t.trait)).text(t.op).value(t.step).text(t.locVar).value(t.locCount)
          .value(optional(t.liveAfter)).endRow();
    }
  }

  void flush() {
    for (BatchedInsert* rows : {&readonly_, &private_, &induction_, &any_}) rows->flush();
  }

 private:
  /// The trait column set to a kind's name in the statement itself.
  static BatchedInsert::Constant literal(TraitKind kind) {
    std::string quoted(1, '\'');  // appended, not "'" + name: GCC 12 warns falsely (-Wrestrict) on that
    quoted.append(nameOf(kind)).push_back('\'');
    return {"trait", quoted};
  }
  static BatchedInsert& common(BatchedInsert& rows, Id loopId, const Trait& t) {
    return rows.value(loopId).value(t.name).id(t.varId).id(t.line);
  }
  BatchedInsert readonly_, private_, induction_, any_;
};

/// The rows of the analysis tables, written procedure by procedure.
class ResultWriter {
 public:
  explicit ResultWriter(SQLite::Database& db)
      : summary_(db, "procedure_summary", {"proc_id", "io", "stop", "unknown_calls", "pure"}),
        effect_(db, "procedure_effect", {"proc_id", "name", "var_id", "scope", "position", "reads", "writes", "defines", "via"}),
        verdict_(db, "loop_verdict", {"loop_id", "parallel", "analysis_parallel", "across", "user_directive", "source"}),
        reason_(db, "loop_reason", {"loop_id", "pos", "kind", "blocking", "name", "line", "message"}),
        trait_(db),
        dependence_(db, "dependence", {"dep_id", "loop_id", "name", "kind", "level", "distance", "direction", "exact", "vector",
                                       "pairs", "source_ref", "sink_ref", "source_line", "sink_line", "test", "note"}),
        expert_(db, "expert_directive", {"expert_id", "loop_id", "file_id", "line", "kind", "text", "rank"}),
        expertVar_(db, "expert_directive_var", {"expert_id", "clause", "pos", "name"}),
        update_(db, "update_pattern", {"stmt_id", "var_id", "name", "op", "guard_stmt", "of_name", "step"}) {}

  /// The update patterns of the procedure loaded in `program`: written once per procedure, when
  /// its code is first loaded (they do not depend on the summaries, so a procedure analyzed
  /// again keeps them).
  void updates(const Program& program) {
    for (const UpdateRow& u : program.updates)
      update_.value(u.stmtId).id(u.varId).value(u.name).value(nameOf(u.op)).id(u.guardStmt).text(u.of).value(u.step).endRow();
  }

  void summaries(const Program& program, const Effects& effects) {
    for (const ProcedureRow& p : program.procedures) {
      const ProcedureSummary& s = effects.summary(p.id);
      if (!s.hasBody && p.kind != ProcedureKind::Entry) continue;
      std::string unknown;
      for (const std::string& name : s.unknownCalls) unknown += (unknown.empty() ? "" : ",") + name;
      summary_.value(p.id).value(int64_t{s.io}).value(int64_t{s.stop}).text(unknown).value(int64_t{s.pure()}).endRow();
      for (const auto& [key, e] : s.effects)
        effect_.value(p.id).value(e.name).id(e.varId).value(std::string(reachName(e.reach))).id(e.position)
            .value(int64_t{e.reads}).value(int64_t{e.writes}).value(int64_t{e.defines}).text(e.via).endRow();
    }
  }

  void procedure(Id procId, const LoopAnalysis& loops, const Expert& expert) {
    int64_t dependences = 0, directives = 0;
    auto nextId = [&](int64_t& ordinal, const char* what) {
      if (++ordinal >= kIdsPerProcedure)
        throw std::runtime_error("procedure " + std::to_string(procId) + " has more " + what + " than the analysis numbers");
      return procId * kIdsPerProcedure + ordinal;
    };
    std::map<Id, std::vector<const Reason*>> notes;
    for (const auto& [loop, r] : expert.notes()) notes[loop].push_back(&r);
    for (const Verdict& v : expert.verdicts()) {
      verdict_.value(v.loopId).value(int64_t{v.parallel}).value(int64_t{v.analysisParallel}).value(int64_t{v.across})
          .value(int64_t{v.userDirective}).value(v.source).endRow();
      const LoopResult& r = loops.result(v.loopId);
      int64_t pos = 0;
      auto write = [&](const Reason& x, bool blocking, const std::string& message) {
        reason_.value(v.loopId).value(++pos).value(nameOf(x.kind)).value(int64_t{blocking}).text(x.name).id(x.line).value(message)
            .endRow();
      };
      for (const Reason& x : r.reasons) {
        // In a pipelined nest the dependences are what ACROSS handles: notes, not obstacles.
        bool pipelined = v.across && (x.kind == ReasonKind::Flow || x.kind == ReasonKind::Anti);
        write(x, x.blocking && !pipelined, pipelined ? x.message + "; ACROSS pipelines it" : x.message);
      }
      for (const Reason* x : notes[v.loopId]) write(*x, false, x->message);
      for (const Trait& t : r.traits) trait_.add(v.loopId, t);
    }
    for (const Dependence& d : loops.dependences())
      dependence_.value(nextId(dependences, "dependences")).value(d.loopId).value(d.name).value(nameOf(d.kind)).value(int64_t{d.level})
          .value(d.distance).value(d.direction).value(int64_t{d.exact}).value(d.vector).value(int64_t{d.pairs})
          .id(d.source->refId).id(d.sink->refId).value(int64_t{d.source->line}).value(int64_t{d.sink->line}).text(d.test)
          .text(d.note).endRow();
    for (const ExpertDirective& e : expert.directives()) {
      int64_t id = nextId(directives, "directives");
      expert_.value(id).id(e.loopId).value(e.fileId).value(int64_t{e.line}).value(e.kind).value(e.text).id(e.rank).endRow();
      int64_t pos = 0;
      for (const auto& [clause, name] : e.arrays) expertVar_.value(id).value(clause).value(++pos).value(name).endRow();
    }
  }

  void flush() {
    for (BatchedInsert* table : {&summary_, &effect_, &verdict_, &reason_, &dependence_, &expert_, &expertVar_, &update_})
      table->flush();
    trait_.flush();
  }

 private:
  BatchedInsert summary_, effect_, verdict_, reason_;
  TraitRows trait_;
  BatchedInsert dependence_, expert_, expertVar_, update_;
};

/// A call inside a nest the expert proposes: what the callee runs, and whatever it calls, runs
/// inside that nest's kernel.
struct KernelCall {
  Id procId = 0;  ///< the caller
  std::string nestKey;
  CallSpec call;
  int line = 0;
};

/// The calls inside the nests the expert proposes for the procedure loaded in `program`.
void kernelCalls(const Program& program, const Expert& expert, std::vector<KernelCall>& out) {
  for (const ExpertDirective& e : expert.directives()) {
    if (e.kind != "PARALLEL") continue;
    const LoopRow& nest = program.loop(e.loopId);
    for (const CallRow& c : program.calls)
      if (c.kind != CallKind::StatementFunction && c.stmtId >= nest.firstStmt && c.stmtId <= nest.lastStmt)
        out.push_back({program.current, nest.key, CallSpec::of(c), c.line});
  }
}

/// DVMH runs no PARALLEL inside another one's kernel: once every procedure is analyzed, the
/// expert's directives in the procedures that a proposed nest calls, directly or through other
/// calls, are withdrawn (the outer nest keeps the wider parallelism), with a note on each loop
/// that loses its PARALLEL.
void withdrawInsideKernels(SQLite::Database& db, const Program& program, const Effects& effects,
                           const std::vector<KernelCall>& calls, AnalysisReport& report) {
  std::map<Id, const KernelCall*> reachedBy;  // a procedure, the call in a proposed nest that reaches it
  std::vector<Id> pending;
  auto reach = [&](const CallSpec& call, Id caller, const KernelCall* by) {
    for (const CallTarget& t : effects.resolve(call, caller).targets)
      if (reachedBy.emplace(t.proc, by).second) pending.push_back(t.proc);
  };
  // In source order, whatever order the procedures were analyzed in: the note names the first
  // nest that reaches a procedure.
  std::vector<const KernelCall*> ordered;
  for (const KernelCall& c : calls) ordered.push_back(&c);
  std::stable_sort(ordered.begin(), ordered.end(), [](const KernelCall* x, const KernelCall* y) {
    return std::tie(x->procId, x->line) < std::tie(y->procId, y->line);
  });
  for (const KernelCall* c : ordered) reach(c->call, c->procId, c);
  if (reachedBy.empty()) return;
  facts::Reader rows(db, facts::Reader::Expressions::Skip);
  std::vector<CallRow> callees;
  while (!pending.empty()) {
    Id procId = pending.back();
    pending.pop_back();
    const IdRange range = program.procedure(procId).calls;
    callees.clear();
    if (!range.empty()) rows.calls(range.first, range.last, callees);
    for (const CallRow& c : callees)
      if (c.kind != CallKind::StatementFunction) reach(CallSpec::of(c), procId, reachedBy[procId]);
  }
  // main.: sapfor-lex's databases of the analysis' rows, attached, have the same tables.
  SQLite::Statement directives(db, "SELECT loop_id, kind, line FROM main.expert_directive WHERE expert_id BETWEEN ?1 AND ?2 "
                                   "ORDER BY expert_id");
  SQLite::Statement nextPos(db, "SELECT coalesce(max(pos), 0) + 1 FROM main.loop_reason WHERE loop_id = ?");
  SQLite::Statement note(db, "INSERT INTO main.loop_reason (loop_id, pos, kind, blocking, name, line, message) "
                             "VALUES (?1, ?2, '" + std::string(nameOf(ReasonKind::InsideKernel)) + "', 0, ?3, ?4, ?5)");
  SQLite::Statement dropVars(db, "DELETE FROM main.expert_directive_var WHERE expert_id BETWEEN ?1 AND ?2");
  SQLite::Statement drop(db, "DELETE FROM main.expert_directive WHERE expert_id BETWEEN ?1 AND ?2");
  std::set<Id> withdrawn;  // the loops the withdrawn directives name
  for (const auto& [procId, by] : reachedBy) {
    const int64_t first = procId * kIdsPerProcedure, last = (procId + 1) * kIdsPerProcedure - 1;
    directives.bind(1, first);
    directives.bind(2, last);
    std::vector<std::pair<Id, int>> parallel;
    while (directives.executeStep()) {
      Id loopId = directives.getColumn(0).getInt64();
      withdrawn.insert(loopId);
      if (directives.getColumn(1).getString() == "PARALLEL") parallel.emplace_back(loopId, directives.getColumn(2).getInt());
    }
    directives.reset();
    const std::string& name = program.procedure(procId).name;
    std::string message = "parallel, but not proposed: " + by->nestKey + ", which the expert proposes, calls " + by->call.callee +
                          " (line " + std::to_string(by->line) + ")" +
                          (by->call.callee == name ? "" : ", which reaches " + name) +
                          ", and DVMH runs no PARALLEL inside another one's kernel";
    for (const auto& [loopId, line] : parallel) {
      nextPos.bind(1, loopId);
      nextPos.executeStep();
      int64_t pos = nextPos.getColumn(0).getInt64();
      nextPos.reset();
      note.bind(1, loopId);
      note.bind(2, pos);
      note.bind(3, name);
      note.bind(4, line);
      note.bind(5, message);
      note.exec();
      note.reset();
      report.withdrawn.emplace_back(loopId, message);
    }
    report.expertDirectives -= static_cast<int>(parallel.size());
    for (SQLite::Statement* q : {&dropVars, &drop}) {
      q->bind(1, first);
      q->bind(2, last);
      q->exec();
      q->reset();
    }
  }
  std::erase_if(report.directives, [&](const ExpertDirective& e) { return withdrawn.count(e.loopId) > 0; });
}

/// Analyzes the procedure loaded in `program` and writes its rows.
/// `final`, when given, says whether the loop analysis may be kept (else nothing is written and
/// analyzeLoaded returns false). `scratch`: what scratchCommons proved (LoopAnalysis).
bool analyzeLoaded(const Program& program, const Effects& effects, const DirectiveIndex& index, ResultWriter& writer,
                   const AnalysisOptions& options, AnalysisReport& report, std::vector<Finding>& findings,
                   std::vector<KernelCall>& inKernels, const std::function<bool(const LoopAnalysis&)>& final = {},
                   const std::set<Id>* scratch = nullptr) {
  LoopAnalysis loops(program, effects, scratch);
  if (final && !final(loops)) return false;
  Expert expert(program, loops, index);
  writer.procedure(program.current, loops, expert);
  kernelCalls(program, expert, inKernels);
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
  return true;
}

/// The user PARALLEL directives among `directives` (those the analysis checks).
int userParallelDirectives(const std::vector<DirectiveRow>& directives) {
  return static_cast<int>(std::count_if(directives.begin(), directives.end(),
                                        [](const DirectiveRow& d) { return d.kind == "PARALLEL" && d.loopId != 0; }));
}

/// Whether the load reported an error in the database `db`.
bool loadErrors(SQLite::Database& db) {
  return db.execAndGet("SELECT count(*) FROM diagnostic WHERE severity = 'error'").getInt64() > 0;
}

/// Of `candidates` (LoopAnalysis::commonCandidates: COMMON arrays and scalars, each a variable
/// of the procedure that has the loop), those that no procedure of the program reads but after
/// writing them itself (LoopAnalysis::readOnlyAfterWriting: an array in the same iteration of a
/// loop around the read, a scalar on every path from the procedure's start and from its calls
/// that may write it), so that what a loop leaves in one, private to it, is read by no other
/// procedure. It takes the whole program: none
/// when there is no main program (a caller elsewhere could read the block), a load error, or a
/// call to a procedure with no body here (it could read the block); none of a block that a
/// module declares or a procedure with internal procedures or ENTRY points (other names, other
/// ids). Loads each procedure that declares such a block into `program` (`load`) and analyzes it.
/// `loadErrors`: whether the load reported an error (the program may lack some of its code).
std::set<Id> scratchCommons(bool loadErrors, Program& program, const std::function<void(Id)>& load, const Effects& effects,
                            const std::set<Id>& candidates) {
  if (candidates.empty() || loadErrors) return {};
  bool mainProgram = false;
  for (const ProcedureRow& p : program.procedures) {
    mainProgram = mainProgram || p.kind == ProcedureKind::Program;
    if (!effects.summary(p.id).unknownCalls.empty()) return {};
  }
  if (!mainProgram) return {};
  std::map<Id, std::set<Id>> asked;  // procedure -> its members to ask about
  std::map<Id, std::vector<std::pair<Id, Id>>> needs;  // candidate -> (procedure, member)
  std::set<Id> refused;
  for (Id candidate : candidates)
    for (const auto& [procId, members] : effects.commonViews(candidate)) {
      const ProcedureKind kind = program.procedure(procId).kind;
      if (kind == ProcedureKind::BlockData) continue;  // initial values only
      if (kind == ProcedureKind::Module || kind == ProcedureKind::Submodule || effects.hosts(procId)) refused.insert(candidate);
      for (Id m : members) {
        asked[procId].insert(m);
        needs[candidate].emplace_back(procId, m);
      }
    }
  std::set<std::pair<Id, Id>> reads;  // (procedure, member) read only after writing
  for (const auto& [procId, members] : asked) {
    if (program.procedure(procId).kind == ProcedureKind::Module || program.procedure(procId).kind == ProcedureKind::Submodule) continue;
    load(procId);
    LoopAnalysis loops(program, effects);
    for (Id m : members)
      if (loops.readOnlyAfterWriting(m)) reads.emplace(procId, m);
  }
  std::set<Id> scratch;
  for (const auto& [candidate, pairs] : needs)
    if (!refused.count(candidate) &&
        std::all_of(pairs.begin(), pairs.end(), [&](const std::pair<Id, Id>& q) { return reads.count(q) != 0; }))
      scratch.insert(candidate);
  return scratch;
}

/// The findings as diagnostics (in file and line order), the meta row.
void finishReport(SQLite::Database& db, const Program& program, std::vector<Finding>& findings, AnalysisReport& report) {
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
}

}  // namespace

AnalysisReport analyze(SQLite::Database& db, const AnalysisOptions& options, Program* programOut) {
  // An earlier run's results go (a fresh database from sapfor-lex has none).
  for (const char* table : {"procedure_summary", "procedure_effect", "loop_verdict", "loop_reason", "loop_trait",
                            "dependence", "expert_directive_var", "expert_directive", "update_pattern"})
    db.exec(std::string("DELETE FROM ") + table);
  db.exec("DELETE FROM diagnostic WHERE stage = 'analysis'");
  ProgramReader reader(db);
  Program program = reader.read();
  AnalysisReport report;
  report.sourceRoot = program.sourceRoot;
  report.loops = static_cast<int>(program.loopCount);
  report.userDirectives = userParallelDirectives(program.directives);
  Effects effects(program, reader);
  DirectiveIndex index(program);
  ResultWriter writer(db);
  writer.summaries(program, effects);
  std::vector<Finding> findings;
  std::vector<KernelCall> inKernels;
  // A procedure with a loop that a COMMON array could be private to waits for the whole
  // program's answer (scratchCommons).
  std::vector<Id> waiting;
  std::set<Id> candidates;
  auto noCandidates = [&](const LoopAnalysis& loops) {
    candidates.insert(loops.commonCandidates().begin(), loops.commonCandidates().end());
    return loops.commonCandidates().empty();
  };
  for (const ProcedureRow& p : program.procedures) {
    if (p.loops.empty()) continue;
    reader.load(program, p.id, Program::Detail::All);
    writer.updates(program);
    if (!analyzeLoaded(program, effects, index, writer, options, report, findings, inKernels, noCandidates))
      waiting.push_back(p.id);
  }
  const std::set<Id> scratch =
      scratchCommons(!candidates.empty() && loadErrors(db), program,
                     [&](Id procId) { reader.load(program, procId, Program::Detail::All); }, effects, candidates);
  for (Id procId : waiting) {
    reader.load(program, procId, Program::Detail::All);
    analyzeLoaded(program, effects, index, writer, options, report, findings, inKernels, {}, &scratch);
  }
  writer.flush();
  withdrawInsideKernels(db, program, effects, inKernels, report);
  finishReport(db, program, findings, report);
  if (programOut) {
    program.loops.clear();
    program.statements.clear();
    program.arrayRefs.clear();
    *programOut = std::move(program);
  }
  return report;
}

// ---- during the load --------------------------------------------------------------------------

/// The analysis tables, for the rows written beside the load.
const std::vector<std::string> kResultTables = {"procedure_summary", "procedure_effect", "loop_verdict", "loop_reason",
                                                "loop_trait", "dependence", "expert_directive", "expert_directive_var",
                                                "update_pattern"};

/// A database of the analysis' rows beside the new one, written through a connection of its own
/// (the load's inserts never wait for the analysis'), attached to the new one as `schema`
/// (its file: the new one's name and "-" schema) for StreamingAnalysis::finish() to append.
class ResultsDatabase {
 public:
  ResultsDatabase(SQLite::Database& db, const std::string& schema) : schema_(schema) {
    {
      auto deferred = files::deferInterruptions();  // created where an interruption finds it
      path_ = files::TemporaryPath(db.getFilename() + "-" + schema);
      connection_ = db::open(path_.path(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX);
    }
    write([&] {
      connection_->exec("PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -2048");
      connection_->exec(std::string(db::analysisSchemaText()));
    });
    db::attach(db, path_.path(), schema);  // now, while the new database is still small to commit
    connection_->exec("BEGIN");
    writer_.emplace(*connection_);
  }
  ~ResultsDatabase() {
    writer_.reset();
    connection_.reset();  // before path_ removes the file
  }
  ResultsDatabase(const ResultsDatabase&) = delete;
  ResultsDatabase& operator=(const ResultsDatabase&) = delete;

  ResultWriter& writer() { return *writer_; }
  SQLite::Database& connection() { return *connection_; }

  /// Runs `work`, which writes through this connection: an SQLite error gets the system's
  /// reason in its message (a full disk), which only this connection knows.
  template <class Work>
  void write(Work&& work) {
    try {
      work();
    } catch (const SQLite::Exception& e) {
      throw SQLite::Exception(db::errorText(e, *connection_), e.getErrorCode());
    }
  }

  /// The rows written, committed for the new database's connection to read; no more come.
  void commit() {
    write([&] {
      writer_->flush();
      writer_.reset();
      connection_->exec("COMMIT");
    });
  }

  /// Appends the rows to the new database's tables (after commit()), one table at a time, each
  /// under `lock`; into a table still empty, a record at a time, undecoded.
  void appendTo(SQLite::Database& db, threads::TurnLock& lock) const {
    for (const std::string& table : kResultTables) {
      std::lock_guard<threads::TurnLock> hold(lock);
      db.exec("INSERT INTO main." + table + " SELECT * FROM " + schema_ + "." + table);
    }
  }

 private:
  std::string schema_;
  files::TemporaryPath path_;
  std::unique_ptr<SQLite::Database> connection_;
  std::optional<ResultWriter> writer_;
};

/// Reads procedures' code back from the new database through its connection, which the main
/// thread uses too (it is opened without SQLite's mutexes): every use, the preparation and the
/// finalization of the reader's statements included, under `lock`, each query run to its end so
/// that nothing stays open between two of the other thread's statements. Those are long (an
/// index, a table's rows): the reader takes the lock seldom, reading the code of the procedures
/// to analyze ahead, a bounded amount at a time.
class SharedReader {
 public:
  /// Statements read ahead in one hold of the lock, at most (unless one procedure has more): on
  /// the 500k-line bench corpus, the procedures analyzed at the end in one or two reads.
  static constexpr Id kReadAhead = 20'000;

  SharedReader(SQLite::Database& db, threads::TurnLock& lock) : db_(db), lock_(lock) {}
  ~SharedReader() {
    std::lock_guard<threads::TurnLock> hold(lock_);
    reader_.reset();
  }
  SharedReader(const SharedReader&) = delete;
  SharedReader& operator=(const SharedReader&) = delete;

  /// Runs `work` holding the lock throughout: its loads do not take it again.
  template <class Work>
  void holding(Work&& work) {
    std::lock_guard<threads::TurnLock> hold(lock_);
    held_ = true;
    try {
      work();
    } catch (...) {
      held_ = false;
      throw;
    }
    held_ = false;
  }

  /// Reads the code of `procs[next]` and of the ones after it, up to kReadAhead statements, for
  /// load(); returns the index after the last one read.
  size_t readAhead(const Program& program, const std::vector<Id>& procs, size_t next) {
    auto hold = turn();
    for (Id statements = 0; next < procs.size() && statements < kReadAhead; ++next) {
      const ProcedureRow& p = program.procedure(procs[next]);
      statements += std::max<Id>(1, p.statements.empty() ? 0 : p.statements.last - p.statements.first + 1);
      ahead_[procs[next]] = reader().code(program, procs[next], Program::Detail::All);
    }
    return next;
  }

  void load(Program& program, Id procId, Program::Detail detail) {
    facts::FileRows code;
    auto ahead = ahead_.find(procId);
    if (ahead != ahead_.end() && detail == Program::Detail::All) {
      code = std::move(ahead->second);
      ahead_.erase(ahead);
    } else {
      auto hold = turn();
      code = reader().code(program, procId, detail);
    }
    program.loadCode(procId, std::move(code), detail);
  }

  bool loadErrors() {
    auto hold = turn();
    return analyzer::loadErrors(db_);
  }

 private:
  /// The lock, unless holding() holds it already.
  std::unique_lock<threads::TurnLock> turn() {
    return held_ ? std::unique_lock<threads::TurnLock>() : std::unique_lock<threads::TurnLock>(lock_);
  }
  ProgramReader& reader() {
    if (!reader_) reader_.emplace(db_);
    return *reader_;
  }

  SQLite::Database& db_;
  threads::TurnLock& lock_;
  bool held_ = false;
  std::optional<ProgramReader> reader_;
  std::map<Id, facts::FileRows> ahead_;  ///< read ahead, not loaded yet
};

struct StreamingAnalysis::State {
  /// The thread that writes the facts is the load's critical path: the analysis yields to it
  /// (a little less than the parsing threads do: frontend/Loader.cpp) and may fall up to this many
  /// files behind before that thread waits for it, catching up while the indexes are built.
  /// Measured on the 500k-line bench corpus (2 cores, alternated medians of 7 runs): nice +2 3.37 s,
  /// +3 3.34, +4 3.32, +5 and +6 3.33, peak memory +2 MB. (When the analysis cost more, +2 against
  /// none took 3.74 -> 3.60 s; 4 files with the same priority, or 16 without it, changed nothing.)
  static constexpr int kPriorityDrop = 4;
  static constexpr size_t kQueuedFiles = 16;

  SQLite::Database& db;
  /// Once the load has written its last row, the main thread (the indexes, the appends) and the
  /// analysis thread (the code of the procedures left to the end, read back) share the new
  /// database's connection: one statement, or one procedure's read, at a time under this lock.
  threads::TurnLock connection;
  /// The rows of the procedures analyzed during the load, committed once the calls are resolved
  /// (settle), which finish() appends while the analysis thread writes the rest's and the
  /// summaries' rows to `late`.
  ResultsDatabase early, late;
  /// Where the rows of `early` stand, for finish(): still written, committed, or never to be
  /// (the thread failed: finish() rethrows why).
  enum class Stage { Analyzing, Settled, Failed };
  std::mutex stageLock;
  std::condition_variable stageChanged;
  Stage stage = Stage::Analyzing;
  /// Set when the analysis is abandoned (a failed load): the work at the end stops between procedures.
  std::atomic<bool> abandoned{false};
  Program program;
  std::optional<Effects> effects{std::in_place, program};  ///< reset once finish() no longer needs it
  /// DISTRIBUTE and ALIGN so far (all an ON clause may need: see DirectiveIndex), and the user's
  /// PARALLEL directives of the file at hand. `program.directives` holds the file's directive
  /// rows only: the whole program's would grow with it.
  DirectiveIndex fileIndex;
  /// Procedures with loops that call others not settled yet: read back from the database once
  /// the load is over (their code is not kept meanwhile, so that memory stays per file), and
  /// their user PARALLEL directives (the settled ones' too: they may be analyzed again).
  std::vector<Id> deferred;
  std::deque<DirectiveRow> deferredDirectives;
  /// Procedures with loops that call only procedures whose summaries were settled (see
  /// Effects::settledCallee): analyzed at once, checked by settle(), which has them analyzed again
  /// if a call reaches another procedure in the end. What to take back then is kept with them.
  struct Settled {
    Id procId = 0;
    std::vector<std::pair<CallSpec, ResolvedCall>> calls;  ///< a call, the procedures it reached
    size_t firstFinding = 0, endFinding = 0;
    int parallel = 0, across = 0, expertDirectives = 0;
  };
  std::vector<Settled> settled;
  AnalysisReport report;
  std::vector<Finding> findings;
  std::vector<KernelCall> inKernels;  ///< the calls inside proposed nests so far

  explicit State(SQLite::Database& d) : db(d), early(d, "analysis"), late(d, "analysis_late") {}
  ~State() {
    abandoned = true;
    pipeline.reset();  // cancelled and joined before what its thread uses goes
  }

  void reached(Stage now) {
    {
      std::lock_guard<std::mutex> hold(stageLock);
      if (stage == Stage::Analyzing) stage = now;
    }
    stageChanged.notify_all();
  }
  /// Waits until the rows of `early` are committed: false if they never will be.
  bool waitSettled() {
    std::unique_lock<std::mutex> hold(stageLock);
    stageChanged.wait(hold, [&] { return stage != Stage::Analyzing; });
    return stage == Stage::Settled;
  }

  void analyzeFile(facts::FileRows& rows) {
    program.directives.clear();
    const Id firstProc = static_cast<Id>(program.procedures.size()) + 1;
    const size_t count = rows.procedures.size();
    program.addWholeProgramRows(rows);
    std::vector<facts::FileRows> split = Program::splitByProcedure(std::move(rows), firstProc, count);
    std::vector<Program> codes(count);
    for (size_t i = 0; i < count; ++i) {
      program.loadCode(firstProc + static_cast<Id>(i), std::move(split[i]), Program::Detail::All);
      early.writer().updates(program);
      program.swapCode(codes[i]);
    }
    report.userDirectives += userParallelDirectives(program.directives);
    fileIndex.parallelByProcedure.clear();
    for (const DirectiveRow& d : program.directives) fileIndex.add(d);
    // Every procedure of the file is summarized first: a call may reach one further down.
    for (Program& code : codes) {
      program.swapCode(code);
      effects->addLoaded();
      program.swapCode(code);
    }
    for (Program& code : codes) {
      if (code.loops.empty()) continue;
      program.swapCode(code);
      Settled check{program.current, {}, findings.size()};
      bool now = true;
      std::vector<const CallRow*> after;  // calls outside loops whose callee is not settled yet
      for (const CallRow& c : program.calls) {
        if (c.kind == CallKind::StatementFunction) continue;
        std::optional<Id> target = effects->settledCallee(c);
        if (!target && c.loopId) {
          now = false;
          break;
        }
        if (!target) after.push_back(&c);
        else check.calls.emplace_back(CallSpec::of(c), effects->resolve(c));
      }
      // Calls not settled yet may end the program after a loop's I/O or STOP (Endings): whether
      // that I/O blocks the loop is known once they are.
      if (!after.empty() && std::any_of(program.obstacles.begin(), program.obstacles.end(), [](const ObstacleRow& o) {
            return o.kind == facts::ObstacleKind::Io || o.kind == facts::ObstacleKind::Stop;
          }))
        now = false;
      if (now)
        for (const CallRow* c : after) check.calls.emplace_back(CallSpec::of(*c), effects->resolve(*c));
      auto keepDirectives = [&] {  // for analyzeRest(), which may analyze the procedure
        auto user = fileIndex.parallelByProcedure.find(program.current);
        if (user != fileIndex.parallelByProcedure.end())
          for (const DirectiveRow* d : user->second) deferredDirectives.push_back(*d);
      };
      const bool directivesKept = !check.calls.empty() || !now;
      if (directivesKept) keepDirectives();
      check.parallel = -report.parallel;
      check.across = -report.across;
      check.expertDirectives = -report.expertDirectives;
      // A call outside the loops matters to them only if it may read what they leave.
      // A loop that a COMMON array could be private to waits for the whole program (scratchCommons).
      auto final = [&](const LoopAnalysis& loops) {
        return (after.empty() || !mayReadLoopValues(after, loops)) && loops.commonCandidates().empty();
      };
      if (!now || !analyzeLoaded(program, *effects, fileIndex, early.writer(), {}, report, findings, inKernels, final)) {
        if (!directivesKept) keepDirectives();
        deferred.push_back(program.current);
        continue;
      }
      if (check.calls.empty()) continue;
      check.endFinding = findings.size();
      check.parallel += report.parallel;
      check.across += report.across;
      check.expertDirectives += report.expertDirectives;
      settled.push_back(std::move(check));
    }
  }

  /// Whether calls outside the loops of the procedure loaded in `program`, to procedures whose
  /// summaries are not complete yet, may read a value the loops leave that the analysis asks
  /// about (a private or shared scalar, a loop's own variable), where the summaries so far do not
  /// say so: one the procedure shares (COMMON, a module, its host, SAVE), which any callee may
  /// reach; one passed to a dummy such a call does not read yet; any, when a call is to a
  /// procedure inside this one (host association). Or may be found not to read one: an array
  /// passed to a dummy the callee may yet define by passing it on (Effects::arrayDefinitionPending).
  bool mayReadLoopValues(const std::vector<const CallRow*>& calls, const LoopAnalysis& loops) {
    for (const CallRow* c : calls) {
      const ResolvedCall r = effects->resolve(*c);
      if (r.unknown) return true;
      for (const CallTarget& t : r.targets)
        for (Id host = program.procedure(t.proc).hostId; host != 0; host = program.procedure(host).hostId)
          if (host == program.current) return true;
    }
    std::set<std::string> asked;
    for (const LoopResult& r : loops.results())
      for (const Trait& t : r.traits) {
        if (t.trait != TraitKind::Private && t.trait != TraitKind::Shared && t.varId != program.loop(r.loopId).varId) continue;
        const Reach reach = effects->reach(t.varId, program.current);
        if (reach != Reach::Local && reach != Reach::Dummy) return true;
        asked.insert(t.name);
      }
    // A summary only gains reads as it completes: a dummy it already reads stays read, so only an
    // argument it does not read yet may change the answer, or one it may yet define through its
    // own calls (a call defining a dummy does not read the caller's value).
    // An array passed to a dummy the callee may yet be found to define by passing it on may turn
    // out not read after the loops: any such array, private or not yet.
    for (const CallRow* c : calls) {
      const ResolvedCall r = effects->resolve(*c);
      for (size_t k = 0; k < c->args.size(); ++k)
        for (const CallTarget& t : r.targets) {
          const Effect* e = effects->dummyOf(t, *c, k);
          if (e && effects->arrayDefinitionPending(t.proc, e->varId)) return true;
          if (!asked.count(c->args[k].var)) continue;
          if (!e || !e->reads || (!e->defines && effects->definitionPending(t.proc, e->varId))) return true;
        }
    }
    return false;
  }

  /// Once every file is in: the calls resolved, what that changes for the procedures analyzed
  /// early; their rows committed. The summaries are completed by analyzeRest(), which can read
  /// the code again.
  void settle() {
    early.write([&] {
      effects->complete();
      unsettle();
      settled.clear();
    });
    early.commit();
  }

  /// Once the load has written its last row and the calls are resolved (on the analysis thread,
  /// while the main thread builds the indexes and appends the rows of `early`): the calls'
  /// effects carried into their callers, the summaries' rows, the deferred procedures analyzed
  /// (read back from the database), into `late`.
  void analyzeRest() {
    program.directives.clear();  // the last file's: the index below has what the analysis needs
    DirectiveIndex index = fileIndex;
    index.parallelByProcedure.clear();
    for (const DirectiveRow& d : deferredDirectives) index.add(d);
    late.write([&] {
      SharedReader reader(db, connection);
      auto load = [&](Id procId, Program::Detail detail) { reader.load(program, procId, detail); };
      // The calls' effects read the code of the procedures that may end the program, one after
      // another with work between: in one hold of the lock, with the first procedures to analyze.
      size_t ahead = 0;
      reader.holding([&] {
        effects->settleCalls(load);
        ahead = reader.readAhead(program, deferred, 0);
      });
      late.writer().summaries(program, *effects);
      std::vector<Id> waiting;  // as in analyze()
      std::set<Id> candidates;
      auto noCandidates = [&](const LoopAnalysis& loops) {
        candidates.insert(loops.commonCandidates().begin(), loops.commonCandidates().end());
        return loops.commonCandidates().empty();
      };
      for (size_t i = 0; i < deferred.size(); ++i) {
        if (abandoned) return;
        if (i == ahead) ahead = reader.readAhead(program, deferred, i);
        load(deferred[i], Program::Detail::All);
        if (!analyzeLoaded(program, *effects, index, late.writer(), {}, report, findings, inKernels, noCandidates))
          waiting.push_back(deferred[i]);
      }
      const std::set<Id> scratch = scratchCommons(
          !candidates.empty() && reader.loadErrors(), program, [&](Id procId) { load(procId, Program::Detail::All); },
          *effects, candidates);
      for (Id procId : waiting) {
        if (abandoned) return;
        load(procId, Program::Detail::All);
        analyzeLoaded(program, *effects, index, late.writer(), {}, report, findings, inKernels, {}, &scratch);
      }
    });
    deferred.clear();
    late.commit();
  }

  /// After Effects::complete(): the settled procedures whose calls reach other procedures in the
  /// end lose their rows, findings and counts and join the deferred ones.
  void unsettle() {
    std::vector<const Settled*> undone;
    for (const Settled& p : settled)
      for (const auto& [call, then] : p.calls) {
        const ResolvedCall now = effects->resolve(call, p.procId);
        if (now.unknown != then.unknown || now.targets != then.targets) {
          undone.push_back(&p);
          break;
        }
      }
    if (undone.empty()) return;
    early.writer().flush();
    SQLite::Database& rows = early.connection();
    SQLite::Statement byLoop[] = {{rows, "DELETE FROM loop_verdict WHERE loop_id BETWEEN ?1 AND ?2"},
                                  {rows, "DELETE FROM loop_reason WHERE loop_id BETWEEN ?1 AND ?2"},
                                  {rows, "DELETE FROM loop_trait WHERE loop_id BETWEEN ?1 AND ?2"},
                                  {rows, "DELETE FROM dependence WHERE loop_id BETWEEN ?1 AND ?2"}};
    SQLite::Statement byId[] = {{rows, "DELETE FROM expert_directive_var WHERE expert_id BETWEEN ?1 AND ?2"},
                                {rows, "DELETE FROM expert_directive WHERE expert_id BETWEEN ?1 AND ?2"}};
    for (auto p = undone.rbegin(); p != undone.rend(); ++p) {  // later findings first: the earlier ranges stay put
      const Settled& s = **p;
      const IdRange loops = program.procedure(s.procId).loops;
      for (SQLite::Statement& q : byLoop) {
        q.bind(1, loops.first);
        q.bind(2, loops.last);
        q.exec();
        q.reset();
      }
      for (SQLite::Statement& q : byId) {
        q.bind(1, s.procId * kIdsPerProcedure);
        q.bind(2, (s.procId + 1) * kIdsPerProcedure - 1);
        q.exec();
        q.reset();
      }
      std::erase_if(inKernels, [&](const KernelCall& c) { return c.procId == s.procId; });
      findings.erase(findings.begin() + static_cast<std::ptrdiff_t>(s.firstFinding),
                     findings.begin() + static_cast<std::ptrdiff_t>(s.endFinding));
      report.parallel -= s.parallel;
      report.across -= s.across;
      report.expertDirectives -= s.expertDirectives;
      deferred.push_back(s.procId);
    }
    std::sort(deferred.begin(), deferred.end());
  }

  /// The analysis thread: files analyzed in the order the load writes them, the whole-program
  /// summaries completed once the last is in. Last, so that it ends before what it uses.
  std::optional<threads::OrderedPipeline<facts::FileRows, bool>> pipeline;
};

StreamingAnalysis::StreamingAnalysis(SQLite::Database& db) : state_(std::make_unique<State>(db)) {
  State* s = state_.get();
  threads::PipelineOptions thread;
  thread.waiting = State::kQueuedFiles;
  thread.priorityDrop = State::kPriorityDrop;
  s->pipeline.emplace(
      thread,
      [s](facts::FileRows& file) {
        try {
          s->early.write([&] { s->analyzeFile(file); });
        } catch (...) {
          s->reached(State::Stage::Failed);
          throw;
        }
        return true;
      },
      [s] {
        try {
          s->settle();
        } catch (...) {
          s->reached(State::Stage::Failed);
          throw;
        }
        s->reached(State::Stage::Settled);
        s->analyzeRest();
      });
}

StreamingAnalysis::~StreamingAnalysis() = default;  // the pipeline cancels and joins

void StreamingAnalysis::add(facts::FileRows&& file) { state_->pipeline->push(std::move(file)); }

void StreamingAnalysis::close() { state_->pipeline->close(); }

threads::TurnLock& StreamingAnalysis::connectionLock() { return state_->connection; }

AnalysisReport StreamingAnalysis::finish() {
  State& s = *state_;
  s.pipeline->close();
  // The rows of the procedures analyzed during the load go in while the thread analyzes the rest.
  if (s.waitSettled()) s.early.appendTo(s.db, s.connection);
  s.pipeline->finish();  // rethrows what went wrong on the thread
  s.late.appendTo(s.db, s.connection);
  Program& program = s.program;
  withdrawInsideKernels(s.db, program, *s.effects, s.inKernels, s.report);
  // The load wrote the file table last.
  Program fileTable;
  if (auto root = db::getMeta(s.db, "source_root")) fileTable.sourceRoot = *root;
  fileTable.files = facts::Reader(s.db).files();
  fileTable.loopCount = program.loopCount;
  s.effects.reset();
  program = Program();
  AnalysisReport report = std::move(s.report);
  report.sourceRoot = fileTable.sourceRoot;
  report.loops = static_cast<int>(fileTable.loopCount);
  finishReport(s.db, fileTable, s.findings, report);
  return report;
}

}  // namespace sapfor::analyzer

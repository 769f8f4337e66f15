/// @file Effects.cpp
#include "analyzer/Effects.hpp"

#include "analyzer/DependenceTest.hpp"
#include "analyzer/Endings.hpp"
#include "analyzer/KnownExternals.hpp"

#include "analyzer/ScalarFlow.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace sapfor::analyzer {

const char* reachName(Reach reach) {
  switch (reach) {
    case Reach::Local: return "local";
    case Reach::Dummy: return "dummy";
    case Reach::Common: return "common";
    case Reach::Module: return "module";
    case Reach::Host: return "host";
    case Reach::Save: return "save";
  }
  return "local";
}

bool ProcedureSummary::pure() const {
  if (io || stop || !unknownCalls.empty() || !sharedState.empty() || !unread.empty()) return false;
  for (const auto& [key, e] : effects)
    if (e.writes && e.reach != Reach::Dummy) return false;
  return true;
}

const Effect* ProcedureSummary::dummy(const std::string& name) const {
  auto found = effects.find({Reach::Dummy, name});
  return found == effects.end() ? nullptr : &found->second;
}

namespace {

/// Intrinsic subroutines: they write their arguments and touch nothing else, except the random
/// number generator, whose state every call shares.
bool isIntrinsicSubroutine(const std::string& name) {
  static const std::set<std::string> names = {"cpu_time", "system_clock", "date_and_time", "mvbits", "move_alloc",
                                              "get_command", "get_command_argument", "get_environment_variable",
                                              "random_number", "random_seed", "execute_command_line"};
  return names.count(name) > 0;
}

/// Whether an array's elements and a dummy's are alike in size: both sizes known and equal, or,
/// through an explicit interface (`explicitInterface`: the callee is a module or internal
/// procedure), of a type other than CHARACTER, whose kind the actual argument must then share
/// (Fortran 2018, 15.5.2.4) where the sizes are not known here (a kind named in a module not loaded).
bool sameElements(const Variable& dummy, const Variable& actual, bool explicitInterface) {
  if (dummy.elementBytes > 0 && actual.elementBytes > 0) return dummy.elementBytes == actual.elementBytes;
  return explicitInterface && !dummy.character && !actual.character && dummy.typeKnown && actual.typeKnown &&
         dummy.integer == actual.integer && dummy.logical == actual.logical && dummy.derived == actual.derived;
}

/// An integer as written in full (`1`, `-2`; nullopt: anything else, `1_8` or a name).
std::optional<int64_t> integerText(std::string_view text) {
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() ? std::optional<int64_t>(value) : std::nullopt;
}

/// The elements of a constant shape (nullopt: not one).
std::optional<int64_t> elementCount(const Variable& v) {
  if (v.layout.empty()) return v.isArray() ? std::nullopt : std::optional<int64_t>(1);
  int64_t count = 1;
  for (const auto& [lower, extent] : v.layout)
    if (extent < 0 || __builtin_mul_overflow(count, extent, &count)) return std::nullopt;
  return count;
}

/// Whether a dummy array holds at least as many elements as the array passed to it: the first
/// elements of the actual argument are the dummy's (sequence association), so a call that
/// writes the whole dummy writes the whole of the argument. Both shapes constant.
bool covers(const Variable& dummy, const Variable& actual, bool explicitInterface) {
  std::optional<int64_t> d = elementCount(dummy), a = elementCount(actual);
  return d && a && *d >= *a && sameElements(dummy, actual, explicitInterface);
}

bool sharesHiddenState(const std::string& name) {
  return name == "random_number" || name == "random_seed" || name == "execute_command_line";
}

/// A name or keyword as a message writes it: upper case, blanks for underscores.
std::string spelled(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

/// A statement's place in a message: "WRITE at line 27 of report".
std::string placeOf(StatementKind kind, int line, const std::string& procedure) {
  return spelled(nameOf(kind)) + " at line " + std::to_string(line) + " of " + procedure;
}

/// A subroutine with no body here that never returns (data/externals.txt: GNU Fortran's ABORT
/// and EXIT, MPI_ABORT).
bool endsProgram(const std::string& name) {
  const KnownExternal* known = knownExternal(name);
  return known && known->endsProgram;
}

/// Whether a call (not a statement function's) is passed the variable `name` whole, as an argument.
bool passesWhole(const CallRow& call, const std::string& name) {
  return call.kind != CallKind::StatementFunction &&
         std::any_of(call.args.begin(), call.args.end(), [&](const CallArgRow& a) { return a.var == name && !a.refId; });
}

/// A call of an error handler with the severity that ends the program (data/error_exits.txt:
/// MPP_ERROR(FATAL, ...)), whatever its body.
bool errorExit(const CallRow& call) {
  if (call.kind == CallKind::StatementFunction || !hasErrorExit(call.callee)) return false;
  std::vector<std::pair<std::string, std::string>> arguments;
  for (const CallArgRow& a : call.args) arguments.emplace_back(a.keyword, a.text);
  return isErrorExit(call.callee, arguments);
}

}  // namespace

Effects::Effects(const Program& program) : program_(program) {}

Effects::Effects(Program& program, ProgramReader& reader) : program_(program), summaries_(program.procedures.size()) {
  // What each procedure's own statements touch (arguments count as read: a callee's summary
  // says more once the fixed point is reached).
  reader.forEachAccess([&](Id proc, Id var, char access) {
    if (proc < 1 || static_cast<size_t>(proc) > program.procedures.size() || var < 1 ||
        static_cast<size_t>(var) > program.variables.size())
      throw std::runtime_error("the database refers to a missing procedure or variable");
    addEffect(summaries_[static_cast<size_t>(proc - 1)], program.procedure(proc), var, access == 'R', access == 'W', "");
  });
  for (const ProcedureRow& p : program.procedures) noteUnread(summaries_[static_cast<size_t>(p.id - 1)], p);
  SummaryFacts facts = reader.summaryFacts();
  for (const SummaryFacts::Place& p : facts.io) {
    summaries_[static_cast<size_t>(p.procId - 1)].io = true;
    summaries_[static_cast<size_t>(p.procId - 1)].ioAt = placeOf(p.kind, p.line, program.procedure(p.procId).name);
  }
  for (const SummaryFacts::Place& p : facts.stop) {
    summaries_[static_cast<size_t>(p.procId - 1)].stop = true;
    summaries_[static_cast<size_t>(p.procId - 1)].stopAt = placeOf(p.kind, p.line, program.procedure(p.procId).name);
  }
  for (Id proc : facts.deallocating) {
    reader.load(program, proc, Program::Detail::All);
    for (const StatementRow& s : program.statements)
      if (std::optional<std::string> p = deallocatedPointer(s)) {
        summaries_[static_cast<size_t>(proc - 1)].freesPointer = *p;
        break;
      }
  }
  for (const auto& [proc, depth] : facts.wideNests) summaries_[static_cast<size_t>(proc - 1)].wideNestDepth = depth;
  for (const SummaryFacts::Call& call : facts.calls) addCall(call);
  finish([&](Id proc, Program::Detail detail) { reader.load(program, proc, detail); });
}

ProcedureSummary& Effects::summaryOf(Id procId) {
  if (summaries_.size() < program_.procedures.size()) summaries_.resize(program_.procedures.size());
  return summaries_[static_cast<size_t>(procId - 1)];
}

void Effects::addCall(const SummaryFacts::Call& call) {
  if (call.spec.kind == CallKind::StatementFunction) return;
  for (Id var : call.argumentVars)
    if (var && program_.variable(var).isArray() && program_.variable(var).storage == Storage::Dummy &&
        program_.variable(var).procId == call.procId)
      passedArrayDummies_.insert(var);
  calls_.push_back(call);
  callers_.insert(call.procId);
}

void Effects::indexNew() {
  for (; indexedProcedures_ < program_.procedures.size(); ++indexedProcedures_) {
    const ProcedureRow& p = program_.procedures[indexedProcedures_];
    byName_[p.name].push_back(p.id);
    if (p.hostId) hosts_.insert(p.hostId);
    if (p.hostId && (p.kind == ProcedureKind::Subroutine || p.kind == ProcedureKind::Function) &&
        program_.procedure(p.hostId).kind == ProcedureKind::Module) {
      auto [at, added] = moduleProcedures_.try_emplace({program_.procedure(p.hostId).name, p.name}, p.id);
      if (!added) at->second = 0;  // a module defined twice: which one is meant is not known
    }
  }
  for (; indexedTypes_ < program_.types.size(); ++indexedTypes_) {
    const facts::DerivedTypeRow& t = program_.types[indexedTypes_];
    if (t.parentId) extensions_[t.parentId].push_back(t.id);
  }
  for (; indexedVariables_ < program_.variables.size(); ++indexedVariables_) {
    const Variable& v = program_.variables[indexedVariables_];
    if (v.storage != Storage::Common) continue;
    commonVars_[{v.procId, v.common, v.name}] = v.id;
    commonMembers_[{v.procId, v.common}].push_back(v.id);
    firstDeclaring_.emplace(v.common, v.procId);
  }
}

std::optional<Id> Effects::settledCallee(const CallRow& call) {
  indexNew();
  // A binding may be overridden by a type a later file extends it with; several procedures,
  // each settled or not: left to complete().
  if (call.resolution == facts::CallResolution::Binding) return std::nullopt;
  const ResolvedCall r = resolve(call);
  if (r.unknown) return Id{0};
  if (r.targets.size() != 1) return std::nullopt;
  Id target = r.targets.front().proc;
  if (target > added_ || callers_.count(target) || program_.procedure(target).kind == ProcedureKind::Entry) return std::nullopt;
  // One that may end the program: whether it returns, and its I/O on the paths that do, are
  // settleCalls()' to say.
  if (summaries_[static_cast<size_t>(target - 1)].stop) return std::nullopt;
  return target;
}

void Effects::noteUnread(ProcedureSummary& summary, const ProcedureRow& p) {
  if (p.unreadLine && summary.unread.empty()) summary.unread = "line " + std::to_string(p.unreadLine) + " of " + p.name;
}

void Effects::addLoaded() {
  const ProcedureRow& p = program_.procedure(program_.current);
  ProcedureSummary& summary = summaryOf(p.id);
  noteUnread(summary, p);
  for (const StatementRow& s : program_.statements) {
    for (const ScalarRefRow& r : s.scalars) addEffect(summary, p, r.varId, r.access == Access::Read, r.access == Access::Write, "");
    for (std::optional<StatementKind> kind : {std::optional(s.kind), s.action}) {
      if (kind == StatementKind::Stop && !summary.stop) {
        summary.stop = true;
        summary.stopAt = placeOf(*kind, s.line, p.name);
      } else if (kind && isInputOutput(*kind) && !summary.io) {
        summary.io = true;
        summary.ioAt = placeOf(*kind, s.line, p.name);
      }
    }
    if (summary.freesPointer.empty())
      if (std::optional<std::string> freed = deallocatedPointer(s)) summary.freesPointer = *freed;
  }
  for (const ArrayRefRow& r : program_.arrayRefs)
    if (r.varId) addEffect(summary, p, r.varId, r.access == Access::Read, r.access == Access::Write, "");
  summary.wideNestDepth = wideNestDepth(program_.loops);
  for (const CallRow& c : program_.calls) {
    SummaryFacts::Call call{c.procId, c.id, CallSpec::of(c), {}, {}, {}, errorExit(c)};
    for (const CallArgRow& a : c.args) {
      bool isArray = false;
      call.keywords.push_back(a.keyword);
      call.argumentVars.push_back(a.var.empty() ? 0 : argumentVariable(program_.statement(c.stmtId), a.var, isArray));
      call.objects.push_back(a.object);
    }
    addCall(call);
  }
  if ((writesScalarDummy(summary) || passesScalarDummy(p)) && !p.statements.empty()) {
    indexNew();  // the procedures it hosts
    noteDefinitions(p);
    // Seen at once by a call settledCallee() answers; finish() keeps them where a call passes a scalar.
    const std::set<Id>& defined = definitions_[p.id];
    for (auto& [key, e] : summary.effects) e.defines = e.reach == Reach::Dummy && defined.count(e.varId) > 0;
  }
  if (writesArrayDummy(summary) && !p.statements.empty()) {
    indexNew();  // the procedures it hosts
    std::map<Id, DefinedArray> defined = definedArrays(p);
    markDefined(summary, defined);
    arrayDefinitions_[p.id] = std::move(defined);
  }
  if (writesOwnArray(summary) && !p.statements.empty()) {
    indexNew();  // the procedures it hosts
    Columns columns = columnsOf(p, summary);
    markColumns(summary, columns);
    arrayColumns_[p.id] = std::move(columns);
  }
  added_ = p.id;
}

void Effects::complete() { finish({}); }

void Effects::finish(const std::function<void(Id, Program::Detail)>& load) {
  summaries_.resize(program_.procedures.size());  // one per procedure, those without code included
  indexNew();
  for (const ProcedureRow& p : program_.procedures) summaries_[static_cast<size_t>(p.id - 1)].hasBody = !p.statements.empty();
  for (SummaryFacts::Call& call : calls_) {
    CallSite site;
    site.caller = call.procId;
    site.callId = call.callId;
    site.resolved = resolve(call.spec, call.procId);
    site.spec = std::move(call.spec);
    site.errorExit = call.errorExit;
    size_t positional = 0;
    for (size_t k = 0; k < call.keywords.size(); ++k) {
      const bool object = k < call.objects.size() && call.objects[k];
      if (call.argumentVars[k]) site.arguments.push_back({positional, call.keywords[k], object, call.argumentVars[k]});
      if (!object) ++positional;
      site.passed.emplace_back(call.keywords[k], object);
    }
    callSites_.push_back(std::move(site));
  }
  calls_ = {};
  // Whether a call defines a scalar it passes matters only where some call passes a scalar, or
  // an array's element, which may go to a scalar dummy.
  for (ProcedureSummary& summary : summaries_)
    for (auto& [key, e] : summary.effects) e.defines = false;
  std::set<Id> passedScalars;
  for (const CallSite& site : callSites_)
    if (!site.arguments.empty())
      for (const CallTarget& t : site.resolved.targets) passedScalars.insert(t.proc);
  // The procedures that pass one of their scalar dummies whole to a call (their calls' code is
  // needed for noteDefinitions' walk).
  std::set<Id> passingDummies, errorExits;
  for (const CallSite& site : callSites_) {
    for (const CallSite::Argument& a : site.arguments)
      if (const Variable& v = program_.variable(a.var); !v.isArray() && v.storage == Storage::Dummy && v.procId == site.caller && !v.intentIn)
        passingDummies.insert(site.caller);
    if (site.errorExit) errorExits.insert(site.caller);  // its calls' code says where a path ends (of())
  }
  for (Id proc : passedScalars) {
    ProcedureSummary& summary = summaries_[static_cast<size_t>(proc - 1)];
    const ProcedureRow& p = program_.procedure(proc);
    const bool passes = passingDummies.count(proc) != 0;
    if ((!writesScalarDummy(summary) && !passes) || p.statements.empty()) continue;
    if (!definitions_.count(proc) && load) {
      load(proc, passes || errorExits.count(proc) ? Program::Detail::All : Program::Detail::Scalars);
      noteDefinitions(p);
    }
    auto found = definitions_.find(proc);
    for (auto& [key, e] : summary.effects)
      e.defines = e.reach == Reach::Dummy && found != definitions_.end() && found->second.count(e.varId) > 0;
  }
  definitions_ = {};
  // Likewise whether a call defines a whole array it passes: only where some call passes an array.
  for (ProcedureSummary& summary : summaries_) {
    markDefined(summary, {});
    markColumns(summary, {});
  }
  std::set<Id> passedArrays, called;
  for (const CallSite& site : callSites_) {
    for (const CallTarget& t : site.resolved.targets) called.insert(t.proc);
    for (const CallSite::Argument& a : site.arguments)
      if (program_.variable(a.var).isArray())
        for (const CallTarget& t : site.resolved.targets) passedArrays.insert(t.proc);
  }
  std::map<std::pair<Id, Id>, CallDefinition> passedOn;  // (procedure, dummy): the call it is passed to
  for (Id proc : called) {
    ProcedureSummary& summary = summaries_[static_cast<size_t>(proc - 1)];
    const ProcedureRow& p = program_.procedure(proc);
    const bool definable = passedArrays.count(proc) && writesArrayDummy(summary), ownWrites = writesOwnArray(summary);
    if ((!definable && !ownWrites) || p.statements.empty()) continue;
    const auto cachedDefined = arrayDefinitions_.find(proc);
    const auto cachedColumns = arrayColumns_.find(proc);
    const bool loaded = load && ((definable && cachedDefined == arrayDefinitions_.end()) ||
                                 (ownWrites && cachedColumns == arrayColumns_.end()));
    if (loaded) load(proc, Program::Detail::All);
    std::map<Id, DefinedArray> defined;
    if (definable && cachedDefined != arrayDefinitions_.end()) defined = cachedDefined->second;
    else if (definable && loaded) defined = definedArrays(p);
    if (ownWrites && cachedColumns != arrayColumns_.end()) markColumns(summary, cachedColumns->second);
    else if (ownWrites && loaded) markColumns(summary, columnsOf(p, summary));
    markDefined(summary, defined);
    for (auto& [var, d] : defined)
      if (d.call) passedOn.emplace(std::pair(proc, var), std::move(*d.call));
  }
  arrayDefinitions_ = {};
  arrayColumns_ = {};
  callDefinitions(passedOn);
  if (load) settleCalls(load);
}

void Effects::settleCalls(const std::function<void(Id, Program::Detail)>& load) {
  findEndings(load);
  // Through calls, to a fixed point (recursion included). After the first round, only the calls
  // of procedures whose summaries the round before changed have anything new to carry.
  std::vector<char> changedBefore(summaries_.size(), 1), changedNow(summaries_.size(), 0);
  for (bool first = true, any = true; any; first = false) {
    any = false;
    for (const CallSite& call : callSites_) {
      if (!first && std::none_of(call.resolved.targets.begin(), call.resolved.targets.end(),
                                 [&](const CallTarget& t) { return changedBefore[static_cast<size_t>(t.proc - 1)] != 0; }))
        continue;
      if (propagate(call)) changedNow[static_cast<size_t>(call.caller - 1)] = 1, any = true;
    }
    changedBefore.swap(changedNow);
    std::fill(changedNow.begin(), changedNow.end(), 0);
  }
  defineThroughCalls(load);
  callSites_ = {};  // nothing reads them after the fixed point: their memory goes now
  // An ENTRY runs its host's body.
  for (const ProcedureRow& p : program_.procedures) {
    if (p.kind != ProcedureKind::Entry || !p.hostId) continue;
    ProcedureSummary s = summary(p.hostId);
    for (auto& [key, e] : s.effects)
      if (e.reach == Reach::Dummy) {
        auto at = std::find(p.parameters.begin(), p.parameters.end(), e.name);
        e.position = at == p.parameters.end() ? 0 : static_cast<int>(at - p.parameters.begin()) + 1;
      }
    summaries_[static_cast<size_t>(p.id - 1)] = std::move(s);
  }
}

void Effects::defineThroughCalls(const std::function<void(Id, Program::Detail)>& load) {
  // Whose definitions matter: the procedures some call passes a scalar to.
  std::set<Id> passedScalars;
  std::unordered_map<Id, const CallSite*> siteOf;
  for (const CallSite& site : callSites_) {
    siteOf.emplace(site.callId, &site);
    for (const CallSite::Argument& a : site.arguments)
      if (!program_.variable(a.var).isArray())
        for (const CallTarget& t : site.resolved.targets) passedScalars.insert(t.proc);
  }
  // Whether a call defines the caller's variable `var` it passes: every procedure it may run
  // defines each dummy it is passed to (no ENTRY: it starts part-way down its host's body).
  auto callDefines = [&](Id callId, Id var) {
    auto found = siteOf.find(callId);
    if (found == siteOf.end() || found->second->resolved.unknown || found->second->resolved.targets.empty()) return false;
    const CallSite& site = *found->second;
    bool passed = false;
    for (const CallSite::Argument& a : site.arguments) {
      if (a.var != var) continue;
      passed = true;
      for (const CallTarget& t : site.resolved.targets) {
        const std::string* dummy = dummyName(t, a.object, a.keyword, a.positional);
        const Effect* theirs = dummy ? summary(t.proc).dummy(*dummy) : nullptr;
        if (!theirs || !theirs->defines || program_.procedure(t.proc).kind == ProcedureKind::Entry) return false;
      }
    }
    return passed;
  };
  // The dummies defined once the calls that first read them define them (assumedDefinitions_,
  // noted as the code was walked), to a fixed point: definitions only grow.
  auto settleAssumed = [&] {
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& [proc, dummies] : assumedDefinitions_) {
        if (!passedScalars.count(proc)) continue;
        ProcedureSummary& mine = summaries_[static_cast<size_t>(proc - 1)];
        for (const auto& [var, calls] : dummies) {
          auto e = mine.effects.find({Reach::Dummy, program_.variable(var).name});
          if (e == mine.effects.end() || e->second.defines || e->second.varId != var) continue;
          if (std::all_of(calls.begin(), calls.end(), [&](Id c) { return callDefines(c, var); })) e->second.defines = changed = true;
        }
      }
    }
  };
  settleAssumed();
  // A procedure that calls one it hosts: its own walk left every dummy undefined (an internal
  // procedure may read one through host association); walked once with its calls' effects.
  bool gained = false;
  for (Id proc : passedScalars) {
    const ProcedureRow& p = program_.procedure(proc);
    ProcedureSummary& mine = summaries_[static_cast<size_t>(proc - 1)];
    if (!hosts_.count(proc) || !callers_.count(proc) || p.statements.empty() || p.kind == ProcedureKind::Entry ||
        !writesScalarDummy(mine))
      continue;
    load(proc, Program::Detail::All);
    const std::set<Id> defined = definedIn(mine, definitionFlow(p, true, nullptr));
    for (auto& [key, e] : mine.effects)
      if (e.reach == Reach::Dummy && !e.defines && defined.count(e.varId)) e.defines = gained = true;
  }
  // A procedure that calls one that never returns (an abort wrapper with a body, which
  // findEndings has just found): the paths through that call end (of(): StatementEffects::ends),
  // so a dummy written on every path that goes on is defined (ecTrans' SET2PE: KPE set, or
  // ABORT_TRANS). Walked again, on its own statements.
  std::set<Id> ending;
  if (anyNeverReturns_ && load)
    for (const CallSite& site : callSites_)
      for (const CallTarget& t : site.resolved.targets)
        for (auto at = neverReturns_.lower_bound({t.proc, 0}); at != neverReturns_.end() && at->first.first == t.proc; ++at)
          if (at->second) ending.insert(site.caller);
  bool ended = false;
  for (Id proc : ending) {
    const ProcedureRow& p = program_.procedure(proc);
    ProcedureSummary& mine = summaries_[static_cast<size_t>(proc - 1)];
    if (!passedScalars.count(proc) || p.statements.empty() || p.kind == ProcedureKind::Entry || hosts_.count(proc) ||
        !writesScalarDummy(mine) ||
        std::none_of(mine.effects.begin(), mine.effects.end(), [](const auto& entry) {
          return entry.second.reach == Reach::Dummy && entry.second.writes && !entry.second.defines;
        }))
      continue;
    load(proc, Program::Detail::All);
    const std::set<Id> defined = definedIn(mine, definitionFlow(p, false, nullptr));
    for (auto& [key, e] : mine.effects)
      if (e.reach == Reach::Dummy && !e.defines && defined.count(e.varId)) e.defines = ended = true;
  }
  if (gained || ended) settleAssumed();
  assumedDefinitions_ = {};
}

uint64_t Effects::presenceMask(Id target, const std::vector<const std::string*>& dummies) const {
  auto found = presenceTested_.find(target);
  if (found == presenceTested_.end()) return 0;
  uint64_t mask = 0;
  for (size_t i = 0; i < found->second.size(); ++i)
    for (const std::string* d : dummies)
      if (d && *d == found->second[i]) mask |= uint64_t{1} << i;
  return mask;
}

bool Effects::mayNeverReturn(const CallRow& call) const {
  // Most programs: no procedure here ends it on every path; only ABORT, EXIT and the like by name may.
  return call.kind != CallKind::StatementFunction &&
         (anyNeverReturns_ || (call.resolution == facts::CallResolution::Name && endsProgram(call.callee)) ||
          hasErrorExit(call.callee));
}

bool Effects::neverReturns(const CallRow& call) const {
  return mayNeverReturn(call) && neverReturns(call, resolve(call), nullptr);
}

bool Effects::neverReturns(const CallRow& call, const ResolvedCall& resolved,
                           std::vector<std::pair<std::pair<Id, uint64_t>, bool>>* asked) const {
  if (errorExit(call)) return true;
  if (resolved.unknown) return call.resolution == facts::CallResolution::Name && endsProgram(call.callee);
  if (resolved.targets.empty()) return false;
  bool never = true;
  for (const CallTarget& t : resolved.targets) {
    std::vector<const std::string*> dummies;
    for (size_t k = 0; k < call.args.size(); ++k) dummies.push_back(dummyName(t, call, k));
    const std::pair<Id, uint64_t> key{t.proc, presenceMask(t.proc, dummies)};
    auto found = neverReturns_.find(key);
    const bool answer = found != neverReturns_.end() && found->second;
    if (asked) asked->emplace_back(key, answer);
    never = never && answer;
  }
  return never;
}

void Effects::findEndings(const std::function<void(Id, Program::Detail)>& load) {
  const size_t count = summaries_.size();
  auto at = [](Id proc) { return static_cast<size_t>(proc - 1); };
  // Which procedures may end the program: a STOP of their own, a call of ABORT or EXIT, or of a
  // procedure that may.
  std::vector<char> mayEnd(count, 0);
  bool any = false;
  for (size_t i = 0; i < count; ++i) {
    mayEnd[i] = summaries_[i].stop;
    any |= summaries_[i].stop;
  }
  for (const CallSite& site : callSites_)
    if (site.errorExit ||
        (site.resolved.unknown && site.spec.resolution == facts::CallResolution::Name && endsProgram(site.spec.callee))) {
      mayEnd[at(site.caller)] = 1;
      any = true;
    }
  if (!any) return;
  for (bool changed = true; changed;) {
    changed = false;
    for (const CallSite& site : callSites_)
      if (!mayEnd[at(site.caller)])
        for (const CallTarget& t : site.resolved.targets)
          if (mayEnd[at(t.proc)]) {
            mayEnd[at(site.caller)] = 1;
            changed = true;
            break;
          }
  }
  // The calls between them, and into each from anywhere (which optional dummies they pass).
  std::unordered_map<Id, std::vector<std::pair<const CallSite*, const CallTarget*>>> into;
  std::unordered_map<Id, std::vector<Id>> callees;
  for (const CallSite& site : callSites_)
    for (const CallTarget& t : site.resolved.targets)
      if (mayEnd[at(t.proc)]) {
        into[t.proc].emplace_back(&site, &t);
        if (mayEnd[at(site.caller)]) callees[site.caller].push_back(t.proc);
      }
  // Callees before their callers: one pass settles all but recursion.
  std::vector<Id> order;
  std::vector<char> seen(count, 0);
  for (Id root = 1; root <= static_cast<Id>(count); ++root) {
    if (!mayEnd[at(root)] || seen[at(root)]) continue;
    std::vector<std::pair<Id, size_t>> stack{{root, 0}};
    seen[at(root)] = 1;
    while (!stack.empty()) {
      const Id proc = stack.back().first;
      auto out = callees.find(proc);
      if (out != callees.end() && stack.back().second < out->second.size()) {
        const Id next = out->second[stack.back().second++];
        if (!seen[at(next)]) {
          seen[at(next)] = 1;
          stack.emplace_back(next, 0);
        }
        continue;
      }
      order.push_back(proc);
      stack.pop_back();
    }
  }
  // Each one's code: where it ends the program, and whether it returns for each way it is called.
  std::unordered_map<Id, std::vector<std::pair<std::pair<Id, uint64_t>, bool>>> asked;  // per procedure, what it asked
  auto process = [&](Id proc) {
    const ProcedureRow& p = program_.procedure(proc);
    if (p.statements.empty() || p.kind == ProcedureKind::Entry) return;  // no code, or its host's
    load(proc, Program::Detail::All);
    const FlowGraph graph(program_);
    std::vector<std::string> tested = Endings::presenceTested(program_);
    if (tested.size() > 64) tested.resize(64);
    presenceTested_[proc] = tested;
    std::vector<std::pair<std::pair<Id, uint64_t>, bool>>& mine = asked[proc];
    mine.clear();
    const Endings::NeverReturns never = [&](const CallRow& c) {
      return c.kind != CallKind::StatementFunction && neverReturns(c, resolve(c), &mine);
    };
    const Endings plain(program_, graph, never);
    ProcedureSummary& summary = summaries_[at(proc)];
    if (plain.any()) {
      summary.io = false;
      summary.ioAt.clear();
      for (const StatementRow& s : program_.statements) {
        if (plain.ends(s.id))
          for (Id c : s.calls) excludedCalls_.insert(c);
        for (std::optional<StatementKind> kind : {std::optional(s.kind), s.action})
          if (kind && isInputOutput(*kind) && !plain.actionEnds(s.id) && !summary.io) {
            summary.io = true;
            summary.ioAt = placeOf(*kind, s.line, p.name);
          }
      }
    }
    for (const CallRow& c : program_.calls)
      if (never(c)) excludedCalls_.insert(c.id);
    // For each set of its PRESENT()-tested dummies a call passes: does it return?
    std::set<uint64_t> masks{0};
    if (auto calls = into.find(proc); calls != into.end())
      for (const auto& [site, target] : calls->second) {
        std::vector<const std::string*> dummies;
        size_t positional = 0;
        for (const auto& [keyword, object] : site->passed) {
          dummies.push_back(dummyName(*target, object, keyword, positional));
          if (!object) ++positional;
        }
        masks.insert(presenceMask(proc, dummies));
      }
    for (uint64_t mask : masks) {
      bool ends = plain.neverReturns();
      if (!tested.empty()) {
        const Endings::Presence presence = [&](const std::string& dummy) -> std::optional<bool> {
          auto found = std::find(tested.begin(), tested.end(), dummy);
          if (found == tested.end()) return std::nullopt;
          return ((mask >> (found - tested.begin())) & 1) != 0;
        };
        ends = Endings(program_, graph, never, &presence).neverReturns();
      }
      neverReturns_[{proc, mask}] = ends;
      anyNeverReturns_ |= ends;
    }
  };
  for (Id proc : order) process(proc);
  // Recursion: a procedure that asked about one not settled yet asks again.
  for (bool again = true; again;) {
    again = false;
    for (Id proc : order) {
      bool stale = false;
      for (const auto& [key, answer] : asked[proc]) {
        auto found = neverReturns_.find(key);
        stale |= (found != neverReturns_.end() && found->second) != answer;
      }
      if (stale) {
        process(proc);
        again = true;
      }
    }
  }
  endingsKnown_ = true;
}

Reach Effects::reach(Id varId, Id procId) const {
  const Variable& v = program_.variable(varId);
  if (v.storage == Storage::Common) return Reach::Common;
  if (v.storage == Storage::Module) return Reach::Module;
  // A main program runs once: what it saves is never seen by a later call.
  const bool saved = v.save && program_.procedure(v.procId).kind != ProcedureKind::Program;
  if (v.procId != procId) {
    for (Id host = program_.procedure(procId).hostId; host != 0; host = program_.procedure(host).hostId)
      if (host == v.procId) return Reach::Host;
    if (saved) return Reach::Save;  // a callee's own SAVE variable, reached through the call
    return Reach::Host;
  }
  if (v.storage == Storage::Dummy) return Reach::Dummy;
  if (saved) return Reach::Save;
  return Reach::Local;
}

Id Effects::byName(const std::string& name, Id callerProc) const {
  auto found = byName_.find(name);
  if (found == byName_.end()) return 0;
  const ProcedureRow& caller = program_.procedure(callerProc);
  auto callable = [&](Id id) {
    const ProcedureKind kind = program_.procedure(id).kind;
    return kind == ProcedureKind::Subroutine || kind == ProcedureKind::Function || kind == ProcedureKind::Entry;
  };
  // Internal procedures of the caller, then of its hosts (a module's own procedures), outward;
  // then external ones. A module procedure of another module is one only its USE brings in: the
  // front end resolved those (CallResolution::Procedure).
  for (Id host = caller.id; host != 0; host = program_.procedure(host).hostId)
    for (Id id : found->second)
      if (callable(id) && program_.procedure(id).hostId == host) return id;
  for (Id id : found->second)
    if (callable(id) && !program_.procedure(id).hostId) return id;
  return 0;
}

ResolvedCall Effects::resolve(const CallSpec& call, Id callerProc) const {
  using R = facts::CallResolution;
  ResolvedCall r;
  auto unknown = [&](std::string why) {
    r.targets.clear();
    r.unknown = true;
    r.why = std::move(why);
    return r;
  };
  switch (call.resolution) {
    case R::Name:
      if (Id id = byName(call.callee, callerProc)) r.targets.push_back({id, {}});
      else return unknown("which has no body here");
      return r;
    case R::Procedure:
    case R::Generic:
      for (const facts::CallTargetRow& t : call.targets) {
        const Id id = t.procId ? t.procId : t.module.empty() ? byName(t.name, callerProc) : moduleProcedure(t.module, t.name);
        if (!id) return unknown(t.name == call.callee ? "which has no body here" : "whose specific " + t.name + " has no body here");
        if (std::find(r.targets.begin(), r.targets.end(), CallTarget{id, {}}) == r.targets.end()) r.targets.push_back({id, {}});
      }
      if (r.targets.empty()) return unknown("which has no body here");
      return r;
    case R::Binding:
      if (!call.objectTypeId || !bindingTargets(call.objectTypeId, call.binding, call.polymorphic, r.targets))
        return unknown("whose object's type (or an extension of it) binds a procedure not loaded here");
      return r;
    case R::Unknown:
      break;
  }
  return unknown("whose procedure is not known here (a dummy procedure, a procedure pointer, a binding of a type not "
                 "loaded, or a generic none of whose specifics here takes these arguments)");
}

bool Effects::bindingTargets(Id typeId, const std::string& binding, bool polymorphic, std::vector<CallTarget>& out) const {
  if (typeId < 1 || static_cast<size_t>(typeId) > program_.types.size()) return false;
  // The dynamic types the object may have: its declared type, and every extension of it when
  // it is polymorphic (CLASS). An abstract one is never an object's dynamic type.
  std::vector<Id> dynamic{typeId};
  for (size_t k = 0; polymorphic && k < dynamic.size() && dynamic.size() < 10000; ++k)
    if (auto found = extensions_.find(dynamic[k]); found != extensions_.end())
      dynamic.insert(dynamic.end(), found->second.begin(), found->second.end());
  for (Id t : dynamic) {
    if (program_.types[static_cast<size_t>(t - 1)].abstract) continue;
    if (!boundAt(t, binding, out, 0)) return false;
  }
  return !out.empty();
}

bool Effects::boundAt(Id typeId, const std::string& binding, std::vector<CallTarget>& out, int depth) const {
  if (depth > 8) return false;  // a generic binding's specifics are not generic: no deeper
  // The type and its ancestors, nearest first: a binding overrides its ancestors' of that name;
  // a generic binding's specifics gather along the chain.
  std::vector<const facts::DerivedTypeRow*> chain;
  for (Id t = typeId; t; t = program_.types[static_cast<size_t>(t - 1)].parentId) {
    if (t < 1 || static_cast<size_t>(t) > program_.types.size() || chain.size() > 64) return false;
    chain.push_back(&program_.types[static_cast<size_t>(t - 1)]);
    if (chain.back()->parentUnknown) return false;  // an ancestor not loaded may bind it
  }
  std::vector<std::string> specifics;
  for (const facts::DerivedTypeRow* t : chain)
    for (const facts::BindingRow& b : t->bindings) {
      if (b.name != binding) continue;
      if (b.generic) {
        specifics.push_back(b.procedure);
        continue;
      }
      if (!specifics.empty()) break;
      if (b.deferred || !b.module) return false;
      const Id id = b.procId ? b.procId : b.module->empty() ? byName(b.procedure, t->procId) : moduleProcedure(*b.module, b.procedure);
      if (!id) return false;
      CallTarget target{id, {}};
      if (!b.nopass) {
        const std::vector<std::string>& parameters = program_.procedure(id).parameters;
        if (parameters.empty()) return false;
        target.passed = b.pass.empty() ? parameters.front() : b.pass;
      }
      if (std::find(out.begin(), out.end(), target) == out.end()) out.push_back(std::move(target));
      return true;
    }
  if (specifics.empty()) return false;
  for (const std::string& s : specifics)
    if (!boundAt(typeId, s, out, depth + 1)) return false;
  return true;
}

Id Effects::moduleProcedure(const std::string& module, const std::string& name) const {
  auto found = moduleProcedures_.find({module, name});
  return found == moduleProcedures_.end() ? 0 : found->second;
}

Id Effects::callee(const CallRow& call) const {
  const ResolvedCall r = resolve(call);
  return !r.unknown && r.targets.size() == 1 ? r.targets.front().proc : 0;
}

const std::string* Effects::dummyName(const CallTarget& target, bool object, const std::string& keyword,
                                      size_t positional) const {
  if (object) return target.passed.empty() ? nullptr : &target.passed;
  if (!keyword.empty()) return &keyword;
  for (const std::string& p : program_.procedure(target.proc).parameters) {
    if (p == target.passed) continue;  // the object's (target.passed is "" unless it is one)
    if (positional-- == 0) return &p;
  }
  return nullptr;
}

const std::string* Effects::dummyName(const CallTarget& target, const CallRow& call, size_t k) const {
  size_t positional = 0;
  for (size_t j = 0; j < k && j < call.args.size(); ++j) positional += call.args[j].object ? 0 : 1;
  const CallArgRow& a = call.args[k];
  return dummyName(target, a.object, a.keyword, positional);
}

const Effect* Effects::dummyOf(const CallTarget& target, const CallRow& call, size_t k) const {
  const std::string* name = dummyName(target, call, k);
  return name ? summary(target.proc).dummy(*name) : nullptr;
}

bool Effects::addEffect(ProcedureSummary& summary, const ProcedureRow& p, Id varId, bool reads, bool writes,
                        const std::string& via) {
  Reach r = reach(varId, p.id);
  if (r == Reach::Local || (!reads && !writes)) return false;
  const Variable& v = program_.variable(varId);
  auto [it, added] = summary.effects.try_emplace({r, v.name});
  Effect& e = it->second;
  bool changed = added;
  if (added) {
    e.varId = varId;
    e.name = v.name;
    e.reach = r;
    e.via = via;
    if (r == Reach::Dummy) {
      auto at = std::find(p.parameters.begin(), p.parameters.end(), v.name);
      e.position = at == p.parameters.end() ? 0 : static_cast<int>(at - p.parameters.begin()) + 1;
    }
  }
  if (reads && !e.reads) e.reads = changed = true;
  if (writes && !e.writes) e.writes = changed = true;
  return changed;
}

bool Effects::writesScalarDummy(const ProcedureSummary& summary) const {
  for (const auto& [key, e] : summary.effects)
    if (e.reach == Reach::Dummy && e.writes && !program_.variable(e.varId).isArray()) return true;
  return false;
}

ScalarFlow Effects::definitionFlow(const ProcedureRow& p, bool withCalls, const std::map<Id, std::set<Id>>* passedDummies) const {
  const Id first = p.statements.first, last = p.statements.last;
  std::vector<StatementEffects> own;
  own.reserve(static_cast<size_t>(last - first + 1));
  for (Id id = first; id <= last; ++id) own.push_back(of(program_.statement(id), withCalls, false, passedDummies));
  return scalarFlow(program_, 0, first, last, [&](Id stmt) -> const StatementEffects& { return own[static_cast<size_t>(stmt - first)]; });
}

std::set<Id> Effects::definedIn(const ProcedureSummary& summary, const ScalarFlow& flow) {
  // A dummy the body always writes before reading it: a call defines the actual argument.
  std::set<Id> defined;
  for (const auto& [key, e] : summary.effects) {
    const ScalarUse* use = e.reach == Reach::Dummy ? flow.find(e.varId) : nullptr;
    if (use && use->certainAtEnd && !use->exposed) defined.insert(e.varId);
  }
  return defined;
}

bool Effects::passesScalarDummy(const ProcedureRow& p) const {
  for (const CallRow& c : program_.calls) {
    if (c.kind == CallKind::StatementFunction) continue;
    for (const CallArgRow& a : c.args) {
      if (a.var.empty() || a.refId) continue;
      bool isArray = false;
      const Id var = argumentVariable(program_.statement(c.stmtId), a.var, isArray);
      if (!var || isArray) continue;
      const Variable& v = program_.variable(var);
      if (v.storage == Storage::Dummy && v.procId == p.id && !v.intentIn) return true;
    }
  }
  return false;
}

void Effects::noteDefinitions(const ProcedureRow& p) {
  std::set<Id>& own = definitions_[p.id];
  own.clear();
  // An internal procedure it calls may read a dummy through host association before the body
  // writes it: left to defineThroughCalls' walk with the calls' effects.
  if (hosts_.count(p.id) && callers_.count(p.id)) return;
  const bool passes = passesScalarDummy(p);
  // The calls a dummy would need to define it: walked with each call that passes it whole
  // reading it, then writing it; the statements of the calls where it is first read (on some
  // path, no write before) are taken to define it (written, not read), until it is first
  // read nowhere else (it is defined once those calls define it) or somewhere no call passing
  // it can help (it is not). Later calls (an MPI sum after the value is computed) read what
  // the procedure wrote. A call first reached that leaves it alone, a later one defining it,
  // is not seen through: not defined. The first walk, no call taken to define anything, finds
  // the definitions of the procedure's own: its reads first are the own walk's (a call reads
  // what it is passed before it writes it), and where none is, the dummy was certain before
  // any call passing it, which adds nothing.
  const ProcedureSummary& mine = summary(p.id);
  auto passingCalls = [&](Id stmt, const std::string& name) {
    std::vector<Id> calls;
    for (Id callId : program_.statement(stmt).calls)
      if (passesWhole(program_.call(callId), name)) calls.push_back(callId);
    return calls;
  };
  std::map<Id, std::set<Id>> firstReads;  // dummy -> statements whose calls must define it
  std::set<Id> hopeless;
  constexpr int kMaxRounds = 16;
  for (int round = 0; round < kMaxRounds; ++round) {
    const ScalarFlow flow = definitionFlow(p, false, passes ? &firstReads : nullptr);
    if (round == 0) own = definedIn(mine, flow);
    if (!passes) return;
    bool more = false;
    for (const auto& [key, e] : mine.effects) {
      const Variable& v = program_.variable(e.varId);
      if (e.reach != Reach::Dummy || own.count(e.varId) || hopeless.count(e.varId) || v.isArray() || v.intentIn) continue;
      const ScalarUse* use = flow.find(e.varId);
      if (!use || !use->exposed) continue;
      if (use->firstExposedRead && !passingCalls(use->firstExposedRead, e.name).empty() &&
          firstReads[e.varId].insert(use->firstExposedRead).second)
        more = true;
      else
        hopeless.insert(e.varId);
    }
    if (more) continue;
    for (const auto& [var, statements] : firstReads) {
      const ScalarUse* use = flow.find(var);
      if (hopeless.count(var) || !use || use->exposed || !use->certainAtEnd || statements.empty()) continue;
      std::vector<Id>& calls = assumedDefinitions_[p.id][var];
      for (Id stmt : statements)
        for (Id callId : passingCalls(stmt, program_.variable(var).name)) calls.push_back(callId);
    }
    return;
  }
}

bool Effects::writesOwnArray(const ProcedureSummary& summary) const {
  return std::any_of(summary.effects.begin(), summary.effects.end(), [&](const auto& entry) {
    const Effect& e = entry.second;
    return (e.reach == Reach::Dummy || e.reach == Reach::Host) && e.writes &&
           e.via.empty() && program_.variable(e.varId).isArray();
  });
}

Effects::Columns Effects::columnsOf(const ProcedureRow& p, const ProcedureSummary& summary) const {
  // An internal procedure may touch the dummies through host association whenever it is called;
  // a statement not read may alias them (a Cray POINTER).
  if (hosts_.count(p.id) || p.statements.empty() || p.unreadLine) return {};
  // Array dummies, and arrays of the host (the same variable in the host and its internal
  // procedures; a module's array a call writes keeps a loop sequential anyway, "writes the
  // shared variable").
  std::set<Id> candidates, shared;
  for (const auto& [key, e] : summary.effects) {
    const Variable& v = program_.variable(e.varId);
    if (!e.writes || v.rank < 1 || v.pointer || v.derived || v.associated()) continue;
    if (e.reach == Reach::Dummy && !v.allocatable) candidates.insert(e.varId);
    if (e.reach == Reach::Host) candidates.insert(e.varId), shared.insert(e.varId);
  }
  if (candidates.empty()) return {};
  // The scalars it may change: written by a statement, or passed to a procedure (by name).
  std::set<Id> changed;
  std::set<std::string> passed;
  // Per candidate and dimension, the subscript all its references so far have there (nullopt:
  // they differ, or one is not affine).
  std::map<Id, std::vector<std::optional<facts::AffineForm>>> forms;
  auto formOf = [](const facts::SubscriptRow& sub) -> std::optional<facts::AffineForm> {
    if (!sub.affine || sub.section) return std::nullopt;
    facts::AffineForm f;
    f.constant = sub.constant.value_or(0);
    for (const facts::SubscriptTermRow& t : sub.terms)
      if (t.coeff != 0) f.terms.emplace_back(t.var, t.coeff);
    std::sort(f.terms.begin(), f.terms.end());
    return f;
  };
  auto aliasing = [](StatementKind k) {
    // Another name for (part of) it, or a change of what it is: what is done through the
    // other name is not seen here. A statement function's dummies are its own, whatever
    // their names.
    return k == StatementKind::PointerAssignment || k == StatementKind::Allocate || k == StatementKind::Deallocate ||
           k == StatementKind::StatementFunction;
  };
  for (Id id = p.statements.first; id <= p.statements.last; ++id) {
    const StatementRow& st = program_.statement(id);
    // Associate names (ASSOCIATE, SELECT TYPE, SELECT RANK) alias variables, an ENTRY is a body
    // with other dummies, a NAMELIST READ writes a whole array without naming it.
    if (st.kind == StatementKind::Associate || st.kind == StatementKind::SelectType || st.kind == StatementKind::SelectRank ||
        st.kind == StatementKind::Entry || st.kind == StatementKind::Namelist)
      return {};
    for (const ScalarRefRow& r : st.scalars)
      if (r.access == Access::Write) changed.insert(r.varId);
    for (Id callId : st.calls) {
      const CallRow& call = program_.call(callId);
      if (call.kind == CallKind::StatementFunction) continue;  // passed by value
      // A procedure it calls may touch a host's array whatever it is passed.
      for (Id var : shared) candidates.erase(var);
      for (const CallArgRow& a : call.args) {
        if (a.refId) candidates.erase(program_.arrayRef(a.refId).varId);
        if (!a.var.empty()) passed.insert(a.var);
      }
    }
    const bool aliases = aliasing(st.kind) || (st.action && aliasing(*st.action));
    for (Id refId : st.arrayRefs) {
      const ArrayRefRow& r = program_.arrayRef(refId);
      if (!candidates.count(r.varId)) continue;
      const Variable& v = program_.variable(r.varId);
      if (aliases || !r.subscripted || r.name != v.name || r.subscripts.size() != static_cast<size_t>(v.rank)) {
        candidates.erase(r.varId);
        continue;
      }
      auto [at, first] = forms.try_emplace(r.varId);
      for (size_t d = 0; d < r.subscripts.size(); ++d) {
        std::optional<facts::AffineForm> f = formOf(r.subscripts[d]);
        if (first) at->second.push_back(f);
        else if (at->second[d] && (!f || !(*f == *at->second[d]))) at->second[d].reset();
      }
    }
  }
  Columns out;
  for (Id var : candidates) {
    auto found = forms.find(var);
    if (found == forms.end() || passed.count(program_.variable(var).name)) continue;
    for (size_t d = 0; d < found->second.size(); ++d) {
      const std::optional<facts::AffineForm>& f = found->second[d];
      const bool fixed = f && !f->terms.empty() && std::all_of(f->terms.begin(), f->terms.end(), [&](const auto& term) {
        const Effect* dummy = summary.dummy(term.first);
        if (!dummy || changed.count(dummy->varId) || passed.count(term.first)) return false;
        const Variable& scalar = program_.variable(dummy->varId);
        return scalar.integer && !scalar.isArray() && !scalar.pointer;
      });
      if (!fixed) continue;
      auto& [dimensions, columnForms] = out[var];
      dimensions.push_back(static_cast<int>(d));
      columnForms.push_back(*f);
    }
  }
  return out;
}

void Effects::markColumns(ProcedureSummary& summary, const Columns& columns) {
  for (auto& [key, e] : summary.effects) {
    auto found = e.reach == Reach::Dummy || e.reach == Reach::Host ? columns.find(e.varId) : columns.end();
    e.columns = found != columns.end() ? found->second.first : std::vector<int>{};
    e.columnForms = found != columns.end() ? found->second.second : std::vector<facts::AffineForm>{};
  }
}

bool Effects::writesArrayDummy(const ProcedureSummary& summary) const {
  return std::any_of(summary.effects.begin(), summary.effects.end(),
                     [&](const auto& entry) { return definableArray(entry.second); });
}

bool Effects::definableArray(const Effect& e) const {
  const Variable& v = program_.variable(e.varId);
  return e.reach == Reach::Dummy && (e.writes || passedArrayDummies_.count(e.varId)) && v.isArray() &&
         (!v.layout.empty() || v.assumedShape || v.rank == 1 || boxable(v));
}

bool Effects::boxable(const Variable& v) {
  if (!v.isArray() || v.assumedShape || v.rank > 31) return false;
  if (!v.layout.empty()) return true;
  // Constants but the last extent: what a caller's array passed whole can match (boxesAt).
  for (size_t d = 0; d < static_cast<size_t>(v.rank); ++d) {
    std::optional<std::pair<facts::AffineForm, facts::AffineForm>> dim = v.declaredDimension(d);
    if (!dim || !dim->first.terms.empty() || (d + 1 < static_cast<size_t>(v.rank) && !dim->second.terms.empty())) return false;
  }
  return true;
}

void Effects::markDefined(ProcedureSummary& summary, const std::map<Id, DefinedArray>& defined) {
  for (auto& [key, e] : summary.effects) {
    auto found = e.reach == Reach::Dummy ? defined.find(e.varId) : defined.end();
    e.definesWhole = found != defined.end() && found->second.whole;
    e.definedRange = found != defined.end() ? found->second.range : std::vector<facts::AffineForm>{};
    e.readsOnlyWritten = found != defined.end() && !found->second.range.empty() && found->second.readsOnlyWritten;
    e.definedElements = found != defined.end() && !found->second.whole ? found->second.elements : std::vector<std::vector<int64_t>>{};
    e.definedBoxes = found != defined.end() && !found->second.whole ? found->second.boxes : std::vector<DefinedBox>{};
  }
}

std::map<Id, Effects::DefinedArray> Effects::definedArrays(const ProcedureRow& p) const {
  const ProcedureSummary& summary = summaries_[static_cast<size_t>(p.id - 1)];
  // The candidates: array dummies it writes, of a constant shape, of an assumed shape or of
  // rank 1, with storage of their own.
  std::set<Id> open;
  for (const auto& [key, e] : summary.effects) {
    const Variable& v = program_.variable(e.varId);
    if (definableArray(e) && !v.associated() && !v.pointer && !v.derived) open.insert(e.varId);
  }
  // Of those, the ones of an explicit shape that does not fold (lhs(5, 5, 3, 0:size)): only
  // their boxes (boxesWritten) are sought.
  std::set<Id> boxesOnly;
  for (Id varId : open) {
    const Variable& v = program_.variable(varId);
    if (v.layout.empty() && !v.assumedShape && v.rank > 1) boxesOnly.insert(varId);
  }
  if (open.empty()) return {};
  // An ENTRY starts a call part-way down the body; an internal procedure may read the dummies
  // through host association whenever it is called.
  if (hosts_.count(p.id)) return {};
  const Id root = 0;  // the block of the statements at the top of the body: none
  auto leaves = [](const StatementRow& row) {
    return row.jumps || transfersControl(row.kind) || (row.action && transfersControl(*row.action)) ||
           row.kind == StatementKind::Unknown;
  };
  // Whether a statement passes `var` to a procedure, which may read it.
  auto passes = [&](const StatementRow& row, Id var) {
    for (Id callId : row.calls)
      for (const CallArgRow& a : program_.call(callId).args)
        if ((a.refId && program_.arrayRef(a.refId).varId == var) || a.var == program_.variable(var).name) return true;
    return false;
  };
  // Whether DO loop `loop` runs exactly over dimension d of v: from the declared lower bound to
  // the upper one, step 1. Of an assumed shape (the actual argument's extents; its lower bound
  // 1 unless declared): lbound(v, d) or the declared lower bound, to ubound(v, d), or from 1 to
  // size(v, d) when the lower bound is 1 (size(v) for rank 1), as the front end normalizes them.
  auto runsOverDimension = [&](const LoopRow& loop, const Variable& v, size_t d) {
    if (!loop.step.empty() && loop.stepValue != 1) return false;
    if (!v.assumedShape) {  // explicit: constant bounds (the layout's, or this dimension's alone)
      std::optional<std::pair<facts::AffineForm, facts::AffineForm>> dim = v.declaredDimension(d);
      if (!dim || !dim->first.terms.empty() || !dim->second.terms.empty()) return false;
      return loop.lowerValue == dim->first.constant && loop.upperValue == dim->first.constant + dim->second.constant - 1;
    }
    if (d >= v.bounds.size()) return false;
    const std::optional<int64_t> declaredLower = v.bounds[d].first.empty() ? 1 : integerText(v.bounds[d].first);
    const std::string dim = std::to_string(d + 1);
    auto call = [&](const char* inquiry) { return std::string(inquiry) + "(" + v.name + "," + dim + ")"; };
    auto callDim = [&](const char* inquiry) { return std::string(inquiry) + "(" + v.name + ",dim=" + dim + ")"; };
    const bool fromLower = loop.lower == call("lbound") || loop.lower == callDim("lbound") ||
                           (declaredLower && loop.lowerValue == declaredLower);
    if (!fromLower) return false;
    if (loop.upper == call("ubound") || loop.upper == callDim("ubound")) return true;
    const bool size = loop.upper == call("size") || loop.upper == callDim("size") ||
                      (v.rank == 1 && loop.upper == "size(" + v.name + ")");
    return size && declaredLower == 1;
  };
  // Whether `write`, in the DO nest `nest` at the body's top, is d(v1, ..., vr): each vi the
  // variable of a distinct loop around it that runs exactly over dimension i's bounds, every
  // block between it and the body a loop's body, every other loop around it running at least
  // once (one over a dimension runs as often as the dimension has elements).
  auto spansAll = [&](const ArrayRefRow& write, const StatementRow& st, const Variable& v) {
    if (!write.subscripted || write.subscripts.size() != static_cast<size_t>(std::max<int16_t>(v.rank, 0))) return false;
    std::vector<const LoopRow*> around;
    for (Id b = st.blockId; b != root; b = program_.block(b).parentId) {
      if (b == 0 || !program_.block(b).isLoop()) return false;
      around.push_back(&program_.loop(program_.block(b).loopId));
    }
    std::set<Id> used;
    for (size_t d = 0; d < write.subscripts.size(); ++d) {
      const facts::SubscriptRow& sub = write.subscripts[d];
      if (!sub.affine || sub.terms.size() != 1 || sub.terms[0].coeff != 1 || sub.constant.value_or(0) != 0) return false;
      const LoopRow* loop = nullptr;
      for (const LoopRow* l : around)
        if (l->var == sub.terms[0].var) loop = l;
      if (!loop || !used.insert(loop->id).second || !runsOverDimension(*loop, v, d)) return false;
    }
    for (const LoopRow* l : around)
      if (!used.count(l->id) && l->tripCount.value_or(0) < 1) return false;
    return true;
  };
  // The scalars the statements before the one at hand write or pass to a procedure: a DO bound
  // naming one may not be the value the call passed.
  std::set<std::string> changed;
  // The elements `write` (x(i + c), directly in the body of DO i = first, last, step 1, at the
  // top of the body) sets: first + c .. last + c, when the bounds name only integer dummies
  // that nothing before has changed.
  auto rangeOf = [&](const ArrayRefRow& write, const StatementRow& st, const Variable& v,
                     const LoopRow& nest) -> std::vector<facts::AffineForm> {
    if (v.rank != 1 || !write.subscripted || write.subscripts.size() != 1 || st.blockId != nest.bodyBlock ||
        (!nest.step.empty() && nest.stepValue != 1) || !nest.lowerForm.affine || !nest.upperForm.affine)
      return {};
    const facts::SubscriptRow& sub = write.subscripts[0];
    if (!sub.affine || sub.terms.size() != 1 || sub.terms[0].coeff != 1 || sub.terms[0].var != nest.var) return {};
    std::vector<facts::AffineForm> range{nest.lowerForm, nest.upperForm};
    for (facts::AffineForm& bound : range) {
      for (const auto& [name, coeff] : bound.terms) {
        const Effect* dummy = summary.dummy(name);
        if (!dummy || changed.count(name)) return {};
        const Variable& scalar = program_.variable(dummy->varId);
        if (!scalar.integer || scalar.isArray()) return {};
      }
      if (__builtin_add_overflow(bound.constant, sub.constant.value_or(0), &bound.constant)) return {};
    }
    return range;
  };
  // The loop a DO statement heads (null: none).
  auto loopAt = [&](Id stmt) -> const LoopRow* {
    for (Id l = p.loops.first; l <= p.loops.last; ++l)
      if (program_.loop(l).headerStmt == stmt) return &program_.loop(l);
    return nullptr;
  };
  // The last statement a statement spans: a DO its nest's, an IF or SELECT CASE construct its
  // END's (its arms and their CASE, ELSE IF, ELSE statements), any other itself.
  auto extentOf = [&](Id id) -> Id {
    const StatementRow& row = program_.statement(id);
    if (row.kind == StatementKind::Do) {
      const LoopRow* loop = loopAt(id);
      return loop ? loop->lastStmt : id;
    }
    if (row.kind != StatementKind::IfThen && row.kind != StatementKind::SelectCase) return id;
    Id last = id;
    for (Id s = id + 1; s <= p.statements.last; ++s) {
      const StatementRow& st = program_.statement(s);
      bool inside = false;
      for (Id b = st.blockId; b != root && !inside; b = program_.block(b).parentId) inside = program_.block(b).constructStmt == id;
      const StatementKind k = st.kind;
      inside = inside || (st.blockId == row.blockId && (k == StatementKind::Case || k == StatementKind::CaseDefault ||
                                                         k == StatementKind::ElseIf || k == StatementKind::Else ||
                                                         k == StatementKind::EndIf || k == StatementKind::EndSelect));
      if (!inside) break;
      last = s;
    }
    return last;
  };
  auto touches = [&](Id first, Id last, Id var) {
    for (Id s = first; s <= last; ++s) {
      const StatementRow& st = program_.statement(s);
      if (passes(st, var) ||
          std::any_of(st.arrayRefs.begin(), st.arrayRefs.end(), [&](Id refId) { return program_.arrayRef(refId).varId == var; }))
        return true;
    }
    return false;
  };
  // The scalars statements first..last write or pass to a procedure.
  auto writtenIn = [&](Id first, Id last) {
    std::set<std::string> out;
    for (Id s = first; s <= last; ++s) {
      const StatementRow& st = program_.statement(s);
      for (const ScalarRefRow& r : st.scalars)
        if (r.access == Access::Write) out.insert(program_.variable(r.varId).name);
      for (Id callId : st.calls)
        for (const CallArgRow& a : program_.call(callId).args)
          if (!a.var.empty()) out.insert(a.var);
    }
    return out;
  };
  // Integer scalars of its own an assignment at the body's top set to an affine form of integer
  // dummies nothing had changed (i = size): that form, until something writes the scalar again.
  std::map<std::string, facts::AffineForm> values;
  auto noteWrites = [&](Id first, Id last) {
    for (const std::string& name : writtenIn(first, last)) {
      changed.insert(name);
      values.erase(name);
    }
  };
  // A form in the callee's integer dummies as they were on entry, of `form` as it stands at
  // statements that write none of its names (`here`: what they write); nullopt when not one.
  auto onEntry = [&](const facts::AffineForm& form, const std::set<std::string>& here) -> std::optional<facts::AffineForm> {
    if (!form.affine) return std::nullopt;
    facts::AffineForm out{true, form.constant, {}};
    for (const auto& [name, coeff] : form.terms) {
      if (here.count(name)) return std::nullopt;
      facts::AffineForm value{true, 0, {{name, 1}}};
      if (auto known = values.find(name); known != values.end()) {
        value = known->second;
      } else {
        const Effect* dummy = summary.dummy(name);
        if (!dummy || changed.count(name)) return std::nullopt;
        const Variable& scalar = program_.variable(dummy->varId);
        if (!scalar.integer || scalar.isArray() || scalar.pointer) return std::nullopt;
      }
      std::optional<facts::AffineForm> sum = combine(out, value, coeff);
      if (!sum) return std::nullopt;
      out = *sum;
    }
    return out;
  };
  // After statement `id` at the body's top: the scalar it sets, when it sets one to such a form.
  auto noteValue = [&](const StatementRow& row) {
    if (row.kind != StatementKind::Assignment || row.blockId != root || !std::string_view(row.expr).starts_with(R"({"exprs":[")"))
      return;
    const facts::StatementExpressions& tree = program_.trees(row.id);
    if (tree.exprs.size() != 2 || tree.exprs[0].kind != facts::ExpressionKind::Name) return;
    const std::string& name = tree.exprs[0].text;
    const Variable* scalar = nullptr;
    for (const ScalarRefRow& r : row.scalars)
      if (r.access == Access::Write && program_.variable(r.varId).name == name) scalar = &program_.variable(r.varId);
    // A local of its own: nothing it calls may change it (a module's variable, COMMON's may be).
    if (!scalar || !scalar->integer || scalar->isArray() || scalar->pointer || scalar->associated() ||
        scalar->storage != Storage::Local || scalar->procId != p.id || summary.dummy(name))
      return;
    std::optional<facts::AffineForm> form = affineOf(tree.exprs[1]);
    if (!form) return;
    // Its names as they were before the statement (which writes only `name`).
    if (std::any_of(form->terms.begin(), form->terms.end(), [&](const auto& t) { return t.first == name; })) return;
    if (std::optional<facts::AffineForm> value = onEntry(*form, {})) values[name] = *value;
  };
  // The range DO nest `nest` (statements first..last) writes v over: its first reference a write
  // over a range, the others reads of the element it wrote, after it (q_con(i) = ...; cvm(i) =
  // ... q_con(i)); empty when not so.
  auto nestRange = [&](const LoopRow& nest, Id first, Id last, const Variable& v) -> std::vector<facts::AffineForm> {
    std::vector<facts::AffineForm> range;
    const ArrayRefRow* rangeWrite = nullptr;
    Id rangeStatement = 0;
    for (Id s = first; s <= last; ++s) {
      const StatementRow& st = program_.statement(s);
      if (passes(st, v.id)) return {};
      for (Id refId : st.arrayRefs) {
        const ArrayRefRow& ref = program_.arrayRef(refId);
        if (ref.varId != v.id) continue;
        if (!rangeWrite) {
          if (ref.access != Access::Write || st.kind != StatementKind::Assignment) return {};
          range = rangeOf(ref, st, v, nest);
          if (range.empty()) return {};
          rangeWrite = &ref, rangeStatement = s;
          continue;
        }
        const bool own = ref.access == Access::Read && s > rangeStatement && ref.subscripted && ref.subscripts.size() == 1 &&
                         ref.subscripts[0].affine &&
                         ref.subscripts[0].constant.value_or(0) == rangeWrite->subscripts[0].constant.value_or(0) &&
                         ref.subscripts[0].terms.size() == 1 &&
                         ref.subscripts[0].terms[0].var == rangeWrite->subscripts[0].terms[0].var &&
                         ref.subscripts[0].terms[0].coeff == rangeWrite->subscripts[0].terms[0].coeff;
        if (!own) return {};
      }
    }
    return range;
  };
  // The arms (blocks) of a complete IF or SELECT CASE construct (its statement `construct`, the
  // last of it `last`) whose conditions (the construct's own statements: IF, ELSE IF, CASE) do
  // not touch v; nullopt when not such.
  auto completeArms = [&](Id construct, Id last, const Variable& v) -> std::optional<std::vector<Id>> {
    auto known = program_.constructs.find(construct);
    const StatementKind kind = program_.statement(construct).kind;
    if (known == program_.constructs.end() || !known->second.complete ||
        (kind != StatementKind::IfThen && kind != StatementKind::SelectCase) || touches(construct, construct, v.id))
      return std::nullopt;
    std::vector<Id> arms;
    for (Id s = construct + 1; s <= last; ++s) {
      const StatementRow& st = program_.statement(s);
      if (st.blockId != root && program_.block(st.blockId).constructStmt == construct &&
          std::find(arms.begin(), arms.end(), st.blockId) == arms.end())
        arms.push_back(st.blockId);
      if (st.blockId == program_.statement(construct).blockId && touches(s, s, v.id)) return std::nullopt;  // a condition
    }
    if (arms.size() != static_cast<size_t>(known->second.arms)) return std::nullopt;
    return arms;
  };
  // The range a complete IF or SELECT CASE construct (its statement `construct`, the last of
  // it `last`) writes v over: in every arm, the first statement that touches v is a DO nest
  // writing it over that range (nestRange) or such a construct, and nothing after it in the arm
  // touches v; the construct's conditions do not read it. Empty when not so.
  std::function<std::vector<facts::AffineForm>(Id, Id, const Variable&)> armsRange = [&](Id construct, Id last,
                                                                                         const Variable& v) {
    std::vector<facts::AffineForm> common;
    const std::optional<std::vector<Id>> arms = completeArms(construct, last, v);
    if (!arms) return common;
    const std::set<std::string> before = changed;
    for (Id arm : *arms) {
      std::vector<facts::AffineForm> range;
      bool decided = false;
      for (Id t = construct + 1; t <= last; ++t) {
        if (program_.statement(t).blockId != arm) continue;
        const Id end = extentOf(t);
        if (!touches(t, end, v.id)) {
          noteWrites(t, end);
          t = end;
          continue;
        }
        if (decided) {  // touched again after it was defined
          range.clear();
          break;
        }
        decided = true;
        const StatementRow& row = program_.statement(t);
        if (row.kind == StatementKind::Do) {
          if (const LoopRow* loop = loopAt(t)) range = nestRange(*loop, t, end, v);
        } else if (row.kind == StatementKind::IfThen || row.kind == StatementKind::SelectCase) {
          range = armsRange(t, end, v);
        }
        if (range.empty()) break;
        t = end;
      }
      changed = before;
      if (range.empty() || (!common.empty() && range != common)) return std::vector<facts::AffineForm>{};
      common = std::move(range);
    }
    return common;
  };
  // Whether a complete IF or SELECT CASE construct (its statement `construct`, the last of it
  // `last`) writes all of v before reading any in every arm: the first statement of each arm
  // that touches v assigns it whole (`x = 0`, `x(:) = y`) and touches it no other way, or is
  // such a construct; the conditions do not read it.
  std::function<bool(Id, Id, const Variable&)> armsWhole = [&](Id construct, Id last, const Variable& v) {
    const std::optional<std::vector<Id>> arms = completeArms(construct, last, v);
    if (!arms) return false;
    for (Id arm : *arms) {
      bool written = false;
      for (Id t = construct + 1; t <= last && !written; ++t) {
        if (program_.statement(t).blockId != arm) continue;
        const Id end = extentOf(t);
        if (!touches(t, end, v.id)) {
          t = end;
          continue;
        }
        const StatementRow& row = program_.statement(t);
        if (row.kind == StatementKind::IfThen || row.kind == StatementKind::SelectCase) {
          if (!armsWhole(t, end, v)) return false;
        } else {
          if (row.kind != StatementKind::Assignment || passes(row, v.id)) return false;
          for (Id refId : row.arrayRefs) {
            const ArrayRefRow& ref = program_.arrayRef(refId);
            if (ref.varId == v.id && (ref.access != Access::Write || ref.context != RefContext::Lhs || !everyElementNamed(ref, v.rank)))
              return false;
          }
        }
        written = true;
      }
      if (!written) return false;
    }
    return true;
  };
  // The elements statements first..last write of v, a constant shape of at most kPieces
  // elements, when that is all they do with it: assignments at the body's top or in DO loops of
  // constant bounds there, each subscript a constant or a distinct loop's variable plus one
  // (e(1) = ...; e(2) = ...; DO k = 2, 3: e(k) = ...). nullopt: something else.
  constexpr int64_t kPieces = 64;
  auto elementsWritten = [&](Id first, Id last, const Variable& v) -> std::optional<std::vector<std::vector<int64_t>>> {
    if (v.layout.empty()) return std::nullopt;
    int64_t count = 1;
    for (const auto& [lower, extent] : v.layout)
      if (extent < 1 || __builtin_mul_overflow(count, extent, &count) || count > kPieces) return std::nullopt;
    std::vector<std::vector<int64_t>> out;
    for (Id s = first; s <= last; ++s) {
      const StatementRow& st = program_.statement(s);
      if (passes(st, v.id)) return std::nullopt;
      for (Id refId : st.arrayRefs) {
        const ArrayRefRow& ref = program_.arrayRef(refId);
        if (ref.varId != v.id) continue;
        if (ref.access != Access::Write || st.kind != StatementKind::Assignment || !ref.subscripted || ref.section ||
            ref.subscripts.size() != v.layout.size())
          return std::nullopt;
        std::map<std::string, const LoopRow*> around;  // only loop bodies up to the top
        bool runs = true;
        for (Id b = st.blockId; b != root; b = program_.block(b).parentId) {
          if (b == 0 || !program_.block(b).isLoop()) return std::nullopt;
          const LoopRow& l = program_.loop(program_.block(b).loopId);
          if (!l.lowerValue || !l.upperValue || (!l.step.empty() && l.stepValue != 1)) return std::nullopt;
          around[l.var] = &l;
          runs = runs && *l.lowerValue <= *l.upperValue;
        }
        std::vector<std::vector<int64_t>> values;  // per dimension
        std::set<std::string> used;
        for (const facts::SubscriptRow& sub : ref.subscripts) {
          if (!sub.affine || sub.terms.size() > 1) return std::nullopt;
          const int64_t constant = sub.constant.value_or(0);
          if (sub.terms.empty()) {
            values.push_back({constant});
            continue;
          }
          auto loop = around.find(sub.terms[0].var);
          if (sub.terms[0].coeff != 1 || loop == around.end() || !used.insert(loop->first).second) return std::nullopt;
          std::vector<int64_t> range;
          for (int64_t x = *loop->second->lowerValue; x <= *loop->second->upperValue; ++x) {
            int64_t element = 0;
            if (static_cast<int64_t>(range.size()) >= kPieces || __builtin_add_overflow(x, constant, &element)) return std::nullopt;
            range.push_back(element);
          }
          values.push_back(std::move(range));
        }
        if (!runs) continue;  // a loop around it runs no iteration: it writes nothing
        std::vector<std::vector<int64_t>> product{{}};
        for (const std::vector<int64_t>& dimension : values) {
          std::vector<std::vector<int64_t>> next;
          for (const std::vector<int64_t>& prefix : product)
            for (int64_t x : dimension) {
              next.push_back(prefix);
              next.back().push_back(x);
            }
          if (static_cast<int64_t>(next.size()) > kPieces) return std::nullopt;
          product = std::move(next);
        }
        out.insert(out.end(), product.begin(), product.end());
      }
    }
    return out;
  };
  // The boxes statements first..last write of v (boxable), when that is all they do with it:
  // assignments at the body's top or in DO loops there, each subscript the variable of a
  // distinct loop around it that runs exactly over that dimension (filled) or, of step 1, over
  // bounds that are such forms (ranged), or an affine form of integer dummies as they were on
  // entry (onEntry); every other loop around it running at least once. At most kBoxes in all.
  // nullopt: something else.
  constexpr size_t kBoxes = 16;
  auto boxesWritten = [&](Id first, Id last, const Variable& v, size_t have) -> std::optional<std::vector<DefinedBox>> {
    if (!boxable(v)) return std::nullopt;
    const std::set<std::string> here = writtenIn(first, last);
    std::vector<DefinedBox> out;
    for (Id s = first; s <= last; ++s) {
      const StatementRow& st = program_.statement(s);
      if (passes(st, v.id)) return std::nullopt;
      for (Id refId : st.arrayRefs) {
        const ArrayRefRow& ref = program_.arrayRef(refId);
        if (ref.varId != v.id) continue;
        if (ref.access != Access::Write || st.kind != StatementKind::Assignment || !ref.subscripted || ref.section ||
            ref.subscripts.size() != static_cast<size_t>(v.rank) || have + out.size() >= kBoxes)
          return std::nullopt;
        std::vector<const LoopRow*> around;
        for (Id b = st.blockId; b != root; b = program_.block(b).parentId) {
          if (b == 0 || !program_.block(b).isLoop()) return std::nullopt;
          around.push_back(&program_.loop(program_.block(b).loopId));
        }
        DefinedBox box;
        std::set<Id> used;
        for (size_t d = 0; d < ref.subscripts.size(); ++d) {
          const facts::SubscriptRow& sub = ref.subscripts[d];
          if (!sub.affine) return std::nullopt;
          facts::AffineForm form{true, sub.constant.value_or(0), {}};
          for (const facts::SubscriptTermRow& t : sub.terms) form.terms.emplace_back(t.var, t.coeff);
          const LoopRow* loop = nullptr;
          for (const LoopRow* l : around)
            if (form.terms.size() == 1 && l->var == form.terms[0].first) loop = l;
          box.at.push_back(form);
          box.to.push_back(facts::AffineForm{});
          if (loop) {
            if (form.terms[0].second != 1 || form.constant != 0 || !used.insert(loop->id).second) return std::nullopt;
            if (runsOverDimension(*loop, v, d)) {
              box.filled |= uint32_t{1} << d;
              continue;
            }
            // Over its bounds, taken where it starts (DO j = 1, nj: j = 1..nj; none when nj < 1,
            // and then nothing of the box is written either).
            if ((!loop->step.empty() && loop->stepValue != 1) || !loop->lowerForm.affine || !loop->upperForm.affine)
              return std::nullopt;
            std::optional<facts::AffineForm> low = onEntry(loop->lowerForm, here);
            std::optional<facts::AffineForm> high = onEntry(loop->upperForm, here);
            if (!low || !high) return std::nullopt;
            box.ranged |= uint32_t{1} << d;
            box.at.back() = *low;
            box.to.back() = *high;
            continue;
          }
          for (const LoopRow* l : around)
            if (std::any_of(form.terms.begin(), form.terms.end(), [&](const auto& t) { return t.first == l->var; }))
              return std::nullopt;
          std::optional<facts::AffineForm> entry = onEntry(form, here);
          if (!entry) return std::nullopt;
          box.at.back() = *entry;
        }
        for (const LoopRow* l : around)
          if (!used.count(l->id) && l->tripCount.value_or(0) < 1) return std::nullopt;
        out.push_back(std::move(box));
      }
    }
    return out;
  };
  // A CALL statement at the body's top, one call, that names v only as arguments, each v
  // whole or an element of it with constant subscripts.
  auto callDefinition = [&](const StatementRow& row, const Variable& v) -> std::optional<CallDefinition> {
    if (row.kind != StatementKind::Call || row.action || row.blockId != root || row.calls.size() != 1) return std::nullopt;
    const CallRow& call = program_.call(row.calls.front());
    CallDefinition out;
    out.callId = call.id;
    size_t positional = 0;
    for (const CallArgRow& a : call.args) {
      const size_t at = a.object ? 0 : positional++;
      const ArrayRefRow* ref = a.refId ? &program_.arrayRef(a.refId) : nullptr;
      const bool names = a.var == v.name || (ref && ref->varId == v.id);
      if (!names) {
        if (std::optional<int64_t> value = integerText(a.text); value && !a.object) out.literals.push_back({{at, a.keyword, {}}, *value});
        continue;
      }
      if (a.object || (ref && ref->varId != v.id)) return std::nullopt;
      CallDefinition::Part part{at, a.keyword, {}};
      if (ref && ref->subscripted) {
        if (ref->section || ref->subscripts.size() != v.layout.size() || v.layout.empty()) return std::nullopt;
        part.element.emplace();
        for (const facts::SubscriptRow& sub : ref->subscripts) {
          if (!sub.affine || !sub.terms.empty()) return std::nullopt;
          part.element->push_back(sub.constant.value_or(0));
        }
      }
      out.parts.push_back(std::move(part));
    }
    // Its every reference here one of those arguments.
    size_t references = 0;
    for (Id refId : row.arrayRefs) {
      const ArrayRefRow& ref = program_.arrayRef(refId);
      if (ref.varId != v.id) continue;
      if (ref.context != RefContext::CallArg) return std::nullopt;
      ++references;
    }
    if (out.parts.empty() || references != out.parts.size()) return std::nullopt;
    return out;
  };
  // The elements written so far of the arrays written piece by piece (elementsWritten), and
  // the boxes (boxesWritten).
  std::map<Id, std::set<std::vector<int64_t>>> pieces;
  std::map<Id, std::vector<DefinedBox>> boxes;
  std::map<Id, DefinedArray> defined;
  // Where the walk stops, or a statement does more with one of them: the elements and boxes
  // written before, on every path, are what a call defines of it.
  auto keepPieces = [&](Id varId) {
    auto have = pieces.find(varId);
    if (have != pieces.end() && !have->second.empty() && !defined[varId].whole)
      defined[varId].elements.assign(have->second.begin(), have->second.end());
    auto written = boxes.find(varId);
    if (written != boxes.end() && !written->second.empty() && !defined[varId].whole) defined[varId].boxes = written->second;
  };
  auto finished = [&]() {
    for (Id varId : open) keepPieces(varId);
    return defined;
  };
  for (Id id = p.statements.first; id <= p.statements.last && !open.empty(); ++id) {
    const StatementRow& row = program_.statement(id);
    const LoopRow* nest = row.blockId == root && row.kind == StatementKind::Do ? loopAt(id) : nullptr;
    const bool construct = row.blockId == root && (row.kind == StatementKind::IfThen || row.kind == StatementKind::SelectCase);
    const Id last = nest || construct ? extentOf(id) : id;
    // A jump, a RETURN, a STOP or an EXIT before a dummy is written may leave it unwritten.
    for (Id s = id; s <= last; ++s)
      if (leaves(program_.statement(s))) return finished();
    for (auto candidate = open.begin(); candidate != open.end();) {
      const Variable& v = program_.variable(*candidate);
      if (!touches(id, last, v.id)) {
        ++candidate;
        continue;
      }
      // Boxes of it, and nothing else done with it here: the walk goes on.
      auto addBoxes = [&] {
        std::optional<std::vector<DefinedBox>> written = construct ? std::nullopt : boxesWritten(id, last, v, boxes[v.id].size());
        if (written) boxes[v.id].insert(boxes[v.id].end(), written->begin(), written->end());
        return written.has_value();
      };
      if (boxesOnly.count(v.id)) {
        if (addBoxes()) {
          ++candidate;
          continue;
        }
        keepPieces(v.id);
        candidate = open.erase(candidate);
        continue;
      }
      // Elements written one by one (or a box of them by a nest): all of it, once the pieces
      // together hold every element of its declared shape.
      if (!construct)
        if (std::optional<std::vector<std::vector<int64_t>>> written = elementsWritten(id, last, v)) {
          std::set<std::vector<int64_t>>& have = pieces[v.id];
          for (std::vector<int64_t>& element : *written) {
            bool inside = true;
            for (size_t d = 0; d < element.size(); ++d)
              inside = inside && element[d] >= v.layout[d].first && element[d] < v.layout[d].first + v.layout[d].second;
            if (inside) have.insert(std::move(element));
          }
          if (static_cast<int64_t>(have.size()) < elementCount(v).value_or(INT64_MAX)) {
            ++candidate;
            continue;
          }
          defined[v.id].whole = true;
          candidate = open.erase(candidate);
          continue;
        }
      // A CALL that passes it on, whole or by constant elements, and does nothing else with it:
      // the walk stops here for it; what the call defines is known once the callees' summaries
      // are (callDefinitions).
      if (std::optional<CallDefinition> passedOn = callDefinition(row, v)) {
        keepPieces(v.id);
        passedOn->pieces = pieces[v.id];
        defined[v.id].call = std::move(passedOn);
        candidate = open.erase(candidate);
        continue;
      }
      // A complete IF or SELECT CASE every arm of which assigns it whole first.
      if (construct && armsWhole(id, last, v)) {
        defined[v.id].whole = true;
        candidate = open.erase(candidate);
        continue;
      }
      // Every reference to it here must be a write of the whole of it, one at least; or it is
      // written over a range (nestRange, armsRange).
      bool whole = !construct;
      for (Id s = id; s <= last && whole; ++s) {
        const StatementRow& st = program_.statement(s);
        whole = !passes(st, v.id);
        for (Id refId : st.arrayRefs) {
          const ArrayRefRow& ref = program_.arrayRef(refId);
          if (ref.varId != v.id) continue;
          const bool written = ref.access == Access::Write && st.kind == StatementKind::Assignment;
          whole = whole && written && (nest ? spansAll(ref, st, v) : st.blockId == root && everyElementNamed(ref, v.rank));
        }
      }
      std::vector<facts::AffineForm> range;
      if (!whole) range = nest ? nestRange(*nest, id, last, v) : construct ? armsRange(id, last, v) : range;
      if (!whole && range.empty() && addBoxes()) {
        ++candidate;
        continue;
      }
      if (!whole && range.empty()) keepPieces(v.id);
      if (whole) {
        defined[v.id].whole = true;
      } else if (!range.empty()) {
        // What the call reads of it it wrote first, unless a later statement reads it (or
        // passes it on): any element, then.
        defined[v.id].range = std::move(range);
        defined[v.id].readsOnlyWritten = !touches(last + 1, p.statements.last, v.id);
      }
      candidate = open.erase(candidate);
    }
    noteWrites(id, last);
    noteValue(row);
    id = last;
  }
  return finished();
}

void Effects::callDefinitions(const std::map<std::pair<Id, Id>, CallDefinition>& pending) {
  if (pending.empty()) return;
  std::unordered_map<Id, const CallSite*> sites;
  for (const CallSite& site : callSites_) sites.emplace(site.callId, &site);
  constexpr int kMaxRounds = 16;  // a chain of calls passing an array on, each defining more
  constexpr int64_t kPieces = 64;  // definedArrays' limit on the elements listed
  for (int round = 0; round < kMaxRounds; ++round) {
    bool changed = false;
    for (const auto& [at, definition] : pending) {
      const auto [proc, var] = at;
      Effect* mine = nullptr;
      for (auto& [key, e] : summaries_[static_cast<size_t>(proc - 1)].effects)
        if (e.reach == Reach::Dummy && e.varId == var) mine = &e;
      auto site = sites.find(definition.callId);
      if (!mine || mine->definesWhole || site == sites.end()) continue;
      const Variable& v = program_.variable(var);
      const CallSite& call = *site->second;
      if (call.resolved.unknown || call.resolved.targets.empty()) continue;
      // Every part must be written by every procedure the call may run before it reads any:
      // else the call may read what the procedure was passed.
      std::set<std::vector<int64_t>> elements = definition.pieces;
      bool whole = false, known = true;
      for (const CallDefinition::Part& part : definition.parts) {
        if (!part.element) {
          for (const CallTarget& t : call.resolved.targets) {
            const std::string* name = dummyName(t, false, part.keyword, part.positional);
            const Effect* e = name ? summary(t.proc).dummy(*name) : nullptr;
            known = known && e && e->definesWhole && program_.procedure(t.proc).kind != ProcedureKind::Entry &&
                    (program_.variable(e->varId).assumedShape ||
                     covers(program_.variable(e->varId), v, program_.procedure(t.proc).hostId != 0));
          }
          whole = true;
          continue;
        }
        std::optional<std::pair<int64_t, int64_t>> span = definedSpan(call, definition, part, v);
        if (!span) {
          known = false;
          break;
        }
        // From the element passed, in array element order, within the array.
        int64_t linear = 0, size = 1;
        for (size_t d = 0; d < v.layout.size() && known; ++d) {
          int64_t offset = (*part.element)[d] - v.layout[d].first;
          known = offset >= 0 && offset < v.layout[d].second && !__builtin_mul_overflow(offset, size, &offset) &&
                  !__builtin_add_overflow(linear, offset, &linear) && !__builtin_mul_overflow(size, v.layout[d].second, &size);
        }
        if (!known) break;
        if (span->first > span->second) continue;  // it writes none
        if (span->first < 0 || span->second >= size - linear) {
          known = false;
          break;
        }
        if (linear + span->first == 0 && linear + span->second == size - 1) {
          whole = true;
          continue;
        }
        if (size > kPieces) {
          known = false;
          break;
        }
        for (int64_t x = linear + span->first; x <= linear + span->second; ++x) {
          std::vector<int64_t> element;
          int64_t rest = x;
          for (const auto& [lower, extent] : v.layout) {
            element.push_back(lower + rest % extent);
            rest /= extent;
          }
          elements.insert(std::move(element));
        }
      }
      if (!known) continue;
      const std::optional<int64_t> count = elementCount(v);
      if (whole || (count && static_cast<int64_t>(elements.size()) >= *count)) {
        mine->definesWhole = true;
        mine->definedElements.clear();
        changed = true;
      } else if (elements.size() > mine->definedElements.size()) {
        mine->definedElements.assign(elements.begin(), elements.end());
        changed = true;
      }
    }
    if (!changed) return;
  }
}

std::optional<std::pair<int64_t, int64_t>> Effects::definedSpan(const CallSite& call, const CallDefinition& definition,
                                                                const CallDefinition::Part& part, const Variable& actual) const {
  if (call.resolved.targets.size() != 1) return std::nullopt;
  const CallTarget& t = call.resolved.targets.front();
  const std::string* name = dummyName(t, false, part.keyword, part.positional);
  const Effect* e = name ? summary(t.proc).dummy(*name) : nullptr;
  if (!e || program_.procedure(t.proc).kind == ProcedureKind::Entry) return std::nullopt;
  const Variable& dummy = program_.variable(e->varId);
  if (dummy.assumedShape || !sameElements(dummy, actual, program_.procedure(t.proc).hostId != 0)) return std::nullopt;
  if (e->definesWhole) {
    const std::optional<int64_t> count = elementCount(dummy);
    if (!count || *count < 1) return std::nullopt;
    return std::pair<int64_t, int64_t>(0, *count - 1);
  }
  // A range of a rank-1 dummy whose bounds name its integer dummies, passed integer literals.
  if (e->definedRange.size() != 2 || !e->readsOnlyWritten || dummy.rank != 1 || dummy.bounds.empty()) return std::nullopt;
  const std::optional<int64_t> lower = !dummy.layout.empty()         ? dummy.layout[0].first
                                      : dummy.bounds[0].first.empty() ? 1
                                                                      : integerText(dummy.bounds[0].first);
  if (!lower) return std::nullopt;
  std::array<int64_t, 2> bound{};
  for (size_t b = 0; b < 2; ++b) {
    const facts::AffineForm& form = e->definedRange[b];
    if (!form.affine) return std::nullopt;
    int64_t value = form.constant;
    for (const auto& [term, coeff] : form.terms) {
      const auto literal = std::find_if(definition.literals.begin(), definition.literals.end(), [&](const auto& l) {
        const std::string* named = dummyName(t, false, l.first.keyword, l.first.positional);
        return named && *named == term;
      });
      int64_t product = 0;
      if (literal == definition.literals.end() || __builtin_mul_overflow(coeff, literal->second, &product) ||
          __builtin_add_overflow(value, product, &value))
        return std::nullopt;
    }
    bound[b] = value;
  }
  if (bound[0] < *lower) return std::nullopt;
  return std::pair<int64_t, int64_t>(bound[0] - *lower, bound[1] - *lower);
}

std::vector<Id> Effects::callerView(Id varId, Id callerProc) const {
  const Variable& v = program_.variable(varId);
  if (v.storage != Storage::Common) return {varId};
  Id viewer = callerProc;
  auto members = commonMembers_.find({viewer, v.common});
  if (members == commonMembers_.end()) {
    auto first = firstDeclaring_.find(v.common);
    if (first == firstDeclaring_.end()) return {varId};
    viewer = first->second;
    members = commonMembers_.find({viewer, v.common});
  }
  if (viewer == v.procId) return {varId};
  const std::optional<int64_t> size = v.storageBytes();
  // The usual case: the block declared alike in both, the same name at the same place.
  auto same = commonVars_.find({viewer, v.common, v.name});
  if (same != commonVars_.end()) {
    const Variable& m = program_.variable(same->second);
    if (v.offset && m.offset == v.offset && size && m.storageBytes() == size) return {m.id};
  }
  std::vector<Id> out;
  for (Id id : members->second) {
    const Variable& m = program_.variable(id);
    const std::optional<int64_t> bytes = m.storageBytes();
    bool apart = v.offset && size && m.offset && bytes && (*m.offset >= *v.offset + *size || *v.offset >= *m.offset + *bytes);
    if (!apart) out.push_back(id);
  }
  if (out.empty()) out.push_back(varId);  // beyond what the caller declares: only the callee's name reaches it
  return out;
}

std::vector<std::pair<Id, std::vector<Id>>> Effects::commonViews(Id varId) const {
  const Variable& v = program_.variable(varId);
  std::vector<std::pair<Id, std::vector<Id>>> views;
  if (v.storage != Storage::Common) return views;
  const std::optional<int64_t> size = v.storageBytes();
  for (const auto& [key, members] : commonMembers_) {
    if (key.second != v.common) continue;
    std::vector<Id> overlapping;  // as callerView, the procedure's own members too (EQUIVALENCE)
    for (Id id : members) {
      const Variable& m = program_.variable(id);
      const std::optional<int64_t> bytes = m.storageBytes();
      bool apart = v.offset && size && m.offset && bytes && (*m.offset >= *v.offset + *size || *v.offset >= *m.offset + *bytes);
      if (!apart) overlapping.push_back(id);
    }
    views.emplace_back(key.first, std::move(overlapping));
  }
  return views;
}

Id Effects::argumentVariable(const StatementRow& s, const std::string& name, bool& isArray, Id* refId) const {
  for (const ScalarRefRow& r : s.scalars)
    if (r.context == RefContext::CallArg && program_.variable(r.varId).name == name) {
      isArray = false;
      return r.varId;
    }
  for (Id ref : s.arrayRefs) {
    const ArrayRefRow& r = program_.arrayRef(ref);
    if (r.context == RefContext::CallArg && r.name == name && r.varId) {
      isArray = true;
      if (refId) *refId = ref;
      return r.varId;
    }
  }
  return 0;
}

bool Effects::propagate(const CallSite& call) {
  const ProcedureRow& p = program_.procedure(call.caller);
  ProcedureSummary& summary = summaries_[static_cast<size_t>(call.caller - 1)];
  const std::string& name = call.spec.callee;
  if (excludedCalls_.count(call.callId)) {  // it ends the program: only that reaches the caller
    if (summary.stop) return false;
    if (call.errorExit || (call.resolved.unknown && call.spec.resolution == facts::CallResolution::Name && endsProgram(name))) {
      summary.stop = true;
      summary.stopAt = "call of " + spelled(name) + " in " + p.name;
      return true;
    }
    for (const CallTarget& target : call.resolved.targets)
      if (const ProcedureSummary& callee = summaries_[static_cast<size_t>(target.proc - 1)]; callee.stop) {
        summary.stop = true;
        summary.stopAt = callee.stopAt;
        return true;
      }
    return false;
  }
  if (call.resolved.unknown) {
    const KnownExternal* known = call.spec.resolution == facts::CallResolution::Name ? knownExternal(name) : nullptr;
    // What it does to its arguments: a known external's table says; an intrinsic subroutine
    // writes them (CPU_TIME(t), RANDOM_NUMBER(x)), an unknown callee may.
    bool changed = false;
    for (size_t k = 0; k < call.arguments.size(); ++k) {
      const CallSite::Argument& arg = call.arguments[k];
      if (!arg.var) continue;
      const bool listed = known && arg.keyword.empty();
      changed |= addEffect(summary, p, arg.var, !listed || known->reads(k), !listed || known->writes(k), name);
    }
    if (known) return (known->hostOnly && summary.hostOnly.insert(name).second) || changed;
    if (sharesHiddenState(name)) return summary.sharedState.insert(name).second || changed;
    return (!isIntrinsicSubroutine(name) && summary.unknownCalls.insert(name).second) || changed;
  }
  bool changed = false;
  for (const CallTarget& target : call.resolved.targets) changed |= propagate(call, target);
  return changed;
}

bool Effects::propagate(const CallSite& call, const CallTarget& target) {
  const ProcedureRow& p = program_.procedure(call.caller);
  ProcedureSummary& summary = summaries_[static_cast<size_t>(call.caller - 1)];
  // A recursive call reads the summary it adds to: a copy then, else the callee's own.
  std::optional<ProcedureSummary> self;
  if (target.proc == call.caller) self = summaries_[static_cast<size_t>(target.proc - 1)];
  const ProcedureSummary& callee = self ? *self : summaries_[static_cast<size_t>(target.proc - 1)];
  bool changed = false;
  if (callee.io && !summary.io) {
    summary.io = changed = true;
    summary.ioAt = callee.ioAt;
  }
  if (callee.stop && !summary.stop) {
    summary.stop = changed = true;
    summary.stopAt = callee.stopAt;
  }
  if (callee.wideNestDepth > summary.wideNestDepth) {
    summary.wideNestDepth = callee.wideNestDepth;
    changed = true;
  }
  for (const std::string& name : callee.unknownCalls) changed |= summary.unknownCalls.insert(name).second;
  if (summary.unread.empty() && !callee.unread.empty()) {
    summary.unread = callee.unread;
    changed = true;
  }
  if (summary.freesPointer.empty() && !callee.freesPointer.empty()) {
    summary.freesPointer = program_.procedure(target.proc).name + "'s " + callee.freesPointer;
    changed = true;
  }
  for (const std::string& name : callee.hostOnly) changed |= summary.hostOnly.insert(name).second;
  for (const std::string& name : callee.sharedState) changed |= summary.sharedState.insert(name).second;
  const std::string& via = program_.procedure(target.proc).name;
  std::vector<const std::string*> dummies;  // per argument, the dummy it is passed to
  dummies.reserve(call.arguments.size());
  for (const CallSite::Argument& arg : call.arguments) dummies.push_back(dummyName(target, arg.object, arg.keyword, arg.positional));
  for (const auto& [key, e] : callee.effects) {
    if (e.reach != Reach::Dummy) {
      for (Id var : callerView(e.varId, p.id)) changed |= addEffect(summary, p, var, e.reads, e.writes, via);
      continue;
    }
    for (size_t k = 0; k < call.arguments.size(); ++k)
      if (dummies[k] && *dummies[k] == e.name) changed |= addEffect(summary, p, call.arguments[k].var, e.reads, e.writes, via);
  }
  return changed;
}

void Effects::calleeEffects(const StatementRow& s, const CallRow& call, Id target, StatementEffects& out) const {
  const ProcedureSummary* callee = &summary(target);
  const Id callId = call.id;
  const std::string where = " (line " + std::to_string(call.line) + ")";
  out.opaqueCall |= !callee->unknownCalls.empty();  // through what it calls
  const std::string& name = program_.procedure(target).name;
  if (callee->io) out.problems.push_back({ReasonKind::Io, callId, name, name + where + " does input/output (" + callee->ioAt + ")"});
  if (callee->stop)
    out.problems.push_back({ReasonKind::Stop, callId, name,
                            name + where + " may end the program (" + callee->stopAt + "): the loop runs on the host only",
                            false});
  if (!callee->unread.empty()) {
    out.opaqueCall = true;
    out.problems.push_back({ReasonKind::Unparsed, callId, name,
                            name + where + " holds a statement the front end could not read (" + callee->unread +
                                "): what it does is unknown"});
  }
  if (!callee->freesPointer.empty())
    out.problems.push_back({ReasonKind::Call, callId, name,
                            name + where + " deallocates " + callee->freesPointer +
                                ", a POINTER: another pointer may point at what it frees"});
  for (const std::string& unknownCallee : callee->unknownCalls)
    out.problems.push_back({ReasonKind::Call, callId, unknownCallee,
                            name + where + " calls " + unknownCallee + ", which has no body here: what it does is unknown"});
  for (const std::string& shared : callee->sharedState)
    out.problems.push_back({ReasonKind::Call, callId, shared,
                            name + where + " calls " + shared + ": every call shares the random number generator's state"});
  for (const std::string& host : callee->hostOnly)
    out.problems.push_back({ReasonKind::HostOnly, callId, host,
                            name + where + " calls " + host + ", which runs on the host only: the loop is not put on a GPU",
                            false});
  for (const auto& [key, e] : callee->effects) {
    if (e.reach == Reach::Dummy) continue;
    for (Id var : callerView(e.varId, s.procId)) {
      const Variable& v = program_.variable(var);
      if (v.isArray()) {
        if (e.reads) out.arrays.push_back({var, 'R', callId, 0, 0, 0, false, nullptr});
        if (e.writes) out.arrays.push_back({var, 'W', callId, 0, 0, 0, false, nullptr});
      } else {
        if (e.reads) out.scalars.push_back({var, 'R', false, callId});
        if (e.writes) out.scalars.push_back({var, 'W', false, callId});
      }
      const Reach seen = reach(var, s.procId);
      if (e.writes && seen == Reach::Save)
        out.problems.push_back({ReasonKind::Call, callId, v.name,
                                "call to " + name + where + " writes " + v.name + ", which " +
                                    program_.procedure(v.procId).name + " saves from one call to the next"});
      else if (e.writes && seen != Reach::Local)
        out.problems.push_back({ReasonKind::Call, callId, v.name,
                                "call to " + name + where + " writes the shared variable " + v.name});
    }
  }
}

std::optional<std::string> Effects::deallocatedPointer(const StatementRow& s) const {
  if (s.kind != StatementKind::Deallocate && s.action != StatementKind::Deallocate) return std::nullopt;
  const facts::StatementExpressions& tree = program_.trees(s.id);
  const std::vector<facts::Expression>& objects =
      s.kind == StatementKind::Deallocate ? tree.exprs : (tree.action.empty() ? tree.exprs : tree.action.front().exprs);
  // The variable a name is, among the statement's references.
  auto variableNamed = [&](const std::string& name) -> const Variable* {
    for (const ScalarRefRow& r : s.scalars)
      if (program_.variable(r.varId).name == name) return &program_.variable(r.varId);
    for (Id refId : s.arrayRefs)
      if (const ArrayRefRow& r = program_.arrayRef(refId); r.varId && program_.variable(r.varId).name == name)
        return &program_.variable(r.varId);
    return nullptr;
  };
  using K = facts::ExpressionKind;
  for (const facts::Expression& object : objects) {
    if (object.kind == K::Keyword) continue;  // STAT=, ERRMSG=
    // The designator's parts, the variable first: x(i)%obj%p is x, obj, p.
    std::vector<std::string> parts;
    const facts::Expression* e = &object;
    for (;;) {
      if (e->kind == K::Component && !e->args.empty()) {
        parts.insert(parts.begin(), e->text);
        e = &e->args[0];
      } else if (e->kind == K::Subscript && !e->args.empty()) {
        e = &e->args[0];
      } else {
        break;
      }
    }
    const bool named = e->kind == K::Name || e->kind == K::Element || e->kind == K::Section;
    const Variable* v = named ? variableNamed(e->text) : nullptr;
    const std::string text = facts::fortranText(object);
    if (!v || v->pointer) return text;  // not known, or the variable is a pointer
    // A pointer on the way (its target may be another pointer's too), or at the end.
    Id type = v->typeId;
    for (const std::string& part : parts) {
      const facts::ComponentRow* c = type ? program_.component(type, part) : nullptr;
      if (!c || c->pointer) return text;
      type = c->derivedId;
    }
  }
  return std::nullopt;
}

StatementEffects Effects::of(const StatementRow& s, bool withCalls, bool onEndingPath,
                             const std::map<Id, std::set<Id>>* passedDummies) const {
  StatementEffects out;
  if (program_.neverRuns(s)) return out;  // in an arm whose conditions fold so that it never runs
  out.scalars.reserve(s.scalars.size());
  // Known whatever the calls resolve to (an error handler's fatal severity ends the run in it,
  // its body or not): a definition need not reach past it.
  out.ends = s.kind == StatementKind::Stop ||
             (s.kind == StatementKind::Call && std::any_of(s.calls.begin(), s.calls.end(), [&](Id c) {
                const CallRow& call = program_.call(c);
                return call.stmtId == s.id && (errorExit(call) || (endingsKnown_ && neverReturns(call)));
              }));
  // A logical IF whose condition folds: its action runs every time (what it writes is written)
  // or never (nothing of it happens; a folded condition calls nothing, so every call is the action's).
  const std::optional<bool> runs = program_.actionRuns(s);
  // A scalar dummy of the procedure that a call (not a statement function's) is passed whole.
  auto passedDummy = [&](const ScalarRefRow& r) {
    const Variable& v = program_.variable(r.varId);
    return v.storage == Storage::Dummy && v.procId == s.procId && !v.isArray() &&
           std::any_of(s.calls.begin(), s.calls.end(), [&](Id c) { return passesWhole(program_.call(c), v.name); });
  };
  for (const ScalarRefRow& r : s.scalars) {
    if (withCalls && r.context == RefContext::CallArg) continue;  // what the callee does decides
    if (r.guarded && runs == false) continue;
    if (passedDummies && r.context == RefContext::CallArg && r.access == Access::Read && passedDummy(r)) {
      auto listed = passedDummies->find(r.varId);
      if (listed == passedDummies->end() || !listed->second.count(s.id)) out.scalars.push_back({r.varId, 'R', false, 0});
      out.scalars.push_back({r.varId, 'W', !r.guarded || runs == true, 0});
      continue;
    }
    bool partial = false;  // p%x = ... reads p as well as writing it
    if (r.access == Access::Write)
      for (const ScalarRefRow& other : s.scalars)
        if (other.varId == r.varId && other.access == Access::Read && other.context == r.context) partial = true;
    out.scalars.push_back(
        {r.varId, r.access == Access::Write ? 'W' : 'R', r.access == Access::Write && (!r.guarded || runs == true) && !partial, 0});
  }
  if (!withCalls || runs == false) return out;

  auto guarded = [&](Id varId) {
    for (const ScalarRefRow& r : s.scalars)
      if (r.varId == varId && r.context == RefContext::CallArg) return r.guarded && runs != true;
    return false;
  };
  std::set<Id> argumentsSeen;
  for (Id callId : s.calls) {
    const CallRow& call = program_.call(callId);
    const bool statementFunction = call.kind == CallKind::StatementFunction;
    std::string where = " (line " + std::to_string(call.line) + ")";
    ResolvedCall resolved = statementFunction ? ResolvedCall{} : resolve(call);
    // The program ends in it, or right after it: its arguments are read, and that is all.
    const bool ends = !statementFunction && (onEndingPath || (mayNeverReturn(call) && neverReturns(call, resolved, nullptr)));
    if (ends) {
      out.problems.push_back({ReasonKind::Stop, callId, call.callee,
                              "call to " + call.callee + where +
                                  (onEndingPath ? " is on a path that ends the program" : ", which never returns: it ends the program") +
                                  " (an error exit): the loop runs on the host only",
                              false});
      resolved = ResolvedCall{};
    }
    const KnownExternal* known =
        resolved.unknown && call.resolution == facts::CallResolution::Name ? knownExternal(call.callee) : nullptr;
    const bool unknown = resolved.unknown && !known;
    if (known && known->hostOnly)
      out.problems.push_back({ReasonKind::HostOnly, callId, call.callee,
                              call.callee + where + " runs on the host only: the loop is not put on a GPU", false});
    if (unknown) {
      out.opaqueCall |= !isIntrinsicSubroutine(call.callee);
      if (sharesHiddenState(call.callee))
        out.problems.push_back({ReasonKind::Call, callId, call.callee,
                                "call to " + call.callee + where + ": every call shares the random number generator's state"});
      else if (!isIntrinsicSubroutine(call.callee))
        out.problems.push_back({ReasonKind::Call, callId, call.callee,
                                "call to " + call.callee + where + ", " + resolved.why + ": what it does is unknown"});
    }
    for (size_t k = 0; k < call.args.size(); ++k) {
      const CallArgRow& arg = call.args[k];
      if (arg.var.empty()) continue;
      bool isArray = false;
      Id refId = 0;
      Id var = 0;
      if (arg.refId && program_.arrayRef(arg.refId).varId) {  // the very reference: a(i) and a(i+1) are two
        var = program_.arrayRef(arg.refId).varId;
        isArray = true;
        refId = arg.refId;
      } else {
        var = argumentVariable(s, arg.var, isArray, &refId);
      }
      if (!var) continue;
      argumentsSeen.insert(var);
      const ArrayRefRow* ref = refId ? &program_.arrayRef(refId) : nullptr;
      bool reads = true, writes = !statementFunction && !ends, defines = false, scalarDummy = false, definesAll = false,
           definesPart = false;
      std::shared_ptr<const std::vector<std::vector<int64_t>>> definedElements;
      if (resolved.targets.size() == 1 && ref && !ref->subscripted && ref->name == program_.variable(var).name)
        if (const Effect* e = dummyOf(resolved.targets.front(), call, k); e && !e->definedElements.empty()) {
          // The elements the callee writes first, as the caller's subscripts: an array of the
          // dummy's rank and extents, each subscript moved by the difference of the lower bounds.
          const Variable& dummy = program_.variable(e->varId);
          const Variable& actual = program_.variable(var);
          bool alike = !dummy.layout.empty() && dummy.layout.size() == actual.layout.size() && !actual.pointer &&
                       program_.procedure(resolved.targets.front().proc).kind != ProcedureKind::Entry;
          for (size_t d = 0; alike && d < dummy.layout.size(); ++d) alike = dummy.layout[d].second == actual.layout[d].second;
          if (alike) {
            auto elements = std::make_shared<std::vector<std::vector<int64_t>>>(e->definedElements);
            for (std::vector<int64_t>& element : *elements)
              for (size_t d = 0; d < element.size(); ++d) element[d] += actual.layout[d].first - dummy.layout[d].first;
            definedElements = std::move(elements);
          }
        }
      if (!resolved.targets.empty()) {
        // Every procedure the call may run: what any of them does, and what all of them define.
        reads = writes = false;
        defines = scalarDummy = definesAll = definesPart = true;
        for (const CallTarget& t : resolved.targets) {
          const Effect* e = dummyOf(t, call, k);
          reads |= e && e->reads;
          writes |= e && e->writes;
          // An ENTRY starts inside its host's body: what the host writes first, it may not.
          defines = defines && e && e->defines && program_.procedure(t.proc).kind != ProcedureKind::Entry;
          scalarDummy = scalarDummy && e && !program_.variable(e->varId).isArray();
          // (A dummy of assumed shape is as large as what it is passed.)
          definesAll = definesAll && e && e->definesWhole && ref && !ref->subscripted &&
                       ref->name == program_.variable(var).name &&
                       (program_.variable(e->varId).assumedShape ||
                        covers(program_.variable(e->varId), program_.variable(var), program_.procedure(t.proc).hostId != 0));
          definesPart = definesPart && e && e->definesWhole && ref && ref->subscripted && program_.variable(e->varId).isArray() &&
                        program_.procedure(t.proc).kind != ProcedureKind::Entry;
        }
      } else if (known && arg.keyword.empty()) {
        reads = known->reads(k);
        writes = known->writes(k);
        defines = writes && !reads;  // "w": written at every call, not read (a scalar's a definition)
      }
      if (isArray) {
        // An element passed to a scalar dummy (F77's CALL F(A(I))): the callee touches that element.
        Id element = scalarDummy && ref && ref->subscripted && !ref->section ? refId : 0;
        // The argument's own reference only (a name found in the statement may be another one's).
        const Id argumentRef = refId == arg.refId ? refId : 0;
        // One every procedure the call runs defines (writes before it reads it, on every path)
        // reads only what it wrote, as a scalar does. A CALL statement's own call writes it, as
        // an assignment would (a function in an expression need not be evaluated, Fortran 2018,
        // 10.1.7): of constant subscripts, it is one of the elements the call writes first
        // (definedElements: get_pos(k, pos(1), pos(2))).
        const bool elementDefined = element && defines;
        const bool elementWritten = elementDefined && call.kind == CallKind::Subroutine && s.kind == StatementKind::Call;
        if (elementWritten && std::all_of(ref->subscripts.begin(), ref->subscripts.end(), [](const facts::SubscriptRow& sub) {
              return sub.affine && sub.terms.empty();
            })) {
          std::vector<int64_t> at;
          for (const facts::SubscriptRow& sub : ref->subscripts) at.push_back(sub.constant.value_or(0));
          definedElements = std::make_shared<std::vector<std::vector<int64_t>>>(1, std::move(at));
        }
        // Nor does a call read any of an array it writes all of before reading any (definesAll).
        if (reads && !elementDefined && !definesAll)
          out.arrays.push_back({var, 'R', callId, static_cast<int>(k) + 1, element, argumentRef, false, nullptr});
        if (writes)
          out.arrays.push_back({var, 'W', callId, static_cast<int>(k) + 1, element, argumentRef, definesAll,
                                std::move(definedElements), elementWritten, definesPart && argumentRef != 0});
      } else {
        // A dummy the callee writes before it reads it on every path (defines) reads only what
        // the callee wrote: the caller's value is not read.
        if (reads && !defines) out.scalars.push_back({var, 'R', false, callId, true});
        if (writes) out.scalars.push_back({var, 'W', defines && !guarded(var), callId, true});
      }
    }
    for (const CallTarget& t : resolved.targets) calleeEffects(s, call, t.proc, out);
  }
  // An argument no call could account for (an unresolved name): read, as the front end saw it.
  for (const ScalarRefRow& r : s.scalars)
    if (r.context == RefContext::CallArg && !argumentsSeen.count(r.varId)) out.scalars.push_back({r.varId, 'R', false, 0});
  return out;
}

}  // namespace sapfor::analyzer

/// @file LoopAnalysis.cpp
#include "analyzer/LoopAnalysis.hpp"

#include "analyzer/Designators.hpp"
#include "analyzer/FlowGraph.hpp"
#include "analyzer/FourierMotzkin.hpp"
#include "facts/Expression.hpp"
#include "facts/Intrinsics.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <functional>
#include <map>
#include <unordered_map>

namespace sapfor::analyzer {

std::string upperCase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

const Trait* LoopResult::trait(const std::string& name) const {
  for (const Trait& t : traits)
    if (t.name == name) return &t;
  return nullptr;
}

namespace {

std::string line(int n) { return "line " + std::to_string(n); }

/// Whether `e` is a section's triplet lo:hi with a stride of 1, written or not.
bool unitTriplet(const facts::Expression& e);

/// Two paths into one variable, as the dependence tests compare them.
struct PartsCompared {
  std::vector<LinearExpr> a, b;  ///< the subscripts of the parts both write the same number of, in turn
  bool sameShape = false;        ///< the same parts, each with as many subscripts in both
};

/// nullopt: the paths part ways (two different components never share storage). Where one
/// path goes on past the other's end, the shorter one is all of what the longer reaches into;
/// a part subscripted in one and whole (or otherwise) in the other is left out of the test.
std::optional<PartsCompared> compareParts(const ReferencePath& x, const ReferencePath& y) {
  const size_t n = std::min(x.names.size(), y.names.size());
  for (size_t i = 0; i < n; ++i)
    if (x.names[i] != y.names[i]) return std::nullopt;
  PartsCompared out;
  out.sameShape = x.names.size() == y.names.size();
  for (size_t i = 0, ix = 0, iy = 0; i < n; ix += x.counts[i], iy += y.counts[i], ++i) {
    if (x.counts[i] != y.counts[i]) {
      out.sameShape = false;
      continue;
    }
    out.a.insert(out.a.end(), x.forms.begin() + static_cast<ptrdiff_t>(ix), x.forms.begin() + static_cast<ptrdiff_t>(ix + x.counts[i]));
    out.b.insert(out.b.end(), y.forms.begin() + static_cast<ptrdiff_t>(iy), y.forms.begin() + static_cast<ptrdiff_t>(iy + y.counts[i]));
  }
  return out;
}

/// Overflow-safe interval arithmetic for loop ranges; nullopt = unbounded.
using Bound = std::optional<int64_t>;

Bound mulBound(Bound a, int64_t k) {
  int64_t out = 0;
  if (!a || __builtin_mul_overflow(*a, k, &out)) return std::nullopt;
  return out;
}

Bound addBound(Bound a, Bound b) {
  int64_t out = 0;
  if (!a || !b || __builtin_add_overflow(*a, *b, &out)) return std::nullopt;
  return out;
}

/// r with the dependences carried at levels outside [first, last) dropped (a linearized index's
/// split holds inside the loops that keep its names; the subscripts as written decide outside).
DependenceResult onlyLevels(DependenceResult r, size_t first, size_t last) {
  for (size_t l = 0; l < r.levels.size(); ++l)
    if (l < first || l >= last) r.levels[l] = LevelDependence{};
  return r;
}

const char* kindOf(char source, char sink) {
  if (source == 'W' && sink == 'R') return "flow";
  if (source == 'R' && sink == 'W') return "anti";
  return "output";
}

}  // namespace

LoopAnalysis::LoopAnalysis(const Program& program, const Effects& effects, const std::set<Id>* scratchCommons)
    : program_(program), effects_(effects), statementEffects_(program.statements.size()),
      results_(program.loops.size()), nestLoops_(program.loops.size()), affineBounds_(program.loops.size()),
      chains_(program.loops.size()),
      updatesByStmt_(program.statements.size()) {
  scratchCommons_ = scratchCommons;
  for (const LoopRow& l : program.loops) {
    std::vector<Id>& chain = chains_[program_.loopIndex(l.id)];
    if (l.parentId) chain = chains_[program_.loopIndex(l.parentId)];  // a parent's id is smaller
    chain.push_back(l.id);
  }
  for (const UpdateRow& u : program.updates) updatesByStmt_[program.statementIndex(u.stmtId)].push_back(&u);
  const Endings::NeverReturns neverReturns = [&](const CallRow& c) { return effects.neverReturns(c); };
  if (Endings::anyEnding(program, neverReturns)) endings_.emplace(program, flowGraph(), neverReturns);
  for (const StatementRow& s : program.statements)
    statementEffects_[program_.statementIndex(s.id)] = effects.of(s, true, endings_ && endings_->ends(s.id));

  // Bounded cost: a nest deeper than kMaxNestDepth is not analyzed at all (its traits alone grow
  // with the square of its depth).
  std::vector<size_t> nestDepth(program.loops.size(), 0);  // per outermost loop
  for (const LoopRow& loop : program.loops) {
    size_t& deepest = nestDepth[program_.loopIndex(chains_[program_.loopIndex(loop.id)].front())];
    deepest = std::max(deepest, static_cast<size_t>(loop.depth));
  }
  for (const LoopRow& loop : program.loops) {
    LoopResult& r = results_[program_.loopIndex(loop.id)];
    r.loopId = loop.id;
    size_t depth = nestDepth[program_.loopIndex(chains_[program_.loopIndex(loop.id)].front())];
    if (depth > kMaxNestDepth) {
      r.reasons.push_back({ReasonKind::TooComplex, true, "", loop.line,
                           "too complex: the nest is " + std::to_string(depth) + " loops deep, and the analysis takes nests of up to " +
                               std::to_string(kMaxNestDepth)});
      continue;
    }
    scalars(loop, r);
  }
  // Whether the values loops leave in their private and shared scalars and their own variables
  // can be read after them: one data flow over the procedure for all of them.
  std::vector<Id> tracked;
  for (const LoopRow& loop : program.loops)
    for (const Trait& t : results_[program_.loopIndex(loop.id)].traits)
      if (t.trait == TraitKind::Private || t.trait == TraitKind::Shared || t.varId == loop.varId) tracked.push_back(t.varId);
  if (!tracked.empty()) {
    Liveness live(flowGraph(), program, effects, std::move(tracked), [this](Id stmt) -> const StatementEffects& { return effectsOf(stmt); });
    for (const LoopRow& loop : program.loops) liveness(loop, results_[program_.loopIndex(loop.id)], live);
  }
  // The accesses and the pairs, nest by nest (dependences point at accesses: they never move).
  accessRange_.assign(program.loops.size(), {0, 0});
  for (const LoopRow& loop : program.loops)
    if (!loop.parentId) arrays(loop);
  privateArrays();
  arrayReductions();
  sameValueWrites();
  for (const LoopRow& loop : program.loops) {
    LoopResult& r = results_[program_.loopIndex(loop.id)];
    otherReasons(loop, r);
    arrayReasons(r);
    std::stable_partition(r.reasons.begin(), r.reasons.end(), [](const Reason& x) { return x.blocking; });
    r.parallel = std::none_of(r.reasons.begin(), r.reasons.end(), [](const Reason& x) { return x.blocking; });
    r.acrossCandidate = !r.parallel && std::all_of(r.reasons.begin(), r.reasons.end(), [&](const Reason& x) {
      if (!x.blocking) return true;
      return x.kind == ReasonKind::Flow || x.kind == ReasonKind::Anti;
    });
    if (r.acrossCandidate)
      for (size_t d : r.dependences) {
        const Dependence& dep = dependences_[d];
        if (r.locArrays.count(dep.varId)) continue;
        if (!dep.exact || dep.kind == DependenceKind::Output) r.acrossCandidate = false;
      }
  }
}

const StatementEffects& LoopAnalysis::effectsOf(Id stmt) const { return statementEffects_[program_.statementIndex(stmt)]; }

const FlowGraph& LoopAnalysis::flowGraph() {
  if (!flowGraph_) flowGraph_.emplace(program_);
  return *flowGraph_;
}

std::vector<const ArrayAccess*> LoopAnalysis::accessesIn(Id loopId) const {
  std::vector<const ArrayAccess*> out;
  const LoopRow& loop = program_.loop(loopId);
  Id outermost = program_.loopChain(loopId).front();
  auto [from, to] = accessRange_[program_.loopIndex(outermost)];
  out.reserve(to - from);
  for (size_t i = from; i < to; ++i)
    if (accesses_[i].stmtId >= loop.firstStmt && accesses_[i].stmtId <= loop.lastStmt) out.push_back(&accesses_[i]);
  return out;
}

// ---- scalars --------------------------------------------------------------------------------

void LoopAnalysis::scalars(const LoopRow& loop, LoopResult& result) {
  if (loop.lastStmt < loop.firstStmt || !loop.bodyBlock) return;
  auto effectsOf = [this](Id stmt) -> const StatementEffects& { return this->effectsOf(stmt); };
  ScalarFlow flow = scalarFlow(program_, loop.bodyBlock, loop.firstStmt, loop.lastStmt, effectsOf, true);

  struct Touch {
    Id stmt;
    char access;
    Id callId;
  };
  std::unordered_map<Id, std::vector<const UpdateRow*>> updates;  // by variable, loc rows included
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s)
    for (const UpdateRow* u : updatesByStmt_[program_.statementIndex(s)])
      if (u->varId) updates[u->varId].push_back(u);
  // Only a variable with updates can be a reduction or its location: the others' accesses are
  // not gathered (most loops have no updates at all).
  std::unordered_map<Id, std::vector<Touch>> touches;
  if (!updates.empty())
    for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s)
      for (const ScalarAccess& a : effectsOf(s).scalars)
        if (updates.count(a.varId)) touches[a.varId].push_back({s, a.access, a.callId});

  // Reductions: every access of the variable in the loop is one of its updates (or reads in the
  // comparison that guards a max/min update), all with one operation.
  struct Reduction {
    std::string op;
    std::set<Id> guards;
    Id locVar = 0;
    std::string locName;
    int64_t locCount = 0;
  };
  std::map<Id, Reduction> reductions;
  std::map<Id, Id> locOf;  // location variable -> the variable whose extreme it locates
  for (const auto& [var, list] : updates) {
    if (program_.variable(var).isArray()) continue;  // element updates: arrayReductions()
    std::optional<UpdateOp> op;
    std::set<Id> statements, guards;
    bool same = true;
    for (const UpdateRow* u : list) {
      if (u->op == UpdateOp::Loc) continue;
      if (op && *op != u->op) same = false;
      op = u->op;
      statements.insert(u->stmtId);
      if (u->guardStmt) guards.insert(u->guardStmt);
    }
    if (!op || !same) continue;
    bool onlyUpdates = true;
    for (const Touch& t : touches[var])
      if (t.callId || !(statements.count(t.stmt) || (t.access == 'R' && guards.count(t.stmt)))) onlyUpdates = false;
    if (!onlyUpdates) continue;
    reductions[var] = {std::string(nameOf(*op)), guards, 0, "", 0};
  }
  // A reduction's updates must happen whatever the other reductions hold: a sum counted only when
  // a running maximum grows (IF (a(i) > s) THEN; s = a(i); n = n + 1) depends on the order of the
  // iterations. Its conditions (a logical IF's, the IF constructs' around it) may read only the
  // variable itself among the loop's reductions.
  std::set<Id> dependent;
  for (const auto& [var, red] : reductions)
    for (const UpdateRow* u : updates[var]) {
      if (u->op == UpdateOp::Loc) continue;
      for (Id guard : guardsOf(u->stmtId, loop))
        for (const ScalarAccess& a : effectsOf(guard).scalars)
          if (a.access == 'R' && a.varId != var && reductions.count(a.varId)) dependent.insert(var);
    }
  for (Id var : dependent) reductions.erase(var);
  // MAXLOC/MINLOC: the assignments beside a guarded max/min update record where the extreme is;
  // the location variable must be written there and nowhere else in the loop.
  for (auto& [var, red] : reductions) {
    if (red.guards.empty()) continue;
    std::map<Id, std::set<Id>> locations;  // location variable -> its loc statements
    for (const auto& [other, list] : updates)
      for (const UpdateRow* u : list)
        if (u->op == UpdateOp::Loc && u->of == program_.variable(var).name && red.guards.count(u->guardStmt))
          locations[other].insert(u->stmtId);
    if (locations.size() != 1) continue;
    auto [loc, stmts] = *locations.begin();
    const Variable& v = program_.variable(loc);
    bool onlyThere = true;
    if (!v.isArray()) {
      for (const Touch& t : touches[loc])
        if (t.access != 'W' || t.callId || !stmts.count(t.stmt)) onlyThere = false;
    } else {
      for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s) {
        for (Id ref : program_.statement(s).arrayRefs) {
          const ArrayRefRow& r = program_.arrayRef(ref);
          if (r.varId == loc && (r.access != Access::Write || !stmts.count(s))) onlyThere = false;
        }
        for (const CallArrayAccess& a : effectsOf(s).arrays)
          if (a.varId == loc) onlyThere = false;
      }
    }
    if (!onlyThere) continue;
    red.op = red.op == "max" ? "maxloc" : "minloc";
    red.locVar = loc;
    red.locName = v.name;
    red.locCount = static_cast<int64_t>(stmts.size());
    locOf[loc] = var;
    if (v.isArray()) {
      result.locArrays.insert(loc);
      Trait t;
      t.varId = loc;
      t.name = v.name;
      t.trait = TraitKind::Reduction;
      t.op = "loc";
      t.locVar = program_.variable(var).name;
      t.firstStmt = *stmts.begin();
      t.line = program_.statement(t.firstStmt).line;
      result.traits.push_back(std::move(t));
    }
  }

  result.traits.reserve(result.traits.size() + flow.uses.size());
  for (const ScalarUse& use : flow.uses) {
    const Variable& v = program_.variable(use.varId);
    Trait t;
    t.varId = use.varId;
    t.name = v.name;
    t.firstStmt = use.firstStmt;
    t.line = program_.statement(use.firstStmt).line;
    if (use.written) result.written.insert(v.name);
    if (use.varId == loop.varId) {
      t.trait = TraitKind::Induction;
      t.step = loop.step.empty() ? std::optional<int64_t>(1) : loop.stepValue;
      if (use.written)
        result.reasons.push_back({ReasonKind::Irregular, true, v.name, program_.statement(use.firstWrite).line,
                                  "the loop variable " + v.name + " is assigned in the loop (" +
                                      line(program_.statement(use.firstWrite).line) + ")"});
    } else if (auto red = reductions.find(use.varId); red != reductions.end()) {
      t.trait = TraitKind::Reduction;
      t.op = red->second.op;
      if (red->second.locVar) {
        t.locVar = red->second.locName;
        t.locCount = red->second.locCount;
      }
    } else if (auto loc = locOf.find(use.varId); loc != locOf.end()) {
      t.trait = TraitKind::Reduction;
      t.op = "loc";
      t.locVar = program_.variable(loc->second).name;
    } else if (!use.written) {
      t.trait = TraitKind::ReadOnly;
    } else {
      // An induction: one unconditional k = k + constant, and k also used otherwise.
      const UpdateRow* step = nullptr;
      auto ups = updates.find(use.varId);
      if (ups != updates.end() && ups->second.size() == 1 && ups->second[0]->op == UpdateOp::Sum && ups->second[0]->step &&
          program_.statement(ups->second[0]->stmtId).blockId == loop.bodyBlock)
        step = ups->second[0];
      if (step && use.exposed) {
        t.trait = TraitKind::Induction;
        t.step = step->step;
        int at = program_.statement(step->stmtId).line;
        result.reasons.push_back({ReasonKind::Induction, true, v.name, at,
                                  "induction variable " + v.name + " (" + line(at) + " adds " + std::to_string(*step->step) +
                                      " each iteration): every iteration needs the value the previous ones left"});
      } else if (use.exposed) {
        t.trait = TraitKind::Shared;
        int readLine = program_.statement(use.firstExposedRead).line;
        std::string written = use.writeByCall && use.firstCallWrite
                                  ? "the call to " + program_.call(use.firstCallWrite).callee + " at " +
                                        line(program_.call(use.firstCallWrite).line) + " may write it"
                                  : "written at " + line(program_.statement(use.firstWrite).line);
        result.reasons.push_back({ReasonKind::Scalar, true, v.name, readLine,
                                  "scalar dependence on " + v.name + ": the read at " + line(readLine) +
                                      " may see the value an earlier iteration left (" + written + ")"});
      } else if (std::optional<int> outside = constructIndexReadOutside(loop, v)) {
        // The construct's index is another variable (Fortran 2018, 19.4): the read outside it
        // sees the procedure's, which the analysis does not keep apart from the index.
        t.trait = TraitKind::Shared;
        result.reasons.push_back({ReasonKind::Scalar, true, v.name, *outside,
                                  v.name + " is read at " + line(*outside) + " outside a DO CONCURRENT or FORALL whose index it is: " +
                                      "that index is another variable, which the analysis does not keep apart"});
      } else {
        t.trait = TraitKind::Private;
      }
    }
    result.traits.push_back(std::move(t));
  }
  privateSeenByCalls(loop, result);
  sharedStorageScalars(loop, flow, result);
  auto byFirstAccess = [](const Trait& a, const Trait& b) { return a.firstStmt < b.firstStmt; };
  // Already in that order unless a MAXLOC array came first: sorting moves every string.
  if (!std::is_sorted(result.traits.begin(), result.traits.end(), byFirstAccess))
    std::stable_sort(result.traits.begin(), result.traits.end(), byFirstAccess);
}

std::optional<int> LoopAnalysis::constructIndexReadOutside(const LoopRow& loop, const Variable& v) {
  std::vector<const LoopRow*> constructs;  // the DO CONCURRENT and FORALL loops in `loop` indexed by v
  for (const LoopRow& l : program_.loops)
    if ((l.kind == LoopKind::DoConcurrent || l.kind == LoopKind::Forall) && l.var == v.name && l.id != loop.id)
      for (Id p = l.parentId; p != 0; p = program_.loop(p).parentId)
        if (p == loop.id) {
          constructs.push_back(&l);
          break;
        }
  if (constructs.empty()) return std::nullopt;
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s) {
    const bool inside = std::any_of(constructs.begin(), constructs.end(), [&](const LoopRow* c) {
      return s == c->headerStmt || (s >= c->firstStmt && s <= c->lastStmt);
    });
    if (inside) continue;
    for (const ScalarAccess& a : effectsOf(s).scalars)
      if (a.varId == v.id && a.access == 'R') return program_.statement(s).line;
  }
  return std::nullopt;
}

std::vector<Id> LoopAnalysis::guardsOf(Id stmt, const LoopRow& loop) const {
  std::vector<Id> guards;
  const StatementRow& s = program_.statement(stmt);
  if (s.kind == StatementKind::If) guards.push_back(stmt);
  for (Id b = s.blockId; b != 0 && b != loop.bodyBlock; b = program_.block(b).parentId) {
    const BlockRow& arm = program_.block(b);
    if (arm.isLoop() || !arm.constructStmt) continue;
    // The construct's statement and the ELSE IF conditions before this arm, in the enclosing block.
    Id end = stmt;
    for (Id x = arm.constructStmt; x < end; ++x)
      if (program_.statement(x).blockId == arm.parentId) guards.push_back(x);
  }
  return guards;
}

void LoopAnalysis::sharedStorageScalars(const LoopRow& loop, const ScalarFlow& flow, LoopResult& result) {
  // What may share a scalar's storage: an EQUIVALENCE, a pointer or a target, a COMMON member
  // seen through a callee's layout (the procedure's own members of one block are apart).
  auto associated = [&](Id var) {
    const Variable& v = program_.variable(var);
    return v.equivalence || v.pointer || v.target || (v.common >= 0 && v.procId != program_.current);
  };
  if (std::none_of(flow.uses.begin(), flow.uses.end(), [&](const ScalarUse& u) { return associated(u.varId); })) return;
  // Every variable the loop touches, and whether it writes it.
  std::map<Id, bool> touched;
  for (const ScalarUse& u : flow.uses) touched[u.varId] |= u.written;
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s) {
    for (Id ref : program_.statement(s).arrayRefs) {
      const ArrayRefRow& r = program_.arrayRef(ref);
      if (r.varId) touched[r.varId] |= r.access == Access::Write;
    }
    for (const CallArrayAccess& a : effectsOf(s).arrays) touched[a.varId] |= a.access == 'W';
  }
  // Whether the loop reaches a variable's storage through a POINTER somewhere: its scalar uses,
  // its array references by their paths, a call's access by the variable.
  std::map<Id, bool> through;
  // The component slots (declaring type, name) the loop touches of each variable, when every
  // access of it is to such a slot (PointerReach::slot; absent: not so).
  std::map<Id, std::set<Id>> slotTypes;
  std::set<Id> unslotted;
  for (const ScalarUse& u : flow.uses) {
    through[u.varId] = through[u.varId] || scalarThroughPointer(program_.variable(u.varId));
    unslotted.insert(u.varId);
  }
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s) {
    for (Id ref : program_.statement(s).arrayRefs) {
      const ArrayRefRow& r = program_.arrayRef(ref);
      if (!r.varId) continue;
      const PointerReach reach = pathReach(r.varId, r.name, nullptr, true);
      through[r.varId] = through[r.varId] || reach.through(0);
      if (reach.slot.first && !reach.beyond) slotTypes[r.varId].insert(reach.slot.first);
      else unslotted.insert(r.varId);
    }
    for (const CallArrayAccess& a : effectsOf(s).arrays) {
      const Variable& w = program_.variable(a.varId);
      through[a.varId] = through[a.varId] || w.pointer || w.pointerComponents;
      unslotted.insert(a.varId);
    }
  }
  // Whether a scalar use of `v` and every access of `w` are apart by their types' slots.
  auto apartByTypes = [&](const Variable& v, Id w) {
    if (unslotted.count(w) || !slotTypes.count(w)) return false;
    const std::optional<std::set<Id>> used = scalarUseTypes(v);
    return used && std::none_of(slotTypes[w].begin(), slotTypes[w].end(), [&](Id t) { return used->count(t) != 0; });
  };
  for (const ScalarUse& use : flow.uses) {
    if (!associated(use.varId)) continue;
    const Variable& v = program_.variable(use.varId);
    int at = program_.statement(use.firstStmt).line;
    bool said = false;
    for (const auto& [other, written] : touched) {
      if (other == use.varId || !(written || use.written)) continue;
      // A pointer may reach both: one is reached through a pointer, the other so or a TARGET.
      const Variable& w = program_.variable(other);
      std::optional<std::string> shared = sharedStorage(v, w);
      const bool vt = through[v.id], wt = through[other];
      if (!shared && ((vt && (wt || w.target)) || (wt && (vt || v.target))) && !apartByTypes(v, other))
        shared = v.name + " and " + w.name + " may be the same storage (a POINTER may point at a TARGET)";
      if (!shared) continue;
      result.reasons.push_back({ReasonKind::Scalar, true, v.name, at,
                                "unknown dependence on " + v.name + ": " + *shared + ", and the loop writes one of them"});
      said = true;
      break;
    }
    const Trait* t = result.trait(v.name);
    if (said || !t || t->trait != TraitKind::Private || !(v.equivalence || v.pointer || v.target)) continue;
    result.reasons.push_back({ReasonKind::Scalar, true, v.name, at,
                              v.name + " is private to each iteration, but it shares storage with other variables (" +
                                  (v.equivalence ? "EQUIVALENCE" : v.pointer ? "POINTER" : "TARGET") +
                                  "): a private copy would not be seen through them"});
  }
}

void LoopAnalysis::privateSeenByCalls(const LoopRow& loop, LoopResult& result) {
  // A private copy is the loop's own: a callee that reaches the variable through COMMON, a
  // module or host association reads or writes the shared one instead.
  std::unordered_map<Id, const ScalarAccess*> byCall;  // per variable, the first such access
  std::set<Id> own;                                     // variables the loop's statements touch themselves
  bool calls = false;
  for (Id s = loop.firstStmt; s <= loop.lastStmt && !calls; ++s) calls = !program_.statement(s).calls.empty();
  if (!calls) return;
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s)
    for (const ScalarAccess& a : effectsOf(s).scalars) {
      if (a.callId && !a.viaArgument) byCall.emplace(a.varId, &a);
      if (!a.callId || a.viaArgument) own.insert(a.varId);
    }
  if (byCall.empty()) return;
  for (const Trait& t : result.traits) {
    auto found = t.trait == TraitKind::Private && own.count(t.varId) ? byCall.find(t.varId) : byCall.end();
    if (found == byCall.end()) continue;
    const CallRow& call = program_.call(found->second->callId);
    result.reasons.push_back({ReasonKind::Call, true, t.name, call.line,
                              t.name + " is private to each iteration, but the call to " + call.callee + " at " +
                                  line(call.line) + (found->second->access == 'W' ? " writes " : " reads ") + t.name +
                                  " itself (through COMMON, a module or its host), not the private copy"});
  }
}

std::string LoopAnalysis::sharedAs(Id varId) const {
  const Variable& v = program_.variable(varId);
  if (v.storage == Storage::Result) return "the function's result";
  switch (effects_.reach(varId, program_.current)) {
    case Reach::Dummy: return "a dummy argument";
    case Reach::Common: return "in COMMON /" + program_.commonBlocks[static_cast<size_t>(v.common)] + "/";
    case Reach::Module: return "a module variable";
    case Reach::Host: return "a variable of " + program_.procedure(v.procId).name;
    case Reach::Save: return "a SAVE variable";
    case Reach::Local: break;
  }
  return "local";
}

void LoopAnalysis::liveness(const LoopRow& loop, LoopResult& result, const Liveness& live) {
  // A DO CONCURRENT's or FORALL's index is the construct's own (Fortran 2018, 19.4): a name
  // read after it is another variable, which the construct leaves alone.
  const bool constructIndex = loop.kind == LoopKind::DoConcurrent || loop.kind == LoopKind::Forall;
  for (Trait& t : result.traits) {
    const bool own = t.varId == loop.varId && t.trait == TraitKind::Induction;
    if (own && constructIndex) continue;
    if (t.trait != TraitKind::Private && t.trait != TraitKind::Shared && !own) continue;
    std::optional<Liveness::Read> read = live.readAfter(loop.id, t.varId);
    // A private COMMON scalar whose value only the procedure's callers might read: when no
    // procedure reads it but after writing it (scratchCommons_), only this procedure's reads count.
    const Variable& v = program_.variable(t.varId);
    if (read && !read->byCaller && t.trait == TraitKind::Private && !own) read = readOutsidePrivates(loop, t.varId, *read);
    if (read && read->byCaller && t.trait == TraitKind::Private && !own && v.storage == Storage::Common && v.common >= 0 &&
        !v.isArray() && v.equivalence == 0 && !v.pointer && !v.target && !v.derived) {
      commonCandidates_.insert(t.varId);
      if (scratchCommons_ && scratchCommons_->count(t.varId)) {
        const std::vector<StatementEffects> reads = scratchScalarAccesses(t.varId);
        Liveness ownReads(flowGraph(), program_, effects_, {t.varId},
                          [&](Id stmt) -> const StatementEffects& { return reads[program_.statementIndex(stmt)]; },
                          Liveness::Uses::OwnReads);
        read = ownReads.readAfter(loop.id, t.varId);
      }
    }
    t.liveAfter = read.has_value();
    if (!read || t.trait == TraitKind::Shared) continue;
    std::string where = read->byCaller ? "may be used after the procedure returns (" + t.name + " is " + sharedAs(t.varId) + ")"
                                       : "is read after the loop (" + line(read->line) + ")";
    int at = read->byCaller ? program_.procedure(loop.procId).endLine : read->line;
    result.reasons.push_back({ReasonKind::LiveAfter, true, t.name, at,
                              own ? "the final value of the loop variable " + t.name + " " + where
                                  : t.name + " is private to each iteration, but its value " + where});
  }
}

std::optional<Liveness::Read> LoopAnalysis::readOutsidePrivates(const LoopRow& loop, Id var, Liveness::Read read) {
  // A read inside a loop in each iteration of which the variable is written before it is read
  // (private there) sees that iteration's value, never what `loop` left, unless that loop holds
  // `loop` (which may run between the write and the read).
  std::unordered_map<Id, StatementEffects> without;
  for (const LoopRow& other : program_.loops) {
    if (other.id != loop.id && program_.within(loop.id, other.id)) continue;
    const std::vector<Trait>& traits = results_[program_.loopIndex(other.id)].traits;
    if (std::none_of(traits.begin(), traits.end(), [&](const Trait& t) { return t.varId == var && t.trait == TraitKind::Private; }))
      continue;
    for (Id s = other.firstStmt; s <= other.lastStmt; ++s) {
      const StatementEffects& e = effectsOf(s);
      if (without.count(s) || std::none_of(e.scalars.begin(), e.scalars.end(), [&](const ScalarAccess& a) { return a.varId == var && a.access == 'R'; }))
        continue;
      StatementEffects kept = e;
      std::erase_if(kept.scalars, [&](const ScalarAccess& a) { return a.varId == var && a.access == 'R'; });
      without.emplace(s, std::move(kept));
    }
  }
  if (without.empty()) return read;
  Liveness live(flowGraph(), program_, effects_, {var}, [&](Id stmt) -> const StatementEffects& {
    auto found = without.find(stmt);
    return found != without.end() ? found->second : effectsOf(stmt);
  });
  return live.readAfter(loop.id, var);
}

// ---- arrays ---------------------------------------------------------------------------------

std::pair<Bound, Bound> LoopAnalysis::range(const LinearExpr& form, Id loopId) {
  if (!form.affine) return {std::nullopt, std::nullopt};
  Bound lo = form.constant, hi = form.constant;
  for (const auto& [var, coeff] : form.terms) {
    Id outer = 0;
    for (Id l = program_.loop(loopId).parentId; l != 0; l = program_.loop(l).parentId)
      if (program_.loop(l).var == var) {
        outer = l;
        break;
      }
    if (!outer) return {std::nullopt, std::nullopt};
    NestLoop n = nestLoop(outer);
    Bound a = mulBound(n.lower, coeff), b = mulBound(n.upper, coeff);
    if (coeff < 0) std::swap(a, b);
    lo = addBound(lo, a);
    hi = addBound(hi, b);
  }
  return {lo, hi};
}

NestLoop LoopAnalysis::nestLoop(Id loopId) {
  std::optional<NestLoop>& cached = nestLoops_[program_.loopIndex(loopId)];
  if (cached) return *cached;
  const LoopRow& l = program_.loop(loopId);
  NestLoop n;
  n.var = l.var;
  n.step = l.step.empty() ? 1 : l.stepValue.value_or(0);
  // A step of 2 or more spaces the values out from the start: the tests take two values to differ
  // by a multiple of it, true only of one start. A start that follows an enclosing loop's
  // variable (the red-black DO i = 2 + MOD(j, 2), n, 2), or may otherwise change between two
  // runs of the loop, is no such lattice: the step is then unknown to them.
  if (n.step > 1 || n.step < -1) {
    bool fixedStart = l.lowerForm.affine;
    const Id outermost = chains_[program_.loopIndex(loopId)].front();
    const std::set<std::string>& written = results_[program_.loopIndex(outermost)].written;
    for (const auto& [name, coeff] : l.lowerForm.terms) {
      if (written.count(name)) fixedStart = false;
      for (Id p = l.parentId; p != 0; p = program_.loop(p).parentId)
        if (program_.loop(p).var == name) fixedStart = false;
    }
    if (!fixedStart) n.step = 0;
  }
  auto [lowerMin, lowerMax] = range(l.lowerForm, loopId);
  auto [upperMin, upperMax] = range(l.upperForm, loopId);
  if (n.step > 0) {
    n.lower = lowerMin;
    n.upper = upperMax;
  } else if (n.step < 0) {
    n.lower = upperMin;
    n.upper = lowerMax;
  } else if (lowerMin && upperMin && lowerMax && upperMax) {
    n.lower = std::min(*lowerMin, *upperMin);
    n.upper = std::max(*lowerMax, *upperMax);
  }
  cached = n;
  return n;
}

void LoopAnalysis::arrays(const LoopRow& outermost) {
  size_t from = accesses_.size();
  const std::vector<ScalarDefinition>& definitions = nestDefinitions_[outermost.id] = affineDefinitions(outermost);
  if (outermost.lastStmt >= outermost.firstStmt) {
    for (Id id = outermost.firstStmt; id <= outermost.lastStmt; ++id) {
      const StatementRow& s = program_.statement(id);
      const std::vector<Id>* chain = &chains_[program_.loopIndex(s.loopId)];
      auto unknown = [&](const Variable* v) {
        size_t rank = static_cast<size_t>(std::max<int>(1, v ? v->rank : 1));
        auto& forms = unknownForms_[rank];
        if (forms.empty()) forms.assign(rank, LinearExpr{false, 0, {}});
        return &forms;
      };
      // A statement reads its operands before it writes its target.
      for (char access : {'R', 'W'}) {
        for (Id refId : s.arrayRefs) {
          const ArrayRefRow& ref = program_.arrayRef(refId);
          if (nameOf(ref.access)[0] != access || ref.context == RefContext::CallArg) continue;  // a call's effects stand for its arguments
          ArrayAccess a;
          a.refId = refId;
          a.varId = ref.varId;
          a.stmtId = id;
          a.access = access;
          a.line = ref.line;
          a.ref = &ref;
          a.array = &ref.name;
          a.forms = ref.subscripted ? &ref.forms : unknown(ref.varId ? &program_.variable(ref.varId) : nullptr);
          if (ref.subscripted) {
            a.forms = substituted(*a.forms, id, definitions);
            a.split = splitOf(*a.forms, ref, s, definitions);
            if (ref.section) a.ranges = sectionRanges(ref, s, outermost.id);
          }
          a.chain = chain;
          for (const std::vector<std::string>* selected : selectedFrom(s, ref)) {
            a.selected = selected;
            accesses_.push_back(a);
          }
        }
        for (const CallArrayAccess& c : effectsOf(id).arrays) {
          if (c.access != access) continue;
          const Variable& v = program_.variable(c.varId);
          ArrayAccess a;
          a.callId = c.callId;
          a.argument = c.argument;
          a.varId = c.varId;
          a.stmtId = id;
          a.access = access;
          a.line = program_.call(c.callId).line;
          a.array = &v.name;
          a.forms = unknown(&v);
          a.definesAll = c.definesAll;
          a.definedElements = c.definedElements;
          a.definesElement = c.definesElement;
          if (c.refId) {  // the element it was passed
            a.ref = &program_.arrayRef(c.refId);
            // As a reference of the statement's own would be: scalars defined in the loop
            // substituted, an iteration number's or a linearized index's split.
            a.forms = substituted(a.ref->forms, id, definitions);
            a.split = splitOf(*a.forms, *a.ref, s, definitions);
            a.array = &a.ref->name;
          } else if (c.argumentRef) {
            std::optional<std::vector<LinearExpr>> column;
            // A section, or (part of) a component: the call touches that much of the variable.
            // An element of a plain array passed to an array dummy may start any part of it.
            const ArrayRefRow& r = program_.arrayRef(c.argumentRef);
            if (r.section || r.name.find('%') != std::string::npos) {
              a.argumentRef = &r;
              a.array = &r.name;
              a.bounded = r.section;
              if (r.section) {
                a.forms = substituted(r.forms, id, definitions);
                a.split = splitOf(*a.forms, r, s, definitions);
              }
              if (r.section && c.access == 'W' && r.name.find('%') == std::string::npos)
                a.definedRange = definedRangeAt(c, s, a.readsOnlyWritten, &r);
              if (r.section) column = columnAt(c, s, &r, *chain, outermost, definitions);
              if (r.section && c.definesPart && s.kind == StatementKind::Call) a.filled = filledBySection(c, r);
            } else if (!r.subscripted) {
              if (c.access == 'W') a.definedRange = definedRangeAt(c, s, a.readsOnlyWritten);
              if (c.access == 'W' && s.kind == StatementKind::Call) a.boxes = boxesAt(c, r, s, definitions);
              column = columnAt(c, s, nullptr, *chain, outermost, definitions);
              if (column)
                if (std::optional<std::vector<LinearExpr>> in = columnInActual(c, s, *column)) {
                  substitutedForms_.push_back(std::move(*in));
                  a.inActual = &substitutedForms_.back();
                }
            } else if (r.subscripted) {
              size_t whole = 0;
              if (std::optional<std::vector<LinearExpr>> region = elementRegion(c, r, s, whole)) {
                substitutedForms_.push_back(std::move(*region));
                a.argumentRef = &r;
                a.bounded = true;
                a.forms = &substitutedForms_.back();
                if (c.definesPart && s.kind == StatementKind::Call && whole) a.filled = (uint32_t{1} << whole) - 1;
              }
            }
            if (column) {
              substitutedForms_.push_back(std::move(*column));
              a.column = &substitutedForms_.back();
            }
          }
          if (!c.argument) {
            std::optional<std::vector<LinearExpr>> in;
            if (std::optional<std::vector<LinearExpr>> column = sharedColumnAt(c, s, definitions, in)) {
              substitutedForms_.push_back(std::move(*column));
              a.column = &substitutedForms_.back();
              if (in) {
                substitutedForms_.push_back(std::move(*in));
                a.inActual = &substitutedForms_.back();
              }
            }
          }
          a.chain = chain;
          if (!a.ref) {
            accesses_.push_back(a);
            continue;
          }
          for (const std::vector<std::string>* selected : selectedFrom(s, *a.ref, c.callId, c.argument)) {
            a.selected = selected;
            accesses_.push_back(a);
          }
        }
      }
    }
  }
  size_t to = accesses_.size();
  accessRange_[program_.loopIndex(outermost.id)] = {from, to};

  // Pairs of accesses to one array, one of them a write.
  std::map<std::pair<Id, std::string>, std::vector<size_t>> byArray;
  for (size_t i = from; i < to; ++i)
    byArray[{accesses_[i].varId, accesses_[i].varId ? "" : accesses_[i].name()}].push_back(i);
  std::unordered_map<const std::vector<Id>*, std::vector<NestLoop>> nestChains;  // per chain of loops
  auto loopsOf = [&](const ArrayAccess& a) -> const std::vector<NestLoop>& {
    std::vector<NestLoop>& loops = nestChains[a.chain];
    if (loops.empty())
      for (Id l : a.loops()) loops.push_back(nestLoop(l));
    return loops;
  };
  const std::set<std::string>& written = results_[program_.loopIndex(outermost.id)].written;
  const std::vector<std::string> variant(written.begin(), written.end());
  // Bounded cost: the tests of a pair grow with the loops around it, the pairs with the square of
  // an array's references. Beyond the limits the loops concerned are too complex to prove.
  auto tooComplex = [&](const std::vector<size_t>& accesses, const std::string& name, const std::string& why) {
    std::set<Id> loops;
    for (size_t i : accesses)
      for (Id l : accesses_[i].loops()) loops.insert(l);
    for (Id l : loops)
      results_[program_.loopIndex(l)].reasons.push_back({ReasonKind::TooComplex, true, name, program_.loop(l).line, why});
  };
  // Calls' accesses of a whole variable made in one block: the same loops and IF arms around,
  // the same unknown elements (-1: not such an access).
  // Between two arrays a pointer may make one, the pairs' tests read neither IF arms nor blocks:
  // there the classes are by the loops alone (`anyBlock`).
  std::map<std::tuple<Id, const std::vector<Id>*, char, Id>, int64_t> callClasses;
  std::vector<int64_t> classAt(2 * (to - from), -2);  // by access (and anyBlock), from `from` on; -2: not known yet
  auto callClass = [&](size_t i, bool anyBlock = false) -> int64_t {
    int64_t& known = classAt[2 * (i - from) + (anyBlock ? 1 : 0)];
    if (known != -2) return known;
    const ArrayAccess& a = accesses_[i];
    if (!a.callId || a.ref || a.bounded || a.argumentRef || a.split || a.ranges || a.selected || a.column) return known = -1;
    const auto key = std::tuple(a.varId, a.chain, a.access, anyBlock ? Id{-1} : program_.statement(a.stmtId).blockId);
    return known = callClasses.try_emplace(key, static_cast<int64_t>(callClasses.size())).first->second;
  };
  size_t depth = 0;
  for (size_t i = from; i < to; ++i) depth = std::max(depth, accesses_[i].loops().size());
  if (depth > kMaxNestDepth) return;  // said by the constructor
  std::set<Id> untested;  // arrays with too many references
  size_t pairs = 0;
  for (const auto& [key, list] : byArray) {
    bool anyWrite = std::any_of(list.begin(), list.end(), [&](size_t i) { return accesses_[i].access == 'W'; });
    if (!anyWrite) continue;
    pairs += list.size() * (list.size() + 1) / 2;
    if (list.size() > kMaxReferences || pairs > kMaxPairs) {
      const std::string& name = accesses_[list.front()].name();
      tooComplex(list, name, "too complex: " + std::to_string(list.size()) + " references to " + name +
                                 (list.size() > kMaxReferences ? " in one nest, more than the " + std::to_string(kMaxReferences)
                                                               : ", past the " + std::to_string(kMaxPairs) + " pairs") +
                                 " the dependence tests take");
      untested.insert(key.first);
      continue;
    }
    // What the tests see of this array's references; the references in one loop share its loops.
    std::vector<RefView> shapes;
    shapes.reserve(list.size());
    for (size_t i : list) shapes.push_back({accesses_[i].subscripts(), loopsOf(accesses_[i])});
    // References with the same subscripts in the same loops are the same to the tests (a(i,j) read
    // in one statement and written in the next): each pair of such shapes is tested once.
    std::vector<uint32_t> shapeOf(list.size());
    std::vector<size_t> firstOfShape;
    for (size_t x = 0; x < list.size(); ++x) {
      const ArrayAccess& a = accesses_[list[x]];
      size_t k = 0;
      while (k < firstOfShape.size()) {
        const ArrayAccess& f = accesses_[list[firstOfShape[k]]];
        if (f.chain == a.chain && (f.forms == a.forms || *f.forms == *a.forms)) break;
        ++k;
      }
      if (k == firstOfShape.size()) firstOfShape.push_back(x);
      shapeOf[x] = static_cast<uint32_t>(k);
    }
    std::unordered_map<uint64_t, DependenceResult> tested;  // by (source shape << 32 | sink shape)
    // Which part of the variable each reference is: its name without subscripts (c, c%d,
    // chunk%tiles%field%density). Subscripts compare only between references to the same part.
    std::vector<std::string> parts;
    parts.reserve(list.size());
    for (size_t i : list) parts.push_back(partOf(accesses_[i].name()));
    // References that say more than their last part's subscripts (chunk%tiles(t)%field%density,
    // a component of an element, a section passed): compared by their paths, made when needed.
    std::vector<bool> detailed(list.size());
    for (size_t x = 0; x < list.size(); ++x) {
      const ArrayAccess& a = accesses_[list[x]];
      detailed[x] = a.selected || a.argumentRef || a.name().find('(') != std::string::npos;
    }
    std::vector<std::optional<ReferencePath>> pathAt(list.size());
    // Through POINTER components two parts may be one target: whether a reference's path has one
    // (the variable itself being one is the same for both). A variable in COMMON is laid out as
    // any other: its parts compare by their subscripts (what other variables share its storage
    // is compared below); one in EQUIVALENCE is not compared part by part.
    const bool associated = key.first && program_.variable(key.first).equivalence != 0;
    const bool anyPointerComponent = key.first && program_.variable(key.first).pointerComponents;
    std::vector<std::optional<bool>> throughComponent(list.size());
    auto viaComponent = [&](size_t x) {
      if (!throughComponent[x]) throughComponent[x] = anyPointerComponent && pointerReach(accesses_[list[x]]).through(1);
      return *throughComponent[x];
    };
    // Calls' accesses of the whole variable made in one block (the same loops and IF arms around,
    // the same unknown elements) are alike to every test below: the pairs of two such classes
    // make the same rows, counted again without testing them again (WAVEWATCH III's time loop
    // pairs tens of calls over hundreds of module arrays).
    std::vector<int64_t> classOf(list.size(), -1);
    for (size_t x = 0; x < list.size(); ++x) classOf[x] = callClass(list[x]);
    std::map<std::tuple<int64_t, int64_t, bool>, std::vector<size_t>> rowsOfClasses;
    for (size_t x = 0; x < list.size(); ++x) {
      for (size_t y = x; y < list.size(); ++y) {
        const ArrayAccess& a = accesses_[list[x]];
        const ArrayAccess& b = accesses_[list[y]];
        if (a.access == 'R' && b.access == 'R') continue;
        if (x == y && a.access != 'W') continue;
        size_t common = 0;
        while (common < a.loops().size() && common < b.loops().size() && a.loops()[common] == b.loops()[common]) ++common;
        if (common == 0) continue;
        rowsTouched_ = nullptr;
        if (classOf[x] >= 0 && classOf[y] >= 0) {
          auto [known, added] = rowsOfClasses.try_emplace({classOf[x], classOf[y], x == y});
          if (!added) {
            for (size_t row : known->second) ++dependences_[row].pairs;
            continue;
          }
          rowsTouched_ = &known->second;
        }
        const bool pointers = associated || viaComponent(x) || viaComponent(y);
        bool byParts = detailed[x] || detailed[y];
        // Through POINTER components two elements' components may be one target: one name whose
        // earlier parts' subscripts are constants or names the nest does not change (p(1)%d,
        // ginfo(gid)%sendpack) names one pointer, compared as a plain one.
        if (byParts && pointers && a.name() == b.name() && !a.selected && !b.selected && !a.argumentRef && !b.argumentRef) {
          if (!pathAt[x]) pathAt[x] = pathOf(a);
          const ReferencePath& path = *pathAt[x];
          const size_t earlier = path.forms.size() - (a.ref && a.ref->subscripted ? a.subscripts().size() : 0);
          auto invariant = [&](const LinearExpr& f) {
            return f.affine && std::all_of(f.terms.begin(), f.terms.end(), [&](const auto& t) {
                     return !written.count(t.first) && std::none_of(a.loops().begin(), a.loops().end(),
                                                                    [&](Id l) { return program_.loop(l).var == t.first; });
                   });
          };
          byParts = !std::all_of(path.forms.begin(), path.forms.begin() + static_cast<ptrdiff_t>(earlier), invariant);
        }
        // Sections a call is passed that lie apart in a dimension by constants (buffer(:, :, 1, b)
        // and buffer(:, :, 4:8, b)) never meet.
        if ((a.argumentRef || b.argumentRef) && !pointers && apartByConstants(a, b)) continue;
        if (byParts || parts[x] != parts[y] || a.subscripts().size() != b.subscripts().size()) {
          // Parts of a variable: compared part by part where neither is reached through a POINTER.
          const std::string apart = a.name() + " and " + b.name() + " are parts of " +
                                    (key.first ? program_.variable(key.first).name : a.name()) + " whose subscripts do not compare";
          // Any dependence at every level: the parts' subscripts do not compare.
          auto anyDependence = [&]() {
            DependenceResult r;
            r.unknown = true;
            r.unknownWhy = apart;
            r.loopIndependent = true;
            r.levels.assign(common, LevelDependence{true, true, std::nullopt});
            r.test = "parts";
            return r;
          };
          auto byPath = [&](const ReferencePath& pa, const ReferencePath& pb) {
            DependenceResult r;
            std::optional<PartsCompared> compared = compareParts(pa, pb);
            if (!compared) {
              r.independent = true;  // two components apart never meet
              return r;
            }
            if (!compared->a.empty()) {
              r = testDependence(RefView{compared->a, loopsOf(a)}, RefView{compared->b, loopsOf(b)}, common, variant);
              // The FM test reads the last parts' subscripts: sound where those are the same part's.
              if (compared->sameShape && a.ref && b.ref) refineWithBounds(r, a, b, common, variant);
              if (!r.independent && !compared->sameShape) {
                r.unknown = true;  // an element against a part of it: no distance to go by
                r.unknownWhy = apart;
              }
              return r;
            }
            return anyDependence();
          };
          if (pointers) {
            addDependenceRows(a, b, anyDependence(), common);
            continue;
          }
          if (!pathAt[x]) pathAt[x] = pathOf(a);
          if (!pathAt[y]) pathAt[y] = pathOf(b);
          // Two references whose subscript is one iteration number (ibl = (jkglo - 1)/nproma + 1)
          // or one linearized index (n = (j-js)*ka*ihalo + (i-is)*ka + k) compare with the loop's
          // variable or the digits in its place, as the plain ones below do; where the split does
          // not hold (the outer loops that change a name of it), as written.
          const bool splitPair = a.split && b.split && a.split->dimension == b.split->dimension && a.split->key == b.split->key;
          const size_t from = splitPair ? std::min(std::max(a.split->from, b.split->from), common) : common;
          if (from) addDependenceRows(a, b, onlyLevels(byPath(*pathAt[x], *pathAt[y]), 0, from), common);
          if (splitPair) addDependenceRows(a, b, onlyLevels(byPath(pathOf(a, true), pathOf(b, true)), from, common), common);
          continue;
        }
        // Linearized indexes with one base compare as the dimensions they were linearized from.
        if (a.split && b.split && a.split->dimension == b.split->dimension && a.split->key == b.split->key) {
          DependenceResult r = testDependence(RefView{a.split->forms, loopsOf(a)}, RefView{b.split->forms, loopsOf(b)}, common, variant);
          // In the loops where a name of the split changes, the two may split by different strides:
          // there, what the subscripts as written say; inside them, what the digits say.
          const size_t from = std::min(std::max(a.split->from, b.split->from), common);
          if (from) {
            DependenceResult unsplit = testDependence(shapes[x], shapes[y], common, variant);
            if (unsplit.unknown) unsplit.unknownWhy = (a.split->from >= b.split->from ? a.split : b.split)->why;
            addDependenceRows(a, b, onlyLevels(std::move(unsplit), 0, from), common);
          }
          addDependenceRows(a, b, onlyLevels(std::move(r), from, common), common);
          continue;
        }
        // The answer depends on the shapes alone, but for references under IFs and sections:
        // their conditions and ranges take part too.
        if (!guardConditions(a).empty() || !guardConditions(b).empty() || a.ranges || b.ranges) {
          DependenceResult r = testDependence(shapes[x], shapes[y], common, variant);
          refineWithBounds(r, a, b, common, variant);
          if (!r.independent) addDependenceRows(a, b, r, common);
          continue;
        }
        auto [at, added] = tested.try_emplace(uint64_t{shapeOf[x]} << 32 | shapeOf[y]);
        if (added) {
          at->second = testDependence(shapes[x], shapes[y], common, variant);
          refineWithBounds(at->second, a, b, common, variant);
        }
        if (!at->second.independent) addDependenceRows(a, b, at->second, common);
      }
    }
    rowsTouched_ = nullptr;
  }

  // Two arrays that may be one storage (EQUIVALENCE, a COMMON block laid out otherwise here, a
  // POINTER and a TARGET): their references compared as elements of that storage where both
  // offsets fold, else an unknown dependence. A pointer may point at a TARGET or at what another
  // pointer reaches: a reference reached through a pointer meets one that may be such storage.
  for (auto x = byArray.begin(); x != byArray.end(); ++x) {
    if (!x->first.first || untested.count(x->first.first)) continue;
    const Variable& u = program_.variable(x->first.first);
    for (auto y = std::next(x); y != byArray.end(); ++y) {
      if (!y->first.first || untested.count(y->first.first)) continue;
      const Variable& v = program_.variable(y->first.first);
      std::optional<std::string> shared = sharedStorage(u, v);
      const std::optional<std::string> pointed = shared ? std::nullopt : pointerShared(u, v, outermost);
      if (!shared && !pointed) continue;
      const std::string why = shared ? *shared : *pointed;
      // The pairs of two classes of calls' accesses make the same rows (as above; with no storage
      // shared by layout, whatever block each call stands in: the rows are unknown ones on every
      // common loop, and whether two pointers may meet goes by the variables alone).
      std::map<std::pair<int64_t, int64_t>, std::vector<size_t>> rowsOfClasses;
      for (size_t i : x->second)
        for (size_t j : y->second) {
          const ArrayAccess& a = accesses_[i];
          const ArrayAccess& b = accesses_[j];
          if (a.access == 'R' && b.access == 'R') continue;
          size_t common = 0;
          while (common < a.loops().size() && common < b.loops().size() && a.loops()[common] == b.loops()[common]) ++common;
          if (common == 0) continue;
          rowsTouched_ = nullptr;
          const int64_t ci = callClass(i, !shared), cj = callClass(j, !shared);
          if (ci >= 0 && cj >= 0) {
            auto [known, added] = rowsOfClasses.try_emplace({ci, cj});
            if (!added) {
              for (size_t row : known->second) ++dependences_[row].pairs;
              continue;
            }
            rowsTouched_ = &known->second;
          }
          if (!shared && !pointersMayMeet(a, b, 0, outermost)) continue;
          std::optional<LinearExpr> at = shared ? storageIndex(a, v.elementBytes) : std::nullopt;
          std::optional<LinearExpr> bt = shared ? storageIndex(b, u.elementBytes) : std::nullopt;
          DependenceResult r;
          if (at && bt) {
            std::vector<LinearExpr> af{*at}, bf{*bt};
            r = testDependence(RefView{af, loopsOf(a)}, RefView{bf, loopsOf(b)}, common, variant);
            if (r.unknown) r.unknownWhy = why + "; " + r.unknownWhy;
          } else {
            r.unknown = true;
            r.unknownWhy = why;
            r.loopIndependent = true;
            r.levels.assign(common, LevelDependence{true, true, std::nullopt});
            r.test = "storage";
          }
          if (!r.independent) addDependenceRows(a, b, r, common, why);
        }
    }
  }
  rowsTouched_ = nullptr;
}

bool LoopAnalysis::PointerReach::through(size_t from) const {
  for (size_t k = from; k < parts.size(); ++k)
    if (parts[k]) return true;
  return beyond;
}

LoopAnalysis::PointerReach LoopAnalysis::pointerReach(const ArrayAccess& a) const {
  PointerReach r = pathReach(a.varId, a.name(), a.selected, false);
  // A pointer assignment's target (state(b)%t => buffer(:, :, 1, b)) sets the pointer itself:
  // its storage is reached through the parts before it, not through it.
  if (a.access == 'W' && a.ref && a.ref->context == RefContext::Lhs && r.parts.size() > 1 &&
      program_.statement(a.stmtId).kind == StatementKind::PointerAssignment)
    r.parts.back() = false;
  // A call may follow any pointer inside what it is passed (a derived type's components).
  const Variable& v = program_.variable(a.varId);
  if (!a.ref) r.beyond = r.beyond || v.pointer || v.pointerComponents;
  return r;
}

LoopAnalysis::PointerReach LoopAnalysis::pathReach(Id varId, const std::string& name, const std::vector<std::string>* selected,
                                                   bool deeper) const {
  const Variable& v = program_.variable(varId);
  PointerReach r;
  // The parts the reference names.
  std::vector<std::string> names;
  std::string part;
  for (char c : partOf(name)) {
    if (c == '%') names.push_back(std::move(part)), part.clear();
    else part += c;
  }
  names.push_back(std::move(part));
  if (selected) names.insert(names.end(), selected->begin(), selected->end());
  r.parts.push_back(v.pointer);
  Id type = v.typeId;
  for (size_t k = 1; k < names.size(); ++k) {
    Id declaredIn = 0;
    const facts::ComponentRow* c = type ? program_.component(type, names[k], declaredIn) : nullptr;
    r.parts.push_back(!c || c->pointer);  // not known: may be one
    if (!c) {
      r.beyond = true;
      return r;
    }
    const bool derived = c->type.starts_with("type(") || c->type.starts_with("class(") || c->type == "unknown";
    if (k + 1 == names.size() && !c->pointer && !derived) r.slot = {declaredIn, names[k]};
    type = c->derivedId;
  }
  // Components past the named ones, not known which: a pointer one among them may be.
  if (deeper && (type ? typeHasPointer(type) : v.derived && names.size() == 1 && !v.typeId)) r.beyond = true;
  return r;
}

bool LoopAnalysis::typeHasPointer(Id typeId, int depth) const {
  if (typeId < 1 || static_cast<size_t>(typeId) > program_.types.size() || depth > 32) return true;
  for (Id t = typeId; t; t = program_.types[static_cast<size_t>(t - 1)].parentId) {
    const facts::DerivedTypeRow& row = program_.types[static_cast<size_t>(t - 1)];
    if (row.parentUnknown) return true;
    for (const facts::ComponentRow& c : row.components) {
      const bool derived = c.type.starts_with("type(") || c.type.starts_with("class(");
      if (c.pointer || (derived && (!c.derivedId || typeHasPointer(c.derivedId, depth + 1)))) return true;
    }
  }
  return false;
}

std::optional<std::set<Id>> LoopAnalysis::scalarUseTypes(const Variable& v) const {
  if (!v.derived || !v.typeId) return std::nullopt;
  std::set<Id> types;
  std::vector<Id> pending{v.typeId};
  while (!pending.empty()) {
    Id typeId = pending.back();
    pending.pop_back();
    for (Id t = typeId; t; t = program_.types[static_cast<size_t>(t - 1)].parentId) {
      if (t < 1 || static_cast<size_t>(t) > program_.types.size() || types.size() > 1000) return std::nullopt;
      if (!types.insert(t).second) break;
      const facts::DerivedTypeRow& row = program_.types[static_cast<size_t>(t - 1)];
      if (row.parentUnknown) return std::nullopt;
      for (const facts::ComponentRow& c : row.components) {
        const bool derived = c.type.starts_with("type(") || c.type.starts_with("class(");
        if ((derived && !c.derivedId) || (c.pointer && (c.rank.value_or(1) == 0 || derived))) return std::nullopt;
        if (!c.pointer && derived) pending.push_back(c.derivedId);
      }
    }
  }
  return types;
}

bool LoopAnalysis::scalarThroughPointer(const Variable& v) const {
  if (v.pointer) return true;
  if (!v.derived) return false;
  if (!v.typeId) return true;  // its type not loaded
  std::vector<std::pair<Id, int>> pending{{v.typeId, 0}};
  while (!pending.empty()) {
    auto [typeId, depth] = pending.back();
    pending.pop_back();
    if (depth > 32 || typeId < 1 || static_cast<size_t>(typeId) > program_.types.size()) return true;
    for (Id t = typeId; t; t = program_.types[static_cast<size_t>(t - 1)].parentId) {
      const facts::DerivedTypeRow& row = program_.types[static_cast<size_t>(t - 1)];
      if (row.parentUnknown) return true;
      for (const facts::ComponentRow& c : row.components) {
        const bool derived = c.type.starts_with("type(") || c.type.starts_with("class(");
        if (derived && !c.derivedId) return true;
        if (c.pointer && (c.rank.value_or(1) == 0 || derived)) return true;
        if (!c.pointer && derived) pending.emplace_back(c.derivedId, depth + 1);
      }
    }
  }
  return false;
}

bool LoopAnalysis::pointersMayMeet(const ArrayAccess& a, const ArrayAccess& b, size_t divergence, const LoopRow& outermost) {
  // A pointer with one known target is that designator: two references meet unless each ends
  // in a component slot of its own and the slots differ (var_west => nest_BC%west_t1 and
  // nest_BC%west_t0(i,j,k); two TARGET dummies may be one object, so other bases compare alike).
  const PointerTarget* ta = pointerTarget(a.varId, outermost);
  const PointerTarget* tb = pointerTarget(b.varId, outermost);
  if (ta || tb) {
    const PointerReach x = ta ? pathReach(ta->base, ta->path, a.selected, false) : pointerReach(a);
    const PointerReach y = tb ? pathReach(tb->base, tb->path, b.selected, false) : pointerReach(b);
    return !(x.slot.first && y.slot.first && !x.beyond && !y.beyond && x.slot != y.slot);
  }
  const PointerReach x = pointerReach(a), y = pointerReach(b);
  if (x.slot.first && y.slot.first && !x.beyond && !y.beyond && x.slot != y.slot) return false;
  const Variable& u = program_.variable(a.varId);
  const Variable& v = program_.variable(b.varId);
  return (x.through(divergence) && y.targetable(v.target)) || (y.through(divergence) && x.targetable(u.target));
}

const LoopAnalysis::PointerTarget* LoopAnalysis::pointerTarget(Id varId, const LoopRow& outermost) {
  const Variable& p = program_.variable(varId);
  if (!p.pointer || p.procId != program_.current || p.storage != Storage::Local || p.save || p.associated() || p.target)
    return nullptr;
  auto [at, added] = pointerTargets_.try_emplace(varId);
  if (added) {
    auto names = [&](const StatementRow& s, Id var) {
      if (std::any_of(s.scalars.begin(), s.scalars.end(), [&](const ScalarRefRow& r) { return r.varId == var; })) return true;
      return std::any_of(s.arrayRefs.begin(), s.arrayRefs.end(), [&](Id ref) { return program_.arrayRef(ref).varId == var; });
    };
    // Whether a statement's call may point it elsewhere: it is passed itself (no subscripts) to
    // a POINTER dummy that is not INTENT(IN); to any other, the dummy is associated with its
    // target and its association stays (Fortran 2018, 15.5.2.4-7).
    auto passedToPointer = [&](const StatementRow& s) {
      for (Id c : s.calls) {
        const CallRow& call = program_.call(c);
        const ResolvedCall resolved = effects_.resolve(call);
        for (size_t k = 0; k < call.args.size(); ++k) {
          const CallArgRow& a = call.args[k];
          if (a.var != p.name || (a.refId && program_.arrayRef(a.refId).subscripted)) continue;
          if (resolved.unknown || resolved.targets.empty()) return true;
          for (const CallTarget& t : resolved.targets) {
            if (!effects_.dummyName(t, call, k)) return true;
            // A dummy its procedure neither reads nor writes is no pointer it sets.
            const Effect* e = effects_.dummyOf(t, call, k);
            if (e && program_.variable(e->varId).pointer && !program_.variable(e->varId).intentIn) return true;
          }
        }
      }
      return false;
    };
    // A call's writes of it other than through an argument (passedToPointer says what those may do).
    auto writesByHost = [&](const StatementRow& s) {
      const StatementEffects& e = effectsOf(s.id);
      return std::any_of(e.scalars.begin(), e.scalars.end(),
                         [&](const ScalarAccess& a) { return a.varId == varId && a.access == 'W' && a.callId && !a.viaArgument; }) ||
             std::any_of(e.arrays.begin(), e.arrays.end(),
                         [&](const CallArrayAccess& a) { return a.varId == varId && a.access == 'W' && a.argument == 0; });
    };
    const bool hostsProcedures = effects_.hosts(program_.current);
    PointerTarget target;
    bool known = true;
    for (const StatementRow& s : program_.statements) {
      if (s.jumps || s.kind == StatementKind::Unknown || s.kind == StatementKind::Entry) known = false;
      // A call may reach it by host association: an internal procedure pointing it elsewhere,
      // called here, or passed to a procedure not known (which needs the procedure to host one).
      if (!s.calls.empty() && ((hostsProcedures && effectsOf(s.id).opaqueCall) || writesByHost(s))) known = false;
      if (!known) break;
      const bool pointerAssignment =
          s.kind == StatementKind::PointerAssignment || (s.kind == StatementKind::If && s.action == StatementKind::PointerAssignment);
      if (!names(s, varId)) continue;
      if (!pointerAssignment) {
        // Its elements read or written; anything that may set the pointer itself ends it.
        const StatementKind kind = s.kind == StatementKind::If ? s.action.value_or(StatementKind::Unknown) : s.kind;
        known = !passedToPointer(s) && kind != StatementKind::Allocate && kind != StatementKind::Deallocate &&
                kind != StatementKind::Nullify && kind != StatementKind::Unknown;
        continue;
      }
      const facts::StatementExpressions& tree = program_.trees(s.id);
      const std::vector<facts::Expression>& e = s.kind == StatementKind::If ? (tree.action.empty() ? tree.exprs : tree.action[0].exprs)
                                                                              : tree.exprs;
      if (e.size() != 2 || e[0].kind != facts::ExpressionKind::Name || e[0].text != p.name) {
        // The pointer as the target of another (q => p) reads it; as a component base, not here.
        known = e.size() == 2 && e[0].kind == facts::ExpressionKind::Name && e[1].kind == facts::ExpressionKind::Name &&
                e[1].text == p.name;
        continue;
      }
      // The target: a name, or components of one, no subscripts.
      const facts::Expression* base = &e[1];
      while (base->kind == facts::ExpressionKind::Component && !base->args.empty()) base = &base->args[0];
      if (base->kind != facts::ExpressionKind::Name) { known = false; continue; }
      const std::string path = facts::fortranText(e[1]);
      if (path.find('(') != std::string::npos || (!target.path.empty() && path != target.path)) { known = false; continue; }
      Id baseVar = 0;
      for (const ScalarRefRow& r : s.scalars)
        if (r.varId != varId && program_.variable(r.varId).name == base->text) baseVar = r.varId;
      for (Id ref : s.arrayRefs)
        if (program_.arrayRef(ref).varId != varId && program_.variable(program_.arrayRef(ref).varId).name == base->text)
          baseVar = program_.arrayRef(ref).varId;
      if (!baseVar)  // a whole variable pointed at is no reference of the statement: the procedure's own of that name
        for (const Variable& v : program_.variables)
          if (v.procId == program_.current && v.name == base->text && v.id != varId) baseVar = v.id;
      if (!baseVar || (target.base && target.base != baseVar)) { known = false; continue; }
      target.base = baseVar;
      target.path = path;
      if (s.kind == StatementKind::PointerAssignment) target.assignments.push_back(s.id);
    }
    if (known && target.base) at->second = std::move(target);
  }
  if (!at->second || !outermost.headerStmt) return nullptr;
  // An unconditional assignment ahead of the loop, in a block around it.
  const Id header = program_.statement(outermost.headerStmt).blockId;
  for (Id s : at->second->assignments) {
    if (s >= outermost.headerStmt) continue;
    for (Id b = header;; b = program_.block(b).parentId) {
      if (b == program_.statement(s).blockId) return &*at->second;
      if (b == 0) break;
    }
  }
  return nullptr;
}

std::optional<std::string> LoopAnalysis::pointerShared(const Variable& u, const Variable& v, const LoopRow& outermost) {
  if (u.id == v.id) return std::nullopt;
  const PointerTarget* tu = pointerTarget(u.id, outermost);
  const PointerTarget* tv = pointerTarget(v.id, outermost);
  if (!tu && !tv) return pointersShared(u, v);
  // A pointer with one known target is that variable's storage.
  const Variable& bu = tu ? program_.variable(tu->base) : u;
  const Variable& bv = tv ? program_.variable(tv->base) : v;
  const std::string why = u.name + " and " + v.name + " may be the same storage (" +
                          (tu ? u.name + " points at " + tu->path : std::string()) + (tu && tv ? ", " : "") +
                          (tv ? v.name + " points at " + tv->path : std::string()) + ")";
  if (bu.id == bv.id) return why;  // their components decide (pointersMayMeet)
  if (sharedStorage(bu, bv) || pointersShared(bu, bv)) return why;
  // Past those, a variable of the procedure's own is no other variable's storage; two TARGETs
  // otherwise may be one object (dummies associated with one actual argument, which a pointer
  // may then write through).
  auto own = [&](const Variable& x) { return x.storage == Storage::Local && !x.pointer && x.procId == program_.current; };
  if (!own(bu) && !own(bv) && bu.target && bv.target) return why;
  return std::nullopt;
}

std::optional<std::string> LoopAnalysis::pointersShared(const Variable& u, const Variable& v) {
  if (u.id == v.id) return std::nullopt;
  // What a pointer (or a pointer component: an element reached through it) may point at.
  const bool up = u.pointer || u.pointerComponents, vp = v.pointer || v.pointerComponents;
  if ((up && (vp || v.target)) || (vp && u.target))
    return u.name + " and " + v.name + " may be the same storage (a POINTER may point at a TARGET)";
  return std::nullopt;
}

std::optional<std::string> LoopAnalysis::sharedStorage(const Variable& u, const Variable& v) const {
  if (u.id == v.id) return std::nullopt;
  const bool common = u.common >= 0 && u.common == v.common;
  const bool equivalence = !common && u.equivalence && u.equivalence == v.equivalence && u.procId == v.procId;
  if (!common && !equivalence) return std::nullopt;
  std::optional<int64_t> us = u.storageBytes(), vs = v.storageBytes();
  if (u.offset && v.offset && us && vs) {
    if (*u.offset >= *v.offset + *vs || *v.offset >= *u.offset + *us) return std::nullopt;
  } else if (common && u.procId == v.procId && !u.equivalence && !v.equivalence) {
    return std::nullopt;  // two members of one COMMON statement's block never overlap
  }
  return u.name + " and " + v.name + " share storage (" +
         (common ? "COMMON /" + program_.commonBlocks[static_cast<size_t>(u.common)] + "/" : std::string("EQUIVALENCE")) + ")";
}

std::optional<LinearExpr> LoopAnalysis::storageIndex(const ArrayAccess& a, int32_t elementBytes) const {
  const Variable& v = program_.variable(a.varId);
  if (!v.offset || v.elementBytes <= 0 || v.elementBytes != elementBytes || *v.offset % v.elementBytes != 0) return std::nullopt;
  if (!v.isArray() || v.layout.size() != a.subscripts().size()) return std::nullopt;
  // Column-major: the element's offset from the storage's start, in elements.
  LinearExpr out;
  out.constant = *v.offset / v.elementBytes;
  int64_t stride = 1;
  for (size_t d = 0; d < v.layout.size(); ++d) {
    const LinearExpr& s = a.subscripts()[d];
    const auto [lower, extent] = v.layout[d];
    int64_t shifted = 0, scaled = 0;
    if (!s.affine || __builtin_sub_overflow(s.constant, lower, &shifted) || __builtin_mul_overflow(shifted, stride, &scaled) ||
        __builtin_add_overflow(out.constant, scaled, &out.constant))
      return std::nullopt;
    for (const auto& [var, coeff] : s.terms) {
      int64_t c = 0;
      if (__builtin_mul_overflow(coeff, stride, &c)) return std::nullopt;
      auto same = std::find_if(out.terms.begin(), out.terms.end(), [&](const auto& t) { return t.first == var; });
      if (same == out.terms.end()) out.terms.emplace_back(var, c);
      else if (__builtin_add_overflow(same->second, c, &same->second)) return std::nullopt;
    }
    if (__builtin_mul_overflow(stride, extent, &stride)) return std::nullopt;
  }
  out.terms.erase(std::remove_if(out.terms.begin(), out.terms.end(), [](const auto& t) { return t.second == 0; }), out.terms.end());
  std::sort(out.terms.begin(), out.terms.end());
  return out;
}

std::optional<int64_t> LoopAnalysis::strongDistance(const ArrayAccess& a, const ArrayAccess& b, size_t level) {
  // Some dimension subscripts both references with c·v + constant, v this level's variable and no
  // other loop's (strong SIV): that fixes the distance at this level whatever the others do.
  const std::vector<Id>& loops = a.loops();
  const std::string& var = program_.loop(loops[level]).var;
  NestLoop n = nestLoop(loops[level]);
  auto onlyThis = [&](const LinearExpr& s) {
    if (!s.affine || s.terms.size() != 1 || s.terms[0].first != var) return false;
    return true;
  };
  size_t rank = std::min(a.subscripts().size(), b.subscripts().size());
  for (size_t d = 0; d < rank; ++d) {
    const LinearExpr& x = a.subscripts()[d];
    const LinearExpr& y = b.subscripts()[d];
    if (!onlyThis(x) || !onlyThis(y) || x.terms[0].second != y.terms[0].second) continue;
    int64_t coeff = x.terms[0].second, difference = 0;
    if (__builtin_sub_overflow(x.constant, y.constant, &difference) || difference % coeff != 0 || n.step == 0) continue;
    int64_t values = difference / coeff;  // sink value - source value
    if (values % n.step != 0) continue;
    return values / n.step;
  }
  return std::nullopt;
}

void LoopAnalysis::addDependenceRows(const ArrayAccess& a, const ArrayAccess& b, const DependenceResult& tested, size_t common,
                                     const std::string& sharedStorage) {
  // One call's two accesses of an argument with a column: only where the columns meet. A call's
  // columns in the actual's dimensions and a reference of the loop's own, or another call's:
  // only where they agree.
  std::optional<DependenceResult> narrowed;
  if (a.column && b.column && a.callId == b.callId && a.argument == b.argument && sharedStorage.empty())
    narrowed = narrowedByColumn(a, b, *a.column, *b.column, tested, common);
  else if ((a.inActual || b.inActual) && a.varId && a.varId == b.varId && sharedStorage.empty()) {
    const std::vector<LinearExpr>* x = a.inActual ? a.inActual : plainSubscripts(a);
    const std::vector<LinearExpr>* y = b.inActual ? b.inActual : plainSubscripts(b);
    if (x && y && x->size() == y->size()) narrowed = narrowedByColumn(a, b, *x, *y, tested, common);
  }
  const DependenceResult& r = narrowed ? *narrowed : tested;
  bool self = &a == &b;
  for (size_t k = 0; k < common && k < r.levels.size(); ++k) {
    const LevelDependence& lv = r.levels[k];
    auto emit = [&](const ArrayAccess& source, const ArrayAccess& sink, int sign) {
      // What the row says, and the key of the rows that say it: pairs with the same dependence
      // share one row, so the row itself is built only for the first of them.
      const Id loopId = a.loops()[k];
      const char* kind = kindOf(source.access, sink.access);
      const bool both = lv.forward && lv.backward;
      std::optional<int64_t> distance;
      if (lv.distance && !both) distance = *lv.distance * sign;
      const char* direction = both ? "*" : "<";
      bool unknown = r.unknown;
      // Between two arrays sharing storage a distance is in elements of that storage: no ACROSS.
      bool exact = !r.unknown && distance.has_value() && sharedStorage.empty();
      std::string vector = "(";
      for (size_t j = 0; j < common && j < r.levels.size(); ++j) {
        if (j) vector += ',';
        if (j < k) vector += '0';
        else if (j == k) vector += distance ? std::to_string(*distance) : direction;
        else if (auto inner = strongDistance(a, b, j)) vector += std::to_string(*inner * sign);
        else vector += '*';
      }
      vector += ')';
      const ArrayAccess* byCall = source.callId && !source.ref ? &source : sink.callId && !sink.ref ? &sink : nullptr;
      if (byCall) {
        unknown = true;
        exact = false;
      }
      const std::string& name = a.name();
      // A reference to the whole array (SUM(t5), t5 = 0) has no subscript to test: it is every
      // element, which the explanation says rather than "subscript 1 ... is not affine".
      // (Not a component: what the parts of an object are is its own explanation.)
      auto plainWhole = [](const ArrayAccess& x) {
        return x.ref && !x.ref->subscripted && x.name().find('%') == std::string::npos;
      };
      const ArrayAccess* whole = byCall ? nullptr : plainWhole(source) ? &source : plainWhole(sink) ? &sink : nullptr;
      std::string wholeWhy;
      if (whole && !r.unknownWhy.empty())
        wholeWhy = "every element of " + whole->name() + " is " + (whole->access == 'W' ? "written" : "read") + " at " +
                   line(whole->line);
      const std::string& why = !wholeWhy.empty() ? wholeWhy : !r.unknownWhy.empty() ? r.unknownWhy : sharedStorage;
      // Past kMaxDependenceRows rows, one more per loop, array and kind, unknown: it keeps the loop
      // as sequential as the pairs it stands for would.
      const bool overflow = dependences_.size() >= kMaxDependenceRows;
      if (overflow) {
        unknown = true;
        exact = false;
      }
      std::string key;
      key.reserve(2 * sizeof(Id) + name.size() + vector.size() + why.size() + 12);
      for (Id id : {loopId, a.varId}) key.append(reinterpret_cast<const char*>(&id), sizeof id);
      key.append(kind).append(1, '\0');
      // A call's access: one row for every call's (its note names the first): a loop calling
      // tens of procedures that touch tens of module arrays would otherwise have a row per pair
      // of calls (WAVEWATCH III's w3wave, 840,000 of them).
      if (overflow) key.append("overflow");
      else key.append(name).append(1, '\0').append(vector).append(1, exact ? '1' : '0').append(byCall ? std::string_view("\0call", 5) : std::string_view(why));
      auto [at, added] = dependenceIndex_.try_emplace(std::move(key), dependences_.size());
      if (rowsTouched_) rowsTouched_->push_back(at->second);
      if (!added) {
        ++dependences_[at->second].pairs;
        return;
      }
      const std::string note = overflow ? "one of more dependences than the analysis keeps for a procedure (" + std::to_string(kMaxDependenceRows) + ")"
                               : byCall ? "the call to " + program_.call(byCall->callId).callee + " at " + line(byCall->line) + " may " +
                                            (byCall->access == 'W' ? "write" : "read") + " any element of " +
                                            (byCall->bounded ? byCall->text() : byCall->name())
                                      : why;
      Dependence d;
      d.loopId = loopId;
      d.name = name;
      d.varId = a.varId;
      d.kind = *facts::named<DependenceKind>(kind);
      d.level = static_cast<int>(k) + 1;
      d.distance = distance;
      d.direction = direction;
      d.unknown = unknown;
      d.exact = exact;
      d.vector = std::move(vector);
      d.source = &source;
      d.sink = &sink;
      d.test = r.test;
      d.note = note;
      results_[program_.loopIndex(d.loopId)].dependences.push_back(dependences_.size());
      dependences_.push_back(std::move(d));
    };
    if (lv.forward) emit(a, b, 1);
    if (lv.backward && !self) emit(b, a, -1);
  }
}

// ---- parts of a variable ----------------------------------------------------------------------

std::string LoopAnalysis::partOf(const std::string& name) {
  std::string part;
  int depth = 0;
  for (char c : name) {
    if (c == '(') ++depth;
    else if (c == ')') --depth;
    else if (depth == 0) part += c;
  }
  return part;
}

bool LoopAnalysis::contains(const std::string& whole, const std::string& part) {
  return whole == part || (part.size() > whole.size() && part.compare(0, whole.size(), whole) == 0 && part[whole.size()] == '%');
}

std::string ArrayAccess::text() const {
  std::string out = ref ? ref->text() : argumentRef ? argumentRef->text() : *array;
  if (selected)
    for (const std::string& component : *selected) out += '%' + component;
  return out;
}

const facts::StatementExpressions& LoopAnalysis::trees(const StatementRow& s) {
  return program_.trees(s.id);
}

std::vector<const std::vector<std::string>*> LoopAnalysis::selectedFrom(const StatementRow& s, const ArrayRefRow& ref, Id callId,
                                                                      int argument) {
  if (!ref.subscripted || !ref.varId || !program_.variable(ref.varId).derived ||
      s.expr.find("\"component\"") == std::string::npos)
    return {nullptr};
  const facts::StatementExpressions* where = &trees(s);
  facts::StatementExpressions one;  // a CALL's argument alone
  if (callId) {
    const CallRow& call = program_.call(callId);
    if (s.kind == StatementKind::Call && call.stmtId == s.id && call.kind == CallKind::Subroutine &&
        where->exprs.size() == call.args.size() && argument >= 1 && static_cast<size_t>(argument) <= call.args.size()) {
      one.exprs.push_back(where->exprs[static_cast<size_t>(argument - 1)]);
      where = &one;
    }
  }
  std::vector<std::vector<std::string>> uses = componentsSelected(*where, ref.text());
  if (uses.empty()) return {nullptr};
  // A place that selects an array component (tiles(t)%f%d(j,k), tiles(t)%f%d passed whole) is
  // that component's own reference, not this one.
  std::set<std::string> others;
  for (Id id : s.arrayRefs)
    if (id != ref.id) others.insert(program_.arrayRef(id).name);
  const std::string element = ref.text();
  std::erase_if(uses, [&](const std::vector<std::string>& use) {
    if (use.empty()) return false;
    std::string path = element;
    for (const std::string& component : use) path += '%' + component;
    return others.count(path) > 0;
  });
  if (uses.empty()) return {nullptr};
  std::vector<const std::vector<std::string>*> out;
  for (std::vector<std::string>& use : uses) {
    if (use.empty()) return {nullptr};  // the element used whole
    const std::vector<std::string>* stored = &*selections_.insert(std::move(use)).first;
    if (std::find(out.begin(), out.end(), stored) == out.end()) out.push_back(stored);
  }
  return out;
}

std::optional<std::pair<LinearExpr, LinearExpr>> LoopAnalysis::fixedDimension(const Variable& v, size_t d, bool callerSide) {
  std::optional<std::pair<LinearExpr, LinearExpr>> declared = v.declaredDimension(d);
  if (!declared) return std::nullopt;
  auto& [lower, extent] = *declared;
  if (callerSide && d >= v.layout.size()) {
    // Bounds are evaluated on entry: a name in them stands for its value at a call only when
    // nothing in the procedure changes it (a dummy or a local never written).
    if (!fixedNames_) {
      std::set<Id> written;
      for (const StatementRow& st : program_.statements)
        for (const ScalarAccess& x : effectsOf(st.id).scalars)
          if (x.access == 'W') written.insert(x.varId);
      fixedNames_.emplace();
      for (const Variable& candidate : program_.variables)
        if (candidate.procId == program_.current && candidate.integer && !candidate.isArray() &&
            (candidate.storage == Storage::Dummy || candidate.storage == Storage::Local) && !candidate.associated() &&
            !candidate.save && !written.count(candidate.id))
          fixedNames_->insert(candidate.name);
    }
    for (const LinearExpr* form : {&lower, &extent})
      for (const auto& [name, coeff] : form->terms)
        if (!fixedNames_->count(name)) return std::nullopt;
  }
  return declared;
}

std::optional<LinearExpr> LoopAnalysis::declaredLower(const Variable& v, size_t d) const {
  if (d >= v.boundTrees.size() || v.boundTrees[d].empty()) return LinearExpr{true, 1, {}};
  std::vector<facts::Expression> bounds;
  try {
    bounds = facts::parseExpressionList(v.boundTrees[d], v.name + "'s bounds");
  } catch (const facts::ExpressionTooDeep&) {
    return std::nullopt;  // malformed JSON
  }
  if (bounds.empty() || bounds[0].isNull()) return LinearExpr{true, 1, {}};
  return affineOf(bounds[0]);
}

std::optional<LinearExpr> LoopAnalysis::atCall(const LinearExpr& form, const CallRow& call, const CallTarget& target,
                                               const StatementRow& s) {
  if (!form.affine) return std::nullopt;
  // The CALL statement's trees list the arguments but a type-bound call's object.
  const size_t objects = static_cast<size_t>(std::count_if(call.args.begin(), call.args.end(), [](const CallArgRow& a) { return a.object; }));
  LinearExpr actual;
  actual.constant = form.constant;
  for (const auto& [name, coeff] : form.terms) {
    const CallArgRow* passed = nullptr;
    for (size_t j = 0; j < call.args.size(); ++j)
      if (const std::string* d = effects_.dummyName(target, call, j); d && *d == name) passed = &call.args[j];
    if (!passed || passed->object) return std::nullopt;
    // Its tree: the CALL statement's (what the database reader keeps), else the argument row's.
    const facts::StatementExpressions& tree = trees(s);
    const size_t j = static_cast<size_t>(passed - call.args.data());
    std::optional<LinearExpr> value;
    if (s.kind == StatementKind::Call && call.stmtId == s.id && call.kind == CallKind::Subroutine &&
        tree.exprs.size() + objects == call.args.size()) {
      const facts::Expression& node = tree.exprs[j - objects];
      value = affineOf(node.kind == facts::ExpressionKind::Keyword && !node.args.empty() ? node.args[0] : node);
    } else if (!passed->expr.empty()) {
      try {
        value = affineOf(facts::parseExpression(passed->expr, "call " + std::to_string(call.id) + "'s argument"));
      } catch (const facts::ExpressionTooDeep&) {
        return std::nullopt;
      }
    }
    if (!value || !integerNames(*value, s)) return std::nullopt;
    std::optional<LinearExpr> sum = combine(actual, *value, coeff);
    if (!sum) return std::nullopt;
    actual = *sum;
  }
  return actual;
}

std::optional<std::vector<LinearExpr>> LoopAnalysis::columnAt(const CallArrayAccess& c, const StatementRow& s, const ArrayRefRow* section,
                                                 const std::vector<Id>& chain, const LoopRow& outermost,
                                                 const std::vector<ScalarDefinition>& definitions) {
  const CallRow& call = program_.call(c.callId);
  CallTarget target;
  const Effect* e = soleDummyOf(c, target);
  if (!e || e->columns.empty()) return std::nullopt;
  const Variable& dummy = program_.variable(e->varId);
  const size_t last = static_cast<size_t>(e->columns.back());
  auto isColumn = [&](size_t d) { return std::find(e->columns.begin(), e->columns.end(), static_cast<int>(d)) != e->columns.end(); };
  const Variable& array = program_.variable(c.varId);
  if (array.pointer || array.associated() || dummy.rank < 1 || last >= static_cast<size_t>(dummy.rank)) return std::nullopt;
  // What nothing in the nest changes: no loop's variable around the call, no name it writes.
  const std::set<std::string>& written = results_[program_.loopIndex(outermost.id)].written;
  auto invariant = [&](const LinearExpr& f) {
    return f.affine && std::all_of(f.terms.begin(), f.terms.end(), [&](const auto& t) {
             return !written.count(t.first) &&
                    std::none_of(chain.begin(), chain.end(), [&](Id l) { return program_.loop(l).var == t.first; });
           });
  };
  // A name in a dummy's bounds that is none of the callee's dummies is a module's or a COMMON
  // block's variable (SNAP's q(cmom, ichunk, ny, nz, nc)), or its host's when the callee is an
  // internal procedure. Whatever variable it is (a USE may rename it), it is the same at every
  // call of the nest when the callee is no internal procedure and the nest writes no module
  // variable that is an INTEGER or shares storage, no COMMON variable, nothing through a
  // POINTER, and calls no procedure without a body here.
  std::optional<bool> sharedFixed;
  // A write that may change such a variable: of a COMMON variable, a module's INTEGER or one
  // sharing storage, or through a POINTER (which may point at a module's TARGET).
  auto changesShared = [](const Variable& v) {
    return v.storage == Storage::Common || v.pointer || (v.storage == Storage::Module && (v.integer || v.associated()));
  };
  auto sharedNamesFixed = [&]() {
    if (sharedFixed) return *sharedFixed;
    const Id host = program_.procedure(target.proc).hostId;
    bool fixed = host == 0 || program_.procedure(host).kind == ProcedureKind::Module;
    for (Id st = outermost.firstStmt; fixed && st <= outermost.lastStmt; ++st) {
      const StatementEffects& effects = effectsOf(st);
      if (effects.opaqueCall) fixed = false;
      for (const ScalarAccess& a : effects.scalars) {
        const Variable& v = program_.variable(a.varId);
        if (a.access == 'W' && changesShared(v)) fixed = false;
      }
      for (const CallArrayAccess& a : effects.arrays)
        if (a.access == 'W' && changesShared(program_.variable(a.varId))) fixed = false;
      for (Id refId : program_.statement(st).arrayRefs) {
        const ArrayRefRow& r = program_.arrayRef(refId);
        if (r.access == Access::Write && r.varId && changesShared(program_.variable(r.varId))) fixed = false;
      }
    }
    return *(sharedFixed = fixed);
  };
  const std::vector<std::string>& parameters = program_.procedure(target.proc).parameters;
  // The bound at the call, in the caller's names, without the shared names that cannot change
  // (nullopt: it may change, or is not affine).
  auto atCallFixed = [&](const LinearExpr& f) -> std::optional<LinearExpr> {
    LinearExpr own = f;
    own.terms.clear();
    for (const auto& term : f.terms) {
      const std::string& name = term.first;
      if (std::find(parameters.begin(), parameters.end(), name) != parameters.end()) own.terms.push_back(term);
      else if (name.find_first_of("(%") != std::string::npos || !sharedNamesFixed()) return std::nullopt;
    }
    return atCall(own, call, target, s);
  };
  // The same storage at every call: the array whole, or a section whose triplets have constant
  // bounds (or none) and no stride and whose other subscripts are scalars (tested as any other
  // subscripts are; no vector subscript, whose copy may hold an element twice).
  if (section) {
    if (section->name.find('%') != std::string::npos) return std::nullopt;
    const std::vector<const facts::Expression*> subscripts = subscriptsOf(trees(s), section->text());
    if (subscripts.size() != static_cast<size_t>(array.rank)) return std::nullopt;
    for (const facts::Expression* sub : subscripts) {
      if (sub->kind == facts::ExpressionKind::Range) {
        if (sub->args.size() > 2 && !sub->args[2].isNull()) return std::nullopt;
        for (size_t b = 0; b < 2 && b < sub->args.size(); ++b) {
          if (sub->args[b].isNull()) continue;
          std::optional<LinearExpr> bound = affineOf(sub->args[b]);
          if (!bound || !bound->terms.empty()) return std::nullopt;
        }
        continue;
      }
      std::optional<LinearExpr> scalar = affineOf(*sub);
      if (!scalar || !integerNames(*scalar, s)) return std::nullopt;
    }
  }
  // The element (.., v, .., w, ..) of the dummy, v and w in column dimensions, lies in storage
  // where the dimensions before the last column have the same extents, the columns the same
  // lower bounds and the last its extent too (the dummy's last: any) at each call: distinct
  // values of (v, w) are then distinct elements of the actual (explicit shape: by their offset;
  // assumed shape: element by element), a reference within the dummy's bounds being all Fortran
  // allows (2018, 9.5.3.2).
  for (size_t d = 0; d <= last; ++d) {
    if (dummy.assumedShape) {
      if (!isColumn(d)) continue;  // the actual's extents
      std::optional<LinearExpr> lower = declaredLower(dummy, d);
      std::optional<LinearExpr> atCaller = lower ? atCallFixed(*lower) : std::nullopt;
      if (!atCaller || !invariant(*atCaller)) return std::nullopt;
      continue;
    }
    const bool extent = d < last || d + 1 < static_cast<size_t>(dummy.rank);
    std::optional<std::pair<LinearExpr, LinearExpr>> dim = fixedDimension(dummy, d, false);
    // An assumed size's last dimension (x(n, *)): its lower bound alone.
    if (!dim && !extent && d < dummy.boundTrees.size() && !dummy.boundTrees[d].empty())
      if (std::optional<LinearExpr> lower = declaredLower(dummy, d)) dim = std::pair(*lower, LinearExpr{});
    if (!dim) return std::nullopt;
    std::vector<const LinearExpr*> fixed;
    if (extent) fixed.push_back(&dim->second);
    if (isColumn(d)) fixed.push_back(&dim->first);
    for (const LinearExpr* f : fixed) {
      std::optional<LinearExpr> atCaller = atCallFixed(*f);
      if (!atCaller || !invariant(*atCaller)) return std::nullopt;
    }
  }
  return columnAtCall(e->columnForms, call, target, s, definitions);
}

std::optional<std::vector<LinearExpr>> LoopAnalysis::columnAtCall(const std::vector<LinearExpr>& forms, const CallRow& call,
                                                                  const CallTarget& target, const StatementRow& s,
                                                                  const std::vector<ScalarDefinition>& definitions) {
  std::vector<LinearExpr> values;
  for (const LinearExpr& form : forms) {
    std::optional<LinearExpr> value = atCall(form, call, target, s);
    if (!value) return std::nullopt;
    values.push_back(std::move(*value));
  }
  return *substituted(values, s.id, definitions);
}

bool LoopAnalysis::apartByConstants(const ArrayAccess& a, const ArrayAccess& b) {
  // Per dimension, the constant range of values a plain array's reference (or the section a
  // call is passed) takes there; nullopt where not constant. Not an element passed to an array
  // dummy: the call may touch the elements after it too.
  using Interval = std::optional<std::pair<int64_t, int64_t>>;
  auto intervals = [&](const ArrayAccess& x) -> std::vector<Interval> {
    const ArrayRefRow* r = x.ref ? x.ref : x.argumentRef && x.argumentRef->section ? x.argumentRef : nullptr;
    if (!r || !r->subscripted || r->name.find('%') != std::string::npos) return {};
    std::vector<Interval> out;
    for (const facts::Expression* sub : subscriptsOf(trees(program_.statement(x.stmtId)), r->text())) {
      Interval range;
      if (sub->kind == facts::ExpressionKind::Range) {
        if (sub->args.size() >= 2 && unitTriplet(*sub) && !sub->args[0].isNull() && !sub->args[1].isNull()) {
          std::optional<LinearExpr> lo = affineOf(sub->args[0]), hi = affineOf(sub->args[1]);
          if (lo && hi && lo->terms.empty() && hi->terms.empty()) range = std::pair(lo->constant, hi->constant);
        }
      } else if (std::optional<LinearExpr> value = affineOf(*sub); value && value->terms.empty()) {
        range = std::pair(value->constant, value->constant);
      }
      out.push_back(range);
    }
    return out;
  };
  if (a.name() != b.name()) return false;
  const std::vector<Interval> x = intervals(a), y = intervals(b);
  if (x.empty() || x.size() != y.size()) return false;
  for (size_t d = 0; d < x.size(); ++d)
    if (x[d] && y[d] && x[d]->first <= x[d]->second && y[d]->first <= y[d]->second &&
        (x[d]->second < y[d]->first || y[d]->second < x[d]->first))
      return true;
  return false;
}

std::optional<std::vector<LinearExpr>> LoopAnalysis::sharedColumnAt(const CallArrayAccess& c, const StatementRow& s,
                                                                    const std::vector<ScalarDefinition>& definitions,
                                                                    std::optional<std::vector<LinearExpr>>& inActual) {
  const CallRow& call = program_.call(c.callId);
  const ResolvedCall resolved = effects_.resolve(call);  // one procedure: its column
  if (resolved.unknown || resolved.targets.size() != 1) return std::nullopt;
  const CallTarget& target = resolved.targets.front();
  const Variable& array = program_.variable(c.varId);
  if (array.pointer || array.associated()) return std::nullopt;
  // The variable itself (the host's, the same in the internal procedure): its elements with
  // distinct values in the column's dimension are distinct.
  for (const auto& [key, e] : effects_.summary(target.proc).effects) {
    if (e.reach != Reach::Host || e.varId != c.varId || e.columns.empty()) continue;
    std::optional<std::vector<LinearExpr>> columns = columnAtCall(e.columnForms, call, target, s, definitions);
    // The host's array itself: its columns are its own subscripts, any value elsewhere.
    if (columns && e.columns.back() < array.rank) {
      inActual.emplace(static_cast<size_t>(array.rank), LinearExpr{false, 0, {}});
      for (size_t j = 0; j < e.columns.size(); ++j) (*inActual)[static_cast<size_t>(e.columns[j])] = (*columns)[j];
    }
    return columns;
  }
  return std::nullopt;
}

const std::vector<LinearExpr>* LoopAnalysis::plainSubscripts(const ArrayAccess& a) const {
  if (!a.ref || a.split || a.selected || a.argumentRef || a.bounded || !a.ref->subscripted || a.ref->section) return nullptr;
  const Variable& v = program_.variable(a.varId);
  if (a.ref->name != v.name || a.subscripts().size() != static_cast<size_t>(v.rank)) return nullptr;
  return &a.subscripts();
}

std::optional<std::vector<LinearExpr>> LoopAnalysis::columnInActual(const CallArrayAccess& c, const StatementRow& s,
                                                                   const std::vector<LinearExpr>& columns) {
  const CallRow& call = program_.call(c.callId);
  CallTarget target;
  const Effect* e = soleDummyOf(c, target);
  if (!e || e->columns.size() != columns.size() || columns.empty()) return std::nullopt;
  const Variable& dummy = program_.variable(e->varId);
  const Variable& array = program_.variable(c.varId);
  if (array.pointer || array.associated() || array.assumedShape || array.rank < 1 || array.rank != dummy.rank) return std::nullopt;
  const size_t rank = static_cast<size_t>(array.rank), last = static_cast<size_t>(e->columns.back());
  auto equal = [](const LinearExpr& x, const LinearExpr& y) {
    std::optional<LinearExpr> d = combine(x, y, -1);
    return d && d->affine && d->terms.empty() && d->constant == 0;
  };
  // The dummy's lower bound in dimension d at the call (caller's names); its extent (assumed
  // shape: the actual's).
  auto dummyBounds = [&](size_t d) -> std::optional<std::pair<LinearExpr, std::optional<LinearExpr>>> {
    if (dummy.assumedShape) {
      std::optional<LinearExpr> lower = declaredLower(dummy, d);
      std::optional<LinearExpr> at = lower ? atCall(*lower, call, target, s) : std::nullopt;
      if (!at) return std::nullopt;
      return std::pair(*at, std::nullopt);
    }
    std::optional<std::pair<LinearExpr, LinearExpr>> dim = fixedDimension(dummy, d, false);
    if (!dim) return std::nullopt;
    std::optional<LinearExpr> lower = atCall(dim->first, call, target, s), extent = atCall(dim->second, call, target, s);
    if (!lower || !extent) return std::nullopt;
    return std::pair(*lower, std::optional<LinearExpr>(*extent));
  };
  std::vector<LinearExpr> in(rank, LinearExpr{false, 0, {}});
  for (size_t d = 0; d <= last; ++d) {
    const auto at = std::find(e->columns.begin(), e->columns.end(), static_cast<int>(d));
    const bool column = at != e->columns.end();
    // Elements of one offset are one element of both when the dimensions before agree (and this
    // one's extent, but in the last dimension of both).
    const bool extent = d < last || d + 1 < rank;
    if (!column && !extent) continue;
    std::optional<std::pair<LinearExpr, LinearExpr>> actual = fixedDimension(array, d, true);
    std::optional<std::pair<LinearExpr, std::optional<LinearExpr>>> mine = dummyBounds(d);
    if (!actual || !mine) return std::nullopt;
    if (extent && mine->second && !equal(*mine->second, actual->second)) return std::nullopt;
    if (!column) continue;
    // v in the dummy is v - lower(dummy) + lower(actual) in the actual.
    std::optional<LinearExpr> moved = combine(columns[static_cast<size_t>(at - e->columns.begin())], mine->first, -1);
    if (moved) moved = combine(*moved, actual->first, 1);
    if (!moved) return std::nullopt;
    in[d] = *moved;
  }
  return in;
}

DependenceResult LoopAnalysis::narrowedByColumn(const ArrayAccess& a, const ArrayAccess& b, const std::vector<LinearExpr>& x,
                                                const std::vector<LinearExpr>& y, DependenceResult r, size_t common) {
  const std::set<std::string>& written = results_[program_.loopIndex(a.loops().front())].written;
  const std::vector<std::string> variant(written.begin(), written.end());
  std::vector<NestLoop> loopsA, loopsB;
  for (Id l : a.loops()) loopsA.push_back(nestLoop(l));
  for (Id l : b.loops()) loopsB.push_back(nestLoop(l));
  const DependenceResult met = testDependence(RefView{x, loopsA}, RefView{y, loopsB}, common, variant);
  r.loopIndependent = r.loopIndependent && !met.independent && met.loopIndependent;
  for (size_t l = 0; l < r.levels.size(); ++l) {
    LevelDependence& level = r.levels[l];
    if (met.independent) {
      level = LevelDependence{};
      continue;
    }
    if (l >= met.levels.size()) continue;
    const LevelDependence& m = met.levels[l];
    level.forward = level.forward && m.forward;
    level.backward = level.backward && m.backward;
    // A distance both hold: the same one, or none is possible.
    if (level.distance && m.distance && *level.distance != *m.distance) level = LevelDependence{};
    else if (m.distance) level.distance = m.distance;
  }
  return r;
}

std::optional<std::vector<LinearExpr>> LoopAnalysis::elementRegion(const CallArrayAccess& c, const ArrayRefRow& element,
                                                                   const StatementRow& s, size_t& whole) {
  whole = 0;
  const Variable& array = program_.variable(element.varId);
  if (array.rank < 2 || element.forms.size() != static_cast<size_t>(array.rank)) return std::nullopt;
  const CallRow& call = program_.call(c.callId);
  CallTarget target;
  const Effect* e = soleDummyOf(c, target);
  if (!e) return std::nullopt;
  const Variable& dummy = program_.variable(e->varId);
  // The dummy's size: an explicit shape whose extents are constants but for one (an affine form
  // of the callee's dummies). The callee touches no element past it (Fortran 2018, 15.5.2.11).
  if (dummy.rank < 1 || dummy.boundTrees.size() != static_cast<size_t>(dummy.rank)) return std::nullopt;
  LinearExpr size;
  size.constant = 1;
  for (size_t d = 0; d < dummy.boundTrees.size(); ++d) {
    std::optional<std::pair<LinearExpr, LinearExpr>> dim = fixedDimension(dummy, d, false);
    if (!dim) return std::nullopt;
    const LinearExpr& extent = dim->second;
    if (!extent.terms.empty() && !size.terms.empty()) return std::nullopt;
    const LinearExpr& scaled = extent.terms.empty() ? size : extent;
    std::optional<LinearExpr> product = combine(LinearExpr{}, scaled, extent.terms.empty() ? extent.constant : size.constant);
    if (!product) return std::nullopt;
    size = *product;
  }
  std::optional<LinearExpr> actualSize = atCall(size, call, target, s);
  if (!actualSize) return std::nullopt;
  // From a(s1, s2, ...) on, that many elements stay in the first p dimensions' slab when the
  // element starts the dimensions before the p-th (s_d = lower_d) and, with E the product of
  // their extents (constants), (s_p - lower_p)·E + size <= extent_p·E: a(1, j) with a(m, n)
  // passed to v(m) is a(:, j); lhs(1, 1, c, i) with lhs(5, 5, 3, n) passed to b(5, 5) is
  // lhs(:, :, c, i).
  int64_t before = 1;  // E
  for (size_t p = 0; p + 1 < element.forms.size(); ++p) {
    std::optional<std::pair<LinearExpr, LinearExpr>> dim = fixedDimension(array, p, true);
    if (!dim || !element.forms[p].affine) return std::nullopt;
    std::optional<LinearExpr> offset = combine(element.forms[p], dim->first, -1);
    std::optional<LinearExpr> scaledOffset = offset ? combine(LinearExpr{}, *offset, before) : std::nullopt;
    std::optional<LinearExpr> used = scaledOffset ? combine(*scaledOffset, *actualSize, 1) : std::nullopt;
    std::optional<LinearExpr> slab = combine(LinearExpr{}, dim->second, before);
    std::optional<LinearExpr> room = used && slab ? combine(*slab, *used, -1) : std::nullopt;
    if (room && room->terms.empty() && room->constant >= 0) {
      std::vector<LinearExpr> region = element.forms;
      for (size_t d = 0; d <= p; ++d) region[d] = LinearExpr{false, 0, {}};
      // No room left, from the start of the slab: the elements fill it.
      if (room->constant == 0 && offset->terms.empty() && offset->constant == 0) whole = p + 1;
      return region;
    }
    // The next dimension's slab holds this one whole: the element must start it.
    if (!offset || !offset->terms.empty() || offset->constant != 0 || !dim->second.terms.empty() ||
        __builtin_mul_overflow(before, dim->second.constant, &before))
      return std::nullopt;
  }
  return std::nullopt;
}

const std::vector<ArrayAccess::WrittenBox>* LoopAnalysis::boxesAt(const CallArrayAccess& c, const ArrayRefRow& whole,
                                                                  const StatementRow& s,
                                                                  const std::vector<ScalarDefinition>& definitions) {
  CallTarget target;
  const Effect* e = soleDummyOf(c, target);
  if (!e || e->definedBoxes.empty() || program_.procedure(target.proc).kind == ProcedureKind::Entry ||
      whole.name.find('%') != std::string::npos)
    return nullptr;
  // The dummy's elements are the actual's, subscript for subscript: the same lower bounds, the
  // same extents but in the last dimension (lhs(5, 5, 3, 0:size) of lhs(5, 5, 3, 0:64)), all
  // constants. The callee touches no element past its dummy, nor the actual's past the actual.
  const Variable& actual = program_.variable(whole.varId);
  const Variable& dummy = program_.variable(e->varId);
  if (actual.rank != dummy.rank || actual.rank < 1 || actual.allocatable || actual.pointer) return nullptr;
  bool sameLast = false;  // the last extents alike too: a box filling the dummy's fills the actual's
  for (size_t d = 0; d < static_cast<size_t>(actual.rank); ++d) {
    std::optional<std::pair<LinearExpr, LinearExpr>> a = actual.declaredDimension(d), b = dummy.declaredDimension(d);
    const bool last = d + 1 == static_cast<size_t>(actual.rank);
    if (!a || !b || !a->first.terms.empty() || !(a->first == b->first) ||
        (!last && (!a->second.terms.empty() || !(a->second == b->second))))
      return nullptr;
    sameLast = last && a->second.terms.empty() && a->second == b->second;
  }
  const CallRow& call = program_.call(c.callId);
  const size_t rank = static_cast<size_t>(actual.rank);
  std::vector<ArrayAccess::WrittenBox> out;
  for (const DefinedBox& box : e->definedBoxes) {
    if (box.at.size() != rank || box.to.size() != rank) return nullptr;
    // A dummy shorter than the actual in its last dimension fills only its own part of it.
    if ((box.filled & (uint32_t{1} << (rank - 1))) && !sameLast) continue;
    std::vector<LinearExpr> forms;
    std::vector<std::optional<ArrayAccess::Range>> ranges(rank);
    for (size_t d = 0; d < rank; ++d) {
      const uint32_t bit = uint32_t{1} << d;
      if (box.filled & bit) {
        // Its declared bounds, where a range is wanted (constants, checked above but the last).
        std::optional<std::pair<LinearExpr, LinearExpr>> dim = actual.declaredDimension(d);
        std::optional<LinearExpr> upper = dim ? combine(dim->first, dim->second, 1) : std::nullopt;
        if (!upper || !dim->second.terms.empty() || __builtin_sub_overflow(upper->constant, 1, &upper->constant)) break;
        ranges[d] = ArrayAccess::Range{{dim->first}, {*upper}};
        forms.push_back(LinearExpr{false, 0, {}});
        continue;
      }
      std::optional<LinearExpr> form = atCall(box.at[d], call, target, s);
      if (!form) break;
      if (box.ranged & bit) {
        std::optional<LinearExpr> high = atCall(box.to[d], call, target, s);
        if (!high) break;
        const std::vector<LinearExpr> bounds = {*form, *high};
        const std::vector<LinearExpr> at = *substituted(bounds, s.id, definitions);
        ranges[d] = ArrayAccess::Range{{at[0]}, {at[1]}};
        forms.push_back(LinearExpr{false, 0, {}});
        continue;
      }
      forms.push_back(std::move(*form));
    }
    if (forms.size() != rank) continue;
    substitutedForms_.push_back(*substituted(forms, s.id, definitions));
    ArrayAccess::WrittenBox written{box.filled, &substitutedForms_.back(), nullptr};
    if (box.ranged) {
      boxRanges_.push_back(std::move(ranges));
      written.ranges = &boxRanges_.back();
    }
    out.push_back(written);
  }
  if (out.empty()) return nullptr;
  writtenBoxes_.push_back(std::move(out));
  return &writtenBoxes_.back();
}

const Effect* LoopAnalysis::soleDummyOf(const CallArrayAccess& c, CallTarget& target) const {
  const CallRow& call = program_.call(c.callId);
  const ResolvedCall resolved = effects_.resolve(call);
  const size_t k = static_cast<size_t>(c.argument - 1);
  if (resolved.unknown || resolved.targets.size() != 1 || c.argument < 1 || k >= call.args.size()) return nullptr;
  target = resolved.targets.front();
  return effects_.dummyOf(target, call, k);
}

uint32_t LoopAnalysis::filledBySection(const CallArrayAccess& c, const ArrayRefRow& section) {
  const Variable& array = program_.variable(section.varId);
  if (!c.definesPart || section.name.find('%') != std::string::npos || array.rank < 1 || array.rank > 31 ||
      section.subscripts.size() != static_cast<size_t>(array.rank))
    return 0;
  CallTarget target;
  const Effect* e = soleDummyOf(c, target);
  if (!e) return 0;
  const Variable& dummy = program_.variable(e->varId);
  uint32_t filled = 0;
  int64_t size = 1;  // the section's, its whole dimensions' declared extents constants
  bool constantSize = true;
  for (size_t d = 0; d < section.subscripts.size(); ++d) {
    const facts::SubscriptRow& sub = section.subscripts[d];
    if (!sub.section) continue;  // one subscript: the section is in that plane
    if (sub.text != ":") return 0;
    filled |= uint32_t{1} << d;
    std::optional<std::pair<LinearExpr, LinearExpr>> dim = fixedDimension(array, d, true);
    if (!dim || !dim->second.affine || !dim->second.terms.empty() || dim->second.constant < 1 ||
        __builtin_mul_overflow(size, dim->second.constant, &size))
      constantSize = false;
  }
  // A dummy of assumed shape is the section; one of explicit shape, the section's first elements
  // in array element order, as many as it has (Fortran 2018, 15.5.2.11): all of them when it is
  // as large.
  if (dummy.assumedShape) return filled;
  if (!constantSize || dummy.layout.empty() || dummy.layout.size() != static_cast<size_t>(dummy.rank)) return 0;
  int64_t dummySize = 1;
  for (const auto& [lower, extent] : dummy.layout)
    if (extent < 1 || __builtin_mul_overflow(dummySize, extent, &dummySize)) return 0;
  return dummySize == size ? filled : 0;
}

ReferencePath LoopAnalysis::pathOf(const ArrayAccess& a, bool split) {
  ReferencePath path;
  const std::string& name = a.name();
  // The parts as the name spells them: chunk, tiles(t), field, density.
  std::vector<std::string> spelled;
  int depth = 0;
  spelled.emplace_back();
  for (char c : name) {
    if (c == '(') ++depth;
    else if (c == ')') --depth;
    if (c == '%' && depth == 0) spelled.emplace_back();
    else spelled.back() += c;
  }
  const StatementRow& s = program_.statement(a.stmtId);
  std::optional<std::vector<DesignatorPart>> written;
  if (name.find('(') != std::string::npos) {
    written = designatorParts(trees(s), name);
    if (written && written->size() != spelled.size()) written.reset();
  }
  const LinearExpr unknown{false, 0, {}};
  for (size_t i = 0; i < spelled.size(); ++i) {
    const size_t open = spelled[i].find('(');
    path.names.push_back(spelled[i].substr(0, open));
    if (open == std::string::npos) {
      path.counts.push_back(0);
      continue;
    }
    if (written && (*written)[i].name == path.names.back()) {
      for (const facts::Expression* subscript : (*written)[i].subscripts) {
        std::optional<LinearExpr> form = affineOf(*subscript);
        path.forms.push_back(form && integerNames(*form, s) ? *form : unknown);
      }
      path.counts.push_back(static_cast<uint32_t>((*written)[i].subscripts.size()));
      continue;
    }
    // Not in the trees: as many subscripts as the spelling has, nothing known of them.
    uint32_t count = 1;
    int inner = 0;
    for (char c : spelled[i].substr(open)) {
      if (c == '(') ++inner;
      else if (c == ')') --inner;
      else if (c == ',' && inner == 1) ++count;
    }
    path.forms.insert(path.forms.end(), count, unknown);
    path.counts.push_back(count);
  }
  // The last part's subscripts: the reference's own, or the section a call was passed; none
  // (the whole of it) for an array used whole or a call that may touch any element.
  if ((a.ref && a.ref->subscripted) || a.bounded) {
    const std::vector<LinearExpr>& last = split && a.split ? a.split->forms : *a.forms;
    path.forms.insert(path.forms.end(), last.begin(), last.end());
    path.counts.back() = static_cast<uint32_t>(last.size());
  }
  if (a.selected)
    for (const std::string& component : *a.selected) {
      path.names.push_back(component);
      path.counts.push_back(0);
    }
  return path;
}

// ---- dependences under the loops' bounds (Fourier–Motzkin) --------------------------------

namespace {

/// Whether `e` is a section's triplet lo:hi with a stride of 1, written or not (only 1 keeps
/// every element between the bounds).
bool unitTriplet(const facts::Expression& e) {
  if (e.kind != facts::ExpressionKind::Range || e.args.size() < 2) return false;
  if (e.args.size() < 3 || e.args[2].isNull()) return true;
  std::optional<LinearExpr> stride = affineOf(e.args[2]);
  return stride && stride->terms.empty() && stride->constant == 1;
}

/// The form x of a term "mod(x,c)" affineOf made (its names and coefficients, its constant);
/// nullopt for any other term.
std::optional<LinearExpr> modArgumentOfTerm(const std::string& term) {
  if (!term.starts_with("mod(")) return std::nullopt;
  const size_t comma = term.rfind(',');
  LinearExpr x;
  size_t at = 4;
  while (at < comma) {
    int64_t sign = 1;
    if (term[at] == '+' || term[at] == '-') sign = term[at++] == '-' ? -1 : 1;
    int64_t value = 1;
    const bool digits = std::isdigit(static_cast<unsigned char>(term[at])) != 0;
    if (digits) {
      auto [end, ec] = std::from_chars(term.data() + at, term.data() + comma, value);
      if (ec != std::errc()) return std::nullopt;
      at = static_cast<size_t>(end - term.data());
    }
    if (at < comma && term[at] == '*') ++at;
    if (at >= comma || term[at] == '+' || term[at] == '-') {  // a constant
      if (!digits) return std::nullopt;
      x.constant = sign * value;
      continue;
    }
    const size_t end = term.find_first_of("+-,", at);
    x.terms.emplace_back(term.substr(at, end - at), sign * value);
    at = end;
  }
  return x;
}

/// The variables a term is about: v for a name v, the names of x for a term "mod(x,c)".
std::vector<std::string> variablesOfTerm(const std::string& term) {
  std::vector<std::string> names;
  if (std::optional<LinearExpr> x = modArgumentOfTerm(term))
    for (const auto& [name, coeff] : x->terms) names.push_back(name);
  else
    names.push_back(term);
  return names;
}

/// mod(x, c)'s c, for a term "mod(x,c)"; 0 for any other term.
int64_t modulusOfTerm(const std::string& term) {
  if (!term.starts_with("mod(")) return 0;
  return std::stoll(term.substr(term.rfind(',') + 1));
}

/// The affine arguments of `e` when it is the intrinsic `name` (min, max), else `e` itself when
/// affine (array elements with constant subscripts as terms). An argument that is not affine is
/// left out (fewer constraints: still sound).
std::vector<LinearExpr> splitBound(const facts::Expression& e, const char* name) {
  std::vector<LinearExpr> out;
  if (e.kind == facts::ExpressionKind::Intrinsic && e.text == name) {
    for (const facts::Expression& a : e.args)
      if (std::optional<LinearExpr> f = affineOf(a, true)) out.push_back(std::move(*f));
  } else if (std::optional<LinearExpr> f = affineOf(e, true)) {
    out.push_back(std::move(*f));
  }
  return out;
}

}  // namespace

bool LoopAnalysis::integerNames(const LinearExpr& form, const StatementRow& s) const {
  for (const auto& [term, coeff] : form.terms) {
    if (!term.starts_with("mod(") && term.find('(') != std::string::npos) {  // an element affineOf made
      if (!unchangingIntegerElement(term.substr(0, term.find('(')), s)) return false;
      continue;
    }
    if (term.find('%') != std::string::npos) {  // a component affineOf made
      if (!unchangingIntegerComponent(term, s)) return false;
      continue;
    }
    for (const std::string& name : variablesOfTerm(term)) {
      bool integer = false;
      for (const ScalarRefRow& r : s.scalars)
        if (program_.variable(r.varId).name == name) integer = program_.variable(r.varId).integer;
      if (!integer) return false;
    }
  }
  return true;
}

bool LoopAnalysis::unchangingIntegerElement(const std::string& array, const StatementRow& s) const {
  Id varId = 0;
  for (Id refId : s.arrayRefs)
    if (program_.arrayRef(refId).name == array) varId = program_.arrayRef(refId).varId;
  if (!varId) return false;
  auto [known, added] = unchangingElements_.try_emplace(varId, false);
  if (!added) return known->second;
  const Variable& v = program_.variable(varId);
  // Storage of its own (COMMON is: another member cannot overlap it in one procedure), an integer.
  if (!v.integer || !v.isArray() || v.equivalence != 0 || v.pointer || v.target || v.derived) return false;
  const bool shared = v.storage == Storage::Common || v.storage == Storage::Module || v.procId != program_.current;
  for (const ArrayRefRow& ref : program_.arrayRefs)
    if (ref.varId == varId && ref.access == Access::Write) return false;
  for (const StatementRow& st : program_.statements) {
    const StatementEffects& e = statementEffects_[program_.statementIndex(st.id)];
    if (shared && e.opaqueCall) return false;  // a procedure with no body here may write any COMMON or module array
    for (const CallArrayAccess& c : e.arrays)
      if (c.varId == varId && c.access == 'W') return false;
  }
  return known->second = true;
}

bool LoopAnalysis::unchangingIntegerComponent(const std::string& path, const StatementRow& s) const {
  auto [known, added] = unchangingComponents_.try_emplace(path, false);
  if (!added) return known->second;
  const std::string base = path.substr(0, path.find('%'));
  Id varId = 0;
  for (const ScalarRefRow& r : s.scalars)
    if (program_.variable(r.varId).name == base) varId = r.varId;
  if (!varId) return false;
  const Variable& v = program_.variable(varId);
  // A scalar of a derived type no pointer reaches, down to an INTEGER scalar component, through
  // components that are no pointers.
  if (v.isArray() || !v.derived || !v.typeId || v.pointer || v.target || v.equivalence != 0) return false;
  Id type = v.typeId;
  const facts::ComponentRow* c = nullptr;
  for (size_t at = path.find('%'); at != std::string::npos;) {
    const size_t next = path.find('%', at + 1);
    c = type ? program_.component(type, path.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1)) : nullptr;
    if (!c || c->pointer) return false;
    type = c->derivedId;
    at = next;
  }
  if (!c || c->type != "integer" || c->rank.value_or(1) != 0) return false;
  // Nothing in the procedure writes the variable or any part of it (intent(in) dummies say so too).
  for (const StatementRow& st : program_.statements)
    if (mayWrite(st, varId)) return false;
  return known->second = true;
}

bool LoopAnalysis::mayWrite(const StatementRow& st, Id varId) const {
  const Variable& v = program_.variable(varId);
  const bool shared = v.storage == Storage::Common || v.storage == Storage::Module || v.procId != program_.current;
  for (const ScalarRefRow& ref : st.scalars)
    if (ref.varId == varId && ref.access == Access::Write) return true;
  for (Id refId : st.arrayRefs)
    if (program_.arrayRef(refId).varId == varId && program_.arrayRef(refId).access == Access::Write) return true;
  const StatementEffects& e = effectsOf(st.id);
  if (shared && e.opaqueCall) return true;  // a procedure with no body here may write any COMMON or module variable
  for (const ScalarAccess& a : e.scalars)
    if (a.varId == varId && a.access == 'W') return true;
  for (const CallArrayAccess& a : e.arrays)
    if (a.varId == varId && a.access == 'W') return true;
  return false;
}

const LoopAnalysis::AffineBounds& LoopAnalysis::affineBounds(Id loopId) {
  std::optional<AffineBounds>& cached = affineBounds_[program_.loopIndex(loopId)];
  if (cached) return *cached;
  cached.emplace();
  AffineBounds& b = *cached;
  const LoopRow& l = program_.loop(loopId);
  if (!l.counted()) return b;
  static const std::vector<facts::Expression> kNoExpressions;
  const std::vector<facts::Expression>& exprs =
      l.headerStmt && l.kind == LoopKind::Do ? program_.trees(l.headerStmt).exprs : kNoExpressions;
  if (exprs.size() >= 2) {
    b.start = splitBound(exprs[0], "max");
    b.startMin = splitBound(exprs[0], "min");
    b.end = splitBound(exprs[1], "min");
    b.endMax = splitBound(exprs[1], "max");
    // Only integer scalars: a REAL bound is truncated, and 2*x truncated is not 2 times x truncated.
    const StatementRow& header = program_.statement(l.headerStmt);
    auto nameNotInteger = [&](const LinearExpr& f) { return !integerNames(f, header); };
    for (auto* list : {&b.start, &b.startMin, &b.end, &b.endMax}) std::erase_if(*list, nameNotInteger);
    if (std::optional<LinearExpr> start = affineOf(exprs[0], true); start && !nameNotInteger(*start)) b.startExact = start;
    if (std::optional<LinearExpr> end = affineOf(exprs[1], true); end && !nameNotInteger(*end)) b.endExact = end;
    if (exprs.size() > 2 && !exprs[2].isNull()) {
      if (std::optional<LinearExpr> step = affineOf(exprs[2]); step && step->terms.empty()) b.step = step->constant;
      else if (step && !nameNotInteger(*step)) b.stepForm = step;
    } else {
      b.step = 1;
    }
  } else {  // a FORALL's or DO CONCURRENT's index: the affine forms the front end stored
    if (l.lowerForm.affine) b.start.push_back(l.lowerForm), b.startMin.push_back(l.lowerForm), b.startExact = l.lowerForm;
    if (l.upperForm.affine) b.end.push_back(l.upperForm), b.endMax.push_back(l.upperForm), b.endExact = l.upperForm;
    if (l.step.empty()) b.step = 1;
    else if (l.stepValue) b.step = *l.stepValue;
  }
  if (b.step && *b.step == 0) b.step.reset();
  return b;
}

const std::vector<LoopAnalysis::Condition>& LoopAnalysis::conditionsOf(Id ifStmt) {
  auto [at, added] = conditions_.try_emplace(ifStmt);
  if (!added) return at->second;
  const StatementRow& s = program_.statement(ifStmt);
  const std::vector<facts::Expression>& exprs = program_.trees(s.id).exprs;
  if (exprs.empty()) return at->second;
  const size_t depth = s.loopId ? chains_[program_.loopIndex(s.loopId)].size() : 0;
  // Only integer scalars may appear: a comparison of reals is no integer constraint.
  std::vector<Condition>& out = at->second;
  std::function<void(const facts::Expression&)> walk = [&](const facts::Expression& e) {
    if (e.kind == facts::ExpressionKind::Paren) return walk(e.args[0]);
    if (e.kind != facts::ExpressionKind::Operator || e.args.size() != 2) return;
    if (e.text == ".and.") {
      walk(e.args[0]);
      walk(e.args[1]);
      return;
    }
    std::optional<LinearExpr> left = affineOf(e.args[0]), right = affineOf(e.args[1]);
    if (!left || !right || !integerNames(*left, s) || !integerNames(*right, s)) return;
    // left - right, or right - left, and how it compares with 0
    std::optional<LinearExpr> difference;
    int64_t less = 0;  // strict: one less, as both sides are integers
    bool equal = false;
    if (e.text == "==") difference = combine(*left, *right, -1), equal = true;
    else if (e.text == ">=") difference = combine(*left, *right, -1);
    else if (e.text == ">") difference = combine(*left, *right, -1), less = 1;
    else if (e.text == "<=") difference = combine(*right, *left, -1);
    else if (e.text == "<") difference = combine(*right, *left, -1), less = 1;
    if (!difference || __builtin_sub_overflow(difference->constant, less, &difference->constant)) return;
    out.push_back({std::move(*difference), equal, depth});
  };
  walk(exprs[0]);
  return out;
}

const std::vector<LoopAnalysis::Condition>& LoopAnalysis::guardConditions(const ArrayAccess& a) {
  auto [at, added] = guards_.try_emplace({a.stmtId, a.ref, a.access});
  if (!added) return at->second;
  std::vector<Condition>& out = at->second;
  const StatementRow& s = program_.statement(a.stmtId);
  // A logical IF's condition holds for the target its action writes, and for what an assignment
  // action reads: the references after its target, which the action starts with (those before
  // it are the condition's own, read whether it holds or not).
  if (s.kind == StatementKind::If && a.ref) {
    bool inAction = a.access == 'W' && a.ref->context == RefContext::Lhs;
    if (!inAction && s.action == StatementKind::Assignment)
      for (Id refId : s.arrayRefs) {
        const ArrayRefRow& target = program_.arrayRef(refId);
        if (target.context == RefContext::Lhs && target.access == Access::Write &&
            std::pair(a.ref->line, a.ref->col) > std::pair(target.line, target.col))
          inAction = true;
      }
    if (inAction) {
      const std::vector<Condition>& own = conditionsOf(s.id);
      out.insert(out.end(), own.begin(), own.end());
    }
  }
  // The IF THEN arms around it (an ELSE IF's or an ELSE's conditions are left out).
  for (Id b = s.blockId; b != 0; b = program_.block(b).parentId) {
    const BlockRow& arm = program_.block(b);
    if (arm.isLoop() || !arm.constructStmt || arm.arm != 1) continue;
    if (program_.statement(arm.constructStmt).kind != StatementKind::IfThen) continue;
    const std::vector<Condition>& held = conditionsOf(arm.constructStmt);
    out.insert(out.end(), held.begin(), held.end());
  }
  return out;
}

bool LoopAnalysis::carriedImpossible(const ArrayAccess& a, const ArrayAccess& b, size_t level, bool forward,
                                     const std::vector<std::string>& variant) {
  const ArrayAccess& source = forward ? a : b;  // the earlier iteration's
  const ArrayAccess& sink = forward ? b : a;
  const Id levelLoop = a.loops()[level];
  const AffineBounds& levelBounds = headerBounds(levelLoop);
  // The step's sign cases: a constant step is one; a symbolic step, positive or negative.
  std::vector<int> signs;
  if (levelBounds.step == INT64_MIN) return false;  // its magnitude has no int64
  if (levelBounds.step) signs.push_back(*levelBounds.step > 0 ? 1 : -1);
  else if (levelBounds.stepForm) signs = {1, -1};
  else return false;
  for (int sign : signs) {
    LinearSystem system;
    std::map<std::string, size_t> symbols;
    // Each reference's own copy of its loops' variables.
    struct Copy {
      const ArrayAccess* access;
      std::vector<size_t> vars;
      std::map<std::string, size_t> mods;  ///< "mod(v,c)" -> its unknown, for this copy's v
    };
    Copy copies[2] = {{&source, {}, {}}, {&sink, {}, {}}};
    for (Copy& c : copies)
      for (size_t k = 0; k < c.access->loops().size(); ++k) c.vars.push_back(system.unknown());
    // A form's terms as unknowns: a loop variable of the first `depth` loops around the copy's
    // access (innermost first), else a symbol the nest does not change; nullopt otherwise.
    std::function<std::optional<size_t>(const std::string&, Copy&, size_t)> unknownOf =
        [&](const std::string& name, Copy& c, size_t depth) -> std::optional<size_t> {
      if (int64_t modulus = modulusOfTerm(name)) {
        // r = mod(x, c): r = x - c·q for an integer q, and |r| < c (Fortran's MOD, whatever x's sign).
        auto found = c.mods.find(name);
        if (found != c.mods.end()) return found->second;
        std::optional<LinearExpr> x = modArgumentOfTerm(name);
        if (!x) return std::nullopt;
        const size_t r = system.unknown(), q = system.unknown();
        LinearSystem::Terms tie{{r, 1}, {q, modulus}};
        for (const auto& [v, coeff] : x->terms) {
          std::optional<size_t> unknown = unknownOf(v, c, depth);
          if (!unknown) return std::nullopt;
          tie.push_back({*unknown, -coeff});
        }
        system.zero(tie, -x->constant);
        system.atLeastZero({{r, 1}}, modulus - 1);
        system.atLeastZero({{r, -1}}, modulus - 1);
        c.mods.emplace(name, r);
        return r;
      }
      for (size_t k = depth; k-- > 0;)
        if (program_.loop(c.access->loops()[k]).var == name) return c.vars[k];
      if (std::find(variant.begin(), variant.end(), name) != variant.end()) return std::nullopt;
      auto [at, added] = symbols.try_emplace(name, 0);
      if (added) at->second = system.unknown();
      return at->second;
    };
    auto termsOf = [&](const LinearExpr& f, Copy& c, size_t depth) -> std::optional<LinearSystem::Terms> {
      LinearSystem::Terms terms;
      for (const auto& [name, coeff] : f.terms) {
        std::optional<size_t> unknown = unknownOf(name, c, depth);
        if (!unknown) return std::nullopt;
        terms.emplace_back(*unknown, coeff);
      }
      return terms;
    };
    // coefficient·v + Σ terms(f)·fsign + constant >= 0
    auto bound = [&](size_t v, int64_t coefficient, const LinearExpr& f, int64_t fsign, Copy& c, size_t depth) {
      std::optional<LinearSystem::Terms> terms = termsOf(f, c, depth);
      if (!terms) return;
      for (auto& t : *terms) t.second *= fsign;
      terms->emplace_back(v, coefficient);
      system.atLeastZero(*terms, f.constant * fsign);
    };
    // The loops' ranges: start <= v <= end for a positive step, end <= v <= start for a negative one.
    for (Copy& c : copies)
      for (size_t k = 0; k < c.access->loops().size(); ++k) {
        const Id loop = c.access->loops()[k];
        const AffineBounds& lb = headerBounds(loop);
        int s = lb.step ? (*lb.step > 0 ? 1 : -1) : loop == levelLoop ? sign : 0;
        if (s == 0) continue;
        for (const LinearExpr& f : s > 0 ? lb.start : lb.startMin) bound(c.vars[k], s, f, -s, c, k);  // s·(v - start) >= 0
        for (const LinearExpr& f : s > 0 ? lb.end : lb.endMax) bound(c.vars[k], -s, f, s, c, k);      // s·(end - v) >= 0
        // A constant step of 2 or more: v = start + step·m for an integer m (the red-black parity).
        if (lb.step && (*lb.step > 1 || *lb.step < -1) && *lb.step != INT64_MIN && lb.startExact)
          if (std::optional<LinearSystem::Terms> start = termsOf(*lb.startExact, c, k)) {
            const size_t m = system.unknown();
            LinearSystem::Terms lattice = {{c.vars[k], 1}, {m, -*lb.step}};
            for (const auto& [unknown, coeff] : *start) lattice.emplace_back(unknown, -coeff);
            system.zero(lattice, -lb.startExact->constant);
          }
      }
    // The same element.
    const size_t rank = std::min(source.subscripts().size(), sink.subscripts().size());
    if (source.subscripts().size() != sink.subscripts().size()) return false;
    // A copy's element in dimension d: its subscript, or for a section's range an unknown
    // between the range's bounds; nullopt when not known (the dimension constrains nothing).
    auto elementOf = [&](Copy& c, size_t d) -> std::optional<std::pair<LinearSystem::Terms, int64_t>> {
      const LinearExpr& form = c.access->subscripts()[d];
      if (form.affine) {
        std::optional<LinearSystem::Terms> terms = termsOf(form, c, c.vars.size());
        if (!terms) return std::nullopt;
        return std::pair(std::move(*terms), form.constant);
      }
      if (!c.access->ranges || !(*c.access->ranges)[d]) return std::nullopt;
      const ArrayAccess::Range& range = *(*c.access->ranges)[d];
      const size_t t = system.unknown();
      for (const LinearExpr& low : range.low) bound(t, 1, low, -1, c, c.vars.size());     // t - low >= 0
      for (const LinearExpr& high : range.high) bound(t, -1, high, 1, c, c.vars.size());  // high - t >= 0
      return std::pair(LinearSystem::Terms{{t, 1}}, int64_t{0});
    };
    for (size_t d = 0; d < rank; ++d) {
      std::optional<std::pair<LinearSystem::Terms, int64_t>> x = elementOf(copies[0], d);
      std::optional<std::pair<LinearSystem::Terms, int64_t>> y = x ? elementOf(copies[1], d) : std::nullopt;
      if (!x || !y) continue;
      for (auto& t : y->first) x->first.emplace_back(t.first, -t.second);
      system.zero(x->first, x->second - y->second);
    }
    // What the IFs around each reference said when it ran (their variables are the loops' or do
    // not change in the nest).
    for (Copy& c : copies)
      for (const Condition& g : guardConditions(*c.access)) {
        std::optional<LinearSystem::Terms> terms = termsOf(g.form, c, std::min(g.depth, c.vars.size()));
        if (!terms) continue;
        if (g.equal) system.zero(*terms, g.form.constant);
        else system.atLeastZero(*terms, g.form.constant);
      }
    // The outer common iterations equal; at the level, the sink's at least one step later.
    for (size_t k = 0; k < level; ++k) system.zero({{copies[0].vars[k], 1}, {copies[1].vars[k], -1}}, 0);
    const size_t vs = copies[0].vars[level], vt = copies[1].vars[level];
    if (levelBounds.step) {
      // sign·(vt - vs) - |step| >= 0
      int64_t magnitude = *levelBounds.step > 0 ? *levelBounds.step : -*levelBounds.step;
      system.atLeastZero({{vt, sign}, {vs, -sign}}, -magnitude);
    } else {
      // sign·step >= 1, and sign·(vt - vs - step) >= 0
      std::optional<LinearSystem::Terms> step = termsOf(*levelBounds.stepForm, copies[0], level);
      if (!step) return false;
      LinearSystem::Terms positive = *step;
      for (auto& t : positive) t.second *= sign;
      system.atLeastZero(positive, levelBounds.stepForm->constant * sign - 1);
      LinearSystem::Terms apart = {{vt, sign}, {vs, -sign}};
      for (const auto& t : *step) apart.emplace_back(t.first, -t.second * sign);
      system.atLeastZero(apart, -levelBounds.stepForm->constant * sign);
    }
    if (system.maySolve()) return false;
  }
  return true;
}

const LoopAnalysis::BoundsShape& LoopAnalysis::boundsShape(Id loopId) {
  if (boundsShapes_.size() < program_.loops.size()) boundsShapes_.resize(program_.loops.size());
  std::optional<BoundsShape>& cached = boundsShapes_[program_.loopIndex(loopId)];
  if (cached) return *cached;
  BoundsShape& shape = cached.emplace();
  const AffineBounds& bounds = headerBounds(loopId);
  shape.lattice = bounds.step && (*bounds.step > 1 || *bounds.step < -1) && bounds.startExact;
  const LoopRow& row = program_.loop(loopId);
  // max(...), min(n, jt + ts - 1): not affine as written
  shape.needsRefining = !bounds.step || shape.lattice || !row.lowerForm.affine || !row.upperForm.affine;
  for (const auto* list : {&bounds.start, &bounds.end, &bounds.startMin, &bounds.endMax})
    for (const LinearExpr& f : *list)
      for (const auto& term : f.terms)
        for (std::string& name : variablesOfTerm(term.first))
          if (std::find(shape.names.begin(), shape.names.end(), name) == shape.names.end()) shape.names.push_back(std::move(name));
  return shape;
}

void LoopAnalysis::refineWithBounds(DependenceResult& r, const ArrayAccess& a, const ArrayAccess& b, size_t common,
                                    const std::vector<std::string>& variant) {
  if (r.independent || r.levels.empty()) return;
  // Only where the other tests are not exact: a loop whose bounds follow another loop's variable
  // or whose step is not a constant (triangular and tiled nests), or a loop variable in more than
  // one dimension (coupled subscripts, which those tests take one at a time).
  auto isLoopVar = [&](const ArrayAccess& x, const std::string& name) {
    for (Id l : x.loops())
      if (program_.loop(l).var == name) return true;
    return false;
  };
  bool needed = false;
  bool lattice = false;  // a loop whose values a constant step of 2 or more spaces out
  for (const ArrayAccess* x : {&a, &b}) {
    for (Id l : x->loops()) {
      const BoundsShape& shape = boundsShape(l);
      needed |= shape.needsRefining;
      lattice |= shape.lattice;
      for (const std::string& name : shape.names) needed |= isLoopVar(*x, name);
    }
  }
  if (!needed) needed = !guardConditions(a).empty() || !guardConditions(b).empty() || a.ranges || b.ranges;
  if (!needed) {
    // A loop variable in two dimensions of either reference.
    std::vector<std::pair<const std::string*, size_t>> dimensionOf;  // loop variable, a dimension it is in
    for (const ArrayAccess* x : {&a, &b})
      for (size_t d = 0; d < x->subscripts().size() && !needed; ++d)
        for (const auto& term : x->subscripts()[d].terms) {
          if (!isLoopVar(*x, term.first)) continue;
          auto seen = std::find_if(dimensionOf.begin(), dimensionOf.end(), [&](const auto& p) { return *p.first == term.first; });
          if (seen == dimensionOf.end()) dimensionOf.emplace_back(&term.first, d);
          else needed |= seen->second != d;
        }
  }
  if (!needed) return;
  bool refined = false;
  for (size_t k = 0; k < common && k < r.levels.size(); ++k) {
    LevelDependence& lv = r.levels[k];
    // One distance: a dependence the bounds do not remove, unless a loop's step spaces its
    // values out (the distance was found without it).
    if (lv.distance && !lattice) continue;
    if (lv.forward && carriedImpossible(a, b, k, true, variant)) lv.forward = false, refined = true;
    if (lv.backward && carriedImpossible(a, b, k, false, variant)) lv.backward = false, refined = true;
  }
  if (!refined) return;
  r.test += r.test.empty() ? "Fourier-Motzkin" : ", Fourier-Motzkin";
  if (std::none_of(r.levels.begin(), r.levels.end(), [](const LevelDependence& lv) { return lv.forward || lv.backward; }))
    r.independent = !r.loopIndependent;
}

// ---- scalars with affine values, in subscripts -----------------------------------------------

std::vector<LoopAnalysis::ScalarDefinition> LoopAnalysis::affineDefinitions(const LoopRow& outermost) {
  std::vector<ScalarDefinition> out;
  if (outermost.lastStmt < outermost.firstStmt) return out;
  const std::set<std::string>& written = results_[program_.loopIndex(outermost.id)].written;
  for (Id id = outermost.firstStmt; id <= outermost.lastStmt; ++id) {
    const StatementRow& s = program_.statement(id);
    if (s.kind != StatementKind::Assignment || !s.loopId || !std::string_view(s.expr).starts_with(R"({"exprs":[")")) continue;
    const LoopRow& loop = program_.loop(s.loopId);
    if (s.blockId != loop.bodyBlock) continue;  // runs in every iteration of its loop
    const facts::StatementExpressions& tree = program_.trees(s.id);
    if (tree.exprs.size() != 2 || tree.exprs[0].kind != facts::ExpressionKind::Name) continue;
    // The scalar it sets: an integer of the procedure's own, written nowhere else in its loop.
    Id var = 0;
    for (const ScalarRefRow& r : s.scalars)
      if (r.access == Access::Write && program_.variable(r.varId).name == tree.exprs[0].text) var = r.varId;
    if (!var) continue;
    const Variable& v = program_.variable(var);
    if (!v.integer || v.isArray() || v.associated() || v.pointer || v.target) continue;
    // Written once in the loop, and no jump in it that could reach a later statement around the
    // definition (a CYCLE or an EXIT skips the rest of the iteration with it).
    int writes = 0;
    bool jumps = false;
    for (Id t = loop.firstStmt; t <= loop.lastStmt; ++t) {
      jumps |= program_.statement(t).jumps;
      for (const ScalarAccess& a : effectsOf(t).scalars) writes += a.varId == var && a.access == 'W';
    }
    if (writes != 1 || jumps) continue;
    // Its value: affine in the variables of the loops around it and names the nest does not change.
    // Integer names only (k = x truncates a REAL x; inEffect below), affine in the variables of
    // the loops around it and names the nest does not change.
    auto usable = [&](const LinearExpr& value) {
      for (const auto& [name, coeff] : value.terms) {
        bool loopVariable = false;
        for (Id l : chains_[program_.loopIndex(loop.id)]) loopVariable |= program_.loop(l).var == name;
        if (modulusOfTerm(name) || (!loopVariable && written.count(name))) return false;
      }
      return true;
    };
    // With the definitions before it put in (iend = ibeg + np - 1 after ibeg = jrl).
    auto inEffect = [&](const LinearExpr& f) {
      if (!integerNames(f, s)) return LinearExpr{false, 0, {}};
      const std::vector<LinearExpr> one{f};
      return substituted(one, id, out)->front();
    };
    const facts::Expression& rhs = tree.exprs[1];
    std::optional<LinearExpr> value = affineOf(rhs);
    if (value) {
      if (LinearExpr f = inEffect(*value); f.affine && usable(f))
        out.push_back({v.name, id, loop.id, std::move(f), std::nullopt, std::nullopt, {}, {}});
    } else if (rhs.kind == facts::ExpressionKind::Intrinsic && (rhs.text == "min" || rhs.text == "max")) {
      std::vector<LinearExpr> arguments = splitBound(rhs, rhs.text.c_str());
      for (LinearExpr& argument : arguments) argument = inEffect(argument);
      if (arguments.size() == rhs.args.size() &&
          std::all_of(arguments.begin(), arguments.end(), [&](const LinearExpr& f) { return f.affine && usable(f); })) {
        // One argument the loops' ranges show to be the extremum: the value itself
        // (bottom = min(ki, y_max) in DO ki = ..., y_max, 4 is ki).
        if (const LinearExpr* only = extremeArgument(rhs.text == "min", arguments, loop.id, written))
          out.push_back({v.name, id, loop.id, *only, std::nullopt, std::nullopt, {}, {}});
        else
          out.push_back({v.name, id, loop.id, LinearExpr{false, 0, {}}, std::nullopt, std::nullopt, rhs.text, std::move(arguments)});
      }
    } else if (std::optional<LinearSplit> split = linearizedIndex(rhs, loop, s)) {
      out.push_back({v.name, id, loop.id, LinearExpr{false, 0, {}}, std::move(*split), std::nullopt, {}, {}});
    } else if (std::optional<ScalarDefinition::Iteration> number = iterationNumber(rhs, loop, s, written)) {
      out.push_back({v.name, id, loop.id, LinearExpr{false, 0, {}}, std::nullopt, std::move(*number), {}, {}});
    }
  }
  return out;
}

const LinearExpr* LoopAnalysis::extremeArgument(bool smallest, const std::vector<LinearExpr>& arguments, Id loopId,
                                                const std::set<std::string>& written) {
  // x >= 0 wherever the loops around `loopId` run: x is a constant, or a loop's range (v <= end,
  // v >= start, as its direction has them) plus a constant, the bound's names not changing in
  // the nest but for the loops' variables around it (fixed while it runs).
  const std::vector<Id>& chain = chains_[program_.loopIndex(loopId)];
  auto fixed = [&](const LinearExpr& bound, size_t depth) {
    return std::all_of(bound.terms.begin(), bound.terms.end(), [&](const auto& t) {
      if (!written.count(t.first)) return true;
      for (size_t k = 0; k < depth; ++k)
        if (program_.loop(chain[k]).var == t.first) return true;
      return false;
    });
  };
  auto nonNegative = [&](const LinearExpr& x) {
    if (x.terms.empty()) return x.constant >= 0;
    for (size_t depth = 0; depth < chain.size(); ++depth) {
      const AffineBounds& b = affineBounds(chain[depth]);
      if (!b.step) continue;
      const int64_t s = *b.step > 0 ? 1 : -1;
      const LinearExpr v{true, 0, {{program_.loop(chain[depth]).var, 1}}};
      // s·(end - v) >= 0 and s·(v - start) >= 0
      auto slackLeaves = [&](const LinearExpr& bound, int64_t boundSign) {
        if (!fixed(bound, depth)) return false;
        std::optional<LinearExpr> slack = combine(LinearExpr{true, 0, {}}, bound, boundSign * s);
        slack = slack ? combine(*slack, v, -boundSign * s) : std::nullopt;
        std::optional<LinearExpr> rest = slack ? combine(x, *slack, -1) : std::nullopt;
        return rest && rest->terms.empty() && rest->constant >= 0;
      };
      for (const LinearExpr& e : s > 0 ? b.end : b.endMax)
        if (slackLeaves(e, 1)) return true;
      for (const LinearExpr& e : s > 0 ? b.start : b.startMin)
        if (slackLeaves(e, -1)) return true;
    }
    return false;
  };
  for (const LinearExpr& a : arguments) {
    const bool extreme = std::all_of(arguments.begin(), arguments.end(), [&](const LinearExpr& other) {
      if (&other == &a) return true;
      std::optional<LinearExpr> gap = smallest ? combine(other, a, -1) : combine(a, other, -1);
      return gap && gap->affine && nonNegative(*gap);
    });
    if (extreme) return &a;
  }
  return nullptr;
}

const LoopAnalysis::ScalarDefinition* LoopAnalysis::localDefinition(const std::string& name, Id stmt) {
  auto [cached, added] = localDefinitionAt_.try_emplace({name, stmt}, nullptr);
  if (!added) return cached->second;
  // How far back a reference looks for its scalar's assignment in its block.
  constexpr Id kLookBack = 64;
  const StatementRow& at = program_.statement(stmt);
  if (!at.blockId || !program_.block(at.blockId).isLoop()) return nullptr;
  const LoopRow& loop = program_.loop(program_.block(at.blockId).loopId);
  // Only a scalar the loop writes, and not a loop's variable around the reference (the DO sets it).
  if (!results_[program_.loopIndex(loop.id)].written.count(name)) return nullptr;
  for (Id l : chains_[program_.loopIndex(loop.id)])
    if (program_.loop(l).var == name) return nullptr;
  auto [jumpsKnown, jumpsAdded] = loopJumps_.try_emplace(loop.id, false);
  if (jumpsAdded)
    for (Id t = loop.firstStmt; t <= loop.lastStmt; ++t) jumpsKnown->second |= program_.statement(t).jumps;
  if (jumpsKnown->second) return nullptr;  // a jump could reach the reference another way
  auto writes = [&](Id t, const std::string& scalar) {
    for (const ScalarAccess& a : effectsOf(t).scalars)
      if (a.access == 'W' && program_.variable(a.varId).name == scalar) return true;
    return false;
  };
  for (Id d = stmt - 1; d >= loop.firstStmt && stmt - d <= kLookBack; --d) {
    if (!writes(d, name)) continue;
    // The nearest write before it: an assignment of an affine value in the same block.
    const StatementRow& s = program_.statement(d);
    if (s.kind != StatementKind::Assignment || s.blockId != at.blockId || !std::string_view(s.expr).starts_with(R"({"exprs":[")"))
      return nullptr;
    const facts::StatementExpressions& tree = program_.trees(s.id);
    if (tree.exprs.size() != 2 || tree.exprs[0].kind != facts::ExpressionKind::Name || tree.exprs[0].text != name)
      return nullptr;
    Id var = 0;
    for (const ScalarRefRow& r : s.scalars)
      if (r.access == Access::Write && program_.variable(r.varId).name == name) var = r.varId;
    if (!var) return nullptr;
    const Variable& v = program_.variable(var);
    if (!v.integer || v.isArray() || v.associated() || v.pointer || v.target) return nullptr;
    std::optional<LinearExpr> value = affineOf(tree.exprs[1]);
    if (!value || !integerNames(*value, s)) return nullptr;
    // Its names keep their values from the assignment to the reference.
    for (const auto& [term, coeff] : value->terms) {
      if (modulusOfTerm(term) || term == name) return nullptr;
      for (Id t = d + 1; t < stmt; ++t)
        if (writes(t, term)) return nullptr;
    }
    localDefinitions_.push_back({name, d, loop.id, std::move(*value), std::nullopt, std::nullopt, {}, {}});
    return cached->second = &localDefinitions_.back();
  }
  return nullptr;
}

LinearExpr LoopAnalysis::boundAtHeader(const LinearExpr& bound, const LoopRow& l) {
  if (!l.headerStmt) return bound;
  return valueAt(bound, l.headerStmt, chains_[program_.loopIndex(l.id)].front());
}

LinearExpr LoopAnalysis::valueAt(const LinearExpr& form, Id stmt, Id outermost) {
  auto nest = nestDefinitions_.find(outermost);
  if (!form.affine || nest == nestDefinitions_.end()) return form;
  const std::vector<LinearExpr> one{form};
  return substituted(one, stmt, nest->second)->front();
}

const std::vector<LinearExpr>* LoopAnalysis::definedRangeAt(const CallArrayAccess& c, const StatementRow& s,
                                                           bool& readsOnlyWritten, const ArrayRefRow* section) {
  readsOnlyWritten = false;
  const Variable& array = program_.variable(c.varId);
  const CallRow& call = program_.call(c.callId);
  const ResolvedCall resolved = effects_.resolve(call);  // one procedure: its range
  const size_t k = static_cast<size_t>(c.argument - 1);
  if (array.rank != 1 || resolved.unknown || resolved.targets.size() != 1 || c.argument < 1 || k >= call.args.size())
    return nullptr;
  const CallTarget& target = resolved.targets.front();
  // Passed once: through another dummy the callee could read what this one has not written yet.
  int passed = 0;
  for (const CallArgRow& a : call.args)
    passed += (a.refId && program_.arrayRef(a.refId).varId == array.id) || a.var == array.name;
  if (passed != 1) return nullptr;
  const Effect* e = effects_.dummyOf(target, call, k);
  if (!e || e->definedRange.size() != 2) return nullptr;
  // The dummy's element t is the array's t - (the dummy's lower bound) + (the array's). The
  // dummy's lower bound is a constant or a form of the callee's dummies on entry (cvm(is:ie)),
  // which the call passes.
  const Variable& dummy = program_.variable(e->varId);
  std::optional<LinearExpr> dummyLower;
  if (!dummy.layout.empty()) {
    dummyLower = LinearExpr{true, dummy.layout[0].first, {}};
  } else if (!dummy.boundTrees.empty() && !dummy.boundTrees[0].empty()) {
    std::vector<facts::Expression> bounds;
    try {
      bounds = facts::parseExpressionList(dummy.boundTrees[0], dummy.name + "'s bounds");
    } catch (const facts::ExpressionTooDeep&) {
      return nullptr;
    }
    if (!bounds.empty() && bounds[0].isNull()) dummyLower = LinearExpr{true, 1, {}};
    else if (!bounds.empty())
      if (std::optional<LinearExpr> lower = affineOf(bounds[0])) dummyLower = atCall(*lower, call, target, s);
  }
  // The array's element the dummy's first is: the array's lower bound, or a section's start
  // (gz(is:ie), stride 1; an omitted start the lower bound).
  std::optional<LinearExpr> start;
  bool declaredStart = !section;
  if (section) {
    const std::vector<const facts::Expression*> subscripts = subscriptsOf(trees(s), section->text());
    const facts::Expression* range = subscripts.size() == 1 ? subscripts[0] : nullptr;
    if (!range || !unitTriplet(*range)) return nullptr;
    declaredStart = range->args[0].isNull();
    if (!declaredStart) {
      start = affineOf(range->args[0]);
      if (start && !integerNames(*start, s)) start.reset();
    }
  }
  if (declaredStart)
    if (std::optional<std::pair<LinearExpr, LinearExpr>> dimension = fixedDimension(array, 0, true)) start = dimension->first;
  if (!dummyLower || !start) return nullptr;
  std::vector<LinearExpr> range;
  for (const LinearExpr& bound : e->definedRange) {
    std::optional<LinearExpr> atCaller = atCall(bound, call, target, s);
    std::optional<LinearExpr> shifted = atCaller ? combine(*atCaller, *start, 1) : std::nullopt;
    if (shifted) shifted = combine(*shifted, *dummyLower, -1);
    if (!shifted) return nullptr;
    range.push_back(std::move(*shifted));
  }
  readsOnlyWritten = e->readsOnlyWritten;
  substitutedForms_.push_back(std::move(range));
  return &substitutedForms_.back();
}

std::optional<size_t> LoopAnalysis::ReadSystem::unknownOf(const std::string& name, const std::vector<Id>& around) {
  if (modulusOfTerm(name)) return std::nullopt;
  for (auto l = around.rbegin(); l != around.rend(); ++l) {
    if (program->loop(*l).var != name) continue;
    auto at = std::find(rLoops->begin(), rLoops->end(), *l);
    if (at == rLoops->end()) return std::nullopt;
    return rVars[static_cast<size_t>(at - rLoops->begin())];
  }
  if (written->count(name) || innerVariables->count(name)) return std::nullopt;
  auto [at, added] = symbols.try_emplace(name, 0);
  if (added) at->second = base.unknown();
  return at->second;
}

bool LoopAnalysis::ReadSystem::addTerms(LinearSystem::Terms& out, const LinearExpr& f, int64_t sign,
                                        const std::vector<Id>& around) {
  for (const auto& [name, coeff] : f.terms) {
    std::optional<size_t> u = unknownOf(name, around);
    if (!u || coeff == INT64_MIN) return false;
    out.emplace_back(*u, sign * coeff);
  }
  return f.constant != INT64_MIN;
}

bool LoopAnalysis::ReadSystem::mayFail(const LinearSystem::Terms& terms, int64_t constant) const {
  if (constant == INT64_MIN) return true;  // -constant has no int64
  LinearSystem system = base;
  LinearSystem::Terms negated;
  for (const auto& [u, c] : terms) negated.emplace_back(u, -c);
  system.atLeastZero(negated, -constant - 1);
  return system.maySolve();
}

LoopAnalysis::ReadSystem LoopAnalysis::readSystem(const ArrayAccess& r, const std::set<std::string>& innerVariables,
                                                  const std::set<std::string>& written) {
  ReadSystem facts;
  facts.program = &program_;
  facts.rLoops = &r.loops();
  facts.written = &written;
  facts.innerVariables = &innerVariables;
  const std::vector<Id>& rLoops = r.loops();
  for (size_t k = 0; k < rLoops.size(); ++k) facts.rVars.push_back(facts.base.unknown());
  // r's loops' ranges and the IFs around r.
  for (size_t k = 0; k < rLoops.size(); ++k) {
    const AffineBounds& lb = affineBounds(rLoops[k]);
    if (!lb.step) continue;
    const int64_t s = *lb.step > 0 ? 1 : -1;
    const std::vector<Id> around(rLoops.begin(), rLoops.begin() + static_cast<std::ptrdiff_t>(k));
    for (const LinearExpr& bound : s > 0 ? lb.start : lb.startMin) {  // s·(v - start) >= 0
      const LinearExpr f = boundAtHeader(bound, program_.loop(rLoops[k]));
      LinearSystem::Terms t = {{facts.rVars[k], s}};
      if (f.affine && facts.addTerms(t, f, -s, around)) facts.base.atLeastZero(t, -s * f.constant);
    }
    for (const LinearExpr& bound : s > 0 ? lb.end : lb.endMax) {  // s·(end - v) >= 0
      const LinearExpr f = boundAtHeader(bound, program_.loop(rLoops[k]));
      LinearSystem::Terms t = {{facts.rVars[k], -s}};
      if (f.affine && facts.addTerms(t, f, s, around)) facts.base.atLeastZero(t, s * f.constant);
    }
  }
  for (const Condition& g : guardConditions(r)) {
    LinearSystem::Terms t;
    if (!facts.addTerms(t, g.form, 1, rLoops)) continue;
    if (g.equal) facts.base.zero(t, g.form.constant);
    else facts.base.atLeastZero(t, g.form.constant);
  }
  // r's subscripts are at least its dimensions' lower bounds, as a program's must be (Fortran
  // 2018, 9.5.3.2): gz(km + 1) read says km >= 0 where gz is declared gz(km + k2). The upper
  // bounds only for a local array (phiz(i, 1) read with phiz declared phiz(is:ie, km+1) says
  // km >= 0): old codes overrun dummies (x(1) for any length), never their own arrays. Not for
  // storage shared with other arrays (EQUIVALENCE, COMMON), indexed across them.
  const Variable& array = program_.variable(r.varId);
  if (r.ref && r.ref->subscripted && !r.callId && !array.associated() && !array.pointer && !array.derived &&
      r.subscripts().size() == static_cast<size_t>(std::max<int16_t>(array.rank, 0))) {
    const bool own = array.storage == Storage::Local && !array.allocatable && !array.target;
    for (size_t d = 0; d < r.subscripts().size(); ++d) {
      const LinearExpr& rs = r.subscripts()[d];
      std::optional<std::pair<LinearExpr, LinearExpr>> dim = rs.affine ? fixedDimension(array, d, true) : std::nullopt;
      LinearSystem::Terms t;
      int64_t constant = 0;
      if (!dim || !facts.addTerms(t, rs, 1, rLoops) || !facts.addTerms(t, dim->first, -1, rLoops) ||
          __builtin_sub_overflow(rs.constant, dim->first.constant, &constant))
        continue;
      facts.base.atLeastZero(t, constant);
      // lower + extent - 1 - subscript >= 0
      LinearSystem::Terms u;
      int64_t top = 0;
      if (own && facts.addTerms(u, dim->first, 1, rLoops) && facts.addTerms(u, dim->second, 1, rLoops) &&
          facts.addTerms(u, rs, -1, rLoops) && !__builtin_add_overflow(dim->first.constant, dim->second.constant, &top) &&
          !__builtin_sub_overflow(top, 1, &top) && !__builtin_sub_overflow(top, rs.constant, &top))
        facts.base.atLeastZero(u, top);
    }
  }
  return facts;
}

bool LoopAnalysis::readWithinRange(const ArrayAccess& w, const ArrayAccess& r, const std::set<std::string>& innerVariables,
                                   const std::set<std::string>& written) {
  if (!w.definedRange || r.subscripts().size() != 1 || !r.subscripts()[0].affine) return false;
  std::vector<Id> common;  // the loops around both the call and r
  for (size_t k = 0; k < w.loops().size() && k < r.loops().size() && w.loops()[k] == r.loops()[k]; ++k) common.push_back(r.loops()[k]);
  ReadSystem facts = readSystem(r, innerVariables, written);
  // first <= subscript <= last: neither difference can be negative.
  const LinearExpr& subscript = r.subscripts()[0];
  for (int side = 0; side < 2; ++side) {
    const LinearExpr& bound = (*w.definedRange)[side];
    LinearSystem::Terms difference;  // subscript - first, or last - subscript
    if (!facts.addTerms(difference, subscript, side == 0 ? 1 : -1, r.loops()) || !facts.addTerms(difference, bound, side == 0 ? -1 : 1, common))
      return false;
    int64_t constant = 0;
    if (side == 0 ? __builtin_sub_overflow(subscript.constant, bound.constant, &constant)
                  : __builtin_sub_overflow(bound.constant, subscript.constant, &constant))
      return false;
    if (facts.mayFail(difference, constant)) return false;
  }
  return true;
}

const std::vector<std::optional<ArrayAccess::Range>>* LoopAnalysis::sectionRanges(const ArrayRefRow& ref, const StatementRow& s,
                                                                               Id outermost) {
  // Only where the subscripts are the last part's: p(1:n)%x names another part's.
  if (ref.name.find('(') != std::string::npos) return nullptr;
  const std::vector<const facts::Expression*> subscripts = subscriptsOf(trees(s), ref.text());
  if (subscripts.size() != ref.forms.size()) return nullptr;
  const Variable* array = ref.varId ? &program_.variable(ref.varId) : nullptr;
  std::vector<std::optional<ArrayAccess::Range>> out(subscripts.size());
  bool any = false;
  for (size_t d = 0; d < subscripts.size(); ++d) {
    const facts::Expression& e = *subscripts[d];
    if (!unitTriplet(e)) continue;
    // An omitted bound is the declared one.
    std::optional<std::pair<LinearExpr, LinearExpr>> declared;
    if ((e.args[0].isNull() || e.args[1].isNull()) && array) declared = fixedDimension(*array, d, true);
    // A bound written in the statement must be of integer names; a declared one is (fixedDimension).
    std::optional<LinearExpr> low, high;
    if (!e.args[0].isNull()) {
      if ((low = affineOf(e.args[0])) && !integerNames(*low, s)) low.reset();
    } else if (declared) {
      low = declared->first;
    }
    if (!e.args[1].isNull()) {
      if ((high = affineOf(e.args[1])) && !integerNames(*high, s)) high.reset();
    } else if (declared) {
      high = combine(declared->first, declared->second, 1);
      if (high && __builtin_sub_overflow(high->constant, 1, &high->constant)) high.reset();
    }
    if (!low || !high) continue;
    ArrayAccess::Range range{boundsAt({*low}, false, s.id, outermost), boundsAt({*high}, true, s.id, outermost)};
    if (range.low.empty() && range.high.empty()) continue;
    out[d] = std::move(range);
    any = true;
  }
  if (!any) return nullptr;
  sectionRanges_.push_back(std::move(out));
  return &sectionRanges_.back();
}

std::vector<LinearExpr> LoopAnalysis::boundsAt(const std::vector<LinearExpr>& list, bool upper, Id stmt, Id outermost) {
  auto nest = nestDefinitions_.find(outermost);
  if (nest == nestDefinitions_.end()) return list;
  // The min or max definition of `name` in effect at `stmt` (as substituted() finds one).
  auto extremumAt = [&](const std::string& name) -> const ScalarDefinition* {
    for (const ScalarDefinition& d : nest->second)
      if (d.name == name && stmt > d.stmtId && stmt <= program_.loop(d.loopId).lastStmt)
        return d.extremum.empty() ? nullptr : &d;
    return nullptr;
  };
  constexpr size_t kMostForms = 16;  // min of mins: each argument is one more bound
  std::vector<LinearExpr> out, pending;
  for (const LinearExpr& form : list) pending.push_back(valueAt(form, stmt, outermost));
  while (!pending.empty() && out.size() + pending.size() <= kMostForms) {
    LinearExpr f = std::move(pending.back());
    pending.pop_back();
    if (!f.affine) continue;
    auto term = std::find_if(f.terms.begin(), f.terms.end(), [&](const auto& t) {
      const ScalarDefinition* d = extremumAt(t.first);
      return d && d->extremum == ((t.second > 0) == upper ? "min" : "max");
    });
    if (term == f.terms.end()) {
      out.push_back(std::move(f));
      continue;
    }
    const ScalarDefinition& d = *extremumAt(term->first);
    const int64_t coeff = term->second;
    f.terms.erase(term);
    for (const LinearExpr& argument : d.arguments) {
      std::optional<LinearExpr> times = combine(LinearExpr{}, argument, coeff);
      std::optional<LinearExpr> sum = times ? combine(f, *times, 1) : std::nullopt;
      if (sum) pending.push_back(valueAt(*sum, stmt, outermost));
    }
  }
  return out;
}

const LoopAnalysis::AffineBounds& LoopAnalysis::headerBounds(Id loopId) {
  auto [at, added] = headerBounds_.try_emplace(loopId, nullptr);
  if (!added) return *at->second;
  const AffineBounds& asWritten = affineBounds(loopId);
  at->second = &asWritten;
  const LoopRow& l = program_.loop(loopId);
  if (!l.headerStmt) return asWritten;
  const Id outermost = chains_[program_.loopIndex(l.id)].front();
  // Only a name the nest writes has a definition to put in.
  const std::set<std::string>& written = results_[program_.loopIndex(outermost)].written;
  bool writtenName = false;
  for (const auto* list : {&asWritten.start, &asWritten.startMin, &asWritten.end, &asWritten.endMax})
    for (const LinearExpr& f : *list)
      for (const auto& term : f.terms) writtenName |= written.count(term.first) > 0;
  for (const std::optional<LinearExpr>* exact : {&asWritten.startExact, &asWritten.endExact, &asWritten.stepForm})
    if (*exact)
      for (const auto& term : (*exact)->terms) writtenName |= written.count(term.first) > 0;
  if (!writtenName) return asWritten;
  AffineBounds& b = rewrittenBounds_.emplace_back(asWritten);
  at->second = &b;
  b.start = boundsAt(b.start, false, l.headerStmt, outermost);
  b.startMin = boundsAt(b.startMin, true, l.headerStmt, outermost);
  b.end = boundsAt(b.end, true, l.headerStmt, outermost);
  b.endMax = boundsAt(b.endMax, false, l.headerStmt, outermost);
  for (std::optional<LinearExpr>* exact : {&b.startExact, &b.endExact, &b.stepForm})
    if (*exact) {
      **exact = boundAtHeader(**exact, l);
      if (!(*exact)->affine) exact->reset();
    }
  return b;
}

const std::vector<LinearExpr>* LoopAnalysis::substituted(const std::vector<LinearExpr>& forms, Id stmt,
                                                        const std::vector<ScalarDefinition>& definitions) {
  // A reference after a definition in its loop (not before it in the iteration) reads that value.
  auto definitionAt = [&](const std::string& name) -> const ScalarDefinition* {
    for (const ScalarDefinition& d : definitions) {
      const LoopRow& loop = program_.loop(d.loopId);
      if (d.name == name && stmt > d.stmtId && stmt <= loop.lastStmt) return d.value.affine ? &d : nullptr;
    }
    return localDefinition(name, stmt);
  };
  // Most references have no definition to put in: no copy for them.
  auto hasDefinition = [&](const LinearExpr& f) {
    return f.affine && std::any_of(f.terms.begin(), f.terms.end(), [&](const auto& t) { return definitionAt(t.first) != nullptr; });
  };
  if (std::none_of(forms.begin(), forms.end(), hasDefinition)) return &forms;
  std::vector<LinearExpr> out = forms;
  bool changed = false;
  for (LinearExpr& f : out) {
    if (!f.affine) continue;
    for (size_t t = 0; t < f.terms.size();) {
      const ScalarDefinition* d = definitionAt(f.terms[t].first);
      if (!d) {
        ++t;
        continue;
      }
      const int64_t coeff = f.terms[t].second;
      f.terms.erase(f.terms.begin() + static_cast<std::ptrdiff_t>(t));
      std::optional<LinearExpr> times = combine(LinearExpr{}, d->value, coeff);
      std::optional<LinearExpr> sum = times ? combine(f, *times, 1) : std::nullopt;
      if (!sum) {
        f.affine = false;
        break;
      }
      f = std::move(*sum);
      std::sort(f.terms.begin(), f.terms.end());
      changed = true;
      t = 0;
    }
  }
  if (!changed) return &forms;
  substitutedForms_.push_back(std::move(out));
  return &substitutedForms_.back();
}

std::optional<LoopAnalysis::LinearSplit> LoopAnalysis::linearizedIndex(const facts::Expression& value, const LoopRow& loop,
                                                                       const StatementRow& s) {
  std::optional<Polynomial> index = polynomialOf(value);
  if (!index) return std::nullopt;
  const std::vector<Id>& chain = chains_[program_.loopIndex(loop.id)];
  // Integer arithmetic on integer scalars the statement reads: the identity holds exactly.
  for (const auto& [product, coeff] : *index)
    for (const std::string& name : product) {
      bool integer = false;
      for (const ScalarRefRow& r : s.scalars)
        if (r.access == Access::Read && program_.variable(r.varId).name == name) integer = program_.variable(r.varId).integer;
      if (!integer) return std::nullopt;
    }
  // Split over all the loops around it; failing that, over the loops inside the outermost one,
  // two, ..., whose variables are then names like the others (k1 + (j - 1)·nn + i, where i is
  // one value in the loops inside i's).
  for (size_t outer = 0; outer < chain.size(); ++outer) {
    auto loopVariable = [&](const std::string& name) {
      return std::any_of(chain.begin() + static_cast<std::ptrdiff_t>(outer), chain.end(),
                         [&](Id l) { return program_.loop(l).var == name; });
    };
    // The loops' ranges, from DO bounds stepping upwards whose names the loop does not change.
    std::vector<LoopRange> ranges;
    for (size_t level = outer; level < chain.size(); ++level) {
      const Id l = chain[level];
      const std::set<std::string>& inside = results_[program_.loopIndex(l)].written;
      auto invariant = [&](const LinearExpr& f) {
        return std::all_of(f.terms.begin(), f.terms.end(), [&](const auto& t) {
          return !modulusOfTerm(t.first) && !loopVariable(t.first) && !inside.count(t.first);
        });
      };
      LoopRange r;
      r.var = program_.loop(l).var;
      const AffineBounds& b = affineBounds(l);
      if (b.step && *b.step > 0) {
        auto low = std::find_if(b.start.begin(), b.start.end(), invariant);
        auto high = std::find_if(b.end.begin(), b.end.end(), invariant);
        if (low != b.start.end() && high != b.end.end()) r.low = *low, r.high = *high;
      }
      ranges.push_back(std::move(r));
    }
    std::optional<Delinearized> split = delinearize(*index, ranges);
    if (!split) continue;
    // How far out it holds: inside the innermost loop around it that changes one of its names
    // (a range's too: the range is compared with the strides), and inside the loops taken as names.
    std::set<std::string> names;
    for (const auto& [product, coeff] : *index)
      for (const std::string& name : product)
        if (!loopVariable(name)) names.insert(name);
    for (const LoopRange& r : ranges)
      for (const LinearExpr* f : {&r.low, &r.high})
        for (const auto& t : f->terms) names.insert(t.first);
    LinearSplit out{std::move(*split), 0, {}};
    for (size_t level = chain.size(); level-- > 0 && !out.from;) {
      const LoopRow& l = program_.loop(chain[level]);
      for (const std::string& name : names)
        if (results_[program_.loopIndex(l.id)].written.count(name) || (level < outer && name == l.var)) {
          out.from = level + 1;
          out.why = name + ", which the split of " + facts::fortranText(value) + " takes as one value, changes in the loop at " +
                    line(l.line);
          break;
        }
    }
    if (out.from < outer) {
      const LoopRow& l = program_.loop(chain[outer - 1]);
      out.from = outer;
      out.why = "the split of " + facts::fortranText(value) + " holds for one value of " + l.var + " (the loop at " + line(l.line) + ")";
    }
    if (out.from == chain.size()) return std::nullopt;  // it holds in no loop around it
    return out;
  }
  return std::nullopt;
}

std::optional<LoopAnalysis::ScalarDefinition::Iteration> LoopAnalysis::iterationNumber(const facts::Expression& value,
                                                                                        const LoopRow& loop, const StatementRow& s,
                                                                                        const std::set<std::string>& written) {
  using K = facts::ExpressionKind;
  auto isQuotient = [](const facts::Expression* e) { return e->kind == K::Operator && e->text == "/" && e->args.size() == 2; };
  const AffineBounds& b = affineBounds(loop.id);
  if (loop.var.empty() || !b.startExact || (!b.step && !b.stepForm)) return std::nullopt;
  // Names fixed in the whole nest, integer ones: the same function of the variable in every
  // iteration of every loop around, integer division.
  const std::vector<Id>& chain = chains_[program_.loopIndex(loop.id)];
  auto fixed = [&](const LinearExpr& f) {
    return integerNames(f, s) && std::all_of(f.terms.begin(), f.terms.end(), [&](const auto& t) {
             return !modulusOfTerm(t.first) && !written.count(t.first) &&
                    std::none_of(chain.begin(), chain.end(), [&](Id l) { return program_.loop(l).var == t.first; });
           });
  };
  // quotient, quotient + d, d + quotient or quotient - d, d fixed.
  const facts::Expression* e = &facts::withoutParens(value);
  const facts::Expression* quotient = e;
  if (e->kind == K::Operator && e->args.size() == 2 && (e->text == "+" || e->text == "-")) {
    const facts::Expression* left = &facts::withoutParens(e->args[0]);
    const facts::Expression* right = &facts::withoutParens(e->args[1]);
    if (isQuotient(left) == isQuotient(right) || (e->text == "-" && !isQuotient(left))) return std::nullopt;
    quotient = isQuotient(left) ? left : right;
    std::optional<LinearExpr> offset = affineOf(isQuotient(left) ? *right : *left);
    if (!offset || !fixed(*offset)) return std::nullopt;
  }
  if (!isQuotient(quotient)) return std::nullopt;
  std::optional<LinearExpr> numerator = affineOf(quotient->args[0]), denominator = affineOf(quotient->args[1]);
  if (!numerator || !denominator || !fixed(*denominator) || !fixed(*b.startExact) || (b.stepForm && !fixed(*b.stepForm)))
    return std::nullopt;
  // The divisor is the step.
  if (b.step ? !denominator->terms.empty() || denominator->constant != *b.step
             : denominator->constant != b.stepForm->constant || sortedTerms(*denominator) != sortedTerms(*b.stepForm))
    return std::nullopt;
  // The dividend is v - start + g: with v = start + t·step, (g + t·step)/step is t exactly when
  // g = 0, whatever the step's sign (nothing to truncate); for a constant g of the constant
  // step's sign, g + t·step keeps that sign and the truncation gives t + g/step. Otherwise the
  // truncation toward zero may fold two iterations onto one value ((j - 4)/4 for j = 1, 5).
  LinearExpr rest = *numerator;
  int64_t coefficient = 0;
  for (const auto& [name, c] : numerator->terms)
    if (name == loop.var) coefficient = c;
  std::erase_if(rest.terms, [&](const auto& t) { return t.first == loop.var; });
  std::optional<LinearExpr> gap = combine(rest, *b.startExact, 1);
  if (coefficient != 1 || !fixed(rest) || !gap || !gap->terms.empty()) return std::nullopt;
  if (gap->constant != 0 && (!b.step || (gap->constant > 0) != (*b.step > 0))) return std::nullopt;
  if (!integerNames(LinearExpr{true, 0, {{loop.var, 1}}}, s)) return std::nullopt;
  return ScalarDefinition::Iteration{"the iteration number of loop " + std::to_string(loop.id) + ": " + facts::fortranText(value),
                                     LinearExpr{true, 0, {{loop.var, 1}}}};
}

const facts::Expression* LoopAnalysis::subscriptTree(const ArrayRefRow& ref, const StatementRow& s, size_t dimension) {
  if (dimension >= ref.subscripts.size() || ref.name.find('%') != std::string::npos) return nullptr;
  std::string wanted;
  for (char c : ref.subscripts[dimension].text)
    if (c != ' ') wanted += c;
  const facts::Expression* found = nullptr;
  std::function<void(const facts::Expression&)> search = [&](const facts::Expression& e) {
    if (found) return;
    if (e.kind == facts::ExpressionKind::Element && e.text == ref.name && e.args.size() == ref.subscripts.size()) {
      std::string text = facts::fortranText(e.args[dimension]);
      std::erase(text, ' ');
      if (text == wanted) {
        found = &e.args[dimension];
        return;
      }
    }
    for (const facts::Expression& a : e.args) search(a);
  };
  std::function<void(const facts::StatementExpressions&)> searchAll = [&](const facts::StatementExpressions& t) {
    for (const facts::Expression& e : t.exprs) search(e);
    for (const facts::Expression& e : t.items) search(e);
    for (const facts::StatementExpressions& action : t.action) searchAll(action);
  };
  searchAll(trees(s));
  return found;
}

const ArrayAccess::Split* LoopAnalysis::splitOf(const std::vector<LinearExpr>& forms, const ArrayRefRow& ref,
                                               const StatementRow& s, const std::vector<ScalarDefinition>& definitions) {
  const Id stmt = s.id;
  for (size_t d = 0; d < forms.size(); ++d) {
    const LinearExpr& f = forms[d];
    // Written in place: split it as a definition's value is (the same checks on its names).
    if (!f.affine && s.loopId && d < ref.subscripts.size() && !ref.subscripts[d].section) {
      const facts::Expression* index = subscriptTree(ref, s, d);
      std::optional<LinearSplit> linear;
      if (index) linear = linearizedIndex(*index, program_.loop(s.loopId), s);
      if (!linear) continue;
      const Delinearized& split = linear->split;
      ArrayAccess::Split out{d, split.key, forms, linear->from, linear->why};
      out.forms[d] = split.digits.front();
      out.forms.insert(out.forms.begin() + static_cast<std::ptrdiff_t>(d) + 1, split.digits.begin() + 1, split.digits.end());
      splits_.push_back(std::move(out));
      return &splits_.back();
    }
    if (!f.affine || f.terms.size() != 1 || f.terms[0].second != 1) continue;
    for (const ScalarDefinition& def : definitions) {
      const LoopRow& loop = program_.loop(def.loopId);
      if (def.name != f.terms[0].first || stmt <= def.stmtId || stmt > loop.lastStmt) continue;
      if (def.iteration) {
        // ibl + c: iterations apart by the loop's variable, where c is the same.
        ArrayAccess::Split split{d, def.iteration->key + (f.constant ? " + " + std::to_string(f.constant) : ""), forms, 0, {}};
        split.forms[d] = def.iteration->variable;
        splits_.push_back(std::move(split));
        return &splits_.back();
      }
      if (!def.split) break;
      // buf(index + c): the constant joins the base.
      const Delinearized& digits = def.split->split;
      ArrayAccess::Split split{d, digits.key + (f.constant ? " + " + std::to_string(f.constant) : ""), forms, def.split->from,
                               def.split->why};
      split.forms[d] = digits.digits.front();
      split.forms.insert(split.forms.begin() + static_cast<std::ptrdiff_t>(d) + 1, digits.digits.begin() + 1, digits.digits.end());
      splits_.push_back(std::move(split));
      return &splits_.back();
    }
  }
  return nullptr;
}

// ---- array reductions -----------------------------------------------------------------------

void LoopAnalysis::arrayReductions() {
  for (const LoopRow& loop : program_.loops) {
    LoopResult& r = results_[program_.loopIndex(loop.id)];
    if (loop.lastStmt < loop.firstStmt) continue;
    std::set<Id> carried;
    for (size_t index : r.dependences) {
      const Dependence& d = dependences_[index];
      if (d.varId && !r.locArrays.count(d.varId)) carried.insert(d.varId);
    }
    if (carried.empty()) continue;
    // The element updates of those arrays in the loop: one operation per array, its statements.
    struct Updates {
      std::optional<UpdateOp> op;
      bool mixed = false;
      std::set<Id> statements;
      int line = 0;
    };
    std::map<Id, Updates> byArray;
    for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s)
      for (const UpdateRow* u : updatesByStmt_[program_.statementIndex(s)]) {
        if (!u->varId || u->op == UpdateOp::Loc || !carried.count(u->varId) || !program_.variable(u->varId).isArray()) continue;
        Updates& x = byArray[u->varId];
        if (x.op && *x.op != u->op) x.mixed = true;
        if (!x.op) x.line = program_.statement(s).line;
        x.op = u->op;
        x.statements.insert(s);
      }
    if (byArray.empty()) continue;
    const std::vector<const ArrayAccess*> accesses = accessesIn(loop.id);
    for (const auto& [array, x] : byArray) {
      const Variable& v = program_.variable(array);
      if (x.mixed || v.pointer || v.target || v.pointerComponents || v.associated()) continue;
      // Every access of the array in the loop is its update's read or write of the element.
      bool onlyUpdates = true;
      for (const ArrayAccess* a : accesses)
        if (a->varId == array && (a->callId || !a->ref || !x.statements.count(a->stmtId))) onlyUpdates = false;
      // An update must happen whatever the loop's reductions hold so far: the conditions around
      // it read none of them (the order of the iterations would decide).
      for (Id s : x.statements)
        for (Id guard : guardsOf(s, loop)) {
          for (const ScalarAccess& a : effectsOf(guard).scalars)
            if (const Trait* t = a.access == 'R' ? r.trait(program_.variable(a.varId).name) : nullptr;
                t && t->trait == TraitKind::Reduction)
              onlyUpdates = false;
          for (Id ref : program_.statement(guard).arrayRefs)
            if (byArray.count(program_.arrayRef(ref).varId) && guard != s) onlyUpdates = false;
        }
      if (!onlyUpdates) continue;
      std::erase_if(r.dependences, [&](size_t index) { return dependences_[index].varId == array; });
      Trait t;
      t.varId = array;
      t.name = v.name;
      t.trait = TraitKind::Reduction;
      t.op = std::string(nameOf(*x.op));
      t.firstStmt = *x.statements.begin();
      t.line = x.line;
      r.traits.push_back(std::move(t));
    }
  }
}

// ---- private arrays -------------------------------------------------------------------------

namespace {

/// Whether `holds` is true of every element of a box (per dimension its lowest and highest value,
/// none empty), the elements taken as an odometer turns, the first dimension fastest.
template <class Holds>
bool everyElement(const std::vector<std::pair<int64_t, int64_t>>& box, Holds&& holds) {
  std::vector<int64_t> at;
  for (const auto& [lo, hi] : box) at.push_back(lo);
  for (;;) {
    if (!holds(at)) return false;
    size_t d = 0;
    while (d < box.size() && at[d] == box[d].second) at[d] = box[d].first, ++d;
    if (d == box.size()) return true;
    ++at[d];
  }
}

/// Subscripts with `value` put in for the variable `var` (a read as it is when var holds value);
/// nullopt when a coefficient overflows. One not affine stays as it is: any value still (a
/// call's read of a whole dimension, lhs(:, :, 3, i - 1) from lhs(1, 1, 3, i - 1) passed).
std::optional<std::vector<LinearExpr>> withValue(const std::vector<LinearExpr>& forms, const std::string& var,
                                                 const LinearExpr& value) {
  std::vector<LinearExpr> out;
  for (const LinearExpr& f : forms) {
    if (!f.affine) {
      out.push_back(f);
      continue;
    }
    LinearExpr rest = f;
    int64_t a = 0;
    for (const auto& [name, c] : f.terms)
      if (name == var) a = c;
    std::erase_if(rest.terms, [&](const auto& t) { return t.first == var; });
    std::optional<LinearExpr> at = combine(rest, value, a);
    if (!at) return std::nullopt;
    out.push_back(*at);
  }
  return out;
}

}  // namespace

std::set<std::string> LoopAnalysis::changedInIteration(const LoopRow& loop, const LoopRow& within, Id from) {
  std::set<std::string> out = results_[program_.loopIndex(loop.id)].written;
  auto [known, added] = setOncePerIteration_.try_emplace(std::make_pair(loop.id, within.id));
  if (added && loop.firstStmt <= loop.lastStmt) {
    // Per scalar of the procedure's own storage: its writes in the loop (by statements and the
    // calls in them), and the one in `within`'s body block, an assignment's, if it is that.
    bool jumps = false;
    std::map<Id, int> writes;
    std::map<Id, Id> assigned;
    for (Id t = loop.firstStmt; t <= loop.lastStmt; ++t) {
      const StatementRow& st = program_.statement(t);
      jumps |= st.jumps;
      for (const ScalarAccess& a : effectsOf(t).scalars)
        if (a.access == 'W') {
          ++writes[a.varId];
          if (st.blockId == within.bodyBlock && st.kind == StatementKind::Assignment) assigned[a.varId] = t;
        }
    }
    std::set<std::string> loopVariables;
    for (const LoopRow& l : program_.loops)
      if (l.id == loop.id || program_.within(l.id, loop.id)) loopVariables.insert(l.var);
    if (!jumps)
      for (const auto& [varId, stmt] : assigned) {
        const Variable& v = program_.variable(varId);
        if (writes[varId] != 1 || v.isArray() || v.associated() || v.pointer || v.target || v.procId != program_.current ||
            (v.storage != Storage::Local && v.storage != Storage::Dummy) || loopVariables.count(v.name))
          continue;
        known->second.emplace_back(stmt, v.name);
      }
  }
  for (const auto& [stmt, name] : known->second)
    if (stmt < from) out.erase(name);
  return out;
}

LoopAnalysis::IterationCoverage LoopAnalysis::coverageInEachIteration(const LoopRow& loop, Id varId) {
  const std::vector<const ArrayAccess*> all = accessesIn(loop.id);
  std::vector<const ArrayAccess*> refs;
  for (const ArrayAccess* a : all)
    if (a->varId == varId) refs.push_back(a);
  const Variable& array = program_.variable(varId);
  for (const ArrayAccess* a : refs) {
    if (a->callId) {
      // A callee that reaches the array through its host sees the array itself, not a private
      // copy (an internal procedure reading w).
      if (a->argument == 0) return {};
      // A call reads what it is passed (a read like any other below) and may write it: its
      // elements, and the array itself only when passed whole and allocatable (reallocated)
      // or a pointer (pointed elsewhere), unless its bounds are fixed names.
      if (a->access == 'W' && !a->ref && !a->bounded && (array.allocatable || array.pointer))
        for (size_t d = 0; d < static_cast<size_t>(std::max<int16_t>(array.rank, 0)); ++d)
          if (!fixedDimension(array, d, true)) return {};
      continue;
    }
    if (!a->ref) return {};
    // Only its elements may change, by assignment: ALLOCATE, DEALLOCATE or a READ change the
    // object or elements no subscript shows. An assignment to the whole of an array of fixed
    // bounds (w = 0) sets every element and leaves the array itself as it was.
    const StatementRow& s = program_.statement(a->stmtId);
    bool assigned = s.kind == StatementKind::Assignment || (s.kind == StatementKind::If && s.action == StatementKind::Assignment);
    if (a->access == 'W' && !assigned) return {};
    if (a->access == 'W' && !a->ref->subscripted)
      for (size_t d = 0; d < static_cast<size_t>(std::max<int16_t>(array.rank, 0)); ++d)
        if (array.rank < 1 || !fixedDimension(array, d, true)) return {};
  }
  // With a jump in the body, a write earlier in the body may not have run. An EXIT or CYCLE
  // leaving an inner loop: that loop's writes (and those of the loops in it) cover nothing.
  const std::optional<std::set<Id>>& cut = cutLoops(loop);
  if (!cut) return {};
  std::erase_if(refs, [&](const ArrayAccess* a) {
    return a->access == 'W' &&
           std::any_of(a->loops().begin(), a->loops().end(), [&](Id l) { return writeCut(loop, l, a->stmtId); });
  });
  // What the iteration changes as its accesses of the array see it (a scalar set once ahead of
  // them is one value for all of them).
  Id firstAccess = loop.lastStmt + 1;
  for (const ArrayAccess* a : refs) firstAccess = std::min(firstAccess, a->stmtId);
  const std::set<std::string> written = changedInIteration(loop, loop, firstAccess);
  // And as two accesses in one iteration of every loop around both see it (the element tests
  // below, covers and coversSymbolically: not the recurrences, which compare iterations of a
  // loop inside): a scalar set once per iteration of a loop around all the accesses, ahead of
  // them (CCS QCD's ieoxyz = mod(...) in the iz loop around He's nests).
  std::set<std::string> sameIteration = written;
  if (!refs.empty())
    for (Id l : refs.front()->loops())
      if (l != loop.id && program_.within(l, loop.id) &&
          std::all_of(refs.begin(), refs.end(), [&](const ArrayAccess* a) {
            return std::find(a->loops().begin(), a->loops().end(), l) != a->loops().end();
          })) {
        const std::set<std::string> changed = changedInIteration(loop, program_.loop(l), firstAccess);
        std::erase_if(sameIteration, [&](const std::string& name) { return !changed.count(name); });
      }
  // The variables of the loops inside `loop`: they change within an iteration.
  std::set<std::string> innerVariables;
  for (const LoopRow& l : program_.loops)
    if (l.id != loop.id && program_.within(l.id, loop.id)) innerVariables.insert(l.var);
  // Where `name` is a loop variable of an access below `loop`: its loop (0: not one of those).
  auto loopOf = [&](const ArrayAccess& a, const std::string& name) -> Id {
    for (auto l = a.loops().rbegin(); l != a.loops().rend() && *l != loop.id; ++l)
      if (program_.loop(*l).var == name) return *l;
    return 0;
  };
  auto unconditional = [&](const ArrayAccess& w) { return assignedInEveryIteration(loop, w); };
  // An assignment in a WHERE construct's arm sets only the elements its mask selects, which no
  // subscript shows: it covers no read by itself, not even one in the same arm (`b(:) = w(1)`
  // reads w(1) whether or not the mask selected it). (A complete WHERE ... ELSEWHERE's whole
  // writes together: coveredByArmWholeWrites.)
  auto masked = [&](const ArrayAccess& w) {
    for (Id b = program_.statement(w.stmtId).blockId; b != 0 && b != loop.bodyBlock; b = program_.block(b).parentId) {
      const BlockRow& block = program_.block(b);
      if (!block.isLoop() && block.constructStmt && program_.statement(block.constructStmt).kind == StatementKind::WhereConstruct)
        return true;
    }
    return false;
  };
  // Whether write w, when it runs before r in the same iteration, sets the element r reads (by
  // the subscripts and the loops' constant ranges).
  auto covers = [&](const ArrayAccess& w, const ArrayAccess& r) {
    if (w.stmtId >= r.stmtId || w.subscripts().size() != r.subscripts().size()) return false;
    // The loops around w below `loop` that are not around r run through before r.
    std::set<Id> rLoops(r.loops().begin(), r.loops().end());
    std::set<Id> ownLoops;  // w's loops not around r
    for (Id l : w.loops())
      if (program_.within(l, loop.id) && l != loop.id && !rLoops.count(l)) ownLoops.insert(l);
    std::set<Id> used;
    for (size_t d = 0; d < w.subscripts().size(); ++d) {
      const LinearExpr& ws = w.subscripts()[d];
      const LinearExpr& rs = r.subscripts()[d];
      if (!ws.affine || !rs.affine) return false;
      Id own = 0;
      int64_t coeff = 0;
      for (const auto& [name, c] : ws.terms) {
        Id l = loopOf(w, name);
        if (l && ownLoops.count(l)) {
          if (own || (c != 1 && c != -1)) return false;
          own = l;
          coeff = c;
        } else if (!l && sameIteration.count(name)) {
          return false;  // a scalar the loop changes: the same text may be another element
        }
      }
      if (!own) {  // the same element in both: the same subscript
        if (ws.constant != rs.constant || sortedTerms(ws) != sortedTerms(rs)) return false;
        continue;
      }
      if (ws.terms.size() != 1 || !used.insert(own).second) return false;
      // The values r's subscript takes, from the ranges of the loops in it.
      std::optional<int64_t> lo = rs.constant, hi = rs.constant;
      for (const auto& [name, c] : rs.terms) {
        Id l = loopOf(r, name);
        if (!l) return false;
        NestLoop n = nestLoop(l);
        if (!n.lower || !n.upper || !lo || !hi) return false;
        int64_t a = 0, b = 0;
        if (__builtin_mul_overflow(*n.lower, c, &a) || __builtin_mul_overflow(*n.upper, c, &b)) return false;
        if (__builtin_add_overflow(*lo, std::min(a, b), &*lo) || __builtin_add_overflow(*hi, std::max(a, b), &*hi)) return false;
      }
      // coeff * v + constant takes every value of [lo, hi] as v runs through its loop.
      const LoopRow& l = program_.loop(own);
      const int64_t step = l.step.empty() ? 1 : l.stepValue.value_or(0);
      if ((step != 1 && step != -1) || !l.lowerValue || !l.upperValue) return false;
      int64_t first = step > 0 ? *l.lowerValue : *l.upperValue, last = step > 0 ? *l.upperValue : *l.lowerValue;
      int64_t need0 = 0, need1 = 0;
      if (__builtin_sub_overflow(*lo, ws.constant, &need0) || __builtin_sub_overflow(*hi, ws.constant, &need1)) return false;
      if (coeff < 0) std::tie(need0, need1) = std::pair(-need1, -need0);
      if (need0 < first || need1 > last) return false;
    }
    // A loop around w whose variable no subscript follows must run at least once.
    for (Id l : ownLoops)
      if (!used.count(l) && program_.loop(l).tripCount.value_or(0) < 1) return false;
    return true;
  };
  // Whether x, a statement of kind `kind` (a CALL, an assignment), runs before r in every
  // iteration of the innermost loop around both (`loop` or one inside it) in which r runs: x
  // comes first, and only the bodies of loops that run at least once, and blocks r is in too
  // (an IF arm around both), are between it and that loop's body.
  auto runsBefore = [&](const ArrayAccess& x, const ArrayAccess& r, StatementKind kind) {
    const StatementRow& s = program_.statement(x.stmtId);
    if (s.kind != kind || x.stmtId >= r.stmtId) return false;
    Id common = 0;
    for (size_t k = 0; k < x.loops().size() && k < r.loops().size() && x.loops()[k] == r.loops()[k]; ++k)
      common = x.loops()[k];
    if (!common || (common != loop.id && !program_.within(common, loop.id))) return false;
    auto holdsRead = [&](Id block) {
      for (Id b = program_.statement(r.stmtId).blockId; b != 0; b = program_.block(b).parentId)
        if (b == block) return true;
      return false;
    };
    for (Id b = s.blockId; b != program_.loop(common).bodyBlock; b = program_.block(b).parentId) {
      if (b == 0) return false;
      if (program_.block(b).isLoop() ? program_.loop(program_.block(b).loopId).tripCount.value_or(0) < 1 : !holdsRead(b))
        return false;
    }
    return true;
  };
  // Writes of single elements (every subscript a constant: d(1) = ..., d(2) = ..., d(3) = ...)
  // made directly in the loop's body, in every iteration, before r, or by a call that runs before
  // it (Effects::definedElements): together they cover r when
  // they include every element r's subscripts may take (each subscript's range from the loops in
  // it; at most kElementsCovered elements).
  constexpr int64_t kElementsCovered = 64;
  auto coveredByElements = [&](const ArrayAccess& r) {
    std::set<std::vector<int64_t>> elements;
    for (const ArrayAccess* w : refs) {
      if (w->access != 'W' || w->stmtId >= r.stmtId) continue;
      // And the elements a call writes first (definedElements: fact(1, 0, -1) after
      // get_fact(fact)), when it runs before r.
      if (w->callId) {
        if (w->definedElements && w->definedElements->front().size() == r.subscripts().size() &&
            runsBefore(*w, r, StatementKind::Call))
          elements.insert(w->definedElements->begin(), w->definedElements->end());
        continue;
      }
      if (w->subscripts().size() != r.subscripts().size() || w->loops().empty() || w->loops().back() != loop.id || !unconditional(*w))
        continue;
      std::vector<int64_t> at;
      for (const LinearExpr& form : w->subscripts())
        if (form.affine && form.terms.empty()) at.push_back(form.constant);
      if (at.size() == w->subscripts().size()) elements.insert(std::move(at));
    }
    if (elements.empty()) return false;
    std::vector<std::pair<int64_t, int64_t>> box;  // per dimension, the values r's subscript may take
    int64_t count = 1;
    for (const LinearExpr& rs : r.subscripts()) {
      if (!rs.affine) return false;
      int64_t lo = rs.constant, hi = rs.constant;
      for (const auto& [name, c] : rs.terms) {
        Id l = loopOf(r, name);
        if (!l) return false;
        NestLoop n = nestLoop(l);
        int64_t a = 0, b = 0;
        if (!n.lower || !n.upper || __builtin_mul_overflow(*n.lower, c, &a) || __builtin_mul_overflow(*n.upper, c, &b) ||
            __builtin_add_overflow(lo, std::min(a, b), &lo) || __builtin_add_overflow(hi, std::max(a, b), &hi))
          return false;
      }
      if (hi < lo || hi - lo >= kElementsCovered || __builtin_mul_overflow(count, hi - lo + 1, &count) || count > kElementsCovered)
        return false;
      box.emplace_back(lo, hi);
    }
    return everyElement(box, [&](const std::vector<int64_t>& at) { return elements.count(at) != 0; });
  };
  // A call that writes every element of the array before it reads any (definesAll) covers every
  // read after it, and its own reads of that argument.
  auto coveredByCall = [&](const ArrayAccess& w, const ArrayAccess& r) {
    if (w.access != 'W' || !w.definesAll) return false;
    if (r.callId == w.callId && r.argument == w.argument) return true;
    return runsBefore(w, r, StatementKind::Call);
  };
  // A CALL that writes a slab whole before reading any (ArrayAccess::filled: exact(..., pface(1,
  // 1, ix)), pface(5, 3, 2), a dummy of 5) covers its own reads of it, and a read after it whose
  // subscripts in the other dimensions it sets as an assignment would (covers); in the filled
  // ones the read is in bounds, as it must be.
  auto coveredBySlab = [&](const ArrayAccess& w, const ArrayAccess& r) {
    if (w.access != 'W' || !w.filled || w.subscripts().size() != r.subscripts().size()) return false;
    if (r.callId == w.callId && r.argument == w.argument) return true;
    if (!runsBefore(w, r, StatementKind::Call)) return false;
    std::vector<LinearExpr> writeForms = w.subscripts(), readForms = r.subscripts();
    for (size_t d = 0; d < writeForms.size() && d < 32; ++d)
      if (w.filled & (uint32_t{1} << d)) writeForms[d] = readForms[d] = LinearExpr{true, 0, {}};
    ArrayAccess write = w, read = r;
    write.forms = &writeForms;
    read.forms = &readForms;
    write.split = read.split = nullptr;
    return covers(write, read);
  };
  // A CALL that writes boxes of the array (ArrayAccess::boxes) covers a read after it that one of
  // them covers as a slab would (not the call's own reads: the callee may read elements outside).
  auto coveredByBoxes = [&](const ArrayAccess& w, const ArrayAccess& r) {
    if (w.access != 'W' || !w.boxes || !runsBefore(w, r, StatementKind::Call)) return false;
    return std::any_of(w.boxes->begin(), w.boxes->end(), [&](const ArrayAccess::WrittenBox& box) {
      ArrayAccess slab = w;
      slab.forms = box.forms;
      slab.filled = box.filled;
      slab.boxes = nullptr;
      // Over a range in some dimension: r's element within each range, and the others its own.
      if (box.ranges) {
        slab.filled = 0;
        slab.ranges = box.ranges;
        slab.split = nullptr;
        return coversSymbolically(loop, slab, r, innerVariables, sameIteration);
      }
      return box.filled != 0 && coveredBySlab(slab, r);
    });
  };
  // An assignment to the whole array (w = 0, its bounds fixed, checked above; or w(:) = 0) covers
  // every read after it.
  auto coveredByWholeWrite = [&](const ArrayAccess& w, const ArrayAccess& r) {
    return w.access == 'W' && !w.callId && w.ref && everyElementNamed(*w.ref, array.rank) && w.ref->context == RefContext::Lhs &&
           !masked(w) && runsBefore(w, r, StatementKind::Assignment);
  };
  // A nest that assigns every element of an array of fixed shape before r, outside r's loops
  // (DO k = 1, m: w(k) = ..., w declared (m)): each subscript is its own loop's variable, the loop
  // running over at least the declared bounds; then whatever element r reads (in bounds, as it
  // must be) is written: CCS QCD's yr(icstb), icstb = 1..NCSTB, read at ic + 3*is + 12*(itb + e - 1).
  // Not for a callee's read of a dummy or a COMMON array, which may go past the declared bounds
  // (as coveredElementByElement below).
  auto coveredByFillingLoops = [&](const ArrayAccess& w, const ArrayAccess& r) {
    const size_t rank = static_cast<size_t>(std::max<int16_t>(array.rank, 0));
    if (w.access != 'W' || w.callId || !w.ref || rank == 0 || array.layout.size() != rank || w.subscripts().size() != rank ||
        (r.callId && (array.storage == Storage::Dummy || array.associated())) || masked(w) ||
        !runsBefore(w, r, StatementKind::Assignment))
      return false;
    std::set<Id> filling;
    for (size_t d = 0; d < rank; ++d) {
      const LinearExpr& subscript = w.subscripts()[d];
      if (!subscript.affine || subscript.constant != 0 || subscript.terms.size() != 1 || subscript.terms[0].second != 1)
        return false;
      Id own = 0;
      for (Id l : w.loops())
        if (l != loop.id && program_.within(l, loop.id) && program_.loop(l).var == subscript.terms[0].first) own = l;
      if (!own || !filling.insert(own).second || std::find(r.loops().begin(), r.loops().end(), own) != r.loops().end())
        return false;
      const LoopRow& l = program_.loop(own);
      const int64_t step = l.step.empty() ? 1 : l.stepValue.value_or(0);
      const auto [lower, extent] = array.layout[d];
      const int64_t upper = lower + extent - 1;
      if (!l.lowerValue || !l.upperValue ||
          !(step == 1 ? *l.lowerValue <= lower && *l.upperValue >= upper
                      : step == -1 && *l.lowerValue >= upper && *l.upperValue <= lower))
        return false;
    }
    return true;
  };
  // Whole-array assignments in every arm of a complete construct that runs in every iteration
  // (IF ... ELSE, SELECT CASE with CASE DEFAULT: one arm runs; WHERE ... ELSEWHERE: each arm
  // sets the elements its mask selects, together all of them) cover every read after the
  // construct: `WHERE (nb == 1) zb = .TRUE. ELSEWHERE zb = .FALSE.`. Each write stands in its arm
  // itself (not in a construct or loop inside it), and nothing in the loop jumps.
  std::optional<bool> jumpsInLoop;  // coveredByArmWholeWrites' question, asked once
  auto coveredByArmWholeWrites = [&](const ArrayAccess& w, const ArrayAccess& r) {
    auto wholeAssignment = [&](const ArrayAccess& x) {
      return x.access == 'W' && !x.callId && x.ref && !x.ref->subscripted && x.ref->context == RefContext::Lhs &&
             x.varId == w.varId && program_.statement(x.stmtId).kind == StatementKind::Assignment;
    };
    if (!wholeAssignment(w) || w.stmtId >= r.stmtId) return false;
    const BlockRow& arm = program_.block(program_.statement(w.stmtId).blockId);
    if (arm.isLoop() || !arm.constructStmt || !arm.complete) return false;
    const StatementRow& construct = program_.statement(arm.constructStmt);
    if (construct.kind != StatementKind::IfThen && construct.kind != StatementKind::SelectCase &&
        construct.kind != StatementKind::WhereConstruct)
      return false;
    for (Id b = construct.blockId; b != loop.bodyBlock; b = program_.block(b).parentId)
      if (b == 0 || !program_.block(b).isLoop() || program_.loop(program_.block(b).loopId).tripCount.value_or(0) < 1) return false;
    if (!jumpsInLoop) {
      jumpsInLoop = false;
      for (Id s = loop.firstStmt; s <= loop.lastStmt && !*jumpsInLoop; ++s) {
        const StatementRow& st = program_.statement(s);
        const StatementKind kind = st.kind == StatementKind::If ? st.action.value_or(StatementKind::Unknown) : st.kind;
        jumpsInLoop = !st.jumpLabels.empty() || (transfersControl(kind) && kind != StatementKind::Stop);
      }
    }
    if (*jumpsInLoop) return false;
    const std::vector<Id>& arms = armsOf(arm.constructStmt);
    for (Id b = program_.statement(r.stmtId).blockId; b != 0; b = program_.block(b).parentId)
      if (std::find(arms.begin(), arms.end(), b) != arms.end()) return false;  // r inside the construct
    if (r.stmtId < arm.constructStmt) return false;
    return std::all_of(arms.begin(), arms.end(), [&](Id other) {
      return std::any_of(refs.begin(), refs.end(), [&](const ArrayAccess* x) {
        return wholeAssignment(*x) && program_.statement(x->stmtId).blockId == other;
      });
    });
  };
  // A call that writes a range of the array (definedRange) covers a read after it that stays
  // within the range, and its own reads when they are of elements it wrote first.
  auto coveredByCallRange = [&](const ArrayAccess& w, const ArrayAccess& r) {
    if (w.access != 'W' || !w.definedRange) return false;
    if (r.callId == w.callId && r.argument == w.argument) return w.readsOnlyWritten;
    return runsBefore(w, r, StatementKind::Call) && readWithinRange(w, r, innerVariables, sameIteration);
  };
  // An assignment's write that runs before r.
  auto writtenBefore = [&](const ArrayAccess& w, const ArrayAccess& r) {
    return (!w.callId || w.definesElement) && !masked(w) &&
           runsBefore(w, r, w.callId ? StatementKind::Call : StatementKind::Assignment);
  };
  // A recurrence: r, in loop L inside `loop` (step 1 or -1), reads the element an assignment in
  // L's body wrote |c| iterations before (wa(i-1) after wa(i) = ... in an earlier i). L need not
  // be r's innermost loop: phiz(i, k+1) read after phiz(i, k) = ... in DO k = km, 1, -1 around
  // DO i = is, ie, the loops between L and both statements the same and running the same range
  // in every iteration of L (their bounds of names fixed while L runs), only their bodies between
  // the write and L's, and the subscripts in their variables the same in both. Its first |c|
  // iterations read elements L has not written yet: each must be covered as a read of its own
  // (L's start put into r's subscripts), by a write before L or before r in L (wa(1) = 0 for
  // DO i = 2, n; phiz(i, km+1) = hs(i, j) in a DO i before the DO k).
  std::function<bool(const ArrayAccess&)> coveredRead;
  auto recurrenceIn = [&](const ArrayAccess& r, const LoopRow& inner) {
    if (inner.var.empty()) return false;
    const AffineBounds& bounds = affineBounds(inner.id);
    if (!bounds.step || (*bounds.step != 1 && *bounds.step != -1) || !bounds.startExact) return false;
    const int64_t step = *bounds.step;
    const auto innerAt = std::find(r.loops().begin(), r.loops().end(), inner.id);
    // Names fixed while L runs: the variables of the loops around L, and names `loop` does not
    // change.
    auto fixedWhileRunning = [&](const std::string& name) {
      return !written.count(name) ||
             std::any_of(r.loops().begin(), innerAt, [&](Id l) { return program_.loop(l).var == name; });
    };
    // The loops between L and r: each runs the same range in every iteration of L.
    for (auto m = innerAt + 1; m != r.loops().end(); ++m) {
      const AffineBounds& mb = affineBounds(*m);
      if (!mb.step || !mb.startExact || !mb.endExact || !mb.startExact->affine || !mb.endExact->affine) return false;
      for (const LinearExpr* bound : {&*mb.startExact, &*mb.endExact})
        for (const auto& [name, c] : bound->terms)
          if (name == inner.var || !fixedWhileRunning(name)) return false;
    }
    // Names a subscript may hold: the variables of the loops around r (fixed while L runs, but
    // L's own and those of the loops in it, alike in both), and names the loop does not change.
    auto steady = [&](const LinearExpr& form) {
      if (!form.affine) return false;
      for (const auto& [name, c] : form.terms) {
        const bool aroundVar = std::any_of(r.loops().begin(), r.loops().end(), [&](Id l) { return program_.loop(l).var == name; });
        if (!aroundVar && written.count(name)) return false;
      }
      return true;
    };
    for (const LinearExpr& form : r.subscripts())
      if (!steady(form)) return false;
    auto coefficient = [&](const LinearExpr& form) {
      for (const auto& [name, c] : form.terms)
        if (name == inner.var) return c;
      return int64_t{0};
    };
    // Only loop bodies between w and L's body (the loops of r's, as w's loops are r's).
    auto inEveryIteration = [&](const ArrayAccess& w) {
      for (Id b = program_.statement(w.stmtId).blockId; b != inner.bodyBlock; b = program_.block(b).parentId)
        if (b == 0 || !program_.block(b).isLoop()) return false;
      return true;
    };
    for (const ArrayAccess* w : refs) {
      if (w->access != 'W' || w->callId || w->loops() != r.loops() || program_.statement(w->stmtId).kind != StatementKind::Assignment ||
          w->subscripts().size() != r.subscripts().size() || !inEveryIteration(*w))
        continue;
      // r's subscripts less w's: constants, L's variable in one dimension only, coefficient 1.
      int64_t distance = 0;  // r reads what w wrote `distance` iterations of L's variable away
      bool shaped = true;
      for (size_t d = 0; d < r.subscripts().size() && shaped; ++d) {
        const LinearExpr& rs = r.subscripts()[d];
        const LinearExpr& ws = w->subscripts()[d];
        std::optional<LinearExpr> difference = steady(ws) ? combine(rs, ws, -1) : std::nullopt;
        shaped = difference && difference->terms.empty();
        if (!shaped) break;
        const int64_t a = coefficient(ws);
        if (a == 0) {
          shaped = difference->constant == 0;
        } else {
          shaped = a == 1 && distance == 0 && difference->constant != 0;
          distance = difference->constant;
        }
      }
      // An earlier iteration: below for a rising L, above for a falling one.
      if (!shaped || distance == 0 || (distance > 0) == (step > 0) || std::abs(distance) > kElementsCovered) continue;
      // The first |distance| iterations: L's start, then step by step, each read as a read of
      // its own.
      bool boundaryCovered = true;
      for (int64_t t = 0; t < std::abs(distance) && boundaryCovered; ++t) {
        LinearExpr value = boundAtHeader(*bounds.startExact, inner);
        if (!value.affine) return false;
        if (!(value = combine(value, LinearExpr{true, t * step, {}}, 1).value_or(LinearExpr{false, 0, {}})).affine) return false;
        std::optional<std::vector<LinearExpr>> element = withValue(r.subscripts(), inner.var, value);
        if (!element) return false;
        ArrayAccess first = r;
        first.forms = &*element;
        boundaryCovered = coveredRead(first);
      }
      if (boundaryCovered) return true;
    }
    return false;
  };
  auto coveredByRecurrence = [&](const ArrayAccess& r) {
    for (auto l = r.loops().rbegin(); l != r.loops().rend() && *l != loop.id; ++l)
      if (program_.within(*l, loop.id) && recurrenceIn(r, program_.loop(*l))) return true;
    return false;
  };
  // The elements r reads in dimension `d` as its own loop L (r's innermost, inside `loop`) runs:
  // the subscript `form` (L's variable with coefficient 1, plus names fixed while L runs) from
  // L's first value to its last; nullopt when not of that shape.
  auto span = [&](const LinearExpr& form, const LoopRow& own) -> std::optional<std::pair<LinearExpr, LinearExpr>> {
    const AffineBounds& b = affineBounds(own.id);
    if (!b.step || (*b.step != 1 && *b.step != -1) || !b.startExact || !b.endExact) return std::nullopt;
    int64_t a = 0;
    for (const auto& [name, c] : form.terms)
      if (name == own.var) a = c;
    if (a != 1) return std::nullopt;
    LinearExpr rest = form;
    std::erase_if(rest.terms, [&](const auto& term) { return term.first == own.var; });
    const LinearExpr low = boundAtHeader(*b.step > 0 ? *b.startExact : *b.endExact, own);
    const LinearExpr high = boundAtHeader(*b.step > 0 ? *b.endExact : *b.startExact, own);
    if (!low.affine || !high.affine) return std::nullopt;
    std::optional<LinearExpr> lo = combine(rest, low, 1), hi = combine(rest, high, 1);
    if (!lo || !hi) return std::nullopt;
    return std::pair(*lo, *hi);
  };
  // A read over a range that a loop's write covers but for a few elements at either end, which
  // single assignments before it write: z(n) = ..., then z(i) for i = n-1 down to 1, then z(i)
  // read for i = 1..n. The written range lowW..highW and the read one lowR..highR differ by
  // constants at both ends (lowW - lowR = g1 >= 0, highR - highW = g2 >= 0); the g1 + g2
  // elements lowR.. and highW+1.. are among the single writes. When the writing loop runs no
  // iteration (highW < lowW) those elements alone still hold lowR..highR.
  auto coveredByRangeAndElements = [&](const ArrayAccess& r) {
    if (r.loops().size() < 2 || r.loops().back() == loop.id) return false;
    const LoopRow& readLoop = program_.loop(r.loops().back());
    const Id common = r.loops()[r.loops().size() - 2];
    if (common != loop.id && !program_.within(common, loop.id)) return false;
    for (const ArrayAccess* w : refs) {
      if (w->access != 'W' || w->callId || w->stmtId >= r.stmtId || w->loops().size() < 2 ||
          w->loops()[w->loops().size() - 2] != common || w->loops().back() == readLoop.id ||
          w->subscripts().size() != r.subscripts().size() || program_.statement(w->stmtId).kind != StatementKind::Assignment)
        continue;
      const LoopRow& writeLoop = program_.loop(w->loops().back());
      if (program_.statement(w->stmtId).blockId != writeLoop.bodyBlock || !writeLoop.headerStmt ||
          program_.statement(writeLoop.headerStmt).blockId != program_.loop(common).bodyBlock)
        continue;
      // One dimension runs over both loops; the others are the same names in both.
      std::optional<size_t> running;
      bool same = true;
      for (size_t d = 0; d < r.subscripts().size() && same; ++d) {
        const LinearExpr& rs = r.subscripts()[d];
        const LinearExpr& ws = w->subscripts()[d];
        if (!rs.affine || !ws.affine) same = false;
        else if (std::any_of(rs.terms.begin(), rs.terms.end(), [&](const auto& t) { return t.first == readLoop.var; }))
          same = !running && (running = d).has_value();
        else
          same = rs.constant == ws.constant && sortedTerms(rs) == sortedTerms(ws) &&
                 std::all_of(rs.terms.begin(), rs.terms.end(), [&](const auto& t) { return !written.count(t.first); });
      }
      if (!same || !running) continue;
      std::optional<std::pair<LinearExpr, LinearExpr>> read = span(r.subscripts()[*running], readLoop);
      std::optional<std::pair<LinearExpr, LinearExpr>> wrote = span(w->subscripts()[*running], writeLoop);
      if (!read || !wrote) continue;
      // The names of both ranges must not change in the loop (the loops' own variables are gone).
      auto fixed = [&](const LinearExpr& f) {
        return std::all_of(f.terms.begin(), f.terms.end(), [&](const auto& t) { return !written.count(t.first); });
      };
      if (!fixed(read->first) || !fixed(read->second) || !fixed(wrote->first) || !fixed(wrote->second)) continue;
      std::optional<LinearExpr> g1 = combine(wrote->first, read->first, -1), g2 = combine(read->second, wrote->second, -1);
      if (!g1 || !g2 || !g1->terms.empty() || !g2->terms.empty()) continue;
      // A written range wider than the read one leaves nothing at that end.
      const int64_t below = std::max<int64_t>(g1->constant, 0), above = std::max<int64_t>(g2->constant, 0);
      if (below > kElementsCovered || above > kElementsCovered - below) continue;
      // The elements the loop's write leaves: `below` from lowR, `above` after highW.
      std::vector<LinearExpr> missing;
      bool formed = true;
      for (int64_t t = 0; t < below && formed; ++t)
        if (std::optional<LinearExpr> e = combine(read->first, LinearExpr{true, t, {}}, 1)) missing.push_back(*e);
        else formed = false;
      for (int64_t t = 1; t <= above && formed; ++t)
        if (std::optional<LinearExpr> e = combine(wrote->second, LinearExpr{true, t, {}}, 1)) missing.push_back(*e);
        else formed = false;
      if (!formed) continue;
      const bool all = std::all_of(missing.begin(), missing.end(), [&](const LinearExpr& element) {
        return std::any_of(refs.begin(), refs.end(), [&](const ArrayAccess* single) {
          if (single->access != 'W' || single->subscripts().size() != r.subscripts().size() || !writtenBefore(*single, r))
            return false;
          for (size_t d = 0; d < r.subscripts().size(); ++d) {
            const LinearExpr& ss = single->subscripts()[d];
            const LinearExpr& want = d == *running ? element : r.subscripts()[d];
            if (!ss.affine || !fixed(ss) || ss.constant != want.constant || sortedTerms(ss) != sortedTerms(want)) return false;
          }
          return true;
        });
      });
      if (all) return true;
    }
    return false;
  };
  // An assignment's write that sets r's element, by its subscripts, when it runs before r.
  auto setsElement = [&](const ArrayAccess& w, const ArrayAccess& r) {
    return w.access == 'W' && (!w.callId || w.definesElement) && !masked(w) &&
           (covers(w, r) || coversSymbolically(loop, w, r, innerVariables, sameIteration));
  };
  // A read that one write covers where a condition holds and another where it does not:
  // phiz(i, 1) after DO k = km, 1, -1: phiz(i, k) = ... covers it when km >= 1; with km <= 0
  // (phiz declared phiz(is:ie, km+1), so km = 0 there) phiz(i, km+1) = ... written before does.
  // One condition, the only one the first write's range leaves unproven. Each try is a
  // Fourier–Motzkin proof: at most kSplitProofs for the array's reads in all (a split takes two
  // or three; fv_ada_nudge's pk, read at four levels after its sweep, about a dozen).
  constexpr int kSplitProofs = 64;
  int splitProofs = kSplitProofs;
  auto coveredBySplit = [&](const ArrayAccess& r) {
    if (!r.ref || splitProofs <= 0) return false;
    // The assignments before r that run whenever it does (two at least, before any proof).
    std::vector<const ArrayAccess*> candidates;
    for (const ArrayAccess* w : refs)
      if (w->access == 'W' && !w->callId && w->stmtId < r.stmtId && w->subscripts().size() == r.subscripts().size() &&
          !masked(*w) && writtenWheneverRead(loop, *w, r, refs, {}))
        candidates.push_back(w);
    if (candidates.size() < 2) return false;
    // The first write leaves a condition on a range: a loop around it that is not around r.
    auto ranging = [&](const ArrayAccess& w) {
      return std::any_of(w.loops().begin(), w.loops().end(), [&](Id l) {
        return l != loop.id && program_.within(l, loop.id) && std::find(r.loops().begin(), r.loops().end(), l) == r.loops().end();
      });
    };
    for (const ArrayAccess* w1 : candidates) {
      if (!ranging(*w1)) continue;
      std::vector<Condition> unmet;
      if (--splitProofs < 0) return false;
      if (coversSymbolically(loop, *w1, r, innerVariables, sameIteration, {}, &unmet)) return true;
      if (unmet.size() != 1) continue;
      // Where it fails, -form - 1 >= 0, another write sets the element.
      std::optional<LinearExpr> opposite = combine(LinearExpr{true, -1, {}}, unmet.front().form, -1);
      if (!opposite) continue;
      const std::vector<Condition> otherwise = {{*opposite, false, 0}};
      for (const ArrayAccess* w2 : candidates) {
        if (w2 == w1) continue;
        if (--splitProofs < 0) return false;
        if (coversSymbolically(loop, *w2, r, innerVariables, sameIteration, otherwise)) return true;
      }
    }
    return false;
  };
  // Elements packed at a counter: `n = K` in the loop's body, and every other change of n in the
  // loop `n = n + 1` followed in its block by w(n) = ... (only assignments between, none of them
  // changing n). From that reset on, w(K+1) .. w(n) have been written in the iteration, whatever
  // n holds: an increment runs only with its write after it, and n never falls. So a read w(m) in
  // DO m = lo, n (lo >= K+1, the DO after the reset; its bounds are taken when it starts) is of
  // an element written (CICE: icells = 0; ... IF (tmask(i,j)) THEN icells = icells + 1;
  // indxi(icells) = i ...; then DO ij = 1, icells: i = indxi(ij)). w's other subscripts are the
  // read's, of names the loop does not change.
  auto coveredByCounter = [&](const ArrayAccess& r) {
    if (!r.ref) return false;
    auto oneName = [](const LinearExpr& f) { return f.affine && f.constant == 0 && f.terms.size() == 1 && f.terms.front().second == 1; };
    auto fixedForm = [&](const LinearExpr& f) {
      return f.affine && std::all_of(f.terms.begin(), f.terms.end(), [&](const auto& t) {
               return !written.count(t.first) && !innerVariables.count(t.first);
             });
    };
    for (size_t d = 0; d < r.subscripts().size(); ++d) {
      if (!oneName(r.subscripts()[d])) continue;
      const Id readLoopId = loopOf(r, r.subscripts()[d].terms.front().first);
      if (!readLoopId) continue;
      const LoopRow& readLoop = program_.loop(readLoopId);
      const AffineBounds& b = affineBounds(readLoopId);
      if (!b.step || *b.step != 1 || !readLoop.headerStmt) continue;
      bool othersFixed = true;
      for (size_t e = 0; e < r.subscripts().size(); ++e) othersFixed &= e == d || fixedForm(r.subscripts()[e]);
      if (!othersFixed) continue;
      for (const LinearExpr& end : b.end) {
        if (!oneName(end) || !written.count(end.terms.front().first)) continue;
        const std::string& counter = end.terms.front().first;
        Id counterVar = 0;
        for (const ScalarRefRow& s : program_.statement(readLoop.headerStmt).scalars)
          if (program_.variable(s.varId).name == counter) counterVar = s.varId;
        if (!counterVar) continue;
        const Variable& cv = program_.variable(counterVar);
        if (!cv.integer || cv.isArray() || cv.associated() || cv.pointer || cv.target) continue;
        // The write of w(n) that an increment at `inc` is followed by, with only assignments
        // that leave n alone before it.
        auto followedByWrite = [&](const StatementRow& inc) {
          for (Id u = inc.id + 1; u <= loop.lastStmt; ++u) {
            const StatementRow& next = program_.statement(u);
            if (next.blockId != inc.blockId || next.kind != StatementKind::Assignment) return false;
            for (const ArrayAccess* w : all) {
              if (w->stmtId != u || w->varId != varId || w->access != 'W' || w->callId || !w->ref || masked(*w) ||
                  w->subscripts().size() != r.subscripts().size())
                continue;
              bool at = true;
              for (size_t e = 0; e < r.subscripts().size() && at; ++e)
                at = e == d ? w->subscripts()[e] == end : w->subscripts()[e] == r.subscripts()[e];
              if (at) return true;
            }
            if (mayWrite(next, counterVar)) return false;
          }
          return false;
        };
        std::optional<int64_t> reset;
        bool resetBefore = false, shaped = true;
        for (Id t = loop.firstStmt; t <= loop.lastStmt && shaped; ++t) {
          const StatementRow& s = program_.statement(t);
          if (!mayWrite(s, counterVar)) continue;
          shaped = s.kind == StatementKind::Assignment && std::string_view(s.expr).starts_with(R"({"exprs":[")");
          if (!shaped) break;
          const facts::StatementExpressions& tree = program_.trees(s.id);
          shaped = tree.exprs.size() == 2 && tree.exprs[0].kind == facts::ExpressionKind::Name && tree.exprs[0].text == counter;
          if (!shaped) break;
          if (std::optional<LinearExpr> value = affineOf(tree.exprs[1]); value && value->terms.empty()) {
            shaped = !reset || *reset == value->constant;
            reset = value->constant;
            resetBefore |= s.blockId == loop.bodyBlock && t < readLoop.headerStmt;
            continue;
          }
          const std::vector<const UpdateRow*>& ups = updatesByStmt_[program_.statementIndex(t)];
          shaped = std::any_of(ups.begin(), ups.end(), [&](const UpdateRow* u) {
                     return u->varId == counterVar && u->op == UpdateOp::Sum && u->step == 1;
                   }) && followedByWrite(s);
        }
        if (!shaped || !resetBefore) continue;
        const bool lowEnough = std::any_of(b.start.begin(), b.start.end(), [&](const LinearExpr& lo) {
          return lo.affine && lo.terms.empty() && lo.constant > *reset;
        });
        if (lowEnough) return true;
      }
    }
    return false;
  };
  // Whether a write covers r where it runs (`sets`: an assignment's, or a CALL statement's of an
  // element it defines; otherwise a call's write covers nothing, the callee may leave the element
  // as it was, a function in an assignment, `x = f(w(i))`, included), and, where it stands in an
  // arm of a complete IF or SELECT CASE that r is not under, a write in each other arm does too:
  // the other arms' writes found by where they are first (cheap), then by `sets`.
  auto setInEveryArm = [&](const ArrayAccess& r, const std::function<bool(const ArrayAccess&)>& sets) {
    const std::function<bool(const ArrayAccess&)> anywhere = [](const ArrayAccess&) { return true; };
    ArmSearch byPlace, bySubscripts;
    return std::any_of(refs.begin(), refs.end(), [&](const ArrayAccess* w) {
      byPlace.armsMet = false;
      return w->access == 'W' && (!w->callId || w->definesElement) && writtenWheneverRead(loop, *w, r, refs, anywhere, &byPlace) &&
             sets(*w) && (!byPlace.armsMet || writtenWheneverRead(loop, *w, r, refs, sets, &bySubscripts));
    });
  };
  coveredRead = [&](const ArrayAccess& r) {
    return std::any_of(refs.begin(), refs.end(), [&](const ArrayAccess* w) {
      return coveredByCall(*w, r) || coveredByCallRange(*w, r) || coveredBySlab(*w, r) || coveredByBoxes(*w, r) ||
             coveredByWholeWrite(*w, r) || coveredByFillingLoops(*w, r) || coveredByArmWholeWrites(*w, r);
    }) || setInEveryArm(r, [&](const ArrayAccess& x) { return setsElement(x, r); }) || coveredByElements(r) ||
           coveredByRecurrence(r) || coveredByRangeAndElements(r) || coveredBySplit(r) || coveredByCounter(r);
  };
  // A read through a short loop inside `loop` (DO m = 1, 5 around flux(m, i+1)) taken one value
  // of that loop's variable at a time: covered when each of those reads is, by whichever writes
  // (flux(1, i) = ..., flux(2, i) = ..., DO m = 3, 5: flux(m, i) = ...); and so on through the
  // next short loop (fjac(m, n, i) for m, n = 1..5), at most `budget` reads in all.
  std::function<bool(const ArrayAccess&, int64_t)> coveredValueByValue = [&](const ArrayAccess& r, int64_t budget) {
    if (!r.ref) return false;
    for (Id l : r.loops()) {
      if (l == loop.id || !program_.within(l, loop.id)) continue;
      const LoopRow& split = program_.loop(l);
      if (!split.lowerValue || !split.upperValue || split.var.empty()) continue;
      const int64_t low = std::min(*split.lowerValue, *split.upperValue), high = std::max(*split.lowerValue, *split.upperValue);
      if (high - low >= budget) continue;
      const bool named = std::any_of(r.subscripts().begin(), r.subscripts().end(), [&](const LinearExpr& f) {
        return f.affine && std::any_of(f.terms.begin(), f.terms.end(), [&](const auto& t) { return t.first == split.var; });
      });
      if (!named) continue;
      bool all = true;
      for (int64_t value = low; value <= high && all; ++value) {
        // The read as it is when the variable holds `value` (every value between the bounds,
        // more than the loop may take).
        std::vector<LinearExpr> forms = r.subscripts();
        for (LinearExpr& f : forms) {
          auto term = std::find_if(f.terms.begin(), f.terms.end(), [&](const auto& t) { return t.first == split.var; });
          if (!f.affine || term == f.terms.end()) continue;
          int64_t product = 0;
          if (__builtin_mul_overflow(term->second, value, &product) || __builtin_add_overflow(f.constant, product, &f.constant))
            return false;
          f.terms.erase(term);
        }
        ArrayAccess piece = r;
        piece.forms = &forms;
        all = coveredRead(piece) || coveredValueByValue(piece, budget / (high - low + 1));
      }
      if (all) return true;
    }
    return false;
  };
  // A read that one write covers but for a few values of a loop variable at either end of its
  // range, each covered as a read of its own: pn0(i, k) for k = 1..levp after pn0(i, 1) = ...
  // and DO k = 2, levp+1: pn0(i, k) = ... . At most kPeeled values at each end.
  constexpr int64_t kPeeled = 2;
  auto coveredByPeeling = [&](const ArrayAccess& r) {
    for (Id l : r.loops()) {
      if (l == loop.id || !program_.within(l, loop.id)) continue;
      const LoopRow& peeled = program_.loop(l);
      const AffineBounds& b = affineBounds(l);
      if (peeled.var.empty() || !b.step || (*b.step != 1 && *b.step != -1) || !b.startExact || !b.endExact) continue;
      const bool named = std::any_of(r.subscripts().begin(), r.subscripts().end(), [&](const LinearExpr& f) {
        return f.affine && std::any_of(f.terms.begin(), f.terms.end(), [&](const auto& t) { return t.first == peeled.var; });
      });
      if (!named) continue;
      const LinearExpr low = boundAtHeader(*b.step > 0 ? *b.startExact : *b.endExact, peeled);
      const LinearExpr high = boundAtHeader(*b.step > 0 ? *b.endExact : *b.startExact, peeled);
      if (!low.affine || !high.affine) continue;
      // The read as it is when the variable holds low + offset (high - offset when !fromLow).
      auto pieceCovered = [&](bool fromLow, int64_t offset) {
        std::optional<LinearExpr> value = combine(fromLow ? low : high, LinearExpr{true, fromLow ? offset : -offset, {}}, 1);
        std::optional<std::vector<LinearExpr>> forms = value ? withValue(r.subscripts(), peeled.var, *value) : std::nullopt;
        if (!forms) return false;
        ArrayAccess piece = r;
        piece.forms = &*forms;
        return coveredRead(piece);
      };
      int64_t below = 0, above = 0;
      while (below < kPeeled && pieceCovered(true, below)) ++below;
      while (above < kPeeled && pieceCovered(false, above)) ++above;
      if (below == 0 && above == 0) continue;
      // The rest, low + below <= v <= high - above, by one write.
      std::optional<LinearExpr> fromLow = combine(LinearExpr{true, -below, {{peeled.var, 1}}}, low, -1);
      std::optional<LinearExpr> toHigh = combine(LinearExpr{true, -above, {{peeled.var, -1}}}, high, 1);
      if (!fromLow || !toHigh) continue;
      const std::vector<Condition> rest = {{*fromLow, false, 0}, {*toHigh, false, 0}};
      // One assignment, or one in each arm of a complete IF or SELECT CASE around it (peln2(i, k)
      // set alike under IF (use_cond) and its ELSE).
      if (setInEveryArm(r, [&](const ArrayAccess& x) {
            return !x.callId && !masked(x) && coversSymbolically(loop, x, r, innerVariables, sameIteration, rest);
          }))
        return true;
    }
    return false;
  };
  // A read of the whole array, of a fixed shape of at most kElementsCovered elements (SUM(t5);
  // t5 passed whole to a call, which reads any of it), after t5(1) = ..., t5(5) = ... and
  // DO m = 2, 4: t5(m) = ...: covered when each element, read there, is. A callee may read past
  // the declared bounds of a dummy (x(1) standing for any length, as old codes have it) or of a
  // COMMON array, through sequence association: not for those.
  auto coveredElementByElement = [&](const ArrayAccess& r) {
    const bool whole = r.ref ? !r.ref->subscripted : !r.argumentRef && !r.bounded;
    if (!whole || array.layout.empty() || array.layout.size() != static_cast<size_t>(std::max<int16_t>(array.rank, 0)) ||
        (r.callId && (array.storage == Storage::Dummy || array.associated())))
      return false;
    int64_t count = 1;
    std::vector<std::pair<int64_t, int64_t>> box;
    for (const auto& [lower, extent] : array.layout) {
      if (extent < 1 || __builtin_mul_overflow(count, extent, &count) || count > kElementsCovered) return false;
      box.emplace_back(lower, lower + extent - 1);
    }
    std::vector<LinearExpr> element(box.size(), LinearExpr{true, 0, {}});
    ArrayAccess piece = r;
    piece.forms = &element;
    piece.split = nullptr;
    return everyElement(box, [&](const std::vector<int64_t>& at) {
      for (size_t d = 0; d < at.size(); ++d) element[d].constant = at[d];
      return coveredRead(piece);
    });
  };
  for (const ArrayAccess* r : refs) {
    if (r->access != 'R') continue;
    if (!coveredRead(*r) && !coveredValueByValue(*r, kElementsCovered) && !coveredByPeeling(*r) && !coveredElementByElement(*r))
      return {false, r};
  }
  return {true, nullptr};
}

bool LoopAnalysis::assignedInEveryIteration(const LoopRow& loop, const ArrayAccess& w) const {
  // Only loop bodies between the assignment and the loop's, none of them left early.
  const StatementRow& s = program_.statement(w.stmtId);
  if (s.kind != StatementKind::Assignment) return false;
  const std::optional<std::set<Id>>& cut = cutLoops(loop);
  if (!cut) return false;
  for (Id b = s.blockId; b != loop.bodyBlock; b = program_.block(b).parentId)
    if (b == 0 || !program_.block(b).isLoop() || writeCut(loop, program_.block(b).loopId, w.stmtId)) return false;
  return true;
}

bool LoopAnalysis::writtenWheneverRead(const LoopRow& loop, const ArrayAccess& w, const ArrayAccess& r,
                                       const std::vector<const ArrayAccess*>& writes,
                                       const std::function<bool(const ArrayAccess&)>& alternative, ArmSearch* search) const {
  const StatementRow& s = program_.statement(w.stmtId);
  // An assignment, or a CALL defining the element it is passed (ArrayAccess::definesElement).
  if (!(w.callId ? w.definesElement : s.kind == StatementKind::Assignment) || w.stmtId >= r.stmtId) return false;
  // The blocks around r, up to the loop's body: the innermost of them around w too holds both.
  std::set<Id> aroundRead;
  for (Id b = program_.statement(r.stmtId).blockId; b != 0 && b != loop.bodyBlock; b = program_.block(b).parentId)
    aroundRead.insert(b);
  // Whenever that block runs so far as r (an IF arm entered, a loop's iteration), w ran, or a
  // write in another arm of a construct on the way did.
  return runsWheneverEntered(loop, w, s.blockId, [&](Id b) { return b == loop.bodyBlock || aroundRead.count(b) != 0; }, r,
                             writes, alternative, 0, search);
}

bool LoopAnalysis::runsWheneverEntered(const LoopRow& loop, const ArrayAccess& w, Id from, const std::function<bool(Id)>& stop,
                                       const ArrayAccess& r, const std::vector<const ArrayAccess*>& writes,
                                       const std::function<bool(const ArrayAccess&)>& alternative, int depth,
                                       ArmSearch* search) const {
  // Constructs nested in one another's arms that are followed (each arm multiplies the work).
  constexpr int kArmNesting = 4;
  const std::optional<std::set<Id>>& cut = cutLoops(loop);
  if (!cut) return false;
  for (Id b = from; !stop(b); b = program_.block(b).parentId) {
    if (b == 0 || b == loop.bodyBlock) return false;
    const BlockRow& block = program_.block(b);
    if (block.isLoop()) {
      if (writeCut(loop, block.loopId, w.stmtId)) return false;
      continue;
    }
    // An IF arm r is under too, its condition the same value there (the same mask).
    if (sameGuardAroundRead(loop, w, b, r)) continue;
    // An arm of an IF with an ELSE or a SELECT CASE with a CASE DEFAULT (not a WHERE: its arms
    // are masks, not control): one of its arms runs whenever the construct does.
    if (!alternative || depth >= kArmNesting || !block.complete || !block.constructStmt) return false;
    const StatementKind construct = program_.statement(block.constructStmt).kind;
    if (construct != StatementKind::IfThen && construct != StatementKind::SelectCase) return false;
    if (search) search->armsMet = true;
    for (Id other : armsOf(block.constructStmt)) {
      if (other == b) continue;
      auto known = search ? search->written.find({other, depth}) : decltype(search->written)::iterator{};
      if (search && known != search->written.end()) {
        if (!known->second) return false;
        continue;
      }
      const bool written = std::any_of(writes.begin(), writes.end(), [&](const ArrayAccess* x) {
        const StatementRow& xs = program_.statement(x->stmtId);
        return x->access == 'W' && !x->callId && xs.kind == StatementKind::Assignment &&
               runsWheneverEntered(loop, *x, xs.blockId, [other](Id c) { return c == other; }, r, writes, alternative, depth + 1,
                                   search) &&
               alternative(*x);
      });
      if (search) search->written[{other, depth}] = written;
      if (!written) return false;
    }
  }
  return true;
}

bool LoopAnalysis::sameGuardAroundRead(const LoopRow& loop, const ArrayAccess& w, Id arm, const ArrayAccess& r) const {
  const BlockRow& armRow = program_.block(arm);
  if (armRow.arm != 1 || !armRow.constructStmt || program_.statement(armRow.constructStmt).kind != StatementKind::IfThen) return false;
  auto aroundWrite = [&](Id g) {
    for (Id b = program_.statement(w.stmtId).blockId; b != 0 && b != loop.bodyBlock; b = program_.block(b).parentId)
      if (b == g) return true;
    return false;
  };
  for (Id g = program_.statement(r.stmtId).blockId; g != 0 && g != loop.bodyBlock; g = program_.block(g).parentId) {
    const BlockRow& readArm = program_.block(g);
    if (readArm.isLoop()) continue;
    if (aroundWrite(g)) break;
    if (readArm.arm != 1 || !readArm.constructStmt || program_.statement(readArm.constructStmt).kind != StatementKind::IfThen) continue;
    if (guardsAgree(loop, w, program_.statement(armRow.constructStmt), r, program_.statement(readArm.constructStmt))) return true;
  }
  return false;
}

bool LoopAnalysis::guardsAgree(const LoopRow& loop, const ArrayAccess& w, const StatementRow& ifWrite, const ArrayAccess& r,
                               const StatementRow& ifRead) const {
  const facts::Expression* writeCondition = conditionOf(ifWrite);
  const facts::Expression* readCondition = conditionOf(ifRead);
  if (!writeCondition || !readCondition || !(*writeCondition == *readCondition)) return false;
  // What the condition reads: names, elements and components of variables; nothing that calls.
  using K = facts::ExpressionKind;
  std::set<std::string> bases;                   // the variables
  std::vector<std::vector<std::string>> paths;   // a component's: the variable, then the components
  std::function<std::optional<std::vector<std::string>>(const facts::Expression&)> walk =
      [&](const facts::Expression& e) -> std::optional<std::vector<std::string>> {
    switch (e.kind) {
      case K::Name:
        bases.insert(e.text);
        return std::vector<std::string>{e.text};
      case K::Element:
        bases.insert(e.text);
        for (const facts::Expression& a : e.args)
          if (!walk(a)) return std::nullopt;
        return std::vector<std::string>{e.text};
      case K::Component: {
        std::optional<std::vector<std::string>> base = e.args.empty() ? std::nullopt : walk(e.args[0]);
        if (!base || base->empty()) return std::nullopt;
        base->push_back(e.text);
        paths.push_back(*base);
        return base;
      }
      case K::Subscript: {
        std::optional<std::vector<std::string>> base = e.args.empty() ? std::nullopt : walk(e.args[0]);
        for (size_t k = 1; base && k < e.args.size(); ++k)
          if (!walk(e.args[k])) return std::nullopt;
        return base;
      }
      case K::Integer: case K::Real: case K::Logical: case K::Constant: case K::Null:
        return std::vector<std::string>{};
      case K::Operator: case K::Paren: case K::Intrinsic:
        for (const facts::Expression& a : e.args)
          if (!walk(a)) return std::nullopt;
        return std::vector<std::string>{};
      default:
        return std::nullopt;  // a call, a defined operator's function, an implied DO...
    }
  };
  if (!walk(*writeCondition)) return false;
  auto innermost = [&](Id loopId, const std::string& var) -> Id {
    for (Id l = loopId; l; l = program_.loop(l).parentId)
      if (program_.loop(l).var == var) return l;
    return 0;
  };
  auto around = [&](const ArrayAccess& a, Id l) { return std::find(a.loops().begin(), a.loops().end(), l) != a.loops().end(); };
  for (const std::string& name : bases) {
    const Id lw = innermost(ifWrite.loopId, name), lr = innermost(ifRead.loopId, name);
    if (lw || lr) {
      // A loop's variable: the same loop around both IFs, or each IF's own loop, the two tied by a
      // subscript w and r share (w(i) under IF (m(i) > 0) in one DO i, read so in another).
      if (lw == lr) continue;
      if (!lw || !lr || !program_.within(lw, loop.id) || !program_.within(lr, loop.id) || around(r, lw) || around(w, lr) ||
          innermost(w.loops().empty() ? 0 : w.loops().back(), name) != lw ||
          innermost(r.loops().empty() ? 0 : r.loops().back(), name) != lr)
        return false;
      bool tied = false;
      for (size_t d = 0; d < w.subscripts().size() && d < r.subscripts().size() && !tied; ++d) {
        const LinearExpr& ws = w.subscripts()[d];
        const LinearExpr& rs = r.subscripts()[d];
        if (!ws.affine || !rs.affine || ws.constant != rs.constant || sortedTerms(ws) != sortedTerms(rs)) continue;
        // name with coefficient ±1, every other term the same value for both (no loop of w's alone)
        bool own = false, others = true;
        for (const auto& [term, c] : ws.terms) {
          if (term == name) {
            own = c == 1 || c == -1;
            continue;
          }
          const Id l = innermost(w.loops().empty() ? 0 : w.loops().back(), term);
          if (l && program_.within(l, loop.id) && !around(r, l)) others = false;
        }
        tied = own && others;
      }
      if (!tied) return false;
      continue;
    }
    // Any other variable: storage of its own that nothing in the loop changes, or nothing between
    // the two tests.
    if (!unchangedInLoop(loop, name, ifWrite) && !unchangedBetween(loop, name, ifWrite, ifRead)) return false;
  }
  // Components reached through no pointer (another pointer could change them unseen).
  for (const std::vector<std::string>& path : paths) {
    const Id varId = variableNamed(ifWrite, path[0]);
    Id type = varId ? program_.variable(varId).typeId : 0;
    for (size_t k = 1; k < path.size(); ++k) {
      const facts::ComponentRow* c = type ? program_.component(type, path[k]) : nullptr;
      if (!c || c->pointer) return false;
      type = c->derivedId;
    }
  }
  return true;
}

const facts::Expression* LoopAnalysis::conditionOf(const StatementRow& s) const {
  auto [at, added] = conditionTrees_.try_emplace(s.id);
  if (added) {
    const facts::StatementExpressions& tree = program_.trees(s.id);
    if (!tree.exprs.empty()) at->second = tree.exprs[0];
  }
  return at->second ? &*at->second : nullptr;
}

Id LoopAnalysis::variableNamed(const StatementRow& s, const std::string& name) const {
  Id varId = 0;
  for (const ScalarRefRow& ref : s.scalars)
    if (program_.variable(ref.varId).name == name) varId = ref.varId;
  for (Id refId : s.arrayRefs)
    if (program_.arrayRef(refId).varId && program_.variable(program_.arrayRef(refId).varId).name == name)
      varId = program_.arrayRef(refId).varId;
  return varId;
}

bool LoopAnalysis::unchangedInLoop(const LoopRow& loop, const std::string& name, const StatementRow& reader) const {
  const Id varId = variableNamed(reader, name);
  if (!varId) return false;
  auto [known, added] = unchangedInLoop_.try_emplace({loop.id, varId}, false);
  if (!added) return known->second;
  const Variable& v = program_.variable(varId);
  if (v.pointer || v.target || v.equivalence != 0) return false;
  for (Id t = loop.firstStmt; t <= loop.lastStmt; ++t)
    if (mayWrite(program_.statement(t), varId)) return false;
  return known->second = true;
}

bool LoopAnalysis::unchangedBetween(const LoopRow& loop, const std::string& name, const StatementRow& from,
                                    const StatementRow& to) const {
  if (from.loopId != to.loopId || from.id >= to.id || (from.loopId != loop.id && !program_.within(from.loopId, loop.id)))
    return false;
  const Id varId = variableNamed(from, name);
  if (!varId) return false;
  const Variable& v = program_.variable(varId);
  if (v.pointer || v.target || v.equivalence != 0) return false;
  for (Id t = loop.firstStmt; t <= loop.lastStmt; ++t) {
    const StatementRow& st = program_.statement(t);
    if (st.jumps || !st.jumpLabels.empty() || st.kind == StatementKind::Unknown) return false;
  }
  for (Id t = from.id + 1; t < to.id; ++t)
    if (mayWrite(program_.statement(t), varId)) return false;
  return true;
}

const std::vector<Id>& LoopAnalysis::armsOf(Id constructStmt) const {
  if (armsOf_.empty())
    for (const BlockRow& b : program_.blocks)
      if (!b.isLoop() && b.constructStmt) armsOf_[b.constructStmt].push_back(b.id);
  static const std::vector<Id> none;
  auto found = armsOf_.find(constructStmt);
  return found == armsOf_.end() ? none : found->second;
}

bool LoopAnalysis::writeCut(const LoopRow& loop, Id l, Id stmt) const {
  const std::optional<std::set<Id>>& cut = cutLoops(loop);
  if (!cut || cut->count(l)) return true;
  const std::map<Id, Id>& cycled = cycledFrom_[loop.id];
  auto found = cycled.find(l);
  return found != cycled.end() && stmt > found->second;
}

const std::optional<std::set<Id>>& LoopAnalysis::cutLoops(const LoopRow& loop) const {
  auto [at, added] = cutLoops_.try_emplace(loop.id);
  if (!added) return at->second;
  std::set<Id> cut;
  std::map<Id, Id> cycled;
  // A CYCLE of `left` at `row`: the loops it leaves on the way are cut; `left`'s writes after it
  // are not certain (writeCut). Of the loop itself or one around it: the rest of the iteration,
  // reads and writes alike, is skipped.
  auto cycles = [&](const StatementRow& row, Id left) {
    if (left == loop.id || !program_.within(left, loop.id)) return;
    for (Id l = row.loopId; l && l != left; l = program_.loop(l).parentId) cut.insert(l);
    auto [known, first] = cycled.try_emplace(left, row.id);
    if (!first) known->second = std::min(known->second, row.id);
  };
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s) {
    const StatementRow& row = program_.statement(s);
    if (row.kind == StatementKind::Unknown) return at->second;
    if (row.jumps) {
      // A GO TO to the statement right after a loop inside this one, nothing kept in between (a
      // CONTINUE), leaves that loop as an EXIT would (NPB EP's GOTO 130 out of DO 120).
      if (row.jumpLabels.empty()) return at->second;
      for (int label : row.jumpLabels) {
        const LabelRow* target = program_.label(label);
        if (!target || !target->stmtId) return at->second;
        Id left = 0;
        for (Id l = row.loopId; l && l != loop.id && !left; l = program_.loop(l).parentId)
          if (program_.loop(l).lastStmt + 1 == target->stmtId) left = l;
        if (!left) return at->second;
        cut.insert(left);
      }
      continue;
    }
    for (std::optional<StatementKind> kind : {std::optional(row.kind), row.action}) {
      if (!kind || !transfersControl(*kind)) continue;
      if (*kind == StatementKind::Goto || *kind == StatementKind::ComputedGoto || *kind == StatementKind::ArithIf) {
        // A GO TO to the CONTINUE that ends a labeled DO around it (DO 1000 i ... GO TO 1000 ...
        // 1000 CONTINUE: F77's CYCLE; the front end marks it no jump) ends that loop's iteration
        // as a CYCLE would. Not to a terminal statement that does something: that still runs.
        if (row.jumpLabels.empty()) return at->second;
        for (int label : row.jumpLabels) {
          const LabelRow* target = program_.label(label);
          Id left = 0;
          for (Id l = row.loopId; l && !left && target && !target->stmtId; l = program_.loop(l).parentId)
            if (program_.loop(l).label == label && program_.loop(l).bodyBlock == target->blockId) left = l;
          if (!left) return at->second;
          if (!program_.within(left, loop.id) && !program_.within(loop.id, left)) return at->second;
          cycles(row, left);
        }
        continue;
      }
      if (*kind != StatementKind::Exit && *kind != StatementKind::Cycle) return at->second;
      // The loop it leaves: the one its construct name names, else the innermost around it.
      const facts::StatementExpressions& tree = program_.trees(row.id);
      const std::string& name = row.action ? (tree.action.empty() ? std::string() : tree.action.front().name) : tree.name;
      Id left = row.loopId;
      while (!name.empty() && left && program_.loop(left).construct != name) left = program_.loop(left).parentId;
      if (!left) return at->second;  // an EXIT from a BLOCK or IF construct, or not understood
      if (!program_.within(left, loop.id) && !program_.within(loop.id, left)) return at->second;
      if (*kind == StatementKind::Cycle) cycles(row, left);
      else if (left != loop.id && program_.within(left, loop.id)) cut.insert(left);
    }
  }
  cycledFrom_[loop.id] = std::move(cycled);
  at->second = std::move(cut);
  return at->second;
}

bool LoopAnalysis::coversSymbolically(const LoopRow& loop, const ArrayAccess& w, const ArrayAccess& r,
                                      const std::set<std::string>& innerVariables, const std::set<std::string>& written,
                                      const std::vector<Condition>& within, std::vector<Condition>* unmet) {
  if (w.stmtId >= r.stmtId || w.subscripts().size() != r.subscripts().size()) return false;
  // w's loops below `loop` that are not around r: they run through before r does.
  const std::vector<Id>& rLoops = r.loops();
  std::vector<Id> ownLoops;
  for (Id l : w.loops())
    if (program_.within(l, loop.id) && l != loop.id && std::find(rLoops.begin(), rLoops.end(), l) == rLoops.end())
      ownLoops.push_back(l);
  auto isOwn = [&](Id l) { return std::find(ownLoops.begin(), ownLoops.end(), l) != ownLoops.end(); };

  ReadSystem facts = readSystem(r, innerVariables, written);
  // terms + constant >= 0 as a condition on r's names (the variables of r's loops and names
  // fixed in the loop), for `unmet`; nullopt when an unknown is neither.
  auto asCondition = [&](const LinearSystem::Terms& terms, int64_t constant) -> std::optional<Condition> {
    Condition c;
    c.form = LinearExpr{true, constant, {}};
    for (const auto& [u, coeff] : terms) {
      std::string name;
      for (size_t k = 0; k < facts.rVars.size() && name.empty(); ++k)
        if (facts.rVars[k] == u) name = program_.loop(r.loops()[k]).var;
      for (auto it = facts.symbols.begin(); it != facts.symbols.end() && name.empty(); ++it)
        if (it->second == u) name = it->first;
      if (name.empty()) return std::nullopt;
      std::optional<LinearExpr> sum = combine(c.form, LinearExpr{true, 0, {{name, coeff}}}, 1);
      if (!sum) return std::nullopt;
      c.form = *sum;
    }
    return c;
  };
  // Whether terms + constant >= 0 holds in every run of r; else, with `unmet` given, kept for it
  // (handed over only if nothing else fails).
  std::vector<Condition> pending;
  auto holds = [&](const LinearSystem::Terms& terms, int64_t constant) {
    if (!facts.mayFail(terms, constant)) return true;
    if (!unmet) return false;
    std::optional<Condition> c = asCondition(terms, constant);
    if (!c) return false;
    pending.push_back(std::move(*c));
    return true;
  };
  for (const Condition& c : within) {
    LinearSystem::Terms t;
    if (!facts.addTerms(t, c.form, 1, rLoops)) return false;
    if (c.equal) facts.base.zero(t, c.form.constant);
    else facts.base.atLeastZero(t, c.form.constant);
  }
  // An own loop's range [low, high] as forms over r's loops and the invariants.
  struct Range {
    LinearSystem::Terms low, high;
    int64_t lowConstant = 0, highConstant = 0;
  };
  auto rangeOf = [&](Id l) -> std::optional<Range> {
    const AffineBounds& lb = affineBounds(l);
    if (!lb.step || (*lb.step != 1 && *lb.step != -1) || !lb.startExact || !lb.endExact) return std::nullopt;
    std::vector<Id> around;  // the loops around l
    for (Id x : w.loops()) {
      if (x == l) break;
      around.push_back(x);
    }
    const LinearExpr low = boundAtHeader(*lb.step > 0 ? *lb.startExact : *lb.endExact, program_.loop(l));
    const LinearExpr high = boundAtHeader(*lb.step > 0 ? *lb.endExact : *lb.startExact, program_.loop(l));
    Range range;
    if (!facts.addTerms(range.low, low, 1, around) || !facts.addTerms(range.high, high, 1, around)) return std::nullopt;
    range.lowConstant = low.constant;
    range.highConstant = high.constant;
    return range;
  };
  // A call's read of a whole dimension (a section a(:, j), an array passed whole): an unknown t
  // over the dimension's declared range, the subscript t.
  const Variable& array = program_.variable(r.varId);
  std::vector<std::optional<size_t>> ranged(r.subscripts().size());
  for (size_t d = 0; d < r.subscripts().size(); ++d) {
    if (r.subscripts()[d].affine) continue;
    if (!r.callId) return false;
    std::optional<std::pair<LinearExpr, LinearExpr>> dim = fixedDimension(array, d, true);
    if (!dim) return false;
    const size_t t = facts.base.unknown();
    LinearSystem::Terms low = {{t, 1}}, high = {{t, -1}};  // t - lower >= 0, lower + extent - 1 - t >= 0
    int64_t highConstant = 0;
    if (!facts.addTerms(low, dim->first, -1, rLoops) || !facts.addTerms(high, dim->first, 1, rLoops) ||
        !facts.addTerms(high, dim->second, 1, rLoops) ||
        __builtin_add_overflow(dim->first.constant, dim->second.constant, &highConstant) ||
        __builtin_sub_overflow(highConstant, 1, &highConstant))
      return false;
    facts.base.atLeastZero(low, -dim->first.constant);
    facts.base.atLeastZero(high, highConstant);
    ranged[d] = t;
  }
  std::set<Id> used;
  for (size_t d = 0; d < w.subscripts().size(); ++d) {
    const LinearExpr& ws = w.subscripts()[d];
    const LinearExpr& rs = r.subscripts()[d];
    if (!ws.affine) {
      // A section's dimension (tmp(:, k) = ...): r's element there within each of its bounds,
      // the bounds read where w is (names of loops around both, or fixed).
      if (!w.ranges || !(*w.ranges)[d] || (*w.ranges)[d]->low.empty() || (*w.ranges)[d]->high.empty()) return false;
      LinearSystem::Terms element;
      int64_t elementConstant = 0;
      if (ranged[d]) element.emplace_back(*ranged[d], 1);
      else if (!rs.affine || !facts.addTerms(element, rs, 1, rLoops)) return false;
      else elementConstant = rs.constant;
      for (int below = 1; below >= 0; --below)
        for (const LinearExpr& bound : below ? (*w.ranges)[d]->low : (*w.ranges)[d]->high) {
          // element - low >= 0, or high - element >= 0
          LinearSystem::Terms difference;
          for (const auto& [u, c] : element) difference.emplace_back(u, below ? c : -c);
          int64_t constant = 0;
          if (!facts.addTerms(difference, bound, below ? -1 : 1, w.loops()) ||
              (below ? __builtin_sub_overflow(elementConstant, bound.constant, &constant)
                     : __builtin_sub_overflow(bound.constant, elementConstant, &constant)) ||
              facts.mayFail(difference, constant))
            return false;
        }
      continue;
    }
    // ws = coeff·v + rest, v the variable of one own loop.
    Id own = 0;
    int64_t coeff = 0;
    LinearExpr rest;
    rest.constant = ws.constant;
    for (const auto& [name, c] : ws.terms) {
      Id l = 0;
      for (auto x = w.loops().rbegin(); x != w.loops().rend(); ++x)
        if (program_.loop(*x).var == name) {
          l = *x;
          break;
        }
      if (l && isOwn(l)) {
        if (own || c == 0) return false;
        own = l, coeff = c;
      } else {
        rest.terms.emplace_back(name, c);
      }
    }
    if (!own) {  // the same element in both: the same subscript, or one equal to it wherever r reads
      if (!rs.affine) return false;
      if (ws.constant == rs.constant && sortedTerms(ws) == sortedTerms(rs)) {
        for (const auto& [name, c] : ws.terms)
          if (!facts.unknownOf(name, w.loops()) || !facts.unknownOf(name, rLoops)) return false;
        continue;
      }
      // phiz(i, km + 1) written, phiz(i, 1) read where km = 0: rs - ws >= 0 and ws - rs >= 0. A
      // constant difference never vanishes; one in a loop's variable only where `within` pins it
      // (pe2(i, k) read for k = kt+1.. where k <= 1 after pe2(i, 1) = ...): not tried otherwise.
      std::optional<LinearExpr> difference = combine(rs, ws, -1);
      if (!difference || difference->terms.empty()) return false;
      if (within.empty())
        for (const auto& [name, c] : difference->terms)
          for (const std::vector<Id>* around : {&rLoops, &w.loops()})
            if (std::any_of(around->begin(), around->end(), [&](Id l) { return program_.loop(l).var == name; })) return false;
      LinearSystem::Terms above, below;
      int64_t aboveConstant = 0;
      if (!facts.addTerms(above, rs, 1, rLoops) || !facts.addTerms(above, ws, -1, w.loops()) ||
          __builtin_sub_overflow(rs.constant, ws.constant, &aboveConstant) || aboveConstant == INT64_MIN)
        return false;
      for (const auto& [u, c] : above) below.emplace_back(u, -c);
      if (facts.mayFail(above, aboveConstant) || facts.mayFail(below, -aboveConstant)) return false;
      continue;
    }
    if (!used.insert(own).second) return false;
    // The value of v that writes the element r reads: (rs - rest)/coeff, which must be an
    // integer wherever r reads: every coefficient of rs - rest (its names as unknowns, those
    // of both sides merged) and its constant a multiple of coeff (MG's x1(i1 - 1) written with
    // i1 = 2*j1 - d1 in one DO j1, read at 2*j1 - d1 ± 1 in another: j1 or j1 + 1).
    LinearSystem::Terms difference;
    if (ranged[d]) difference.emplace_back(*ranged[d], 1);
    else if (!facts.addTerms(difference, rs, 1, rLoops)) return false;
    if (!facts.addTerms(difference, rest, -1, w.loops())) return false;
    int64_t needConstant = 0;
    if (__builtin_sub_overflow(ranged[d] ? 0 : rs.constant, rest.constant, &needConstant)) return false;
    std::map<size_t, int64_t> merged;
    for (const auto& [u, c] : difference)
      if (__builtin_add_overflow(merged[u], c, &merged[u])) return false;
    LinearSystem::Terms need;
    for (const auto& [u, c] : merged) {
      if (c % coeff != 0) return false;
      if (c != 0) need.emplace_back(u, c / coeff);
    }
    if (needConstant % coeff != 0) return false;
    needConstant /= coeff;
    std::optional<Range> range = rangeOf(own);
    if (!range) return false;
    // need - low >= 0 and high - need >= 0 in every run of r.
    LinearSystem::Terms aboveLow = need, belowHigh = range->high;
    for (const auto& [u, c] : range->low) aboveLow.emplace_back(u, -c);
    for (const auto& [u, c] : need) belowHigh.emplace_back(u, -c);
    int64_t aboveLowConstant = 0, belowHighConstant = 0;
    if (__builtin_sub_overflow(needConstant, range->lowConstant, &aboveLowConstant) ||
        __builtin_sub_overflow(range->highConstant, needConstant, &belowHighConstant))
      return false;
    if (!holds(aboveLow, aboveLowConstant) || !holds(belowHigh, belowHighConstant)) return false;
  }
  // An own loop whose variable no subscript follows must run at least once.
  for (Id l : ownLoops) {
    if (used.count(l)) continue;
    std::optional<Range> range = rangeOf(l);
    if (!range) return false;
    LinearSystem::Terms runs = range->high;
    for (const auto& [u, c] : range->low) runs.emplace_back(u, -c);
    int64_t runsConstant = 0;
    if (__builtin_sub_overflow(range->highConstant, range->lowConstant, &runsConstant) || !holds(runs, runsConstant))
      return false;
  }
  if (pending.empty()) return true;
  *unmet = std::move(pending);
  return false;
}

void LoopAnalysis::privateArrays() {
  // The candidates: a loop's carried dependences on a local array that nothing else can see.
  std::vector<std::pair<Id, Id>> covered;  // (loop, array)
  for (const LoopRow& loop : program_.loops) {
    LoopResult& r = results_[program_.loopIndex(loop.id)];
    if (loop.lastStmt < loop.firstStmt || !loop.bodyBlock) continue;
    std::set<Id> arrays;
    for (size_t index : r.dependences) {
      const Dependence& d = dependences_[index];
      if (d.varId && !r.locArrays.count(d.varId)) arrays.insert(d.varId);
    }
    for (Id a : arrays) {
      const Variable& v = program_.variable(a);
      // A COMMON array each iteration writes before it reads (scratch that OpenMP codes make
      // THREADPRIVATE): private when no procedure reads it but after writing it in a loop's
      // iteration (scratchCommons_, whole-program) and no read here sees what the loop leaves
      // (below). Else shared, with a note that says what would make it private.
      if (v.isArray() && v.storage == Storage::Common && v.common >= 0 && !v.derived && v.equivalence == 0 && !v.pointer &&
          !v.target && !v.pointerComponents && readIn(loop, a) && coverageInEachIteration(loop, a).covered) {
        commonCandidates_.insert(a);
        if (scratchCommons_ && scratchCommons_->count(a)) {
          covered.emplace_back(loop.id, a);
          continue;
        }
        if (!workArray(loop, a)) continue;  // the note is for the scratch arrays of OpenMP codes
        const std::string block = program_.commonBlocks[static_cast<size_t>(v.common)];
        r.reasons.push_back({ReasonKind::NearlyPrivate, false, v.name, loop.line,
                             "each iteration writes the elements of " + v.name + " it reads, but " + v.name + " is in COMMON /" +
                                 block + "/, where another procedure may read what the loop leaves: " + v.name +
                                 " would be private (PRIVATE(" + upperCase(v.name) + ")) were it a local array"});
        continue;
      }
      if (v.storage == Storage::Common) continue;
      // An array of a derived type is left shared: a write of one component (w(1)%a) does not
      // cover a read of another (w(1)%b), and its references do not always say which.
      if (!v.isArray() || v.derived || v.storage != Storage::Local || v.save || v.associated() || v.pointer || v.target ||
          v.pointerComponents || effects_.reach(a, program_.current) != Reach::Local)
        continue;
      IterationCoverage coverage = coverageInEachIteration(loop, a);
      if (coverage.covered) covered.emplace_back(loop.id, a);
      else if (coverage.uncoveredRead) nearlyPrivateNote(loop, a, *coverage.uncoveredRead, r);
    }
  }
  if (covered.empty()) return;
  // Whether a value a loop leaves in the array may be read after it. A read inside another loop
  // whose every iteration writes what it reads needs no value from before that loop's iteration:
  // it is no use here, unless that loop holds this one (the iteration's writes may be this
  // loop's: x(1) = 0; DO i: x(1) = ...; END DO; z(j) = x(1)). Such pairs get a liveness of
  // their own.
  auto holdsCovered = [&](Id loopId, Id array) {
    return std::any_of(covered.begin(), covered.end(), [&](const std::pair<Id, Id>& c) {
      return c.second == array && c.first != loopId && program_.within(loopId, c.first);
    });
  };
  // A scratch COMMON array: what other procedures read is after their own writes (scratchCommons_),
  // so only this procedure's reads count, not its callees' nor its caller's.
  auto scratchCommon = [&](Id array) { return program_.variable(array).storage == Storage::Common; };
  auto inWhere = [&](const StatementRow& s) {
    for (Id b = s.blockId; b != 0; b = program_.block(b).parentId)
      if (const BlockRow& block = program_.block(b);
          !block.isLoop() && block.constructStmt && program_.statement(block.constructStmt).kind == StatementKind::WhereConstruct)
        return true;
    return false;
  };
  auto readsOf = [&](const std::set<Id>& tracked, Id insideOf) {
    auto inCoveredLoop = [&](Id stmt, Id array) {
      for (const auto& [loopId, a] : covered) {
        const LoopRow& l = program_.loop(loopId);
        if (a == array && stmt >= l.firstStmt && stmt <= l.lastStmt &&
            !(insideOf && loopId != insideOf && program_.within(insideOf, loopId)))
          return true;
      }
      return false;
    };
    std::vector<StatementEffects> reads(program_.statements.size());
    for (const StatementRow& s : program_.statements) {
      StatementEffects& e = reads[program_.statementIndex(s.id)];
      e.opaqueCall = effectsOf(s.id).opaqueCall;
      for (Id refId : s.arrayRefs) {
        const ArrayRefRow& ref = program_.arrayRef(refId);
        // A call's effects stand for its arguments (as in arrays()): one that writes all of an
        // array before reading any reads none of what the loop left (Effects::of).
        if (ref.access == Access::Read && ref.context != RefContext::CallArg && tracked.count(ref.varId) &&
            !inCoveredLoop(s.id, ref.varId))
          e.scalars.push_back({ref.varId, 'R'});
      }
      for (const CallArrayAccess& c : effectsOf(s.id).arrays)
        if (c.access == 'R' && tracked.count(c.varId) && !inCoveredLoop(s.id, c.varId) &&
            !(c.argument == 0 && scratchCommon(c.varId)))
          e.scalars.push_back({c.varId, 'R'});
      // What sets all of an array whenever the statement runs ends the life of what the loop left
      // in it: an assignment to the whole of it outside a WHERE (w = 0, w(:) = 0), a CALL
      // statement's call that writes all of it before reading any (definesAll).
      if (s.kind == StatementKind::Assignment && !inWhere(s))
        for (Id refId : s.arrayRefs) {
          const ArrayRefRow& ref = program_.arrayRef(refId);
          if (ref.access == Access::Write && ref.context == RefContext::Lhs && tracked.count(ref.varId) &&
              everyElementNamed(ref, program_.variable(ref.varId).rank))
            e.scalars.push_back({ref.varId, 'W', true});
        }
      if (s.kind == StatementKind::Call)
        for (const CallArrayAccess& c : effectsOf(s.id).arrays)
          if (c.access == 'W' && c.definesAll && tracked.count(c.varId) && program_.call(c.callId).kind == CallKind::Subroutine)
            e.scalars.push_back({c.varId, 'W', true});
    }
    return reads;
  };
  std::set<Id> tracked;
  for (const auto& [loopId, array] : covered)
    if (!holdsCovered(loopId, array) && !scratchCommon(array)) tracked.insert(array);
  const std::vector<StatementEffects> reads = readsOf(tracked, 0);
  Liveness live(flowGraph(), program_, effects_, std::vector<Id>(tracked.begin(), tracked.end()),
                [&](Id stmt) -> const StatementEffects& { return reads[program_.statementIndex(stmt)]; });
  auto readAfter = [&](Id loopId, Id array) -> std::optional<Liveness::Read> {
    if (!holdsCovered(loopId, array) && !scratchCommon(array)) return live.readAfter(loopId, array);
    const std::vector<StatementEffects> own = readsOf({array}, holdsCovered(loopId, array) ? loopId : 0);
    Liveness ownLive(flowGraph(), program_, effects_, {array},
                     [&](Id stmt) -> const StatementEffects& { return own[program_.statementIndex(stmt)]; },
                     scratchCommon(array) ? Liveness::Uses::OwnReads : Liveness::Uses::All);
    return ownLive.readAfter(loopId, array);
  };
  for (const auto& [loopId, array] : covered) {
    LoopResult& r = results_[program_.loopIndex(loopId)];
    if (std::optional<Liveness::Read> read = readAfter(loopId, array)) {
      // What would make the loop parallel, for --explain: the value need not be kept.
      const std::string& name = program_.variable(array).name;
      r.reasons.push_back({ReasonKind::LiveAfter, false, name, read->line,
                           "every iteration writes the elements of " + name + " it reads: " + name + " would be private (PRIVATE(" +
                               upperCase(name) + ")) were its value not read after the loop (" + line(read->line) + ")"});
      continue;
    }
    std::erase_if(r.dependences, [&](size_t index) { return dependences_[index].varId == array; });
    const ArrayAccess* first = nullptr;
    for (const ArrayAccess* a : accessesIn(loopId))
      if (a->varId == array && (!first || a->stmtId < first->stmtId)) first = a;
    Trait t;
    t.varId = array;
    t.name = program_.variable(array).name;
    t.trait = TraitKind::Private;
    t.liveAfter = false;
    t.firstStmt = first ? first->stmtId : 0;
    t.line = first ? first->line : 0;
    r.traits.push_back(std::move(t));
  }
}

bool LoopAnalysis::workArray(const LoopRow& loop, Id varId) {
  if (loop.var.empty()) return false;
  const std::set<std::string>& written = results_[program_.loopIndex(loop.id)].written;
  std::set<std::string> inner;
  for (const LoopRow& l : program_.loops)
    if (l.id != loop.id && program_.within(l.id, loop.id)) inner.insert(l.var);
  for (const ArrayAccess* a : accessesIn(loop.id)) {
    if (a->varId != varId) continue;
    for (const LinearExpr& form : a->subscripts()) {
      if (!form.affine) return false;
      for (const auto& [name, coefficient] : form.terms)
        if (name == loop.var || (written.count(name) && !inner.count(name))) return false;
    }
  }
  return true;
}

std::vector<StatementEffects> LoopAnalysis::scratchScalarAccesses(Id varId) const {
  std::vector<StatementEffects> out(program_.statements.size());
  for (const StatementRow& s : program_.statements) {
    StatementEffects& e = out[program_.statementIndex(s.id)];
    for (const ScalarAccess& a : effectsOf(s.id).scalars)
      if (a.varId == varId && !(a.access == 'R' && a.callId && !a.viaArgument)) e.scalars.push_back(a);
  }
  return out;
}

bool LoopAnalysis::readOnlyAfterWriting(Id varId) {
  if (!program_.variable(varId).isArray()) {
    // A scalar: no read sees the value it had when the procedure started, nor one a call may
    // have written (the call may run the loop that leaves it undefined).
    for (const StatementRow& s : program_.statements) {
      if (s.kind == StatementKind::Unknown) return false;
      for (Id refId : s.arrayRefs)
        if (program_.arrayRef(refId).varId == varId) return false;  // a substring, ...: not followed
    }
    const std::vector<StatementEffects> reads = scratchScalarAccesses(varId);
    Liveness live(flowGraph(), program_, effects_, {varId},
                  [&](Id stmt) -> const StatementEffects& { return reads[program_.statementIndex(stmt)]; }, Liveness::Uses::OwnReads);
    if (live.liveAtEntry(varId)) return false;
    for (const StatementRow& s : program_.statements)
      for (const ScalarAccess& a : effectsOf(s.id).scalars)
        if (a.varId == varId && a.callId && a.access == 'W' && live.liveAround(s.id, varId)) return false;
    return true;
  }
  for (const StatementRow& s : program_.statements) {
    if (s.kind == StatementKind::Unknown) return false;  // what it reads is unknown
    std::vector<Id> reads;  // its references that read varId (0: a call's read of what it is passed)
    for (Id refId : s.arrayRefs) {
      const ArrayRefRow& ref = program_.arrayRef(refId);
      // a call's effects stand for its arguments (as in arrays())
      if (ref.varId == varId && ref.access == Access::Read && ref.context != RefContext::CallArg) reads.push_back(refId);
    }
    for (const CallArrayAccess& c : effectsOf(s.id).arrays)
      if (c.varId == varId && c.access == 'R' && c.argument != 0) reads.push_back(0);
    for (const ScalarRefRow& r : s.scalars)
      if (r.varId == varId) return false;
    for (const ScalarAccess& a : effectsOf(s.id).scalars)
      if (a.varId == varId) return false;
    if (reads.empty()) continue;
    // A loop around the statement whose every iteration writes what it reads (its calls reaching
    // the array through COMMON are no such loop: coverageInEachIteration), the statement's
    // accesses among those it covers (a nest too large to analyze has none).
    bool covered = false;
    for (Id l = s.loopId; l != 0 && !covered; l = program_.loop(l).parentId) {
      const std::vector<const ArrayAccess*> in = accessesIn(l);
      bool seen = std::all_of(reads.begin(), reads.end(), [&](Id refId) {
        return std::any_of(in.begin(), in.end(), [&](const ArrayAccess* a) {
          return a->stmtId == s.id && a->varId == varId && a->access == 'R' && (refId ? a->refId == refId : a->callId != 0);
        });
      });
      covered = seen && coverageInEachIteration(program_.loop(l), varId).covered;
    }
    if (!covered) return false;
  }
  return true;
}

bool LoopAnalysis::readIn(const LoopRow& loop, Id varId) {
  const std::vector<const ArrayAccess*> all = accessesIn(loop.id);
  return std::any_of(all.begin(), all.end(), [&](const ArrayAccess* a) { return a->varId == varId && a->access == 'R'; });
}

void LoopAnalysis::nearlyPrivateNote(const LoopRow& loop, Id varId, const ArrayAccess& read, LoopResult& result) {
  if (!read.ref || !workArray(loop, varId)) return;
  const ArrayAccess* earlierWrite = nullptr;
  for (const ArrayAccess* a : accessesIn(loop.id)) {
    if (a->varId != varId) continue;
    if (a->access == 'W' && !a->callId && a->stmtId < read.stmtId && assignedInEveryIteration(loop, *a) &&
        (!earlierWrite || a->stmtId < earlierWrite->stmtId))
      earlierWrite = a;
  }
  if (!earlierWrite) return;
  const std::string& name = program_.variable(varId).name;
  result.reasons.push_back({ReasonKind::NearlyPrivate, false, name, read.line,
                            "each iteration writes " + name + " (" + earlierWrite->text() + " at " + line(earlierWrite->line) +
                                ") before it reads it, but the analysis cannot show that the read " + read.text() + " at " +
                                line(read.line) + " reads an element the same iteration wrote first; if it does (or is made "
                                "to), " + name + " is private to the iteration (PRIVATE(" + upperCase(name) + "))"});
}

void LoopAnalysis::sameValueWrites() {
  // Whichever iteration writes an element last, it writes the value every other one would: the
  // array ends the same in any order (CloverLeaf's generate_chunk sets xvel0(jt, kt) =
  // state_xvel(state) over the overlapping 2x2 vertices of neighbouring cells).
  std::map<std::pair<Id, Id>, bool> known;  // (loop, array) -> writesOneValue
  for (const LoopRow& loop : program_.loops) {
    LoopResult& r = results_[program_.loopIndex(loop.id)];
    std::erase_if(r.dependences, [&](size_t index) {
      const Dependence& d = dependences_[index];
      if (!d.source || !d.sink || d.source->access != 'W' || d.sink->access != 'W' || d.source->varId != d.varId ||
          d.sink->varId != d.varId || !d.varId)
        return false;
      auto [at, added] = known.try_emplace({d.loopId, d.varId}, false);
      if (added) at->second = writesOneValue(program_.loop(d.loopId), d.varId);
      return at->second;
    });
  }
}

bool LoopAnalysis::writesOneValue(const LoopRow& loop, Id varId) {
  const Variable& v = program_.variable(varId);
  if (v.pointer || v.target || v.equivalence || v.pointerComponents) return false;
  std::optional<facts::Expression> value;
  for (const ArrayAccess* a : accessesIn(loop.id)) {
    if (a->varId != varId) continue;
    // Only assignments to it: no read, no call, no READ into it.
    if (a->access != 'W' || a->callId || !a->ref || a->ref->context != RefContext::Lhs) return false;
    const StatementRow& s = program_.statement(a->stmtId);
    const facts::StatementExpressions& tree = program_.trees(s.id);
    const std::vector<facts::Expression>* exprs = nullptr;
    if (s.kind == StatementKind::Assignment) exprs = &tree.exprs;
    else if (s.kind == StatementKind::If && s.action == StatementKind::Assignment && tree.action.size() == 1) exprs = &tree.action[0].exprs;
    if (!exprs || exprs->size() != 2) return false;
    if (!value) {
      if (!invariantIn((*exprs)[1], loop, s)) return false;
      value = (*exprs)[1];
    } else if (!(*value == (*exprs)[1])) {
      return false;
    }
  }
  return value.has_value();
}

bool LoopAnalysis::invariantIn(const facts::Expression& e, const LoopRow& loop, const StatementRow& s) const {
  using K = facts::ExpressionKind;
  auto all = [&](const std::vector<facts::Expression>& args) {
    return std::all_of(args.begin(), args.end(), [&](const facts::Expression& a) { return invariantIn(a, loop, s); });
  };
  switch (e.kind) {
    case K::Integer: case K::Real: case K::Logical: case K::Constant: case K::String:
      return true;
    case K::Operator: case K::Paren:
      return all(e.args);
    case K::Keyword:
      return e.args.size() == 1 && invariantIn(e.args[0], loop, s);
    case K::Intrinsic: {
      const facts::IntrinsicInfo* info = facts::findIntrinsic(e.text);
      return info && info->cls != facts::IntrinsicClass::Other && all(e.args);
    }
    case K::Name: case K::Element:
      // Not the variable of this loop or of one inside it, nor storage anything in it changes.
      for (const LoopRow& l : program_.loops)
        if ((l.id == loop.id || program_.within(l.id, loop.id)) && l.var == e.text) return false;
      // A name alone is a scalar: a whole array's value would be an array (an allocatable
      // assigned it may be allocated again, in every iteration at once).
      if (e.kind == K::Name && std::none_of(s.scalars.begin(), s.scalars.end(), [&](const ScalarRefRow& r) {
            const Variable& v = program_.variable(r.varId);
            return v.name == e.text && !v.isArray();
          }))
        return false;
      return unchangedInLoop(loop, e.text, s) && all(e.args);
    default:
      return false;
  }
}

void LoopAnalysis::arrayReasons(LoopResult& result) {
  std::set<std::tuple<std::string, std::string, bool>> said;
  for (size_t index : result.dependences) {
    const Dependence& d = dependences_[index];
    if (result.locArrays.count(d.varId)) continue;
    if (!said.insert({d.name, d.unknown ? std::string("unknown") : std::string(nameOf(d.kind)), d.unknown}).second) continue;
    const ArrayAccess& s = *d.source;
    const ArrayAccess& t = *d.sink;
    auto verb = [](const ArrayAccess& x) { return x.access == 'W' ? "written" : "read"; };
    std::string where = "(" + s.text() + " " + verb(s) + " at " + line(s.line) + ", " + t.text() + " " + verb(t) + " at " +
                        line(t.line) + ")";
    if (d.unknown) {
      result.reasons.push_back({ReasonKind::Unknown, true, d.name, t.line,
                                "unknown dependence on " + d.name + ": " + (d.note.empty() ? "it cannot be excluded" : d.note) +
                                    " " + where});
      continue;
    }
    std::string message = std::string(nameOf(d.kind)) + " dependence on " + d.name;
    if (d.distance) message += " with distance " + std::to_string(*d.distance);
    message += " at level " + std::to_string(d.level);
    if (!d.note.empty()) message += ": " + d.note;  // two arrays sharing storage
    message += " " + where;
    result.reasons.push_back({reasonOf(d.kind), true, d.name, t.line, message});
  }
}

void LoopAnalysis::otherReasons(const LoopRow& loop, LoopResult& result) {
  std::vector<Reason> found;
  if (loop.kind == LoopKind::DoWhile) found.push_back({ReasonKind::NotCounted, true, "", loop.line, "not a counted DO loop (DO WHILE)"});
  if (loop.kind == LoopKind::DoForever)
    found.push_back({ReasonKind::NotCounted, true, "", loop.line, "not a counted DO loop (DO without a loop control)"});
  if (loop.varId) {
    const Variable& v = program_.variable(loop.varId);
    if (!v.integer)
      found.push_back({ReasonKind::Irregular, true, v.name, loop.line, "the loop variable " + v.name + " is not an integer"});
  }
  if (!loop.step.empty() && loop.stepValue && *loop.stepValue == 0)
    found.push_back({ReasonKind::Irregular, true, "", loop.line, "the step is zero"});
  auto [firstObstacle, endObstacle] = program_.obstaclesOf(loop.id);
  // The statement an obstacle is (or a logical IF's action is): the last one in the loop that
  // starts at or before it.
  auto statementAt = [&](const ObstacleRow& o) -> Id {
    if (loop.lastStmt < loop.firstStmt) return 0;
    const auto first = program_.statements.begin() + static_cast<std::ptrdiff_t>(program_.statementIndex(loop.firstStmt));
    const auto end = program_.statements.begin() + static_cast<std::ptrdiff_t>(program_.statementIndex(loop.lastStmt)) + 1;
    auto after = std::upper_bound(first, end, std::make_pair(o.line, o.col), [](const std::pair<int, int>& at, const StatementRow& st) {
      return at < std::make_pair(st.line, st.col);
    });
    return after == first ? 0 : std::prev(after)->id;
  };
  for (size_t i = firstObstacle; i < endObstacle; ++i) {
    const ObstacleRow& o = program_.obstacles[i];
    std::string message;
    // A logical IF's action that never runs (its condition folds to false: IF (debug) PRINT ...
    // with debug a .FALSE. named constant) is no obstacle, nor a statement in an IF construct's
    // arm that never runs.
    if (o.kind != ObstacleKind::Call && o.kind != ObstacleKind::Unparsed)
      if (const Id at = statementAt(o);
          at && (program_.actionRuns(program_.statement(at)) == false || program_.neverRuns(program_.statement(at))))
        continue;
    // An error exit: the program ends in it or after it, within the iteration (Endings).
    if ((o.kind == ObstacleKind::Stop && o.detail == "STOP") ||
        (o.kind == ObstacleKind::Io && endings_ && statementAt(o) && endings_->actionEnds(statementAt(o)))) {
      found.push_back({ReasonKind::Stop, false, "", o.line,
                       o.kind == ObstacleKind::Stop
                           ? "STOP at " + line(o.line) + " ends the program: the loop runs on the host only"
                           : "input/output at " + line(o.line) + " (" + o.detail +
                                 ") is on a path that ends the program (an error exit): the loop runs on the host only"});
      continue;
    }
    switch (o.kind) {
      case ObstacleKind::Call: continue;
      case ObstacleKind::Io: message = "input/output at " + line(o.line) + " (" + o.detail + ")"; break;
      case ObstacleKind::Stop: message = o.detail + " at " + line(o.line); break;
      case ObstacleKind::GotoOut: message = o.detail + " out of the loop at " + line(o.line); break;
      case ObstacleKind::Unparsed:
        message = "the " + o.detail + " statement at " + line(o.line) + " could not be parsed: what it does is unknown";
        break;
      case ObstacleKind::Exit: message = o.detail + " at " + line(o.line) + " leaves the loop early"; break;
      case ObstacleKind::Return: message = "RETURN at " + line(o.line) + " leaves the procedure"; break;
    }
    found.push_back({reasonOf(o.kind), true, "", o.line, message});
  }
  // A statement of the procedure the front end could not read (a syntax error, a Cray POINTER it
  // skips), wherever it stands: what it does, declares or aliases is unknown.
  if (const ProcedureRow& p = program_.procedure(program_.current);
      p.unreadLine && std::none_of(found.begin(), found.end(), [](const Reason& r) { return r.kind == ReasonKind::Unparsed; }))
    found.push_back({ReasonKind::Unparsed, true, "", p.unreadLine,
                     "line " + std::to_string(p.unreadLine) + " of " + p.name +
                         " could not be read (a syntax error, or a statement skipped as unsupported): what it does is unknown"});
  // A pointer assignment: a GPU handler has no Fortran pointers to set (the loop may still be
  // parallel, on the host).
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s) {
    const StatementRow& st = program_.statement(s);
    if (st.kind == StatementKind::PointerAssignment || (st.kind == StatementKind::If && st.action == StatementKind::PointerAssignment)) {
      found.push_back({ReasonKind::HostOnly, false, "", st.line,
                       "pointer assignment at " + line(st.line) + ": the loop runs on the host only"});
      break;
    }
  }
  std::set<std::string> said;
  for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s)
    if (std::optional<std::string> freed = effects_.deallocatedPointer(program_.statement(s)))
      found.push_back({ReasonKind::Unknown, true, *freed, program_.statement(s).line,
                       "DEALLOCATE of " + *freed + " at " + line(program_.statement(s).line) +
                           ", a POINTER: another pointer may point at what it frees"});
  if (loop.lastStmt >= loop.firstStmt)
    for (Id s = loop.firstStmt; s <= loop.lastStmt; ++s)
      for (const CallProblem& p : effectsOf(s).problems)
        if (said.insert(p.message).second)
          found.push_back({p.kind, p.blocking, p.name, program_.call(p.callId).line, p.message});
  result.reasons.insert(result.reasons.begin(), found.begin(), found.end());
}

}  // namespace sapfor::analyzer

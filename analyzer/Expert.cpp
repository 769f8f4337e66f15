/// @file Expert.cpp
#include "analyzer/Expert.hpp"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

namespace sapfor::analyzer {

namespace {

std::string line(int n) { return "line " + std::to_string(n); }

std::string join(const std::vector<std::string>& items, const char* separator = ", ") {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

/// Whether `text` mentions `name` as a whole word.
bool mentionsWord(const std::string& text, const std::string& name) {
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    bool before = at > 0 && word(text[at - 1]);
    bool after = at + name.size() < text.size() && word(text[at + name.size()]);
    if (!before && !after) return true;
  }
  return false;
}

/// A subscript `v + c` with v one of `vars` (coefficient 1): v's index in vars, and c.
std::optional<std::pair<size_t, int64_t>> offsetOf(const LinearExpr& s, const std::vector<std::string>& vars) {
  if (!s.affine || s.terms.size() != 1 || s.terms[0].second != 1) return std::nullopt;
  auto at = std::find(vars.begin(), vars.end(), s.terms[0].first);
  if (at == vars.end()) return std::nullopt;
  return std::make_pair(static_cast<size_t>(at - vars.begin()), s.constant);
}

/// A subscript `c·v + b` with v one of `vars`: v's index, c and b (an ON clause may map a loop
/// to every c-th element).
std::optional<std::tuple<size_t, int64_t, int64_t>> linearOf(const LinearExpr& s, const std::vector<std::string>& vars) {
  if (!s.affine || s.terms.size() != 1) return std::nullopt;
  auto at = std::find(vars.begin(), vars.end(), s.terms[0].first);
  if (at == vars.end()) return std::nullopt;
  return std::make_tuple(static_cast<size_t>(at - vars.begin()), s.terms[0].second, s.constant);
}

bool mentionsAny(const LinearExpr& s, const std::vector<std::string>& vars) {
  for (const auto& [var, coeff] : s.terms)
    if (std::find(vars.begin(), vars.end(), var) != vars.end()) return true;
  return false;
}

std::string offsetText(const std::string& var, int64_t c, int64_t coeff = 1) {
  std::string out = coeff == 1 ? upperCase(var) : coeff == -1 ? "-" + upperCase(var) : std::to_string(coeff) + "*" + upperCase(var);
  if (c > 0) out += "+" + std::to_string(c);
  if (c < 0) out += std::to_string(c);
  return out;
}

const char* reductionWord(const std::string& op) {
  if (op == "sum") return "a sum";
  if (op == "product") return "a product";
  if (op == "max") return "a maximum";
  if (op == "min") return "a minimum";
  if (op == "maxloc") return "a maximum with its location (MAXLOC)";
  if (op == "minloc") return "a minimum with its location (MINLOC)";
  return "a logical reduction";
}

std::string reductionClause(const Trait& t) {
  std::string text = upperCase(t.op) + "(" + upperCase(t.name);
  if (!t.locVar.empty()) text += ", " + upperCase(t.locVar) + ", " + std::to_string(t.locCount.value_or(1));
  return text + ")";
}

std::string acrossText(const std::string& array, const AcrossWidths& widths) {
  std::vector<std::string> dims;
  for (const AcrossWidth& w : widths) dims.push_back(std::to_string(w.low) + ":" + std::to_string(w.high));
  return upperCase(array) + "(" + join(dims) + ")";
}

}  // namespace

DirectiveIndex::DirectiveIndex(const Program& program) {
  for (const DirectiveRow& d : program.directives) add(d);
}

void DirectiveIndex::add(const DirectiveRow& d) {
  if (d.sentinel != "dvm") return;
  if (d.kind == "DISTRIBUTE")
    for (const std::string& n : d.names("distribute")) distributed.insert({d.procId, n});
  if (d.kind == "ALIGN")
    for (const std::string& n : d.names("align")) aligned.insert({d.procId, n});
  if (d.kind == "PARALLEL" && d.loopId) parallelByProcedure[d.procId].push_back(&d);
}

Expert::Expert(const Program& program, const LoopAnalysis& analysis, const DirectiveIndex& index)
    : program_(program), analysis_(analysis), index_(index) {
  verdicts_.resize(program.loops.size());
  std::vector<Id> tops;  // the procedure's outermost loops, in order
  for (const LoopRow& l : program.loops) {
    Verdict& v = verdicts_[program.loopIndex(l.id)];
    v.loopId = l.id;
    v.analysisParallel = analysis.result(l.id).parallel;
    if (!l.parentId) tops.push_back(l.id);
  }
  procedure(tops);

  if (auto user = index.parallelByProcedure.find(program.current); user != index.parallelByProcedure.end())
    for (const DirectiveRow* d : user->second) {
      for (Id l : userNest(*d)) verdicts_[program.loopIndex(l)].userDirective = true;
      checkUserDirective(*d);
    }
  for (Verdict& v : verdicts_) {
    v.parallel = v.analysisParallel || v.userDirective;
    v.source = !v.userDirective ? "analysis" : v.analysisParallel ? "both" : "user directive";
  }
}

// ---- nests ----------------------------------------------------------------------------------

bool Expert::rectangular(const LoopRow& loop, const std::vector<Id>& nest) const {
  const bool lattice = latticeStart(loop);
  for (Id outer : nest) {
    const std::string& var = program_.loop(outer).var;
    if (!lattice)
      for (const auto& [name, coeff] : loop.lowerForm.terms)
        if (name == var) return false;
    for (const auto& [name, coeff] : loop.upperForm.terms)
      if (name == var) return false;
    if ((!lattice && !loop.lowerForm.affine && mentionsWord(loop.lower, var)) ||
        (!loop.upperForm.affine && mentionsWord(loop.upper, var)) || mentionsWord(loop.step, var))
      return false;
  }
  return true;
}

bool Expert::latticeStart(const LoopRow& loop) const {
  if (!loop.headerStmt || loop.kind != LoopKind::Do || !loop.stepValue || *loop.stepValue < 2) return false;
  const std::vector<facts::Expression>& exprs = program_.trees(loop.headerStmt).exprs;
  if (exprs.empty()) return false;
  // x: names and integers under + - * (an outer loop's variable and a shift, 2 + MOD(j + k, 2)).
  std::function<bool(const facts::Expression&)> plain = [&](const facts::Expression& e) {
    using K = facts::ExpressionKind;
    if (e.kind == K::Name || e.kind == K::Integer) return true;
    if (e.kind == K::Paren) return plain(e.args[0]);
    return e.kind == K::Operator && (e.text == "+" || e.text == "-" || e.text == "*") &&
           std::all_of(e.args.begin(), e.args.end(), plain);
  };
  auto isModOfStep = [&](const facts::Expression& e) {
    const facts::Expression& m = facts::withoutParens(e);
    if (m.kind != facts::ExpressionKind::Intrinsic || m.text != "mod" || m.args.size() != 2 || !plain(m.args[0])) return false;
    const facts::Expression& modulus = facts::withoutParens(m.args[1]);
    return modulus.kind == facts::ExpressionKind::Integer && modulus.value == *loop.stepValue;
  };
  const facts::Expression& start = facts::withoutParens(exprs[0]);
  if (isModOfStep(start)) return true;
  if (start.kind != facts::ExpressionKind::Operator || start.text != "+" || start.args.size() != 2) return false;
  auto isInteger = [](const facts::Expression& e) { return facts::withoutParens(e).kind == facts::ExpressionKind::Integer; };
  return (isInteger(start.args[0]) && isModOfStep(start.args[1])) || (isModOfStep(start.args[0]) && isInteger(start.args[1]));
}

/// The loop with the tightly nested parallel rectangular loops under it.
std::vector<Id> Expert::independentNest(Id loopId) {
  std::vector<Id> nest = {loopId};
  for (Id current = loopId;;) {
    const LoopRow& l = program_.loop(current);
    if (!l.tightlyNested || l.children.size() != 1) break;
    const LoopRow& inner = program_.loop(l.children[0]);
    if (!inner.counted() || !analysis_.result(inner.id).parallel) break;
    if (!rectangular(inner, nest)) {
      std::vector<std::string> vars;
      for (Id n : nest) vars.push_back(upperCase(program_.loop(n).var));
      notes_.push_back({inner.id, {ReasonKind::NonRectangular, false, "", inner.line,
                                   "not grouped with the enclosing loops in one PARALLEL: its bounds depend on " + join(vars) +
                                       " (non-rectangular)"}});
      break;
    }
    if (!reductionsFold(loopId, inner.id)) break;
    nest.push_back(inner.id);
    current = inner.id;
  }
  return nest;
}

bool Expert::reductionsFold(Id outer, Id inner) const {
  const std::vector<Trait>& outerTraits = analysis_.result(outer).traits;
  for (const Trait& t : analysis_.result(inner).traits) {
    if (t.trait != TraitKind::Reduction) continue;
    auto same = std::find_if(outerTraits.begin(), outerTraits.end(), [&](const Trait& o) { return o.name == t.name; });
    if (same == outerTraits.end() || same->trait != TraitKind::Reduction || same->op != t.op) return false;
  }
  return true;
}

std::optional<int64_t> Expert::knownIterations(const std::vector<Id>& nest) const {
  int64_t iterations = 1;
  for (Id l : nest) {
    std::optional<int64_t> trips = program_.loop(l).tripCount;
    if (!trips || __builtin_mul_overflow(iterations, std::max<int64_t>(*trips, 0), &iterations)) return std::nullopt;
  }
  return iterations;
}

bool Expert::largerParallelInside(Id loopId) const {
  for (Id child : program_.loop(loopId).children) {
    const LoopRow& c = program_.loop(child);
    const LoopResult& r = analysis_.result(child);
    const bool large = !c.tripCount || *c.tripCount >= kMinKernelIterations;
    if ((c.counted() && large && (r.parallel || r.acrossCandidate)) || largerParallelInside(child)) return true;
  }
  return false;
}

bool Expert::place(Id loopId, std::vector<Nest>& nests) {
  const LoopRow& loop = program_.loop(loopId);
  const LoopResult& r = analysis_.result(loopId);
  // In an IF construct's arm that never runs (CICE's IF (l_monotonicity_check) THEN with a .FALSE.
  // PARAMETER): no kernel for it nor for the loops inside it.
  if (const Id dead = loop.headerStmt ? program_.foldedDeadArmConstruct(program_.statement(loop.headerStmt)) : 0) {
    notes_.push_back({loopId, {ReasonKind::NeverRuns, false, "", loop.line,
                               "not proposed: it never runs (the conditions of the IF construct at line " +
                                   std::to_string(program_.statement(dead).line) + " fold to constants that skip it)"}});
    return true;
  }
  // A call of something that runs on the host only (a timer), or a path that ends the program (a
  // STOP, an error exit's I/O: no GPU handler has them): no kernel; the loops inside may be.
  if (std::any_of(r.reasons.begin(), r.reasons.end(), [](const Reason& x) {
        return x.kind == ReasonKind::HostOnly || (x.kind == ReasonKind::Stop && !x.blocking);
      }))
    return false;
  if (loop.counted() && r.parallel) {
    std::vector<Id> nest = independentNest(loopId);
    // Known to run fewer iterations than a warp has threads (a DO m = 1, 5 around the work):
    // not worth a kernel when a loop inside it is.
    std::optional<int64_t> iterations = knownIterations(nest);
    if (iterations && *iterations < kMinKernelIterations && largerParallelInside(nest.back())) {
      notes_.push_back({loopId, {ReasonKind::TooFewIterations, false, "", loop.line,
                                 "parallel, but not proposed: it runs " + std::to_string(*iterations) + " iteration" +
                                     (*iterations == 1 ? "" : "s") + ", fewer than a warp's " +
                                     std::to_string(kMinKernelIterations) + " threads; the loops inside it are"}});
      return false;
    }
    // DVMH runs no PARALLEL inside another one's kernel (the analyzer withdraws those in what a
    // proposed nest calls): a nest that calls a procedure running a deeper nest of wide loops
    // than its own is left to that procedure's loops, which give the threads more iterations
    // (a loop over tiles around a call of a 2-D kernel).
    const int own = static_cast<int>(std::count_if(nest.begin(), nest.end(), [&](Id l) { return wideLoop(program_.loop(l)); }));
    for (const CallRow& c : program_.calls) {
      if (c.kind == CallKind::StatementFunction || c.stmtId < loop.firstStmt || c.stmtId > loop.lastStmt) continue;
      int deeper = 0;
      for (const CallTarget& t : analysis_.effects().resolve(c).targets)
        deeper = std::max(deeper, analysis_.effects().summary(t.proc).wideNestDepth);
      if (deeper <= own) continue;
      notes_.push_back({loopId, {ReasonKind::InsideKernel, false, c.callee, loop.line,
                                 "parallel, but not proposed: it calls " + c.callee + " (line " + std::to_string(c.line) +
                                     "), which runs a nest of " + std::to_string(deeper) + " loops not known to be small, " +
                                     "more than its own " + std::to_string(own) + "; DVMH runs no PARALLEL inside another " +
                                     "one's kernel: the kernels are to be found in " + c.callee + " instead"}});
      return false;
    }
    nests.push_back({std::move(nest), false, {}});
    return true;
  }
  if (loop.counted() && r.acrossCandidate) {
    // A pipeline needs at least two loops: a wavefront over one loop is sequential.
    std::vector<Id> nest = {loopId};
    for (Id current = loopId;;) {
      const LoopRow& l = program_.loop(current);
      if (!l.tightlyNested || l.children.size() != 1) break;
      const LoopRow& inner = program_.loop(l.children[0]);
      const LoopResult& ir = analysis_.result(inner.id);
      if (!inner.counted() || !(ir.parallel || ir.acrossCandidate) || !rectangular(inner, nest) ||
          !reductionsFold(loopId, inner.id))
        break;
      nest.push_back(inner.id);
      current = inner.id;
    }
    std::map<Id, AcrossWidths> widths;
    if (nest.size() >= 2 && acrossWidths(nest, widths)) {
      for (Id l : nest) {
        verdicts_[program_.loopIndex(l)].analysisParallel = true;
        verdicts_[program_.loopIndex(l)].across = true;
      }
      nests.push_back({nest, true, std::move(widths)});
      return true;
    }
  }
  return false;
}

void Expert::procedure(const std::vector<Id>& topLoops) {
  std::vector<Nest> nests;
  std::vector<Id> pending(topLoops.rbegin(), topLoops.rend());
  while (!pending.empty()) {
    Id loopId = pending.back();
    pending.pop_back();
    if (place(loopId, nests)) continue;
    const LoopRow& l = program_.loop(loopId);
    for (auto child = l.children.rbegin(); child != l.children.rend(); ++child) pending.push_back(*child);
  }
  std::vector<ExpertDirective> directives;
  for (const Nest& nest : nests) {
    const LoopRow& outer = program_.loop(nest.loops.front());
    directives.push_back({outer.id, outer.fileId, outer.line, "PARALLEL", parallelText(nest),
                          static_cast<int>(nest.loops.size()), {}});
  }
  regions(nests, directives);
  directives_.insert(directives_.end(), directives.begin(), directives.end());
}

bool Expert::acrossWidths(const std::vector<Id>& nest, std::map<Id, AcrossWidths>& widths, std::string* why) const {
  std::vector<std::string> vars;
  for (Id l : nest) vars.push_back(program_.loop(l).var);
  std::set<Id> arrays;
  for (Id l : nest) {
    const LoopResult& r = analysis_.result(l);
    for (size_t index : r.dependences) {
      const Dependence& d = analysis_.dependences()[index];
      if (!r.locArrays.count(d.varId)) arrays.insert(d.varId);
    }
  }
  std::vector<const ArrayAccess*> accesses = analysis_.accessesIn(nest.front());
  for (Id array : arrays) {
    if (array && program_.variable(array).derived) {
      if (why) *why = "it is of a derived type, which DVMH does not distribute";
      return false;
    }
    std::vector<const ArrayAccess*> refs;
    for (const ArrayAccess* a : accesses)
      if (a->varId == array) refs.push_back(a);
    const ArrayAccess* write = nullptr;
    for (const ArrayAccess* a : refs)
      if (a->access == 'W' && !write) write = a;
    if (!write || !write->ref) {
      if (why) *why = "a called procedure writes it";
      return false;
    }
    size_t rank = write->subscripts().size();
    AcrossWidths w(rank);
    for (size_t dim = 0; dim < rank; ++dim) {
      auto base = offsetOf(write->subscripts()[dim], vars);
      for (const ArrayAccess* a : refs) {
        if (!a->ref || a->subscripts().size() != rank) {
          if (why) *why = "it is passed to a procedure or used as a whole";
          return false;
        }
        const LinearExpr& s = a->subscripts()[dim];
        auto here = offsetOf(s, vars);
        if (!base) {
          // A dimension no loop of the nest runs along: every reference must agree on it.
          const LinearExpr& w0 = write->subscripts()[dim];
          if (!s.affine || !w0.affine || mentionsAny(s, vars) || s.constant != w0.constant || s.terms != w0.terms) {
            if (why) *why = "its subscripts in dimension " + std::to_string(dim + 1) + " are not uniform (" + a->text() + ")";
            return false;
          }
          continue;
        }
        if (!here || here->first != base->first) {
          if (why) *why = "its subscripts in dimension " + std::to_string(dim + 1) + " are not uniform (" + a->text() + ")";
          return false;
        }
        int64_t offset = here->second - base->second;
        if (a->access == 'W' && offset != 0) {
          if (why) *why = "it is written at two different places (" + write->text() + ", " + a->text() + ")";
          return false;
        }
        if (offset < 0 && -offset > w[dim].low) {
          w[dim].low = -offset;
          w[dim].lowBy = a;
        }
        if (offset > 0 && offset > w[dim].high) {
          w[dim].high = offset;
          w[dim].highBy = a;
        }
      }
      if (w[dim].low > kMaxAcrossWidth || w[dim].high > kMaxAcrossWidth) {
        if (why) *why = "a dependence distance exceeds " + std::to_string(kMaxAcrossWidth);
        return false;
      }
    }
    widths[array] = std::move(w);
  }
  return true;
}

std::set<Id> Expert::arraysOf(Id loopId, TraitKind trait) const {
  std::set<Id> arrays;
  for (const Trait& t : analysis_.result(loopId).traits)
    if (t.trait == trait && t.op != "loc" && program_.variable(t.varId).isArray()) arrays.insert(t.varId);
  return arrays;
}

std::string Expert::onClause(const std::vector<Id>& nest) const {
  std::vector<std::string> vars;
  for (Id l : nest) vars.push_back(program_.loop(l).var);
  struct Candidate {
    const ArrayAccess* ref = nullptr;
    size_t covered = 0;
    bool written = false;
    size_t order = 0;
  };
  std::map<Id, Candidate> byArray;
  std::vector<const ArrayAccess*> accesses = analysis_.accessesIn(nest.front());
  // Each iteration's own copy of a private array, and an array every iteration adds into, map nowhere.
  std::set<Id> unmapped = arraysOf(nest.front(), TraitKind::Private);
  unmapped.merge(arraysOf(nest.front(), TraitKind::Reduction));
  for (size_t i = 0; i < accesses.size(); ++i) {
    const ArrayAccess* a = accesses[i];
    // DVMH distributes arrays of intrinsic types: a loop maps onto no variable of a derived type.
    if (!a->ref || !a->varId || unmapped.count(a->varId) || program_.variable(a->varId).derived) continue;
    boost::container::small_vector<size_t, 8> covered;  // the nest's loops its subscripts follow
    for (const LinearExpr& s : a->subscripts())
      if (auto o = linearOf(s, vars); o && std::find(covered.begin(), covered.end(), std::get<0>(*o)) == covered.end())
        covered.push_back(std::get<0>(*o));
    auto [it, added] = byArray.try_emplace(a->varId);
    Candidate& c = it->second;
    if (added) c.order = i;
    c.written |= a->access == 'W';
    // The reference to show: a write covering most loops, else any reference covering most.
    bool better = !c.ref || covered.size() > c.covered ||
                  (covered.size() == c.covered && a->access == 'W' && c.ref->access != 'W');
    if (better) {
      c.ref = a;
      c.covered = covered.size();
    }
  }
  const Candidate* best = nullptr;
  auto rank = [&](const Candidate& c) {
    const Variable& v = program_.variable(c.ref->varId);
    std::pair<Id, std::string> declared{v.procId, v.name};
    return std::make_tuple(c.covered, c.written, index_.distributed.count(declared) > 0, index_.aligned.count(declared) > 0);
  };
  decltype(rank(Candidate())) bestRank{};
  for (const auto& [var, c] : byArray) {
    if (c.covered == 0) continue;
    auto cRank = rank(c);
    if (!best || cRank > bestRank || (cRank == bestRank && c.order < best->order)) {
      best = &c;
      bestRank = cRank;
    }
  }
  if (!best) return "";
  std::vector<std::string> dims;
  for (const LinearExpr& s : best->ref->subscripts()) {
    auto o = linearOf(s, vars);
    dims.push_back(o ? offsetText(vars[std::get<0>(*o)], std::get<2>(*o), std::get<1>(*o)) : "*");
  }
  return upperCase(best->ref->name()) + "(" + join(dims) + ")";
}

std::string Expert::parallelText(const Nest& nest) const {
  std::vector<std::string> vars;
  for (Id l : nest.loops) vars.push_back(upperCase(program_.loop(l).var));
  std::string text = "PARALLEL (" + join(vars) + ")";
  if (std::string on = onClause(nest.loops); !on.empty()) text += " ON " + on;
  const LoopResult& r = analysis_.result(nest.loops.front());
  std::vector<std::string> privates, reductions;
  for (const Trait& t : r.traits) {
    bool nestVar = std::find(vars.begin(), vars.end(), upperCase(t.name)) != vars.end();
    if (t.trait == TraitKind::Private && !nestVar) privates.push_back(upperCase(t.name));
    if (t.trait == TraitKind::Reduction && t.op != "loc") reductions.push_back(reductionClause(t));
  }
  if (!privates.empty()) text += ", PRIVATE(" + join(privates) + ")";
  if (!reductions.empty()) text += ", REDUCTION(" + join(reductions) + ")";
  // Arrays only read here, at neighbouring elements: their shadow edges must be renewed first.
  std::vector<std::string> lower;
  for (Id l : nest.loops) lower.push_back(program_.loop(l).var);
  std::vector<std::string> shadows;
  std::set<Id> written, seen;
  std::vector<const ArrayAccess*> accesses = analysis_.accessesIn(nest.loops.front());
  for (const ArrayAccess* a : accesses)
    if (a->access == 'W') written.insert(a->varId);
  for (const ArrayAccess* a : accesses) {
    if (a->access != 'R' || !a->varId || written.count(a->varId) || seen.count(a->varId) || program_.variable(a->varId).derived)
      continue;
    for (const LinearExpr& s : a->subscripts())
      if (auto o = offsetOf(s, lower); o && o->second != 0) {
        seen.insert(a->varId);
        shadows.push_back(upperCase(a->name()));
        break;
      }
  }
  if (!shadows.empty()) text += ", SHADOW_RENEW(" + join(shadows) + ")";
  if (nest.across) {
    std::vector<std::string> items;
    std::set<Id> listed;
    for (const ArrayAccess* a : accesses)
      if (auto w = nest.widths.find(a->varId); w != nest.widths.end() && listed.insert(a->varId).second) {
        std::string item = acrossText(a->name(), w->second);
        if (std::find(items.begin(), items.end(), item) == items.end()) items.push_back(item);
      }
    text += ", ACROSS(" + join(items) + ")";
  }
  return text;
}

namespace {

/// Two references to one element in the same iteration of the same loops.
bool sameElement(const ArrayAccess& x, const ArrayAccess& y) {
  if (!x.ref || !y.ref || x.varId != y.varId || x.loops() != y.loops()) return false;
  const auto& a = x.subscripts();
  const auto& b = y.subscripts();
  if (a.size() != b.size()) return false;
  for (size_t d = 0; d < a.size(); ++d)
    if (!a[d].affine || !b[d].affine || a[d].constant != b[d].constant || a[d].terms != b[d].terms) return false;
  return true;
}

}  // namespace

bool Expert::everyIteration(const ArrayAccess& write, const std::vector<const ArrayAccess*>& accesses) const {
  if (write.loops().empty()) return false;
  // The action of a logical IF, or a masked WHERE statement, writes only where its condition holds.
  StatementKind kind = program_.statement(write.stmtId).kind;
  if (kind == StatementKind::If || kind == StatementKind::Where) return false;
  const LoopRow& innermost = program_.loop(write.loops().back());
  Id body = innermost.bodyBlock;
  // Nothing before it may end the iteration early (GO TO, CYCLE, EXIT, ...).
  for (Id s = innermost.firstStmt; s < write.stmtId; ++s) {
    const StatementRow& st = program_.statement(s);
    if (st.jumps || transfersControl(st.kind) || (st.action && transfersControl(*st.action))) return false;
  }
  // Out through the construct arms around the write: each must be part of a construct that
  // always runs an arm, every arm of which writes the same element.
  for (Id b = program_.statement(write.stmtId).blockId; b != body; b = program_.block(b).parentId) {
    if (b == 0 || program_.block(b).isLoop()) return false;
    const BlockRow& arm = program_.block(b);
    auto construct = program_.constructs.find(arm.constructStmt);
    if (construct == program_.constructs.end() || !construct->second.complete) return false;
    std::set<Id> arms;
    for (const ArrayAccess* other : accesses) {
      if (other->access != 'W' || !sameElement(*other, write)) continue;
      for (Id o = program_.statement(other->stmtId).blockId; o != 0; o = program_.block(o).parentId)
        if (program_.block(o).constructStmt == arm.constructStmt && program_.block(o).parentId == arm.parentId) {
          arms.insert(o);
          break;
        }
    }
    if (static_cast<int>(arms.size()) != construct->second.arms) return false;
  }
  return true;
}

bool Expert::writtenBefore(const ArrayAccess& read, const std::vector<const ArrayAccess*>& accesses) const {
  for (const ArrayAccess* w : accesses)
    if (w->access == 'W' && w->stmtId < read.stmtId && sameElement(*w, read) && everyIteration(*w, accesses)) return true;
  return false;
}

bool Expert::writesEveryElement(const ArrayAccess& write) const {
  if (!write.ref || write.loops().empty()) return false;
  const Variable& v = program_.variable(write.varId);
  if (v.bounds.size() != write.subscripts().size()) return false;
  // Each loop runs in every iteration of the one around it: its DO is directly in that body.
  for (size_t k = 1; k < write.loops().size(); ++k) {
    const LoopRow& inner = program_.loop(write.loops()[k]);
    Id header = inner.firstStmt - 1;
    if (header < 1 || program_.statement(header).blockId != program_.loop(write.loops()[k - 1]).bodyBlock) return false;
  }
  std::set<Id> used;
  for (size_t d = 0; d < v.bounds.size(); ++d) {
    const LinearExpr& s = write.subscripts()[d];
    if (!s.affine || s.constant != 0 || s.terms.size() != 1 || s.terms[0].second != 1) return false;
    Id loop = 0;
    for (Id l : write.loops())
      if (program_.loop(l).var == s.terms[0].first) loop = l;
    if (!loop || !used.insert(loop).second) return false;
    const LoopRow& l = program_.loop(loop);
    if (l.lower != v.bounds[d].first || l.upper != v.bounds[d].second || v.bounds[d].second.empty() ||
        !(l.step.empty() || l.step == "1"))
      return false;
  }
  return true;
}

Id Expert::enclosingRegionLoop(const std::vector<Id>& run) const {
  const LoopRow& firstNest = program_.loop(run.front());
  const LoopRow& lastNest = program_.loop(run.back());
  if (firstNest.lastStmt < firstNest.firstStmt || lastNest.lastStmt < lastNest.firstStmt) return 0;
  Id runFirst = firstNest.firstStmt - 1, runLast = lastNest.lastStmt;  // the run's statements, DO headers included
  Id around = 0;
  for (Id parent = firstNest.parentId; parent != 0; parent = program_.loop(parent).parentId) {
    const LoopRow& p = program_.loop(parent);
    // A counted DO (a DO WHILE's condition is the host's), none of it a kernel itself.
    if (p.kind != LoopKind::Do || p.lastStmt < p.firstStmt) break;
    // The host evaluates each kernel's bounds again in every iteration: they may read no array
    // and no scalar the loop writes (a kernel may have changed it on the device).
    const std::set<std::string>& written = analysis_.result(parent).written;
    bool boundsOnHost = true;
    for (Id nest : run) {
      const StatementRow& header = program_.statement(program_.loop(nest).firstStmt - 1);
      if (!header.arrayRefs.empty()) boundsOnHost = false;
      for (const ScalarRefRow& r : header.scalars)
        if (r.access == Access::Read && written.count(program_.variable(r.varId).name)) boundsOnHost = false;
    }
    if (!boundsOnHost) break;
    bool onlyTheRun = true;
    for (Id s = p.firstStmt; s <= p.lastStmt && onlyTheRun; ++s) {
      if (s >= runFirst && s <= runLast) continue;
      const StatementKind kind = program_.statement(s).kind;
      onlyTheRun = kind == StatementKind::EndDo || kind == StatementKind::Continue;
    }
    if (!onlyTheRun) break;
    around = parent;
    runFirst = p.firstStmt - 1;
    runLast = p.lastStmt;
  }
  return around;
}

void Expert::regions(const std::vector<Nest>& nests, std::vector<ExpertDirective>& directives) {
  // Runs of nests with no statement between them, in the same block.
  size_t i = 0;
  while (i < nests.size()) {
    size_t j = i + 1;
    while (j < nests.size()) {
      const LoopRow& previous = program_.loop(nests[j - 1].loops.front());
      const LoopRow& next = program_.loop(nests[j].loops.front());
      Id header = next.firstStmt - 1;
      bool adjacent = next.lastStmt >= next.firstStmt && previous.lastStmt >= previous.firstStmt &&
                      header == previous.lastStmt + 1 && next.parentId == previous.parentId &&
                      program_.statement(header).blockId == program_.statement(previous.firstStmt - 1).blockId;
      if (!adjacent) break;
      ++j;
    }
    // IN: its values from before the region are read; OUT: it is written; INOUT: both. A read
    // of the element the same iteration has just written needs no value from before.
    // An array private to the loops that touch it (each iteration's own copy) is no data of the
    // region's.
    std::vector<Id> order;
    std::map<Id, std::pair<bool, bool>> use;
    for (size_t k = i; k < j; ++k) {
      std::vector<const ArrayAccess*> accesses = analysis_.accessesIn(nests[k].loops.front());
      const std::set<Id> privateArrays = arraysOf(nests[k].loops.front(), TraitKind::Private);
      for (const ArrayAccess* a : accesses) {
        if (!a->varId || privateArrays.count(a->varId)) continue;
        auto [it, added] = use.try_emplace(a->varId, false, false);
        if (added) order.push_back(a->varId);
        if (a->access == 'W') it->second.second = true;
        else if (!writtenBefore(*a, accesses)) it->second.first = true;
      }
    }
    std::vector<std::string> in, out, inout;
    std::vector<std::pair<std::string, std::string>> arrays;  // (clause, name as the database has it)
    for (Id var : order) {
      auto [reads, writes] = use[var];
      if (writes && !reads) {
        // Written only: OUT when some loop writes every element, else the rest must come in.
        bool whole = false;
        for (size_t k = i; k < j && !whole; ++k) {
          std::vector<const ArrayAccess*> accesses = analysis_.accessesIn(nests[k].loops.front());
          for (const ArrayAccess* a : accesses)
            if (a->varId == var && a->access == 'W' && writesEveryElement(*a) && everyIteration(*a, accesses)) whole = true;
        }
        reads = !whole;
      }
      const std::string& name = program_.variable(var).name;
      (reads && writes ? inout : reads ? in : out).push_back(upperCase(name));
      arrays.emplace_back(reads && writes ? "inout" : reads ? "in" : "out", name);
    }
    std::string text = "REGION";
    std::vector<std::string> clauses;
    if (!in.empty()) clauses.push_back("IN(" + join(in) + ")");
    if (!out.empty()) clauses.push_back("OUT(" + join(out) + ")");
    if (!inout.empty()) clauses.push_back("INOUT(" + join(inout) + ")");
    if (!clauses.empty()) text += " " + join(clauses);
    const LoopRow& firstNest = program_.loop(nests[i].loops.front());
    const LoopRow& lastNest = program_.loop(nests[j - 1].loops.front());
    // REGION goes before the first PARALLEL, END REGION after the last loop; or around the
    // sequential loops that hold nothing but them (a time loop: its arrays stay on the device).
    std::vector<Id> run;
    for (size_t k = i; k < j; ++k) run.push_back(nests[k].loops.front());
    const Id around = enclosingRegionLoop(run);
    const LoopRow& first = around ? program_.loop(around) : firstNest;
    const LoopRow& last = around ? program_.loop(around) : lastNest;
    auto firstParallel = std::find_if(directives.begin(), directives.end(), [&](const ExpertDirective& d) {
      return d.kind == "PARALLEL" && d.loopId == firstNest.id;
    });
    directives.insert(firstParallel, {first.id, first.fileId, first.line, "REGION", text, 0, arrays});
    auto lastParallel = std::find_if(directives.begin(), directives.end(), [&](const ExpertDirective& d) {
      return d.kind == "PARALLEL" && d.loopId == lastNest.id;
    });
    directives.insert(lastParallel + 1, {last.id, last.fileId, last.endLine + 1, "END_REGION", "END REGION", 0, {}});
    i = j;
  }
}

// ---- the user's directives ------------------------------------------------------------------

std::vector<Id> Expert::userNest(const DirectiveRow& d) const {
  size_t wanted = std::max<size_t>(1, d.names("loop_var").size());
  std::vector<Id> nest = {d.loopId};
  for (Id current = d.loopId; nest.size() < wanted;) {
    const LoopRow& l = program_.loop(current);
    if (!l.tightlyNested || l.children.empty()) break;
    current = l.children.front();
    nest.push_back(current);
  }
  return nest;
}

void Expert::checkUserDirective(const DirectiveRow& d) {
  std::vector<Id> nest = userNest(d);
  const LoopResult& outer = analysis_.result(nest.front());
  std::vector<std::string> nestVars;
  for (Id l : nest) nestVars.push_back(program_.loop(l).var);
  std::string head = "PARALLEL (" + upperCase(join(nestVars)) + "): ";
  auto report = [&](const char* severity, const std::string& message) {
    findings_.push_back({d.fileId, d.line, 1, severity, head + message});
  };
  std::vector<std::string> privates = d.names("private");
  auto declaredReduction = [&](const std::string& name) -> const DirectiveReductionRow* {
    for (const DirectiveReductionRow& r : d.reductions)
      if (r.var == name) return &r;
    return nullptr;
  };

  // Scalars.
  for (const Trait& t : outer.traits) {
    bool nestVar = std::find(nestVars.begin(), nestVars.end(), t.name) != nestVars.end();
    bool isPrivate = std::find(privates.begin(), privates.end(), t.name) != privates.end();
    const DirectiveReductionRow* declared = declaredReduction(t.name);
    if (t.trait == TraitKind::Reduction && t.op != "loc") {
      if (!declared)
        report("error", upperCase(t.name) + " is updated as " + reductionWord(t.op) + " (" + line(t.line) +
                            ") but REDUCTION does not declare it: add REDUCTION(" + reductionClause(t) + ")");
      else if (declared->op != t.op)
        report("error", "REDUCTION declares " + upperCase(declared->op) + "(" + upperCase(t.name) + "), but the loop updates " +
                            upperCase(t.name) + " as " + reductionWord(t.op) + " (" + line(t.line) + ")");
    } else if (t.trait == TraitKind::Private && !nestVar && !isPrivate && !declared) {
      report("error", upperCase(t.name) + " is assigned before it is used in every iteration (" + line(t.line) +
                          ") but is not in PRIVATE/NEW: the iterations would share one copy");
    }
  }
  // An inner loop's reduction (s(j) = s(j) + a(k, j) under PARALLEL (J, K)): the pairs that share
  // a j update one s(j), so REDUCTION must declare it too.
  std::set<std::string> innerReduced;
  for (size_t k = 1; k < nest.size(); ++k)
    for (const Trait& t : analysis_.result(nest[k]).traits) {
      if (t.trait != TraitKind::Reduction || t.op == "loc" || !innerReduced.insert(t.name).second) continue;
      if (std::any_of(outer.traits.begin(), outer.traits.end(), [&](const Trait& o) { return o.name == t.name; })) continue;
      const DirectiveReductionRow* declared = declaredReduction(t.name);
      if (!declared)
        report("error", upperCase(t.name) + " is updated as " + reductionWord(t.op) + " over " +
                            upperCase(program_.loop(nest[k]).var) + " (" + line(t.line) +
                            ") but REDUCTION does not declare it: add REDUCTION(" + reductionClause(t) + "), or leave " +
                            upperCase(program_.loop(nest[k]).var) + " out of the PARALLEL");
      else if (declared->op != t.op)
        report("error", "REDUCTION declares " + upperCase(declared->op) + "(" + upperCase(t.name) + "), but the loop updates " +
                            upperCase(t.name) + " as " + reductionWord(t.op) + " (" + line(t.line) + ")");
    }
  // Everything else that keeps a loop of the nest from running in parallel.
  std::set<std::string> said;
  std::map<Id, AcrossWidths> needed;
  std::string whyNot;
  bool uniform = acrossWidths(nest, needed, &whyNot);
  for (Id l : nest) {
    const LoopResult& r = analysis_.result(l);
    for (const Reason& reason : r.reasons) {
      // An error exit does not keep the iterations apart, but no GPU handler can end the program.
      if (!reason.blocking && reason.kind == ReasonKind::Stop && said.insert("stop").second)
        report("warning", "the loop runs on the host only: " + reason.message.substr(0, reason.message.find(": the loop runs")));
      if (!reason.blocking) continue;
      if (reason.kind == ReasonKind::Scalar || reason.kind == ReasonKind::Induction) {
        if (declaredReduction(reason.name)) continue;  // the user knows it combines
      }
      if (reason.kind == ReasonKind::Flow || reason.kind == ReasonKind::Anti || reason.kind == ReasonKind::Output || reason.kind == ReasonKind::Unknown) continue;
      if (said.insert(reason.message).second) report("error", "the loop is not parallel: " + reason.message);
    }
  }
  // Array dependences: covered by the directive's ACROSS when it is wide enough.
  std::map<std::string, std::vector<const DirectiveAcrossRow*>> acrossDims;
  for (const DirectiveAcrossRow& a : d.across) acrossDims[a.array].push_back(&a);
  std::set<std::string> arraysSaid;
  for (Id l : nest) {
    const LoopResult& r = analysis_.result(l);
    for (size_t index : r.dependences) {
      const Dependence& dep = analysis_.dependences()[index];
      if (r.locArrays.count(dep.varId)) continue;
      auto verb = [](const ArrayAccess* x) { return x->access == 'W' ? "written" : "read"; };
      std::string what = (dep.unknown ? std::string("unknown") : std::string(nameOf(dep.kind))) + " dependence on " + upperCase(dep.name) +
                         (dep.distance ? " with distance " + std::to_string(*dep.distance) : "") + " at level " +
                         std::to_string(dep.level) + " (" + upperCase(dep.source->text()) + " " + verb(dep.source) + " at " +
                         line(dep.source->line) + ", " + upperCase(dep.sink->text()) + " " + verb(dep.sink) + " at " +
                         line(dep.sink->line) + ")";
      auto declaredDims = acrossDims.find(dep.name);
      if (declaredDims == acrossDims.end()) {
        if (!arraysSaid.insert(dep.name + (dep.unknown ? "?" : "")).second) continue;
        if (dep.unknown) {
          report("warning", "the loop may not be parallel: " + what + (dep.note.empty() ? "" : ": " + dep.note));
        } else {
          auto w = needed.find(dep.varId);
          report("error", what + (dep.kind != DependenceKind::Output && uniform && w != needed.end()
                                      ? ": it needs ACROSS(" + acrossText(dep.name, w->second) + ")"
                                      : ": the iterations depend on each other"));
        }
        continue;
      }
      if (dep.unknown || dep.kind == DependenceKind::Output || !uniform) {
        if (arraysSaid.insert(dep.name + "!").second)
          report(dep.unknown ? "warning" : "error",
                 "ACROSS(" + upperCase(dep.name) + ") cannot cover the " + what +
                     (whyNot.empty() ? "" : ": " + whyNot));
        continue;
      }
      auto w = needed.find(dep.varId);
      if (w == needed.end()) continue;
      for (size_t dim = 0; dim < w->second.size(); ++dim) {
        const DirectiveAcrossRow* given = nullptr;
        for (const DirectiveAcrossRow* a : declaredDims->second)
          if (a->dim == static_cast<int>(dim) + 1) given = a;
        int64_t low = given && given->low ? *given->low : 0, high = given && given->high ? *given->high : 0;
        const AcrossWidth& need = w->second[dim];
        if ((need.low > low || need.high > high) && arraysSaid.insert(dep.name + "#" + std::to_string(dim)).second) {
          const ArrayAccess* by = need.low > low ? need.lowBy : need.highBy;
          report("error", "ACROSS(" + upperCase(dep.name) + ") is too narrow in dimension " + std::to_string(dim + 1) + ": " +
                              std::to_string(low) + ":" + std::to_string(high) + " given, " + std::to_string(need.low) + ":" +
                              std::to_string(need.high) + " needed (" + upperCase(by->text()) + " " +
                              (by->access == 'W' ? "written" : "read") + " at " + line(by->line) + ")");
        }
      }
    }
  }
}

}  // namespace sapfor::analyzer

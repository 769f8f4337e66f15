/// @file ScalarFlow.cpp
#include "analyzer/ScalarFlow.hpp"

#include "facts/Intrinsics.hpp"

#include <boost/container/flat_set.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace sapfor::analyzer {

const ScalarUse* ScalarFlow::find(Id varId) const {
  auto found = index.find(varId);
  return found == index.end() ? nullptr : &uses[found->second];
}

namespace {

/// The variables certainly written so far: a few, copied at every branch, so kept in one
/// sorted array rather than a tree.
using Defined = boost::container::flat_set<Id>;

/// A condition the walk follows, holding or failing: its index among the walk's conditions
/// times two, plus one when it fails.
using Literal = uint32_t;
constexpr Literal negation(Literal l) { return l ^ 1u; }

/// What is known at a point of the walk.
struct State {
  /// The path ended the program (a STOP, an error exit): nothing after it runs, so it adds no
  /// way through where paths join (merge), and everything counts as written on it.
  bool ended = false;
  Defined certain;  ///< written on every path to here
  /// (v, c): v is written on every path to here on which c holds.
  boost::container::flat_set<std::pair<Id, Literal>> guarded;
  /// What holds here: the conditions of the arms around it, while nothing they read changes.
  boost::container::flat_set<Literal> assumed;
  bool follows() const { return !guarded.empty() || !assumed.empty(); }
};

/// A condition the walk follows: the variables it reads.
struct Condition {
  std::vector<Id> vars;
  bool common = false;  ///< reads a COMMON variable, which a call may write under another name
};

class Walk {
 public:
  Walk(const Program& program, Id last, const std::function<const StatementEffects&(Id)>& effectsOf, bool conditions)
      : program_(program), last_(last), effectsOf_(effectsOf), detailed_(conditions), conditions_(conditions) {}

  ScalarFlow run(Id root, Id first) {
    next_ = first;
    // A jump may lead back to a read after what a condition reads changed: no conditions then.
    for (Id s = first; conditions_ && s <= last_; ++s)
      if (program_.statement(s).jumps) conditions_ = false;
    // A path that ended joins no other: followed where nothing jumps (a label after a STOP is
    // reached from elsewhere).
    endings_ = true;
    for (Id s = first; endings_ && s <= last_; ++s)
      if (program_.statement(s).jumps) endings_ = false;
    State end = walk(root, State{});
    joinJumps(end);  // jumps still pending end here too
    for (ScalarUse& use : flow_.uses) use.certainAtEnd = end.ended || end.certain.count(use.varId) > 0;
    return std::move(flow_);
  }

 private:
  /// The block directly inside `block` that holds block `inner` (0: `inner` is `block` itself;
  /// -1: `inner` is not inside `block`).
  Id childOf(Id block, Id inner) const {
    if (inner == block) return 0;
    for (Id b = inner; b != 0; b = program_.block(b).parentId)
      if (program_.block(b).parentId == block) return b;
    return -1;
  }

  /// Walks the statements of `block` from `next_` on; returns what is known when the block ends,
  /// given what is known on entry.
  State walk(Id block, State st) {
    while (next_ <= last_) {
      const StatementRow& s = program_.statement(next_);
      Id child = childOf(block, s.blockId);
      if (child < 0) break;
      if (child == 0) {
        statement(s, st);
        ++next_;
        continue;
      }
      const BlockRow& b = program_.block(child);
      if (b.isLoop()) {
        // Whatever its body writes may have changed a condition by the time any iteration
        // starts, and after it; nothing certain comes out (it may run zero times).
        if (st.follows())
          for (Id x = next_; x <= last_ && childOf(child, program_.statement(x).blockId) >= 0; ++x)
            kill(program_.statement(x), st);
        walk(child, st);
        continue;
      }
      st = construct(block, b.constructStmt, std::move(st));
    }
    // The jumps made inside it lead nowhere outside it: control leaves it by its end.
    if (jumped_ && jumpScope_ && jumpScope_ == block) joinJumps(st), jumped_ = false, jumpScope_ = 0;
    return st;
  }

  /// Where the paths that jumped join the one that fell through: what was written on that one
  /// only since the first jump is not certain here.
  void joinJumps(State& st) {
    for (Id v : sinceJump_) st.certain.erase(v);
    sinceJump_.clear();
  }

  /// The innermost block that holds a jumping statement and every statement it may jump to
  /// (0: the whole code, or not known).
  Id jumpScope(const StatementRow& s) const {
    if (s.jumpLabels.empty()) return 0;  // any label
    Id scope = s.blockId;
    for (int label : s.jumpLabels) {
      const LabelRow* at = program_.label(label);
      if (!at) return 0;
      // The nearest block around `scope` that holds the label's statement.
      while (scope != 0 && childOf(scope, at->blockId) < 0) scope = program_.block(scope).parentId;
      if (scope == 0) return 0;
    }
    return scope;
  }

  /// What holds on entry to arm `arm` of an IF construct: the conditions before it failed,
  /// its own holds (an ELSE arm: every condition failed).
  static State armEntry(const State& entry, const std::vector<std::optional<Literal>>& conditions, size_t arm, bool literals) {
    State st = entry;
    if (!literals) return st;
    for (size_t j = 0; j + 1 < arm && j < conditions.size(); ++j)
      if (conditions[j]) st.assumed.insert(negation(*conditions[j]));
    if (arm >= 1 && arm - 1 < conditions.size() && conditions[arm - 1]) st.assumed.insert(*conditions[arm - 1]);
    return st;
  }

  /// The arms of one construct, with the ELSE IF / CASE statements between them: a variable is
  /// certain after it when the construct always runs an arm and every arm writes it.
  State construct(Id block, Id constructStmt, State entry) {
    const bool isIf = conditions_ && program_.statement(constructStmt).kind == StatementKind::IfThen;
    std::vector<std::optional<Literal>> conditions;  // the IF's, then the ELSE IFs', in order
    if (isIf) conditions.push_back(literalOf(program_.statement(constructStmt)));
    std::vector<Id> conditionStmts{constructStmt};  // the IF THEN and its ELSE IFs
    bool literals = isIf, consistent = true;
    std::map<int, State> walked;  // by arm number
    while (next_ <= last_) {
      const StatementRow& s = program_.statement(next_);
      Id child = childOf(block, s.blockId);
      if (child > 0 && !program_.block(child).isLoop() && program_.block(child).constructStmt == constructStmt) {
        const int arm = program_.block(child).arm;
        if (arm < 1 || walked.count(arm) || (isIf && static_cast<size_t>(arm) > conditions.size() + 1)) consistent = false;
        walked[arm] = walk(child, armEntry(entry, conditions, static_cast<size_t>(std::max(arm, 0)), literals));
        continue;
      }
      if (child == 0 && isConstructCondition(s.kind)) {
        State changed = entry;  // a condition reads; it writes nothing certain
        statement(s, changed);
        entry.guarded = std::move(changed.guarded);
        entry.assumed = std::move(changed.assumed);
        if (s.kind == StatementKind::ElseIf) conditionStmts.push_back(s.id);
        if (isIf) {
          // A condition that writes may change what the earlier ones read.
          if (writes(s)) literals = false;
          conditions.push_back(literalOf(s));
        }
        ++next_;
        continue;
      }
      break;
    }
    auto found = program_.constructs.find(constructStmt);
    std::vector<State> outs;
    if (found == program_.constructs.end() || !consistent || (!walked.empty() && walked.rbegin()->first > found->second.arms)) {
      // Not the construct the front end described: any arm may run, or none.
      for (auto& [arm, out] : walked) outs.push_back(std::move(out));
      outs.push_back(std::move(entry));
      return merge(outs);
    }
    const int arms = found->second.arms;
    // An IF construct whose conditions fold: an arm that never runs adds no way through; an arm
    // that always runs is the only one.
    std::vector<std::optional<bool>> runs(static_cast<size_t>(arms) + 1);
    std::optional<int> always;
    for (int arm = 1; arm <= arms; ++arm) {
      runs[static_cast<size_t>(arm)] = program_.armRuns(constructStmt, arm);
      if (!always && runs[static_cast<size_t>(arm)] == true) always = arm;
    }
    for (int arm = 1; arm <= arms; ++arm) {
      if (always ? arm != *always : runs[static_cast<size_t>(arm)] == false) continue;
      auto w = walked.find(arm);
      outs.push_back(w != walked.end() ? std::move(w->second) : armEntry(entry, conditions, static_cast<size_t>(arm), literals));
    }
    if (!always && !found->second.complete && !(detailed_ && coversLoopRange(constructStmt, conditionStmts))) {
      // No arm runs: for an IF whose conditions are all known, every one of them failed.
      const bool all = isIf && conditions.size() == static_cast<size_t>(arms);
      outs.push_back(armEntry(entry, conditions, conditions.size() + 1, literals && all));
    }
    if (outs.empty()) outs.push_back(std::move(entry));
    return merge(outs);
  }

  /// Whether an IF ... ELSE IF chain without ELSE always runs an arm: its conditions test the
  /// variable of a DO around it against constants (`v == c`), and those take every value the
  /// loop's constant bounds allow (ecwam's IF (IS.EQ.1) ... ELSE IF (IS.EQ.4) in DO IS = 1, 4).
  bool coversLoopRange(Id constructStmt, const std::vector<Id>& conditionStmts) const {
    constexpr int64_t kValues = 64;
    const StatementRow& head = program_.statement(constructStmt);
    if (head.kind != StatementKind::IfThen) return false;
    std::string var;
    std::set<int64_t> values;
    for (Id id : conditionStmts) {
      const StatementRow& s = program_.statement(id);
      if (writes(s)) return false;
      const facts::StatementExpressions& tree = program_.trees(s.id);
      if (tree.exprs.empty()) return false;
      const facts::Expression* e = &facts::withoutParens(tree.exprs[0]);
      if (e->kind != facts::ExpressionKind::Operator || (e->text != "==" && e->text != ".eq.") || e->args.size() != 2) return false;
      const facts::Expression* name = &e->args[0];
      const facts::Expression* value = &e->args[1];
      if (name->kind != facts::ExpressionKind::Name) std::swap(name, value);
      std::optional<int64_t> c = facts::integerValue(*value);
      if (name->kind != facts::ExpressionKind::Name || !c || (!var.empty() && var != name->text)) return false;
      var = name->text;
      values.insert(*c);
    }
    // The DO around the construct whose variable it is: its value lies between the bounds.
    for (Id l = head.loopId; l; l = program_.loop(l).parentId) {
      const LoopRow& loop = program_.loop(l);
      if (loop.var != var) continue;
      if (!loop.lowerValue || !loop.upperValue || !loop.counted() || !loop.varId) return false;
      // The name is the loop's variable in each condition (not a BLOCK's own of that name).
      for (Id id : conditionStmts) {
        const std::vector<ScalarRefRow>& refs = program_.statement(id).scalars;
        if (std::none_of(refs.begin(), refs.end(), [&](const ScalarRefRow& r) { return r.varId == loop.varId; })) return false;
      }
      const int64_t lo = std::min(*loop.lowerValue, *loop.upperValue), hi = std::max(*loop.lowerValue, *loop.upperValue);
      if (hi - lo >= kValues) return false;
      for (int64_t v = lo; v <= hi; ++v)
        if (!values.count(v)) return false;
      return true;
    }
    return false;
  }

  /// What is known after a construct whose arms end in `outs` (one of them runs).
  static State merge(const std::vector<State>& all) {
    // The arms that ended the program add no way through (all of them: the construct ends it).
    std::vector<const State*> live;
    for (const State& o : all)
      if (!o.ended) live.push_back(&o);
    if (live.empty()) return all.front();
    if (live.size() < all.size()) {
      std::vector<State> kept;
      for (const State* o : live) kept.push_back(*o);
      return merge(kept);
    }
    const std::vector<State>& outs = all;
    State merged = outs.front();
    for (size_t i = 1; i < outs.size(); ++i) {
      Defined certain;
      std::set_intersection(merged.certain.begin(), merged.certain.end(), outs[i].certain.begin(), outs[i].certain.end(),
                            std::inserter(certain, certain.begin()));
      merged.certain = std::move(certain);
      boost::container::flat_set<Literal> assumed;
      std::set_intersection(merged.assumed.begin(), merged.assumed.end(), outs[i].assumed.begin(), outs[i].assumed.end(),
                            std::inserter(assumed, assumed.begin()));
      merged.assumed = std::move(assumed);
    }
    // (v, c) holds after the construct when every arm wrote v, or wrote it where c holds, or
    // ends where c fails: candidates are the arms' own and their certain writes under their
    // own conditions.
    std::vector<std::pair<Id, Literal>> candidates;
    boost::container::flat_set<Literal> literals;
    for (const State& o : outs) {
      candidates.insert(candidates.end(), o.guarded.begin(), o.guarded.end());
      for (Literal l : o.assumed)
        if (!merged.assumed.count(l)) literals.insert(l);
    }
    for (const State& o : outs)
      for (Id v : o.certain)
        if (!merged.certain.count(v))
          for (Literal l : literals) candidates.emplace_back(v, l);
    merged.guarded.clear();
    for (const auto& [v, l] : candidates) {
      if (merged.certain.count(v) || merged.guarded.count({v, l})) continue;
      bool holds = std::all_of(outs.begin(), outs.end(), [&, v = v, l = l](const State& o) {
        return o.certain.count(v) || o.guarded.count({v, l}) || o.assumed.count(negation(l));
      });
      if (holds) merged.guarded.insert({v, l});
    }
    certainBothWays(merged);
    return merged;
  }

  /// A variable written wherever a condition holds and wherever it fails (IF (f) x = ...; IF
  /// (.NOT. f) x = ..., f unchanged between) is written on every path.
  static void certainBothWays(State& st) {
    for (auto it = st.guarded.begin(); it != st.guarded.end(); ++it)
      if ((it->second & 1u) == 0 && st.guarded.count({it->first, negation(it->second)})) st.certain.insert(it->first);
  }

  /// A statement's condition (IF, ELSE IF, a logical IF's) as a literal, when the walk can follow
  /// it; `read` gets the variables it reads.
  std::optional<Literal> literalOf(const StatementRow& s, std::vector<Id>* read = nullptr) {
    const facts::StatementExpressions& tree = program_.trees(s.id);
    if (tree.exprs.empty()) return std::nullopt;
    const facts::Expression* e = &tree.exprs[0];
    bool fails = false;
    for (;;) {
      if (e->kind == facts::ExpressionKind::Paren && e->args.size() == 1) e = &e->args[0];
      else if (e->kind == facts::ExpressionKind::Operator && e->text == ".not." && e->args.size() == 1) {
        e = &e->args[0];
        fails = !fails;
      } else break;
    }
    Condition c;
    if (!follow(*e, s, c)) return std::nullopt;
    std::sort(c.vars.begin(), c.vars.end());
    c.vars.erase(std::unique(c.vars.begin(), c.vars.end()), c.vars.end());
    // The same text may name other variables in another scope (a BLOCK's own).
    std::string key = facts::fortranText(*e);
    for (Id v : c.vars) key += ' ' + std::to_string(v);
    auto [it, added] = conditionIndex_.emplace(std::move(key), static_cast<Literal>(conditionList_.size()));
    if (added) conditionList_.push_back(c);
    if (read) *read = c.vars;
    return (it->second << 1) | (fails ? 1u : 0u);
  }

  /// Whether the walk can follow a condition's part: what it reads is known by name and only
  /// the statements' writes of those variables change it.
  bool follow(const facts::Expression& e, const StatementRow& s, Condition& c) const {
    using K = facts::ExpressionKind;
    switch (e.kind) {
      case K::Constant: case K::Integer: case K::Real: case K::Logical: case K::String:
        return true;
      case K::Operator: case K::Paren:
        return std::all_of(e.args.begin(), e.args.end(), [&](const facts::Expression& a) { return follow(a, s, c); });
      case K::Keyword:
        return e.args.size() == 1 && follow(e.args[0], s, c);
      case K::Intrinsic: {
        if (e.text == "present") return true;  // whether a dummy is present does not change
        const facts::IntrinsicInfo* info = facts::findIntrinsic(e.text);
        if (!info || info->cls == facts::IntrinsicClass::Other) return false;
        return std::all_of(e.args.begin(), e.args.end(), [&](const facts::Expression& a) { return follow(a, s, c); });
      }
      case K::Name: case K::Component:
        return typeOf(e, s, c).has_value();
      case K::Element:
        return elementOf(e, s, c);
      case K::Subscript:
        return componentElementOf(e, s, c);
      default:
        return false;
    }
  }

  /// A variable a condition reads: false for a COMMON one of another procedure's (the walk
  /// knows its writes under this procedure's names only); a COMMON one of this procedure's marks
  /// `c` as one any call may change.
  bool inCommonHere(const Variable& v, Condition& c) const {
    if (v.common < 0) return true;
    if (v.procId != program_.current) return false;
    c.common = true;
    return true;
  }

  /// An element of an array component (g%mask(i, j), g%ocn%mask(i, j)) of a scalar variable of
  /// derived type, no POINTER on the way: that variable added to `c`, so that a write of any part
  /// of it changes the condition (kill).
  bool componentElementOf(const facts::Expression& e, const StatementRow& s, Condition& c) const {
    if (e.args.size() < 2 || e.args[0].kind != facts::ExpressionKind::Component) return false;
    for (size_t k = 1; k < e.args.size(); ++k)
      if (e.args[k].kind == facts::ExpressionKind::Range || !follow(e.args[k], s, c)) return false;
    // The components from the variable on: g, ocn, mask.
    std::vector<const std::string*> path;
    const facts::Expression* part = &e.args[0];
    while (part->kind == facts::ExpressionKind::Component && part->args.size() == 1) {
      path.push_back(&part->text);
      part = &part->args[0];
    }
    if (part->kind != facts::ExpressionKind::Name) return false;
    const std::string name = facts::fortranText(e.args[0]);
    for (Id ref : s.arrayRefs) {
      const ArrayRefRow& r = program_.arrayRef(ref);
      if (r.access != Access::Read || r.name != name || !r.varId) continue;
      const Variable& v = program_.variable(r.varId);
      if (v.name != part->text || v.isArray() || !v.derived || v.pointer || v.target || v.equivalence)
        return false;
      if (!inCommonHere(v, c)) return false;
      Id type = v.typeId;
      for (auto p = path.rbegin(); p != path.rend(); ++p) {
        const facts::ComponentRow* component = type ? program_.component(type, **p) : nullptr;
        if (!component || component->pointer) return false;
        const bool last = std::next(p) == path.rend();
        if (last) {
          if (component->rank.value_or(0) != static_cast<int64_t>(e.args.size() - 1)) return false;
        } else if (component->rank.value_or(-1) != 0) {
          return false;
        }
        type = component->derivedId;
      }
      c.vars.push_back(v.id);
      return true;
    }
    return false;
  }

  /// An element of an array (mask(i, j)), of subscripts the walk follows: its array added to `c`,
  /// so that a write of any element of it changes the condition (kill).
  bool elementOf(const facts::Expression& e, const StatementRow& s, Condition& c) const {
    if (e.args.empty() || !std::all_of(e.args.begin(), e.args.end(), [&](const facts::Expression& a) {
          return a.kind != facts::ExpressionKind::Range && follow(a, s, c);
        }))
      return false;
    for (Id ref : s.arrayRefs) {
      const ArrayRefRow& r = program_.arrayRef(ref);
      if (r.access != Access::Read || r.name != e.text || !r.varId) continue;
      const Variable& v = program_.variable(r.varId);
      if (!v.isArray() || v.pointer || v.target || v.equivalence || v.derived) return false;
      if (!inCommonHere(v, c)) return false;
      c.vars.push_back(v.id);
      return true;
    }
    return false;
  }

  /// A scalar designator of names and components: its derived type (0: intrinsic), with its
  /// variable added to `c` (nullopt: not one the walk follows).
  std::optional<Id> typeOf(const facts::Expression& e, const StatementRow& s, Condition& c) const {
    if (e.kind == facts::ExpressionKind::Component) {
      if (e.args.size() != 1) return std::nullopt;
      std::optional<Id> base = typeOf(e.args[0], s, c);
      if (!base || !*base) return std::nullopt;
      const facts::ComponentRow* component = program_.component(*base, e.text);
      if (!component || component->pointer || component->rank.value_or(-1) != 0) return std::nullopt;
      return component->derivedId;
    }
    if (e.kind != facts::ExpressionKind::Name) return std::nullopt;
    for (const ScalarRefRow& r : s.scalars) {
      if (r.access != Access::Read) continue;
      const Variable& v = program_.variable(r.varId);
      if (v.name != e.text) continue;
      if (v.isArray() || v.pointer || v.target || v.equivalence) return std::nullopt;
      if (!inCommonHere(v, c)) return std::nullopt;
      c.vars.push_back(v.id);
      return v.typeId;
    }
    return std::nullopt;
  }

  /// Whether a statement (a condition) writes anything or calls a procedure.
  bool writes(const StatementRow& s) const {
    const StatementEffects& effects = effectsOf_(s.id);
    return !s.calls.empty() || effects.opaqueCall ||
           std::any_of(effects.scalars.begin(), effects.scalars.end(), [](const ScalarAccess& a) { return a.access == 'W'; });
  }

  /// Forgets the conditions a statement may change, and what was known under them; returns
  /// whether it changed condition `which` (by index).
  bool kill(const StatementRow& s, State& st, std::optional<Literal> which = std::nullopt) {
    if (conditionList_.empty()) return false;
    const StatementEffects& effects = effectsOf_(s.id);
    std::vector<Id> written;
    bool calls = !s.calls.empty();
    for (const ScalarAccess& a : effects.scalars) {
      if (a.access == 'W') written.push_back(a.varId);
      if (a.callId) calls = true;
    }
    for (Id ref : s.arrayRefs) {
      const ArrayRefRow& r = program_.arrayRef(ref);
      if (r.access == Access::Write) written.push_back(r.varId);
    }
    for (const CallArrayAccess& a : effects.arrays)
      if (a.access == 'W') written.push_back(a.varId);
    bool changedWhich = false;
    std::vector<Literal> changed;
    for (size_t k = 0; k < conditionList_.size(); ++k) {
      const Condition& c = conditionList_[k];
      bool hit = effects.opaqueCall || (calls && c.common) ||
                 std::any_of(written.begin(), written.end(),
                             [&](Id v) { return std::binary_search(c.vars.begin(), c.vars.end(), v); });
      if (!hit) continue;
      changed.push_back(static_cast<Literal>(k));
      if (which && (*which >> 1) == k) changedWhich = true;
    }
    if (changed.empty() || !st.follows()) return changedWhich;
    auto isChanged = [&](Literal l) { return std::binary_search(changed.begin(), changed.end(), l >> 1); };
    for (auto it = st.assumed.begin(); it != st.assumed.end();) it = isChanged(*it) ? st.assumed.erase(it) : std::next(it);
    for (auto it = st.guarded.begin(); it != st.guarded.end();) it = isChanged(it->second) ? st.guarded.erase(it) : std::next(it);
    return changedWhich;
  }

  /// Whether `var` was written, on the paths to here, wherever what holds here (and `also`) holds.
  static bool covered(const State& st, Id var, std::optional<Literal> also) {
    if (st.certain.count(var)) return true;
    for (auto it = st.guarded.lower_bound({var, 0}); it != st.guarded.end() && it->first == var; ++it)
      if (st.assumed.count(it->second) || it->second == also) return true;
    return false;
  }

  ScalarUse& use(Id varId, Id stmt) {
    auto [it, added] = flow_.index.emplace(varId, flow_.uses.size());
    if (added) {
      ScalarUse u;
      u.varId = varId;
      u.firstStmt = stmt;
      flow_.uses.push_back(u);
    }
    return flow_.uses[it->second];
  }

  void statement(const StatementRow& s, State& st) {
    // The target of the jumps made so far: the paths that jumped join the one that came here in
    // order. What became certain since the first jump held on that path only (joinJumps drops
    // it), so what is certain is what held on every one of them; a write after this point is
    // certain on every path once every jump made has come back (jumps forward to known labels
    // only: a jump back may run what is before it again).
    if (jumped_ && !anyTarget_ && pendingTargets_.erase(s.id)) {
      joinJumps(st);
      if (pendingTargets_.empty()) jumped_ = false, jumpScope_ = 0;
    }
    const StatementEffects& effects = effectsOf_(s.id);
    // A logical IF's action runs only where its condition holds: a read in it is covered by a
    // write made wherever that condition holds.
    std::optional<Literal> own;
    std::vector<Id> conditionReads;
    if (conditions_ && s.kind == StatementKind::If && s.action) own = literalOf(s, &conditionReads);
    // A statement reads its operands before it writes its target.
    for (const ScalarAccess& a : effects.scalars) {
      if (a.access != 'R') continue;
      ScalarUse& u = use(a.varId, s.id);
      u.read = true;
      const bool inAction = own && !a.callId && !std::binary_search(conditionReads.begin(), conditionReads.end(), a.varId);
      if (!covered(st, a.varId, inAction ? own : std::nullopt) && !u.exposed) {
        u.exposed = true;
        u.firstExposedRead = s.id;
      }
    }
    if (s.jumps) {
      // Writes after it may be skipped until control leaves the block its targets are in, or
      // reaches them.
      const Id scope = jumpScope(s);
      // Writes on the path that falls through are followed after one jump only, whose every
      // target is a statement ahead (joinJumps there) or the end of the block the jump's scope
      // is (joinJumps there): a second jump, or a target at the end of an inner block, would
      // need joins the walk does not make.
      if (jumped_) {
        joinJumps(st);
        addAfterJump_ = false;
      } else {
        addAfterJump_ = std::all_of(s.jumpLabels.begin(), s.jumpLabels.end(), [&](int label) {
          const LabelRow* at = program_.label(label);
          return at && (at->stmtId > s.id || (at->stmtId == 0 && at->blockId == scope));
        });
      }
      if (!jumped_) jumpScope_ = scope, pendingTargets_.clear(), anyTarget_ = false;
      else if (jumpScope_ != 0 && (scope == 0 || childOf(scope, jumpScope_) > 0)) jumpScope_ = scope;
      jumped_ = true;
      anyTarget_ = anyTarget_ || s.jumpLabels.empty();
      for (int label : s.jumpLabels) {
        // The label's statement, or the first kept after it (a CONTINUE is not kept); none (0):
        // the end of its block, where the walk does not stop: that block holds the jump too (no
        // jump leads into a block), so the label is ahead, and the paths join where the jump's
        // scope ends (walk); 0 stays pending until then.
        const LabelRow* at = program_.label(label);
        if (!at || (at->stmtId != 0 && at->stmtId <= s.id)) anyTarget_ = true;
        else pendingTargets_.insert(at->stmtId);
      }
      if (anyTarget_) joinJumps(st), addAfterJump_ = false;  // a path may come back anywhere
    }
    const bool ownChanged = conditions_ && kill(s, st, own);
    for (const ScalarAccess& a : effects.scalars) {
      if (a.access != 'W') continue;
      ScalarUse& u = use(a.varId, s.id);
      if (!u.written) u.firstWrite = s.id;
      u.written = true;
      if (a.callId && !a.definite && !u.writeByCall) {
        u.writeByCall = true;
        u.firstCallWrite = a.callId;
      }
      // After a jump forward to known labels, a write is certain on the path that fell through,
      // which alone reaches the statements before those labels: until one of them (or the end of
      // the block they are in) is reached (joinJumps). After a jump that may lead anywhere, not.
      if (a.definite && (!jumped_ || addAfterJump_) && st.certain.insert(a.varId).second && jumped_) sinceJump_.push_back(a.varId);
    }
    if (effects.ends && endings_) st.ended = true;
    // IF (c) v = ...: v is written wherever c holds.
    if (own && !ownChanged && !jumped_ && *s.action == StatementKind::Assignment) {
      const facts::StatementExpressions& tree = program_.trees(s.id);
      if (tree.action.size() == 1 && !tree.action[0].exprs.empty() && tree.action[0].exprs[0].kind == facts::ExpressionKind::Name)
        for (const ScalarAccess& a : effects.scalars) {
          const Variable& v = program_.variable(a.varId);
          if (a.access == 'W' && !a.callId && !v.isArray() && v.name == tree.action[0].exprs[0].text) st.guarded.insert({a.varId, *own});
        }
      certainBothWays(st);
    }
  }

  const Program& program_;
  Id last_;
  const std::function<const StatementEffects&(Id)>& effectsOf_;
  const bool detailed_;  ///< the procedure's loops, calls and array references are loaded
  bool conditions_;      ///< conditions are followed (not in a code whose statements jump)
  bool endings_ = false;  ///< paths that end the program are cut (not in a code whose statements jump)
  Id next_ = 0;
  bool jumped_ = false;
  Id jumpScope_ = 0;  ///< the block a jump made leads no further than (0: anywhere)
  std::vector<Id> sinceJump_;  ///< made certain on the path that fell through since the first jump
  bool addAfterJump_ = false;  ///< that path's writes are followed (one jump, its joins known)
  std::set<Id> pendingTargets_;  ///< the statements the jumps made lead forward to
  bool anyTarget_ = false;        ///< a jump made may lead back, or anywhere
  std::vector<Condition> conditionList_;
  std::unordered_map<std::string, Literal> conditionIndex_;
  ScalarFlow flow_;
};

}  // namespace

ScalarFlow scalarFlow(const Program& program, Id root, Id first, Id last,
                      const std::function<const StatementEffects&(Id stmt)>& effectsOf, bool conditions) {
  return Walk(program, last, effectsOf, conditions).run(root, first);
}

}  // namespace sapfor::analyzer

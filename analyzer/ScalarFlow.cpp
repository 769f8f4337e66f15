/// @file ScalarFlow.cpp
#include "analyzer/ScalarFlow.hpp"

#include <boost/container/flat_set.hpp>

#include <algorithm>

namespace sapfor::analyzer {

const ScalarUse* ScalarFlow::find(Id varId) const {
  auto found = index.find(varId);
  return found == index.end() ? nullptr : &uses[found->second];
}

namespace {

/// The variables certainly written so far: a few, copied at every branch, so kept in one
/// sorted array rather than a tree.
using Defined = boost::container::flat_set<Id>;

class Walk {
 public:
  Walk(const Program& program, Id last, const std::function<const StatementEffects&(Id)>& effectsOf)
      : program_(program), last_(last), effectsOf_(effectsOf) {}

  ScalarFlow run(Id root, Id first) {
    next_ = first;
    Defined certain = walk(root, {});
    for (ScalarUse& use : flow_.uses) use.certainAtEnd = certain.count(use.varId) > 0;
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

  /// Walks the statements of `block` from `next_` on; returns the variables certainly written
  /// by the time the block ends, given those certain on entry.
  Defined walk(Id block, Defined certain) {
    while (next_ <= last_) {
      const StatementRow& s = program_.statement(next_);
      Id child = childOf(block, s.blockId);
      if (child < 0) break;
      if (child == 0) {
        statement(s, certain);
        ++next_;
        continue;
      }
      const BlockRow& b = program_.block(child);
      if (b.isLoop()) {
        walk(child, certain);  // it may run zero times: nothing certain comes out
        continue;
      }
      certain = construct(block, b.constructStmt, certain);
    }
    return certain;
  }

  /// The arms of one construct, with the ELSE IF / CASE statements between them: a variable is
  /// certain after it when the construct always runs an arm and every arm writes it.
  Defined construct(Id block, Id constructStmt, const Defined& certain) {
    std::vector<Defined> arms;
    while (next_ <= last_) {
      const StatementRow& s = program_.statement(next_);
      Id child = childOf(block, s.blockId);
      if (child > 0 && !program_.block(child).isLoop() && program_.block(child).constructStmt == constructStmt) {
        arms.push_back(walk(child, certain));
        continue;
      }
      if (child == 0 && isConstructCondition(s.kind)) {
        Defined unchanged = certain;  // a condition reads; it writes nothing certain
        statement(s, unchanged);
        ++next_;
        continue;
      }
      break;
    }
    auto found = program_.constructs.find(constructStmt);
    if (found == program_.constructs.end() || !found->second.complete || arms.empty() ||
        static_cast<size_t>(found->second.arms) != arms.size())
      return certain;
    Defined both = arms.front();
    for (size_t i = 1; i < arms.size(); ++i) {
      Defined kept;
      std::set_intersection(both.begin(), both.end(), arms[i].begin(), arms[i].end(), std::inserter(kept, kept.begin()));
      both = std::move(kept);
    }
    return both;
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

  void statement(const StatementRow& s, Defined& certain) {
    const StatementEffects& effects = effectsOf_(s.id);
    // A statement reads its operands before it writes its target.
    for (const ScalarAccess& a : effects.scalars) {
      if (a.access != 'R') continue;
      ScalarUse& u = use(a.varId, s.id);
      u.read = true;
      if (!certain.count(a.varId) && !u.exposed) {
        u.exposed = true;
        u.firstExposedRead = s.id;
      }
    }
    if (s.jumps) jumped_ = true;
    for (const ScalarAccess& a : effects.scalars) {
      if (a.access != 'W') continue;
      ScalarUse& u = use(a.varId, s.id);
      if (!u.written) u.firstWrite = s.id;
      u.written = true;
      if (a.callId && !a.definite && !u.writeByCall) {
        u.writeByCall = true;
        u.firstCallWrite = a.callId;
      }
      if (a.definite && !jumped_) certain.insert(a.varId);
    }
  }

  const Program& program_;
  Id last_;
  const std::function<const StatementEffects&(Id)>& effectsOf_;
  Id next_ = 0;
  bool jumped_ = false;
  ScalarFlow flow_;
};

}  // namespace

ScalarFlow scalarFlow(const Program& program, Id root, Id first, Id last,
                      const std::function<const StatementEffects&(Id stmt)>& effectsOf) {
  return Walk(program, last, effectsOf).run(root, first);
}

}  // namespace sapfor::analyzer

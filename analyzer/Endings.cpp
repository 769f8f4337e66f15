/// @file Endings.cpp
#include "analyzer/Endings.hpp"

#include <algorithm>
#include <unordered_map>

namespace sapfor::analyzer {

namespace {

using Node = FlowGraph::Node;

/// A LOGICAL value as the folding knows it: not reached yet, true, false, or either.
enum Truth : uint8_t { kNone = 0, kTrue = 1, kFalse = 2, kEither = 3 };

Truth join(Truth a, Truth b) { return static_cast<Truth>(a | b); }

Truth truthOf(bool value) { return value ? kTrue : kFalse; }

/// The subroutine call a CALL statement (or a logical IF's CALL action) makes (null: none).
const CallRow* subroutineCall(const Program& program, const StatementRow& s) {
  for (Id c : s.calls)
    if (program.call(c).kind == CallKind::Subroutine) return &program.call(c);
  return nullptr;
}

/// A statement's own kind, or a logical IF's action's.
StatementKind effectiveKind(const StatementRow& s) {
  return s.kind == StatementKind::If ? s.action.value_or(StatementKind::Unknown) : s.kind;
}

}  // namespace

bool Endings::anyEnding(const Program& program, const NeverReturns& neverReturns) {
  for (const StatementRow& s : program.statements) {
    const StatementKind kind = effectiveKind(s);
    if (kind == StatementKind::Stop) return true;
    if (kind == StatementKind::Call)
      if (const CallRow* c = subroutineCall(program, s); c && neverReturns(*c)) return true;
  }
  return false;
}

std::vector<std::string> Endings::presenceTested(const Program& program) {
  std::vector<std::string> names;
  std::function<void(const facts::Expression&)> walk = [&](const facts::Expression& e) {
    if (e.kind == facts::ExpressionKind::Intrinsic && e.text == "present" && e.args.size() == 1 &&
        e.args[0].kind == facts::ExpressionKind::Name &&
        std::find(names.begin(), names.end(), e.args[0].text) == names.end())
      names.push_back(e.args[0].text);
    for (const facts::Expression& a : e.args) walk(a);
  };
  for (const StatementRow& s : program.statements) {
    if (s.expr.find("\"present\"") == std::string::npos) continue;  // most statements: no tree to read
    const facts::StatementExpressions& tree = program.trees(s.id);
    for (const facts::Expression& e : tree.exprs) walk(e);
    for (const facts::StatementExpressions& action : tree.action)
      for (const facts::Expression& e : action.exprs) walk(e);
  }
  return names;
}

Endings::Endings(const Program& program, const FlowGraph& graph, const NeverReturns& neverReturns, const Presence* presence)
    : program_(program), graph_(graph) {
  const size_t nodes = graph.size();
  ends_.assign(nodes, 0);
  actionEnds_.assign(program.statements.size(), 0);
  actionAlways_.assign(program.statements.size(), 0);
  // What ends the program whenever it runs: a STOP, a call that never returns (a statement's or
  // a logical IF's action).
  std::vector<char> endsWhenRun(program.statements.size(), 0);
  bool candidates = false;
  for (const StatementRow& s : program.statements) {
    const StatementKind kind = effectiveKind(s);
    bool runEnds = kind == StatementKind::Stop;
    if (kind == StatementKind::Call)
      if (const CallRow* c = subroutineCall(program, s)) runEnds = neverReturns(*c);
    endsWhenRun[program.statementIndex(s.id)] = runEnds;
    candidates |= runEnds;
  }
  if (!candidates) return;  // the usual case: nothing to walk
  if (presence) fold(*presence);

  auto dead = [&](Node from, Node to) { return std::binary_search(dead_.begin(), dead_.end(), std::make_pair(from, to)); };
  std::vector<uint32_t> remaining(nodes, 0);
  std::vector<std::pair<uint32_t, uint32_t>> reverse;
  for (Node n = 0; n < nodes; ++n)
    for (Node m : graph.successors(n))
      if (!dead(n, m)) {
        ++remaining[n];
        reverse.emplace_back(m, n);
      }
  const Adjacency predecessors(nodes, reverse);
  std::vector<Node> work;
  for (const StatementRow& s : program.statements) {
    const size_t index = program.statementIndex(s.id);
    const bool always = s.kind != StatementKind::If || actionAlways_[index];
    actionEnds_[index] = endsWhenRun[index] && s.kind == StatementKind::If;
    if (endsWhenRun[index] && always) {
      ends_[graph.statementNode(s.id)] = 1;
      work.push_back(graph.statementNode(s.id));
    }
  }
  while (!work.empty()) {
    Node n = work.back();
    work.pop_back();
    for (Node p : predecessors[n])
      if (!ends_[p] && --remaining[p] == 0) {
        ends_[p] = 1;
        work.push_back(p);
      }
  }
  for (const StatementRow& s : program.statements) {
    const size_t index = program.statementIndex(s.id);
    actionEnds_[index] |= ends_[graph.statementNode(s.id)];
    any_ |= actionEnds_[index] != 0;
  }
  entryEnds_ = graph.entryNode() != graph.exitNode() && ends_[graph.entryNode()];
}

bool Endings::ends(Id stmt) const { return ends_[graph_.statementNode(stmt)] != 0; }

bool Endings::actionEnds(Id stmt) const { return actionEnds_[program_.statementIndex(stmt)] != 0; }

void Endings::fold(const Presence& presence) {
  // The LOGICAL locals a value can be followed in: scalars of this procedure that nothing else
  // reaches (no SAVE, no POINTER or TARGET, no EQUIVALENCE); the first kMaxTracked of them, so
  // that the walk stays linear in the procedure's size (any other is "either").
  constexpr size_t kMaxTracked = 32;
  std::unordered_map<std::string, size_t> trackedByName;
  std::unordered_map<Id, size_t> trackedById;
  for (const StatementRow& s : program_.statements)
    for (const ScalarRefRow& r : s.scalars) {
      const Variable& v = program_.variable(r.varId);
      if (!v.logical || v.storage != Storage::Local || v.save || v.rank != 0 || v.pointer || v.target || v.equivalence ||
          v.procId != program_.current || trackedById.count(v.id) || trackedById.size() == kMaxTracked)
        continue;
      trackedById.emplace(v.id, trackedByName.size());
      trackedByName.emplace(v.name, trackedByName.size());
    }
  const size_t width = trackedByName.size();
  // A call may change any of them when the procedure has internal procedures (host association).
  bool hostsProcedures = false;
  for (const ProcedureRow& p : program_.procedures) hostsProcedures |= p.hostId == program_.current;


  std::function<Truth(const facts::Expression&, const Truth*)> eval = [&](const facts::Expression& e, const Truth* state) -> Truth {
    using K = facts::ExpressionKind;
    switch (e.kind) {
      case K::Logical: return truthOf(e.value != 0);
      case K::Constant:
        return !e.args.empty() && e.args[0].kind == K::Logical ? truthOf(e.args[0].value != 0) : kEither;
      case K::Name: {
        auto found = trackedByName.find(e.text);
        return found == trackedByName.end() || state[found->second] == kNone ? kEither : state[found->second];
      }
      case K::Paren: return e.args.size() == 1 ? eval(e.args[0], state) : kEither;
      case K::Intrinsic:
        if (e.text == "present" && e.args.size() == 1 && e.args[0].kind == K::Name)
          if (std::optional<bool> p = presence(e.args[0].text)) return truthOf(*p);
        return kEither;
      case K::Operator: {
        if (e.text == ".not." && e.args.size() == 1) {
          const Truth x = eval(e.args[0], state);
          return x == kTrue ? kFalse : x == kFalse ? kTrue : kEither;
        }
        if (e.args.size() != 2) return kEither;
        const Truth x = eval(e.args[0], state), y = eval(e.args[1], state);
        if (e.text == ".and.") return x == kFalse || y == kFalse ? kFalse : x == kTrue && y == kTrue ? kTrue : kEither;
        if (e.text == ".or.") return x == kTrue || y == kTrue ? kTrue : x == kFalse && y == kFalse ? kFalse : kEither;
        if ((e.text == ".eqv." || e.text == ".neqv.") && x != kEither && y != kEither)
          return truthOf((x == y) == (e.text == ".eqv."));
        return kEither;
      }
      default: return kEither;
    }
  };
  // The tracked variable an assignment's target names (width: none).
  auto target = [&](const std::vector<facts::Expression>& exprs) -> size_t {
    if (exprs.size() != 2 || exprs[0].kind != facts::ExpressionKind::Name) return width;
    auto found = trackedByName.find(exprs[0].text);
    return found == trackedByName.end() ? width : found->second;
  };
  // A statement's condition (IF, ELSE IF, a logical IF's).
  auto condition = [&](const StatementRow& s, const Truth* state) -> Truth {
    const facts::StatementExpressions& tree = program_.trees(s.id);
    return tree.exprs.empty() ? kEither : eval(tree.exprs[0], state);
  };
  auto isCondition = [](StatementKind k) { return k == StatementKind::If || k == StatementKind::IfThen || k == StatementKind::ElseIf; };

  const size_t nodes = graph_.size();
  std::vector<Truth> in(nodes * std::max<size_t>(width, 1), kNone);
  std::vector<char> reached(nodes, 0);
  std::vector<Truth> out(width);
  std::vector<Node> work{graph_.entryNode()};
  reached[graph_.entryNode()] = 1;
  std::fill_n(in.begin() + static_cast<std::ptrdiff_t>(graph_.entryNode() * width), width, kEither);  // locals start undefined
  auto flowTo = [&](Node m) {
    Truth* state = in.data() + m * width;
    bool changed = !reached[m];
    reached[m] = 1;
    for (size_t t = 0; t < width; ++t) {
      const Truth joined = join(state[t], out[t]);
      changed |= joined != state[t];
      state[t] = joined;
    }
    if (changed) work.push_back(m);
  };
  while (!work.empty()) {
    const Node n = work.back();
    work.pop_back();
    const Truth* state = in.data() + n * width;
    std::copy(state, state + width, out.begin());
    const Id stmt = graph_.statementOf(n);
    std::optional<std::pair<Node, Node>> branch;
    Truth decided = kEither;
    if (stmt) {
      const StatementRow& s = program_.statement(stmt);
      const facts::StatementExpressions& tree = program_.trees(stmt);
      size_t assigned = width;
      if (s.kind == StatementKind::Assignment) {
        assigned = target(tree.exprs);
        if (assigned < width) out[assigned] = eval(tree.exprs[1], state);
      } else if (s.kind == StatementKind::If && s.action == StatementKind::Assignment && !tree.action.empty()) {
        assigned = target(tree.action[0].exprs);
        if (assigned < width) {
          const Truth c = condition(s, state), value = eval(tree.action[0].exprs[1], state);
          out[assigned] = c == kTrue ? value : c == kFalse ? state[assigned] : join(state[assigned], value);
        }
      }
      for (const ScalarRefRow& r : s.scalars) {
        auto found = trackedById.find(r.varId);
        if (found == trackedById.end() || found->second == assigned) continue;
        if (r.access == Access::Write || r.context == RefContext::CallArg) out[found->second] = kEither;
      }
      if (hostsProcedures && !s.calls.empty()) std::fill(out.begin(), out.end(), kEither);
      if (s.kind == StatementKind::IfThen || s.kind == StatementKind::ElseIf) {
        branch = graph_.branches(n);
        if (branch) decided = condition(s, state);
      }
    }
    for (Node m : graph_.successors(n)) {
      if (branch && ((decided == kTrue && m == branch->second) || (decided == kFalse && m == branch->first))) continue;
      flowTo(m);
    }
  }
  // What the fixed point decides: branches never taken, logical IFs whose action always runs.
  for (const StatementRow& s : program_.statements) {
    const Node n = graph_.statementNode(s.id);
    if (!reached[n] || !isCondition(s.kind)) continue;
    const Truth c = condition(s, in.data() + n * width);
    if (s.kind == StatementKind::If) {
      actionAlways_[program_.statementIndex(s.id)] = c == kTrue;
      continue;
    }
    if (std::optional<std::pair<Node, Node>> branch = graph_.branches(n)) {
      if (c == kTrue) dead_.emplace_back(n, branch->second);
      if (c == kFalse) dead_.emplace_back(n, branch->first);
    }
  }
  std::sort(dead_.begin(), dead_.end());
}

}  // namespace sapfor::analyzer

/// @file FlowGraph.cpp
#include "analyzer/FlowGraph.hpp"

#include <algorithm>
#include <string_view>
#include <tuple>

namespace sapfor::analyzer {

/// What a block runs, in order: a statement, a loop (its head and body; a DO statement before it
/// is a statement of its own), a construct (its statement, the ELSE IF / CASE statements between
/// its arms, the arms) or a body that may run any number of times (a FORALL whose header did not
/// parse).
struct FlowGraph::Item {
  enum class Kind { Statement, Loop, Construct, Repeat } kind = Kind::Statement;
  std::pair<Id, int> position;  ///< the statement it starts at, and 1 for a loop after its DO statement
  Id stmt = 0;                  ///< Statement, Construct
  Id loop = 0;                  ///< Loop
  Id block = 0;                 ///< Repeat
  std::vector<Id> conditions;   ///< Construct: ELSE IF, CASE ... statements
  std::vector<Id> arms;         ///< Construct: its arm blocks, in order
};

bool Adjacency::Range::contains(uint32_t value) const { return std::find(first, last, value) != last; }

Adjacency::Adjacency(size_t nodes, const std::vector<std::pair<uint32_t, uint32_t>>& pairs) : offsets_(nodes + 1, 0) {
  for (const auto& [node, value] : pairs) ++offsets_[node + 1];
  for (size_t n = 0; n < nodes; ++n) offsets_[n + 1] += offsets_[n];
  values_.resize(pairs.size());
  std::vector<uint32_t> next(offsets_.begin(), offsets_.end() - 1);
  for (const auto& [node, value] : pairs) values_[next[node]++] = value;
  // Repeats out, each node's first occurrences kept in order, the lists packed again.
  uint32_t written = 0;
  for (size_t n = 0; n < nodes; ++n) {
    uint32_t begin = offsets_[n], end = offsets_[n + 1];
    offsets_[n] = written;
    for (uint32_t i = begin; i < end; ++i)
      if (std::find(values_.begin() + offsets_[n], values_.begin() + written, values_[i]) == values_.begin() + written)
        values_[written++] = values_[i];
  }
  offsets_[nodes] = written;
  values_.resize(written);
}

FlowGraph::FlowGraph(const Program& program)
    : program_(program), statements_(program.statements.size()), loops_(program.loops.size()),
      nodes_(statements_ + loops_ + program.blocks.size() + 1) {
  loopFollow_.assign(loops_, exitNode());
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  pairs.reserve(program.blocks.size());
  for (const BlockRow& b : program.blocks)
    pairs.emplace_back(b.parentId ? program.blockIndex(b.parentId) + 1 : 0, static_cast<uint32_t>(program.blockIndex(b.id)));
  childBlocks_ = Adjacency(program.blocks.size() + 1, pairs);
  pairs.clear();
  for (const StatementRow& s : program.statements)
    pairs.emplace_back(s.blockId ? program.blockIndex(s.blockId) + 1 : 0, static_cast<uint32_t>(program.statementIndex(s.id)));
  rows_ = Adjacency(program.blocks.size() + 1, pairs);
  edges_.reserve(2 * nodes_);
  entry_ = link(0, exitNode());  // the procedure starts at what it returns; nothing reaches it
  successors_ = Adjacency(nodes_, edges_);
  exits_ = Adjacency(loops_, exitEdges_);
  std::sort(branches_.begin(), branches_.end());
  edges_ = {};
  exitEdges_ = {};
}

Id FlowGraph::statementOf(Node n) const {
  return n < statements_ ? program_.statements[n].id : 0;
}

std::optional<std::pair<FlowGraph::Node, FlowGraph::Node>> FlowGraph::branches(Node n) const {
  auto at = std::lower_bound(branches_.begin(), branches_.end(), std::make_tuple(n, Node{0}, Node{0}));
  if (at == branches_.end() || std::get<0>(*at) != n) return std::nullopt;
  return std::make_pair(std::get<1>(*at), std::get<2>(*at));
}

Id FlowGraph::headOf(Node n) const {
  return n >= statements_ && n < statements_ + loops_ ? program_.loops[n - statements_].id : 0;
}

FlowGraph::Node FlowGraph::endNode(Id block) const {
  if (!block) return exitNode();
  return static_cast<Node>(statements_ + loops_ + program_.blockIndex(block));
}

void FlowGraph::edge(Node from, Node to) { edges_.emplace_back(from, to); }

std::vector<FlowGraph::Item> FlowGraph::itemsOf(Id block) const {
  std::vector<Item> items;
  const size_t index = block ? program_.blockIndex(block) + 1 : 0;
  for (uint32_t row : rows_[index]) {
    Item item;
    item.stmt = program_.statements[row].id;
    item.position = {item.stmt, 0};
    items.push_back(std::move(item));
  }
  for (uint32_t childIndex : childBlocks_[index]) {
    const BlockRow& b = program_.blocks[childIndex];
    const Id child = b.id;
    if (b.isLoop() && b.loopId) {
      const LoopRow& l = program_.loop(b.loopId);
      Item item;
      item.kind = Item::Kind::Loop;
      item.loop = l.id;
      bool headerHere = l.headerStmt && program_.statement(l.headerStmt).blockId == block;
      item.position = headerHere ? std::make_pair(l.headerStmt, 1)
                                 : std::make_pair(l.headerStmt ? l.headerStmt : l.firstStmt, 0);
      items.push_back(std::move(item));
    } else if (!b.constructStmt || program_.statement(b.constructStmt).blockId != block) {
      Item item;  // an arm with no construct statement here: it may run any number of times
      item.kind = Item::Kind::Repeat;
      item.block = child;
      Id first = firstStatement(child);
      if (!first) continue;  // nothing runs in it
      item.position = {first, 0};
      items.push_back(std::move(item));
    }
  }
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.position < b.position; });
  // Constructs: their statement, then the arms (in child blocks) and the condition statements.
  std::vector<Item> out;
  out.reserve(items.size());
  for (Item& item : items) {
    if (item.kind == Item::Kind::Statement) {
      const StatementRow& s = program_.statement(item.stmt);
      if (isConstructCondition(s.kind) && !out.empty() && out.back().kind == Item::Kind::Construct) {
        out.back().conditions.push_back(s.id);
        continue;
      }
      for (uint32_t childIndex : childBlocks_[index]) {
        const BlockRow& b = program_.blocks[childIndex];
        if (!b.isLoop() && b.constructStmt == s.id) item.arms.push_back(b.id);
      }
      if (!item.arms.empty()) {
        item.kind = Item::Kind::Construct;
        std::sort(item.arms.begin(), item.arms.end(),
                  [&](Id x, Id y) { return program_.block(x).arm < program_.block(y).arm; });
      }
    }
    out.push_back(std::move(item));
  }
  return out;
}

FlowGraph::Node FlowGraph::link(Id block, Node follow) {
  std::vector<Item> items = itemsOf(block);
  Node next = follow;
  for (auto item = items.rbegin(); item != items.rend(); ++item) {
    switch (item->kind) {
      case Item::Kind::Statement: {
        const StatementRow& s = program_.statement(item->stmt);
        Node n = statementNode(s.id);
        transfers(s, n, next);
        next = n;
        break;
      }
      case Item::Kind::Loop: {
        const LoopRow& l = program_.loop(item->loop);
        Node head = headNode(l.id);
        loopFollow_[program_.loopIndex(l.id)] = next;
        edge(head, next);  // the last iteration ends the loop (the first, when it runs none)
        exitEdges_.emplace_back(static_cast<Node>(program_.loopIndex(l.id)), next);
        if (l.bodyBlock) {
          edge(head, link(l.bodyBlock, endNode(l.bodyBlock)));
          edge(endNode(l.bodyBlock), head);
        }
        next = head;
        break;
      }
      case Item::Kind::Construct:
        linkConstruct(*item, next);
        next = statementNode(item->stmt);
        break;
      case Item::Kind::Repeat: {
        Node end = endNode(item->block);
        edge(end, link(item->block, end));
        edge(end, next);
        next = end;
        break;
      }
    }
  }
  // A construct arm or a loop body is linked to its own end (the caller links that end on):
  // no edge from the end to itself, which would be a path that never leaves it.
  if (block && endNode(block) != follow) edge(endNode(block), follow);
  return next;
}

void FlowGraph::linkConstruct(const Item& item, Node follow) {
  const StatementRow& head = program_.statement(item.stmt);
  std::vector<Node> arms;
  for (Id arm : item.arms) arms.push_back(link(arm, endNode(arm)));
  for (Id arm : item.arms) edge(endNode(arm), follow);
  Node start = statementNode(item.stmt);
  std::vector<Node> conditions;
  for (Id c : item.conditions) conditions.push_back(statementNode(c));
  auto found = program_.constructs.find(item.stmt);
  bool complete = found != program_.constructs.end() && found->second.complete;
  // IF ... ELSE IF ... ELSE: each condition goes to its arm or to the next condition (the ELSE
  // arm, or past the construct without one).
  if (head.kind == StatementKind::IfThen && arms.size() == conditions.size() + 1 + (complete ? 1 : 0)) {
    for (size_t j = 0; j <= conditions.size(); ++j) {
      Node at = j == 0 ? start : conditions[j - 1];
      Node otherwise = j < conditions.size() ? conditions[j] : complete ? arms.back() : follow;
      edge(at, arms[j]);
      edge(at, otherwise);
      branches_.emplace_back(at, arms[j], otherwise);
    }
    return;
  }
  // SELECT CASE, WHERE and anything else: from the construct's statement to any arm, any CASE
  // statement or past it.
  for (Node at : conditions) {
    edge(start, at);
    for (Node arm : arms) edge(at, arm);
    edge(at, follow);
  }
  for (Node arm : arms) edge(start, arm);
  edge(start, follow);
}

Id FlowGraph::firstStatement(Id block) const {
  const size_t index = program_.blockIndex(block) + 1;
  Adjacency::Range rows = rows_[index];
  Id first = rows.begin() == rows.end() ? 0 : program_.statements[*rows.begin()].id;
  for (uint32_t child : childBlocks_[index])
    if (Id inner = firstStatement(program_.blocks[child].id); inner && (!first || inner < first)) first = inner;
  return first;
}

FlowGraph::Node FlowGraph::labelNode(int label) const {
  const LabelRow* at = program_.label(label);
  if (!at) return exitNode();  // no such label: reported by the front end
  return at->stmtId ? statementNode(at->stmtId) : endNode(at->blockId);
}

bool FlowGraph::inside(Node n, Id loop) const {
  if (Id stmt = statementOf(n)) {
    Id inner = program_.statement(stmt).loopId;
    return inner && program_.within(inner, loop);
  }
  if (Id head = headOf(n)) return program_.within(head, loop);
  if (n == exitNode()) return false;
  Id block = program_.blocks[n - statements_ - loops_].id;
  for (Id b = block; b != 0; b = program_.block(b).parentId)
    if (program_.block(b).isLoop() && program_.within(program_.block(b).loopId, loop)) return true;
  return false;
}

void FlowGraph::transfers(const StatementRow& s, Node node, Node follow) {
  using K = StatementKind;
  const bool conditional = s.kind == K::If;
  const K kind = conditional ? s.action.value_or(K::Unknown) : s.kind;
  if (s.jumpLabels.empty() && !transfersControl(kind)) {  // most statements: on to the next
    edge(node, follow);
    return;
  }
  std::vector<Node> targets;
  bool falls = true;
  std::vector<Id> loops, arms;  // around the statement, innermost first
  for (Id b = s.blockId; b != 0; b = program_.block(b).parentId)
    (program_.block(b).isLoop() ? loops : arms).push_back(program_.block(b).isLoop() ? program_.block(b).loopId : b);
  auto toLabels = [&] {
    if (s.jumpLabels.empty() && s.jumps) {  // an assigned GO TO without a list: any label
      for (const LabelRow& l : program_.labels) targets.push_back(labelNode(l.label));
    } else {
      for (int label : s.jumpLabels) targets.push_back(labelNode(label));
    }
  };
  if (kind == K::Goto || kind == K::AssignedGoto || kind == K::ArithIf) {
    toLabels();
    falls = conditional;
  } else if (kind == K::ComputedGoto) {
    toLabels();
  } else if (kind == K::Exit) {
    // The loop it leaves (the innermost, or the one it names), or a named construct around it.
    for (Id l : loops) targets.push_back(loopFollow_[program_.loopIndex(l)]);
    for (Id arm : arms) targets.push_back(endNode(arm));
    falls = conditional;
  } else if (kind == K::Cycle) {
    for (Id l : loops) targets.push_back(headNode(l));
    falls = conditional;
  } else if (kind == K::Return) {
    targets.push_back(exitNode());
    falls = conditional;
  } else if (kind == K::Stop) {
    falls = conditional;  // the program ends: nothing reads what it left
  } else if (!s.jumpLabels.empty()) {
    toLabels();  // ERR=, END=, an alternate return
  }
  if (falls) edge(node, follow);
  for (Node t : targets) {
    edge(node, t);
    for (Id l : loops)
      if (!inside(t, l)) exitEdges_.emplace_back(static_cast<Node>(program_.loopIndex(l)), t);
  }
}

// ---- liveness -----------------------------------------------------------------------------------

Liveness::Liveness(const FlowGraph& graph, const Program& program, const Effects& effects, std::vector<Id> variables,
                   const std::function<const StatementEffects&(Id stmt)>& effectsOf, Uses which)
    : graph_(graph), program_(program), variables_(std::move(variables)) {
  std::sort(variables_.begin(), variables_.end());
  variables_.erase(std::unique(variables_.begin(), variables_.end()), variables_.end());
  words_ = (variables_.size() + 63) / 64;
  const size_t nodes = graph.size();
  liveIn_.assign(nodes * words_, 0);
  uses_ = Adjacency(nodes, {});
  if (variables_.empty()) return;
  std::vector<std::pair<uint32_t, uint32_t>> uses, defs;  // (node, bit)
  const Id proc = program.current;
  // What an unknown callee may read, and what the procedure's caller may read after it returns.
  std::vector<uint32_t> global, shared;
  const bool mainProgram = program.procedure(proc).kind == ProcedureKind::Program;
  for (size_t i = 0; i < variables_.size() && which == Uses::All; ++i) {
    const Variable& v = program.variable(variables_[i]);
    Reach r = effects.reach(v.id, proc);
    if (r == Reach::Common || r == Reach::Module) global.push_back(static_cast<uint32_t>(i));
    if (!mainProgram && (r != Reach::Local || v.storage == Storage::Result)) shared.push_back(static_cast<uint32_t>(i));
  }
  for (const StatementRow& s : program.statements) {
    FlowGraph::Node n = graph.statementNode(s.id);
    const StatementEffects& e = effectsOf(s.id);
    for (const ScalarAccess& a : e.scalars) {
      std::optional<size_t> bit = bitOf(a.varId);
      if (!bit) continue;
      if (a.access == 'R') uses.emplace_back(n, static_cast<uint32_t>(*bit));
      else if (a.definite) defs.emplace_back(n, static_cast<uint32_t>(*bit));
    }
    if (e.opaqueCall)
      for (uint32_t bit : global) uses.emplace_back(n, bit);
  }
  for (const LoopRow& l : program.loops)
    if (std::optional<size_t> bit = l.varId ? bitOf(l.varId) : std::nullopt)  // each iteration steps it
      if (!l.headerStmt || !program.neverRuns(program.statement(l.headerStmt)))  // a loop that never runs does not
        uses.emplace_back(graph.headNode(l.id), static_cast<uint32_t>(*bit));
  for (uint32_t bit : shared) uses.emplace_back(graph.exitNode(), bit);
  uses_ = Adjacency(nodes, uses);
  const Adjacency kills(nodes, defs);

  std::vector<std::pair<uint32_t, uint32_t>> edges;
  for (FlowGraph::Node n = 0; n < nodes; ++n)
    for (FlowGraph::Node s : graph.successors(n)) edges.emplace_back(s, n);
  const Adjacency predecessors(nodes, edges);
  std::vector<uint64_t> in(words_);
  std::vector<FlowGraph::Node> work;
  std::vector<bool> queued(nodes, true);
  work.reserve(nodes);
  for (FlowGraph::Node n = 0; n < nodes; ++n) work.push_back(n);  // popped from the exit backwards
  while (!work.empty()) {
    FlowGraph::Node n = work.back();
    work.pop_back();
    queued[n] = false;
    std::fill(in.begin(), in.end(), 0);
    for (FlowGraph::Node s : graph.successors(n))
      for (size_t w = 0; w < words_; ++w) in[w] |= liveIn_[s * words_ + w];
    for (uint32_t bit : kills[n]) in[bit / 64] &= ~(uint64_t{1} << (bit % 64));
    for (uint32_t bit : uses_[n]) in[bit / 64] |= uint64_t{1} << (bit % 64);
    if (std::equal(in.begin(), in.end(), liveIn_.begin() + static_cast<std::ptrdiff_t>(n * words_))) continue;
    std::copy(in.begin(), in.end(), liveIn_.begin() + static_cast<std::ptrdiff_t>(n * words_));
    for (FlowGraph::Node p : predecessors[n])
      if (!queued[p]) {
        queued[p] = true;
        work.push_back(p);
      }
  }
}

std::optional<size_t> Liveness::bitOf(Id var) const {
  auto at = std::lower_bound(variables_.begin(), variables_.end(), var);
  if (at == variables_.end() || *at != var) return std::nullopt;
  return static_cast<size_t>(at - variables_.begin());
}

bool Liveness::liveAfter(Id loop, Id var) const {
  std::optional<size_t> bit = bitOf(var);
  if (!bit) return false;
  for (FlowGraph::Node t : graph_.exits(loop))
    if (live(t, *bit)) return true;
  return false;
}

bool Liveness::liveAtEntry(Id var) const {
  std::optional<size_t> bit = bitOf(var);
  return bit && live(graph_.entryNode(), *bit);
}

bool Liveness::liveAround(Id stmt, Id var) const {
  std::optional<size_t> bit = bitOf(var);
  if (!bit) return false;
  const FlowGraph::Node n = graph_.statementNode(stmt);
  if (live(n, *bit)) return true;
  for (FlowGraph::Node s : graph_.successors(n))
    if (live(s, *bit)) return true;
  return false;
}

std::optional<Liveness::Read> Liveness::readAfter(Id loop, Id var) const {
  std::optional<size_t> bit = bitOf(var);
  if (!bit) return std::nullopt;
  // Breadth first along the nodes where the value is live, to the nearest one that reads it.
  std::vector<FlowGraph::Node> queue;
  std::vector<bool> seen(graph_.size(), false);
  for (FlowGraph::Node t : graph_.exits(loop))
    if (live(t, *bit) && !seen[t]) {
      seen[t] = true;
      queue.push_back(t);
    }
  for (size_t i = 0; i < queue.size(); ++i) {
    FlowGraph::Node n = queue[i];
    if (uses_[n].contains(static_cast<uint32_t>(*bit))) {
      if (n == graph_.exitNode()) return Read{0, true};
      if (Id stmt = graph_.statementOf(n)) return Read{program_.statement(stmt).line, false};
      return Read{program_.loop(graph_.headOf(n)).line, false};
    }
    for (FlowGraph::Node s : graph_.successors(n))
      if (live(s, *bit) && !seen[s]) {
        seen[s] = true;
        queue.push_back(s);
      }
  }
  return std::nullopt;
}

}  // namespace sapfor::analyzer

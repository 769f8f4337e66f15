/// @file FlowGraph.hpp
/// The control flow of the procedure loaded in a Program, built from the front end's blocks (loop
/// bodies, construct arms), labels and jumps, and which scalars are live where: whether some
/// path from a point may read a variable's value before writing it. This is what decides whether
/// the value a loop leaves in a variable can be used after the loop: by the rest of the
/// procedure, by a later iteration of a loop around it, after a GO TO backwards or an EXIT, or,
/// for a variable the procedure shares (a dummy, COMMON, a module or a host variable, SAVE, a
/// function's result), by whoever runs after it returns.
///
/// A node per statement, one per loop (its head, where each iteration begins and the loop ends)
/// and one per block (its end), and the procedure's exit. Where the code does not say where
/// control goes (an EXIT of a named construct, an assigned GO TO without a list) the graph has
/// an edge to every place it may go: more paths only make more values live, never fewer.
#pragma once

#include "analyzer/Effects.hpp"
#include "analyzer/ProgramModel.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <tuple>
#include <vector>

namespace sapfor::analyzer {

/// Lists of small numbers per node (successors, the variables a node reads...), built once from
/// (node, value) pairs: two arrays, not a vector per node.
class Adjacency {
 public:
  struct Range {
    const uint32_t* first = nullptr;
    const uint32_t* last = nullptr;
    const uint32_t* begin() const { return first; }
    const uint32_t* end() const { return last; }
    bool contains(uint32_t value) const;
  };
  Adjacency() = default;
  /// `pairs` in any order; each node's values keep their order, repeats dropped.
  Adjacency(size_t nodes, const std::vector<std::pair<uint32_t, uint32_t>>& pairs);
  Range operator[](size_t node) const { return {values_.data() + offsets_[node], values_.data() + offsets_[node + 1]}; }

 private:
  std::vector<uint32_t> offsets_, values_;
};

class FlowGraph {
 public:
  using Node = uint32_t;

  explicit FlowGraph(const Program& program);

  size_t size() const { return nodes_; }
  Adjacency::Range successors(Node n) const { return successors_[n]; }
  Node statementNode(Id stmt) const { return static_cast<Node>(program_.statementIndex(stmt)); }
  Node headNode(Id loop) const { return static_cast<Node>(statements_ + program_.loopIndex(loop)); }
  Node exitNode() const { return static_cast<Node>(nodes_ - 1); }
  /// Where the procedure starts (its first statement's node; the exit when it has none).
  Node entryNode() const { return entry_; }
  /// The statement a node is (0: a loop's head, a block's end, the exit).
  Id statementOf(Node n) const;
  /// The loop whose head a node is (0: none).
  Id headOf(Node n) const;
  /// Where control goes when it leaves a loop: after its last iteration, and every jump out of it.
  Adjacency::Range exits(Id loop) const { return exits_[program_.loopIndex(loop)]; }
  /// An IF or ELSE IF statement's node: where control goes when its condition holds and when it
  /// does not (nullopt: not such a node, or a construct linked otherwise).
  std::optional<std::pair<Node, Node>> branches(Node n) const;

 private:
  struct Item;
  Node endNode(Id block) const;
  std::vector<Item> itemsOf(Id block) const;
  /// Links the items of `block`; control goes on at `follow` after its last. Returns its entry.
  Node link(Id block, Node follow);
  void linkConstruct(const Item& item, Node follow);
  void transfers(const StatementRow& s, Node node, Node follow);
  void edge(Node from, Node to);
  Node labelNode(int label) const;
  /// The first statement inside a block, its nested blocks included (0: none).
  Id firstStatement(Id block) const;
  bool inside(Node n, Id loop) const;

  const Program& program_;
  size_t statements_ = 0, loops_ = 0, nodes_ = 0;
  std::vector<std::pair<Node, Node>> edges_, exitEdges_;  ///< while building: (from, to), (loop index, to)
  Adjacency successors_;
  Node entry_ = 0;
  Adjacency exits_;                       ///< per loop index
  std::vector<std::tuple<Node, Node, Node>> branches_;  ///< (IF node, when true, when false), sorted
  std::vector<Node> loopFollow_;          ///< per loop: where control goes after it ends
  Adjacency childBlocks_;  ///< per block index + 1 (0: the procedure's level): block indexes
  Adjacency rows_;         ///< per block index + 1: the indexes of the statements directly in it
};

/// Which of some scalars are live at each node of a flow graph: a backward data flow (a read
/// makes a value live, a write on every path through a statement ends it). A statement's reads
/// and writes are its effects, calls included; a call of a procedure with no body here may read
/// any COMMON or module variable; at the exit, the variables the procedure shares are read by
/// whoever runs next (not after a main program).
class Liveness {
 public:
  /// Which reads count besides the statements': All, a callee with no body here (of a COMMON or
  /// module variable) and the caller after the procedure returns (of what it shares) too;
  /// OwnReads, the statements' alone (what other procedures read is accounted for elsewhere).
  enum class Uses { All, OwnReads };
  Liveness(const FlowGraph& graph, const Program& program, const Effects& effects, std::vector<Id> variables,
           const std::function<const StatementEffects&(Id stmt)>& effectsOf, Uses uses = Uses::All);

  /// Whether the value `var` holds when `loop` ends (or is left by a jump) may be read.
  bool liveAfter(Id loop, Id var) const;
  struct Read {
    int line = 0;            ///< the statement that may read it
    bool byCaller = false;   ///< no statement here: the procedure's caller, after it returns
  };
  /// Where a value live after `loop` may be read first (nullopt: it is not live there).
  std::optional<Read> readAfter(Id loop, Id var) const;
  /// Whether the value `var` holds when the procedure starts may be read.
  bool liveAtEntry(Id var) const;
  /// Whether a value `var` holds as statement `stmt` runs may be read: by the statement itself or
  /// after it (a call's write inside it then counts, whichever order the statement runs them in).
  bool liveAround(Id stmt, Id var) const;

 private:
  bool live(FlowGraph::Node n, size_t bit) const { return (liveIn_[n * words_ + bit / 64] >> (bit % 64)) & 1; }
  std::optional<size_t> bitOf(Id var) const;

  const FlowGraph& graph_;
  const Program& program_;
  std::vector<Id> variables_;  ///< sorted: bit i is variables_[i]
  size_t words_ = 0;
  std::vector<uint64_t> liveIn_;  ///< per node, `words_` words
  Adjacency uses_;                ///< per node, the bits it reads
};

}  // namespace sapfor::analyzer

/// @file Endings.hpp
/// Where the loaded procedure ends the program: the statements from which every path reaches a
/// STOP (or ERROR STOP) or a call that never returns, without coming back to where it started.
/// An error exit (`WRITE ...; CALL abort_ice(...)`) is such a path; what a statement on it does
/// is the failing run's last words, and the analysis lets an iteration take it while others run
/// (docs/analysis.md, "Paths that end the program").
///
/// A path that goes round a cycle (a loop's next iteration, a GO TO backwards) does not end: the
/// least fixed point of "every successor ends" never takes a cycle in, so a statement ends the
/// program only within the iteration of each loop around it, and output in a loop before a STOP
/// after it is still output.
///
/// A call that passes some optional dummies and not others (`CALL abort_ice(msg)` without its
/// `doabort`) may end the program where a call passing them returns: given which dummies a call
/// passes, PRESENT() folds, and with it the LOGICAL locals set from constants and PRESENT()
/// (`ldoabort = .true.; IF (PRESENT(doabort)) ldoabort = doabort; ...; IF (ldoabort) STOP`),
/// and the branches they decide are taken or not.
#pragma once

#include "analyzer/FlowGraph.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::analyzer {

class Endings {
 public:
  /// Whether a call never returns (every procedure it may run ends the program on every path).
  using NeverReturns = std::function<bool(const CallRow&)>;
  /// Whether a dummy is present in the call the procedure is taken to run for (nullopt: not known).
  using Presence = std::function<std::optional<bool>(const std::string& dummy)>;

  /// For the procedure loaded in `program` (`graph` its flow graph). Without `presence`, nothing
  /// is folded: the procedure as any call may run it.
  Endings(const Program& program, const FlowGraph& graph, const NeverReturns& neverReturns, const Presence* presence = nullptr);

  /// Every path from the statement ends the program (it is on an error exit).
  bool ends(Id stmt) const;
  /// A logical IF's action ends the program whenever it runs (it is a STOP or a call that never
  /// returns, or the IF ends it anyway); any other statement: ends().
  bool actionEnds(Id stmt) const;
  /// The procedure never returns: every path from its start ends the program.
  bool neverReturns() const { return entryEnds_; }
  /// Whether some statement ends the program.
  bool any() const { return any_; }

  /// Whether anything in the loaded procedure ends the program when it runs (a STOP, a call that
  /// never returns): without one, no statement ends it, and there is nothing to walk.
  static bool anyEnding(const Program& program, const NeverReturns& neverReturns);
  /// The dummies the loaded procedure tests with PRESENT() (those a call's presence can fold).
  static std::vector<std::string> presenceTested(const Program& program);

 private:
  /// Folds the procedure's LOGICAL locals and conditions given `presence` (conditional constant
  /// propagation): the IF branches never taken, the logical IFs whose action always runs.
  void fold(const Presence& presence);

  const Program& program_;
  const FlowGraph& graph_;
  std::vector<char> ends_;        ///< per node
  std::vector<char> actionEnds_;  ///< per statement node: a logical IF's action ends the program
  std::vector<std::pair<FlowGraph::Node, FlowGraph::Node>> dead_;  ///< edges never taken (sorted)
  std::vector<char> actionAlways_;  ///< per statement node: a logical IF whose condition always holds
  bool entryEnds_ = false;
  bool any_ = false;
};

}  // namespace sapfor::analyzer

/// @file UpdatePatterns.hpp
/// The assignments of a shape the analyzer recognizes as a reduction or an induction (the facts
/// table update_pattern), found on the syntax tree once the symbol pass has resolved its names:
/// `s = s + e` (a sum; its step when e folds to an integer), `s = s * e`, `s = max(s, e)`, logical
/// chains, a flag set to a constant; `IF (x > s) s = x` (a maximum); and an IF construct's arm
/// `IF (x > s) THEN; s = x; k = i; END IF` (the maximum and its location, MAXLOC).
#pragma once

#include "facts/Vocabulary.hpp"
#include "frontend/ProgramStructure.hpp"
#include "frontend/Symbols.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::frontend {

/// One update: of `symbol` (named `name`: an array's name for a location element), by `op`.
struct Update {
  Symbol* symbol = nullptr;
  std::string name;
  facts::UpdateOp op = facts::UpdateOp::Sum;
  std::optional<int64_t> step;  ///< a sum's increment, when it folds
  std::string of;               ///< loc: the variable whose extreme it locates
  /// The statement's own IF comparison selects it (`IF (x > s) s = x`): that IF is its guard.
  bool guardedBySelf = false;
};

/// The update a statement makes (an assignment, or a logical IF whose action is one), if any.
std::optional<Update> updateOfStatement(const Stmt& s, const Scope& scope);

/// An IF construct's first arm of the extremum shape: per statement of the arm (by its position
/// among `arm.children`), its update, the extremum's first; empty when the arm is not of that
/// shape (only assignments: the value, and locations that are scalars or array elements with
/// constant subscripts).
std::vector<std::pair<size_t, Update>> extremumArmUpdates(const Node& arm, const Scope& scope);

}  // namespace sapfor::frontend

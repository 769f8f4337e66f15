/// @file UpdatePatterns.hpp
/// The assignments inside loops of a shape that may make a reduction or an induction (the table
/// update_pattern), recognized on the statements' expression trees (facts/Expression.hpp):
/// `s = s + e` (a sum; its step when e folds to an integer), `s = s * e`, `s = max(s, e)`, logical
/// chains, a flag set to a constant; `IF (x > s) s = x` (a maximum, the IF its own guard); an IF
/// construct's only arm `IF (x > s) THEN; s = x; k = i; END IF` (the maximum and its location,
/// MAXLOC); and an element's `s(m) = s(m) + e` (an array reduction's update). Whether an update
/// makes a reduction of a loop is LoopAnalysis' question: every other access of the variable in
/// the loop decides it.
#pragma once

#include "facts/Rows.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::analyzer {

class Program;

/// A row of update_pattern: statement `stmtId` updates variable `varId` (named `name`; 0 when the
/// front end could not place the name) by `op`.
struct UpdateRow {
  facts::Id stmtId = 0, varId = 0;
  std::string name;
  facts::UpdateOp op = facts::UpdateOp::Sum;
  facts::Id guardStmt = 0;       ///< the IF whose comparison selects the update (IF (x > s) s = x)
  std::string of;                ///< loc: the variable whose extreme it locates
  std::optional<int64_t> step;   ///< a sum's increment, when it folds to an integer
  bool operator==(const UpdateRow&) const = default;
};

/// The updates of the statements inside loops of the procedure loaded in `program` (its
/// statements with their trees, scalar and array references, blocks), in statement order; an
/// extremum arm's rows right after its IF THEN's, the maximum's first, then its locations.
std::vector<UpdateRow> recognizeUpdates(const Program& program);

}  // namespace sapfor::analyzer

/// @file ScalarFlow.hpp
/// Which scalars a run of statements (a loop's body, a procedure's) reads before writing them:
/// a must-write walk over the structured code the front end recorded (blocks: loop bodies that
/// may run zero times, construct arms of which one runs when the construct has an ELSE). Once a
/// statement that may jump to another statement of the code (a GO TO not to the loop's end) has
/// run, later writes no longer count as certain, until the walk leaves the innermost block that
/// holds the statement and every label it may jump to.
///
/// Asked to (`conditions`), the walk also follows writes made under a condition: after
/// `IF (f) t = ...` (or an IF construct's arm), t counts as written wherever f is known to hold
/// (inside `IF (f) THEN`, in a logical IF's action on f, in the ELSE arm of `IF (.NOT. f)`) as
/// long as nothing the condition reads has been written since. A condition counts when it reads
/// only scalars (or their components) that nothing else may reach (no POINTER, TARGET or
/// EQUIVALENCE), named constants, literals, operators and elemental intrinsics (PRESENT too);
/// a code whose statements may jump is walked without it (a jump backwards could reach a read
/// after the condition changed). An IF ... ELSE IF chain without ELSE that tests a DO's variable
/// against every value of the DO's constant bounds then counts as always running an arm.
#pragma once

#include "analyzer/Effects.hpp"

#include <boost/container/flat_map.hpp>

#include <functional>
#include <vector>

namespace sapfor::analyzer {

struct ScalarUse {
  Id varId = 0;
  bool read = false, written = false;
  bool exposed = false;          ///< read where no write before it in the same pass is certain
  Id firstStmt = 0;              ///< its first access
  Id firstExposedRead = 0;       ///< the statement of the first such read
  Id firstWrite = 0;
  bool writeByCall = false;      ///< some write is a call's (maybe) write
  Id firstCallWrite = 0;         ///< the call of the first such write
  bool certainAtEnd = false;     ///< written on every path through the run
};

struct ScalarFlow {
  std::vector<ScalarUse> uses;  ///< in order of first access
  const ScalarUse* find(Id varId) const;
  /// Position in `uses` by variable: a sorted array (a run uses tens of scalars; a hash table
  /// allocated a node for each).
  boost::container::flat_map<Id, size_t> index;
};

/// Walks statements `first`..`last` (all inside block `root`, 0 for a procedure's body).
/// `conditions`: follow writes made under conditions too (needs the procedure's loops, calls
/// and array references loaded: Program::Detail::All).
ScalarFlow scalarFlow(const Program& program, Id root, Id first, Id last,
                      const std::function<const StatementEffects&(Id stmt)>& effectsOf, bool conditions = false);

}  // namespace sapfor::analyzer

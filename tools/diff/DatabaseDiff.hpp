/// @file DatabaseDiff.hpp
/// sapfor-diff's library interface: compare two analysis databases (opened read-only) kind by kind
/// over the table of EntityKinds.hpp, and say what could not be compared.
#pragma once

#include "tools/diff/Comparison.hpp"
#include "tools/diff/EntityKinds.hpp"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sapfor::diff {

/// Trouble that stops the comparison (exit status 2): a missing, foreign or unreadable file, an
/// unknown kind, a --procedure or --loop that neither database has.
class DiffError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Where a database came from: its meta table and the prediction runs compared.
struct Provenance {
  std::string path;
  int schemaVersion = 0;
  std::vector<std::pair<std::string, std::string>> meta;  ///< sorted by key
  struct PredictRun {
    std::string gpu, time;
    int64_t runId = 0;
  };
  std::vector<PredictRun> latestRuns;  ///< the latest run per GPU, sorted by GPU
  std::string metaValue(const std::string& key) const;
};

struct DiffOptions {
  std::vector<std::string> kinds;        ///< the kinds to report; empty: every kind
  std::vector<std::string> policyKinds;  ///< compared as well (for the policies) but not reported unless listed
  std::vector<std::string> keepMatched;  ///< kinds whose unchanged pairs the policies need
  std::vector<std::string> procedures;   ///< only these procedures' entities (none: all)
  std::vector<std::string> loops;        ///< only these loops' and the loops nested in them (none: all)
  bool keepMoves = true;                 ///< keep the entities that only moved (for --show-moves)
  Tolerances tolerances;
};

/// A kind, or part of one, that could not be compared, and why.
struct NotCompared {
  std::string kind;
  std::string reason;
};

struct KindResult {
  const EntityKind* kind = nullptr;
  KindColumns columns;
  KindDifferences differences;
  bool reported = true;  ///< false: compared only for a policy
};

/// A loop whose key changed between the revisions though it is the same loop: a loop inserted or
/// removed before it in its procedure renumbered it (matched by its variable, bounds, depth and
/// enclosing loop, in source order).
struct RenumberedLoop {
  std::string oldKey, newKey;
};

struct DiffResult {
  Provenance before, after;
  /// The old database's rows are compared under these loops' new keys.
  std::vector<RenumberedLoop> renumbered;
  std::vector<KindResult> kinds;  ///< those compared, in the order of entityKinds()
  std::vector<NotCompared> notCompared;
  const KindResult* find(const std::string& kind) const;
};

/// Compares the database at oldPath with the one at newPath. Throws DiffError on trouble; a kind
/// one database lacks (another schema version, no analysis, no prediction) is listed in
/// notCompared instead.
DiffResult compareDatabases(const std::string& oldPath, const std::string& newPath, const DiffOptions& options);

}  // namespace sapfor::diff

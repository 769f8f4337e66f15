/// @file Expert.hpp
/// The DVMH expert: from the loop analysis, the directives it would write (PARALLEL on every
/// outermost parallel nest, tightly nested rectangular loops grouped; ACROSS where the only
/// dependences are uniform with small distances; REGION around runs of parallel nests with the
/// arrays they read and write), the final verdict per loop, and the check of the user's own
/// PARALLEL directives against the analysis.
#pragma once

#include "analyzer/LoopAnalysis.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sapfor::analyzer {

/// The widest ACROSS shadow the expert proposes: a dependence distance beyond it makes the nest
/// sequential instead (DVMH pipelines a nest by exchanging shadow edges of this width).
inline constexpr int64_t kMaxAcrossWidth = 4;

struct ExpertDirective {
  Id loopId = 0;
  Id fileId = 0;
  int line = 0;      ///< the directive goes before this line
  std::string kind;  ///< PARALLEL REGION END_REGION
  std::string text;  ///< without the sentinel
  int rank = 0;      ///< PARALLEL: the loops of the nest
  std::vector<std::pair<std::string, std::string>> arrays;  ///< REGION: (in|out|inout, array name)
};

struct Finding {
  Id fileId = 0;
  int line = 0, col = 1;
  std::string severity;  ///< error warning note
  std::string message;
};

struct Verdict {
  Id loopId = 0;
  bool parallel = false;
  bool analysisParallel = false;
  bool across = false;
  bool userDirective = false;
  std::string source;  ///< analysis, user directive, both
};

/// The shadow widths one dimension of an array needs: low (lower neighbours read), high (upper),
/// with the references that need them.
struct AcrossWidth {
  int64_t low = 0, high = 0;
  const ArrayAccess* lowBy = nullptr;
  const ArrayAccess* highBy = nullptr;
};
using AcrossWidths = std::vector<AcrossWidth>;

/// What the expert needs to know about the whole program's directives.
struct DirectiveIndex {
  /// Arrays named by DISTRIBUTE and ALIGN: (the procedure the directive is in, the name). DVMH
  /// wants them where the array is declared (a COMMON array in every unit declaring the block),
  /// so what a procedure's ON clause needs is in it, its host or its module: in the same file or
  /// an earlier one, which lets the analysis run while the load goes on.
  std::set<std::pair<Id, std::string>> distributed, aligned;
  std::map<Id, std::vector<const DirectiveRow*>> parallelByProcedure;  ///< the user's PARALLEL directives
  DirectiveIndex() = default;
  explicit DirectiveIndex(const Program& program);
  void add(const DirectiveRow& directive);
};

class Expert {
 public:
  /// The expert's view of the procedure loaded in `program`.
  Expert(const Program& program, const LoopAnalysis& analysis, const DirectiveIndex& directives);

  const std::vector<ExpertDirective>& directives() const { return directives_; }
  const std::vector<Finding>& findings() const { return findings_; }
  const std::vector<Verdict>& verdicts() const { return verdicts_; }
  const Verdict& verdict(Id loopId) const { return verdicts_[program_.loopIndex(loopId)]; }
  /// Non-blocking reasons the expert adds (a loop left out of its parent's nest, ...).
  const std::vector<std::pair<Id, Reason>>& notes() const { return notes_; }

 private:
  struct Nest {
    std::vector<Id> loops;  ///< outermost first
    bool across = false;
    std::map<Id, AcrossWidths> widths;  ///< across: per array
  };

  void procedure(const std::vector<Id>& topLoops);
  bool place(Id loopId, std::vector<Nest>& nests);
  /// Whether inner loop `inner` may join one PARALLEL with `outer`: each of its reductions is the
  /// same reduction of `outer` (t = t + a(k, j)). One of its own (s(j) = s(j) + a(k, j) over k)
  /// would have the (j, k) pairs that share a j update one s(j): the inner loop stays
  /// sequential inside the kernel instead.
  bool reductionsFold(Id outer, Id inner) const;
  std::vector<Id> independentNest(Id loopId);
  bool rectangular(const LoopRow& loop, const std::vector<Id>& nest) const;
  /// Whether a DO's start is c + MOD(x, s) with s its constant step (2 or more): a red-black
  /// sweep's `DO i = 2 + MOD(j, 2), n, 2`, whose values are one colour of a rectangle, which a
  /// PARALLEL groups with the loops of x (as DVMH programs' red-black sweeps do).
  bool latticeStart(const LoopRow& loop) const;
  /// The ACROSS widths a nest needs for its arrays' carried dependences; false when some
  /// dependence is not uniform or too wide.
  bool acrossWidths(const std::vector<Id>& nest, std::map<Id, AcrossWidths>& widths,
                    std::string* why = nullptr) const;
  std::string parallelText(const Nest& nest) const;
  std::string onClause(const std::vector<Id>& nest) const;
  /// The arrays of a loop with a trait: private to each iteration, or reduced (`s(m) = s(m) + e`)
  /// — not a MAXLOC's location array.
  std::set<Id> arraysOf(Id loopId, TraitKind trait) const;
  /// The iterations a nest runs, when its trip counts are known.
  std::optional<int64_t> knownIterations(const std::vector<Id>& nest) const;
  /// Whether a loop inside this one is parallel (or a pipeline) and not known to be small.
  bool largerParallelInside(Id loopId) const;
  /// The outermost sequential DO loop around a run of adjacent nests (their outermost loops)
  /// whose body holds nothing else (no statement the host would run between the kernels, no
  /// kernel bound the kernels may change), where their REGION can go; 0: none.
  Id enclosingRegionLoop(const std::vector<Id>& run) const;
  /// Adds REGION and END REGION around runs of nests to one procedure's `directives`.
  void regions(const std::vector<Nest>& nests, std::vector<ExpertDirective>& directives);
  /// Whether a write happens in every iteration of its loops (outside any arm, or in every arm).
  bool everyIteration(const ArrayAccess& write, const std::vector<const ArrayAccess*>& accesses) const;
  /// Whether a write's loops run over its array's declared bounds, one loop per dimension.
  bool writesEveryElement(const ArrayAccess& write) const;
  /// Whether the same iteration certainly wrote the element `read` reads, earlier.
  bool writtenBefore(const ArrayAccess& read, const std::vector<const ArrayAccess*>& accesses) const;
  void checkUserDirective(const DirectiveRow& d);
  std::vector<Id> userNest(const DirectiveRow& d) const;

  const Program& program_;
  const LoopAnalysis& analysis_;
  std::vector<ExpertDirective> directives_;
  std::vector<Finding> findings_;
  std::vector<Verdict> verdicts_;
  std::vector<std::pair<Id, Reason>> notes_;
  const DirectiveIndex& index_;
};

}  // namespace sapfor::analyzer

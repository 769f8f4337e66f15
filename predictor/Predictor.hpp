/// @file Predictor.hpp
/// The GPU mapping and time model (MODEL.md): per kernel the grid, per-thread counts, memory
/// transactions, registers, occupancy, reductions, the L1 emulation, divergence and the Hong & Kim
/// time; for the program the kernels times their launches, the reduction kernels, launch overheads
/// and host<->device transfers. The intermediate figures of the kernels asked for are kept
/// (Derivation.hpp), so that every figure can be explained and checked by hand (Explanation.hpp).
#pragma once

#include "predictor/Derivation.hpp"
#include "predictor/GpuProfile.hpp"
#include "predictor/KernelFacts.hpp"
#include "predictor/ModelSettings.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::predictor {

/// What a compiler reported for a kernel's code (ptxas -v): used instead of the register heuristic
/// (MODEL.md §6) when given.
struct CompiledResources {
  int64_t registers = 0;    ///< per thread
  int64_t sharedBytes = 0;  ///< static shared memory per block
  std::string source;       ///< where the figures come from: "ptxas sm_90"
};

struct PredictOptions {
  GpuProfile gpu;
  const BlockDefaults* blockDefaults = nullptr;  ///< thesis or dvmh
  std::optional<Dim3> block;                     ///< --block, overrides CUDA_BLOCK and the defaults
  bool cache = true;
  int cacheKb = 0;
  bool exactTransactions = true;                 ///< the time uses the exact count, else formula (4)
  std::map<std::string, double> params;          ///< symbol (or loop key) -> value
  std::string explainLoop;                       ///< the kernel whose derivation is kept (--explain)
  bool explainAll = false;                       ///< every kernel's
  int jobs = 1;                                  ///< threads predicting kernels (results do not depend on it)
  std::map<Id, CompiledResources> compiled;      ///< by the kernel's loop id: registers a compiler allocated
  bool benchInputs = false;                      ///< fill KernelPrediction::arrays and scalars (sapfor-cuda --bench)
};

/// How a warp's lanes meet memory (MODEL.md §12): the class reported for a reference.
enum class AccessPattern {
  Coalesced,   ///< no more transactions than the warp's bytes need
  Misaligned,  ///< consecutive elements that straddle one more sector or line than they need
  Strided,     ///< lanes apart by more than an element (or a warp across rows)
  Gather,      ///< a subscript that is not affine in the loop variables (a(idx(i)))
};
std::string_view accessPatternName(AccessPattern pattern);

struct AccessPrediction {
  Id refId = 0;
  std::string name;
  facts::Access access = facts::Access::Read;
  int line = 0;
  double perThread = 0;
  std::optional<int64_t> stride;
  double formulaTransactions = 0, exactTransactions = 0, transactions = 0;
  double bytesPerWarp = 0;  ///< what one warp access moves between the L2 and the SM
  /// What one warp access that misses the L1 moves from DRAM: the transactions' bytes, less the
  /// neighbouring warp's share of a misaligned boundary sector, 0 when the L2 holds the data.
  double dramBytesPerWarp = 0;
  AccessPattern pattern = AccessPattern::Gather;
  bool coalesced = false;
  int alignments = 1;       ///< the distinct warp alignments the exact count averages over
  std::optional<double> cacheHits, cacheMisses;  ///< per thread
  double l2Hits = 0;        ///< per thread: of the L1's misses, those the L2 serves
  /// The L2 hit's reason (MODEL.md §12): the earlier reference (position in the kernel's accesses,
  /// from 1) and the bytes moved in between; 0 when none.
  int l2Leader = 0;
  double l2ReuseBytes = 0;
};

struct KernelPrediction {
  Id loopId = 0;
  std::string loopKey, source;
  std::string status = "ok";     ///< ok, unknown
  std::set<std::string> missing;
  int rank = 0;
  bool across = false;
  double iterations = 0;
  Dim3 block{1, 1, 1};
  int64_t blocks = 0, itersPerThread = 0;
  int64_t regsPerThread = 0, regsPerBlock = 0, smemPerBlock = 0;
  std::string regsSource = "heuristic";  ///< where regsPerThread comes from: heuristic, or the compiler ("ptxas sm_90")
  int64_t regsHeuristic = 0;             ///< the heuristic's figure (MODEL.md §6), whatever regsPerThread uses
  int64_t activeBlocksPerSm = 0, activeWarpsPerSm = 0;
  double occupancy = 0;
  std::string limiter;
  double coalAccesses = 0, uncoalAccesses = 0, coalPerAccess = 0, uncoalPerAccess = 0, loadBytesPerWarp = 0;
  double arith = 0, reciproc = 0, trans = 0, branch = 0, divergentBranch = 0, sync = 0;
  double cacheHits = 0, cacheMisses = 0, compInsts = 0, memInsts = 0;
  double l2Hits = 0;     ///< per thread: memory instructions the L2 serves (MODEL.md §12)
  double dramBytes = 0;  ///< one launch: what it moves from and to DRAM
  double mwp = 0, cwp = 0, warps = 0, compCycles = 0, memCycles = 0, cycles = 0, seconds = 0;
  /// One launch of the kernel as the terms of the time model (MODEL.md §9): Exec's memory and
  /// compute terms and Synch_cost in seconds (they add up to `seconds`), and the launch overheads of
  /// the kernel and its reduction kernels.
  double memorySeconds = 0, computeSeconds = 0, syncSeconds = 0, launchOverheadSeconds = 0;
  int64_t rep = 0;
  std::string bound;
  int64_t reductionThreads = 0;
  double reductionSeconds = 0;
  double launches = 1, totalSeconds = 0;
  double intensity = 0, rooflineSeconds = 0;
  std::string rooflineBound;
  std::vector<AccessPrediction> accesses;
  /// The sizes the prediction used, for a benchmark of the kernel at them (sapfor-cuda --bench):
  /// each array's lower bounds and extents (an extent nullopt when unknown: the last dimension's
  /// is not needed to predict), and the values of the scalars the kernel reads as arguments when
  /// the symbols give them.
  struct ArrayShape {
    std::string name;
    std::vector<int64_t> lower;
    std::vector<std::optional<int64_t>> extent;
  };
  std::vector<ArrayShape> arrays;          ///< only with PredictOptions::benchInputs
  std::map<std::string, double> scalars;   ///< only with PredictOptions::benchInputs
  /// The intermediate figures, for the kernel --explain asks for (explainLoop, explainAll); else null.
  std::shared_ptr<const KernelDerivation> derivation;
};

struct ProgramPrediction {
  std::vector<KernelPrediction> kernels;
  int unresolved = 0;
  std::optional<double> kernelSeconds, reductionSeconds, launchSeconds, transferSeconds, totalSeconds;
  std::optional<int64_t> transferBytes;
  std::set<std::string> missing;          ///< what the whole-program figures lack
  std::vector<TransferDerivation> transfers;  ///< every transfer counted, in order
  /// The --param keys the run looked up (symbols, PROCEDURE.symbol, loop keys, ARRAY.extentD), and
  /// those of them the options gave: a given key not among them was not used.
  std::set<std::string> paramsAsked, paramsUsed;
};

/// A number as the model's messages and explanations write it: whole numbers as such, others
/// with up to 6 significant digits.
std::string formatNumber(double v);

/// Predicts the kernels (as ProgramFacts::kernels lists them: each body is read, used and let go).
ProgramPrediction predictProgram(ProgramFacts& program, std::vector<KernelFacts>& kernels,
                                 const PredictOptions& options, const ModelSettings& settings);

}  // namespace sapfor::predictor

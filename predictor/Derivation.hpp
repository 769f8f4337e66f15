/// @file Derivation.hpp
/// The intermediate figures of a prediction that the prediction itself does not keep, step by step
/// as the model works them out (MODEL.md §3-§10, §1): what `dvmh-predict --explain` writes out
/// (Explanation.cpp) beside the prediction's own figures and the model's inputs (the GPU profile,
/// the options, data/model.ini). Plain values, no text: the model computes them, the explanation
/// words them.
#pragma once

#include "predictor/HongKim.hpp"
#include "predictor/Occupancy.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::predictor {

/// One kernel's derivation. A step the model did not reach (the kernel turned out unknown before
/// it) is absent: empty, or nullopt.
struct KernelDerivation {
  struct Loop {
    std::string key, var;
  };
  struct LoopTrip {
    Loop loop;
    double iterations = 0;
  };
  struct WholeArray {
    std::string name;
    int line = 0;
  };
  /// Where the block came from: --block, CUDA_BLOCK, the block defaults.
  enum class BlockFrom { Option, CudaBlock, Defaults };

  /// MODEL.md §3: the block and the grid (the iterations per dimension are `tripCounts`').
  struct Grid {
    BlockFrom blockFrom = BlockFrom::Defaults;
    int64_t threads = 0;          ///< per block
    bool tooManyThreads = false;  ///< more than the GPU's block may have: the kernel stops here
    int64_t blocks = 0;           ///< prod ceil(iters_d / block_d), before the grid's cap
  };
  /// MODEL.md §4, §10: per-thread counts (reciproc, trans, branch and divergent_branch are the
  /// prediction's).
  struct Counts {
    double fpArith = 0, intArith = 0;  ///< floating-point arithmetic; logical, conversion and index operations
    double arith = 0;                  ///< their sum, before the reductions' operations are added (§7)
    double calls = 0;                  ///< procedure calls, not counted
  };
  /// MODEL.md §6: the terms of regs_per_thread and smem_per_block.
  struct Registers {
    struct CompiledFigures {
      int64_t registers = 0, sharedBytes = 0;
      std::string source;
    };
    struct ReductionVariable {
      std::string var;
      int64_t bytes = 0;
    };
    /// data/model.ini [registers.calibrated]'s counts, when the profile uses it (else the thesis' terms below).
    struct CalibratedCounts {
      int64_t parallelLoops = 0, references = 0, divisions = 0, transcendentals = 0, sequentialLoops = 0;
      double sum = 0;  ///< before rounding
    };
    std::optional<CalibratedCounts> calibrated;
    int64_t scalars = 0, iterationCounter = 0, threadIndex = 0, temporaries = 0, bodyLines = 0;
    int64_t wanted = 0;            ///< their sum with the instruction pointer, before the GPU's limit
    int64_t blockLimit = 0;        ///< the most with which one block of this size fits an SM
    std::optional<CompiledFigures> compiled;  ///< what the compiler reported, used instead of `wanted`
    int64_t warps = 0;             ///< per block, for (6)
    int64_t blockDimensions = 0;   ///< those of more than one thread (at least 1)
    std::vector<ReductionVariable> reductions;  ///< MODEL.md §7 (8): each one's shared memory
  };
  /// MODEL.md §8b.
  struct OccupancyStep {
    Occupancy occupancy;
    int64_t preferredSmemPerSm = 0;  ///< what the SM has with the chosen L1 size
    int l1Kb = 0;                    ///< the L1 the blocks' shared-memory configuration leaves
  };
  /// MODEL.md §8 and §4-§5: the L1 emulation, then every access (the prediction's accesses).
  struct Memory {
    std::optional<int64_t> l1BytesPerBlock;  ///< the first block's share of the L1; nullopt: emulation off
    // MODEL.md §12
    double l2Capacity = 0;           ///< the L2's share a layer condition may fill, bytes
    double compulsoryPerThread = 0;  ///< DRAM bytes per thread with every reuse caught
    double cyclesPerDramByte = 0;    ///< Freq * SMs / Mem_Bandwidth
    double coalDramBytes = 0, uncoalDramBytes = 0;  ///< per thread: the DRAM bytes of each kind's requests, per warp request summed
    double uncoalTransactions = 0;   ///< per thread
    double l2Requests = 0;           ///< per thread
    /// A group of reads the L2 lets share their data: per thread, what they would move from DRAM
    /// through the L1 alone and with the L2's reuse.
    struct Group {
      std::string array;
      double throughL1 = 0, withL2 = 0;
    };
    std::vector<Group> groups;
  };
  /// MODEL.md §7: the reduction kernel.
  struct ReductionKernel {
    double stepsInKernel = 0;   ///< (9), (10): log2(threads * iters_per_thread), per reduction variable
    size_t variables = 0;
    int64_t partials = 0, threads = 0, loads = 0;
    double steps = 0;           ///< per thread of the reduction kernel
    double cycles = 0, seconds = 0;  ///< one reduction kernel by Hong & Kim
  };
  /// MODEL.md §4, §9: Comp_insts and Hong & Kim.
  struct Time {
    std::optional<ReductionKernel> reduction;
    double reductionOps = 0;    ///< the arithmetic the reductions add
    double fpWeight = 1, sfuWeight = 1;
    bool fp64 = false;
    HongKimInput input;
    HongKimResult result;
  };
  /// The whole program: launches = calls of the kernel's procedure * the trip counts around it.
  struct Launches {
    std::string procedureKey;
    std::optional<double> calls;
    std::vector<std::pair<std::string, std::optional<double>>> enclosing;  ///< loop key, trip count
    bool known = false;         ///< launches and total are the prediction's
    int64_t kernelsPerLaunch = 1;
  };
  /// Roofline (seed 001).
  struct Roofline {
    double operations = 0, bytes = 0, peakOps = 0;
  };

  std::vector<Loop> nest;                 ///< the parallel loops, outermost first
  std::vector<LoopTrip> tripCounts;       ///< the nest's trip counts known, innermost (X) first
  std::optional<Grid> grid;
  std::vector<LoopTrip> sequentialLoops;  ///< inside the kernel, per iteration of its parent
  std::vector<WholeArray> wholeArrays;    ///< whole-array references, not modelled
  std::vector<std::string> constantBank;  ///< scalars the kernel reads as arguments (MODEL.md §12)
  std::optional<Counts> counts;
  std::optional<Registers> registers;
  std::optional<OccupancyStep> occupancy;
  std::optional<Memory> memory;
  std::optional<Time> time;
  std::optional<Launches> launches;
  std::optional<Roofline> roofline;
};

/// The copies of one array one directive or host statement causes over the whole run (MODEL.md §1,
/// §12; predictor/Transfers.hpp).
struct TransferDerivation {
  std::string kind, clause, name;  ///< as TransferCopies
  std::string procedure;
  int line = 0;
  bool toDevice = true;
  double bytes = 0, times = 0, seconds = 0;  ///< bytes: one copy; times: copies over the run
};

}  // namespace sapfor::predictor

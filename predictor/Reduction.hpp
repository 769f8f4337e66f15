/// @file Reduction.hpp
/// The reduction formulas of MODEL.md §7 (thesis 4.3.6).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace sapfor::predictor {

/// (7) [interpretation]: the reduction kernel's one block has half as many threads as there are
/// partial results (one per block of the main kernel), rounded up to a warp multiple and capped at
/// the device's threads per block.
inline int64_t reductionBlockThreads(int64_t partials, int64_t maxThreadsPerBlock) {
  int64_t half = std::max<int64_t>(1, (partials + 1) / 2);
  return std::min<int64_t>((half + 31) / 32 * 32, maxThreadsPerBlock);
}

/// (8): the main kernel's block keeps one value per thread in shared memory.
inline int64_t reductionSharedBytes(int64_t threadsInBlock, int64_t varBytes) { return threadsInBlock * varBytes; }

/// (9) and (10): num_sync and num_arithm each grow by log2(threads_in_block * iters_per_thread).
inline double reductionSteps(int64_t threadsInBlock, int64_t itersPerThread) {
  return std::log2(static_cast<double>(threadsInBlock * itersPerThread));
}

}  // namespace sapfor::predictor

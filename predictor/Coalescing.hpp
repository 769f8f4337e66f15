/// @file Coalescing.hpp
/// Global-memory transactions of one warp access (MODEL.md §5): the thesis' formula and the exact
/// count over the lanes' addresses under each coalescing rule.
#pragma once

#include "predictor/GpuProfile.hpp"

#include <cstdint>
#include <vector>

namespace sapfor::predictor {

/// MODEL.md §5 (2): the segment a warp access is served from, by element size.
int segmentBytes(int elemBytes);

/// MODEL.md §5 (4): uncoal_per_access = ceil(32 / ceil(segment / stride)); stride 0 (every lane
/// reads one address) is one transaction. |stride| counts: a negative stride is as wide.
int64_t formulaTransactions(int64_t strideBytes, int elemBytes);

struct WarpTransactions {
  int64_t count = 0;  ///< transactions
  int64_t bytes = 0;  ///< bytes they move
};

/// The exact count: `addresses` are the byte addresses of the warp's active lanes in lane order
/// (lane 0 first; an inactive lane is left out), each `elemBytes` wide, the array's base aligned.
/// The rule says how the hardware groups them (MODEL.md §5's table is the check).
WarpTransactions exactTransactions(const std::vector<int64_t>& addresses, int elemBytes, CoalescingRule rule);

/// The fewest transactions a warp of 32 lanes reading consecutive elements needs under the rule:
/// an access that needs no more is coalesced.
int64_t coalescedTransactions(int elemBytes, CoalescingRule rule);

}  // namespace sapfor::predictor

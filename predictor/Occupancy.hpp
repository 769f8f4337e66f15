/// @file Occupancy.hpp
/// Occupancy of an SM (MODEL.md §8b, after NVIDIA's cuda_occupancy.h) and the register and shared
/// memory a block needs (MODEL.md §6).
#pragma once

#include "predictor/GpuProfile.hpp"

#include <cstdint>
#include <string>

namespace sapfor::predictor {

struct Occupancy {
  int64_t warpsPerBlock = 0;
  int64_t limitWarps = 0, limitBlocks = 0, limitRegisters = 0, limitSharedMemory = 0;
  int64_t activeBlocks = 0;  ///< per SM; 0: the block does not fit at all
  int64_t activeWarps = 0;
  int64_t smemPerBlock = 0;  ///< allocated: static + dynamic + reserved, rounded to the unit
  int64_t smemPerSm = 0;     ///< the shared-memory configuration the blocks run in
  double occupancy = 0;      ///< active warps / max warps per SM
  std::string limiter;       ///< warps, blocks, registers, shared memory
};

/// `sharedBytes`: static + dynamic shared memory per block; `preferredSmemPerSm`: what the SM has
/// with the chosen L1 size (GpuProfile::smemPerSmBytes); a block that needs more gets a larger
/// configuration, as the driver does (MODEL.md §12).
Occupancy computeOccupancy(const GpuProfile& gpu, int64_t threadsPerBlock, int64_t regsPerThread,
                           int64_t sharedBytes, int64_t preferredSmemPerSm);

/// MODEL.md §6 (6): required_regs = ceil(regs_per_thread * 32, unit) * threads_in_block / 32, the
/// block's warps rounded up.
int64_t registersPerBlock(int64_t regsPerThread, int64_t threadsPerBlock, int64_t allocUnit);

int64_t roundUp(int64_t value, int64_t unit);

/// The most registers per thread with which one block of `threadsPerBlock` fits an SM (at most
/// max_regs_per_thread): what nvcc spills down to when the block size is a launch bound; 0 when
/// not even one register does.
int64_t maxRegistersForBlock(const GpuProfile& gpu, int64_t threadsPerBlock);

}  // namespace sapfor::predictor

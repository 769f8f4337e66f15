/// @file Occupancy.cpp
#include "predictor/Occupancy.hpp"

#include <algorithm>
#include <limits>

namespace sapfor::predictor {

int64_t roundUp(int64_t value, int64_t unit) { return unit <= 0 ? value : (value + unit - 1) / unit * unit; }

int64_t registersPerBlock(int64_t regsPerThread, int64_t threadsPerBlock, int64_t allocUnit) {
  return roundUp(regsPerThread * 32, allocUnit) * ((threadsPerBlock + 31) / 32);
}

int64_t maxRegistersForBlock(const GpuProfile& gpu, int64_t threadsPerBlock) {
  for (int64_t regs = gpu.maxRegsPerThread; regs > 0; --regs)
    if (computeOccupancy(gpu, threadsPerBlock, regs, 0, 0).limitRegisters > 0) return regs;
  return 0;
}

Occupancy computeOccupancy(const GpuProfile& gpu, int64_t threadsPerBlock, int64_t regsPerThread,
                           int64_t sharedBytes, int64_t preferredSmemPerSm) {
  Occupancy o;
  o.warpsPerBlock = (threadsPerBlock + 31) / 32;
  o.limitWarps = threadsPerBlock > gpu.maxThreadsPerBlock ? 0 : gpu.maxWarpsPerSm / o.warpsPerBlock;
  o.limitBlocks = gpu.maxBlocksPerSm;
  if (regsPerThread > gpu.maxRegsPerThread) {
    o.limitRegisters = 0;
  } else {
    int64_t regsPerWarp = roundUp(regsPerThread * 32, gpu.regAllocUnitFor(regsPerThread));
    int64_t warpsPerSubpartition = regsPerWarp == 0 ? std::numeric_limits<int32_t>::max()
                                                     : (gpu.regsPerSm / gpu.regSubpartitions) / regsPerWarp;
    o.limitRegisters = warpsPerSubpartition * gpu.regSubpartitions / o.warpsPerBlock;
  }
  // The reserve is allocated with the block and raises the per-block limit by as much
  // (cuda_occupancy.h, cudaOccSMemPerBlock).
  o.smemPerBlock = roundUp(sharedBytes + gpu.smemReservedPerBlock, gpu.smemAllocUnit);
  o.smemPerSm = gpu.smemPerSmFor(o.smemPerBlock, preferredSmemPerSm);
  if (o.smemPerBlock > int64_t{gpu.maxSmemPerBlockKb} * 1024 + gpu.smemReservedPerBlock) o.limitSharedMemory = 0;
  else if (o.smemPerBlock == 0) o.limitSharedMemory = std::numeric_limits<int32_t>::max();
  else o.limitSharedMemory = o.smemPerSm / o.smemPerBlock;
  o.activeBlocks = o.limitWarps;
  o.limiter = "warps";
  for (auto [limit, name] : {std::pair{o.limitBlocks, "blocks"}, {o.limitRegisters, "registers"},
                             {o.limitSharedMemory, "shared memory"}})
    if (limit < o.activeBlocks) o.activeBlocks = limit, o.limiter = name;
  o.activeWarps = o.activeBlocks * o.warpsPerBlock;
  o.occupancy = static_cast<double>(o.activeWarps) / gpu.maxWarpsPerSm;
  return o;
}

}  // namespace sapfor::predictor

// Prints the active blocks per SM that NVIDIA's occupancy calculator (cuda_occupancy.h of the CUDA
// toolkit it is compiled against) gives over a grid of block sizes, registers per thread and shared
// memory per block, for the devices of data/gpus/. Its output is tests/occupancy/occupancy-grid.txt,
// which check-occupancy-grid compares with the predictor's own rules (MODEL.md §8b, §12). The device
// figures below are deviceQuery's, typed from NVIDIA's specifications, not read from data/gpus/, so
// that the comparison also checks the profiles. Built by generate-grid.sh only; the header's
// licence keeps it out of this repository.
//
// A line: <profile> <preferred shared KB> <threads> <shared bytes> then the blocks for 1, 2, ...
// registers per thread as runs "<blocks>x<count>".
#include "cuda_occupancy.h"

#include <climits>
#include <cstdio>
#include <string>
#include <vector>

#if __CUDA_OCC_MAJOR__ < 7
#define FERMI_ONLY 1  // a toolkit of the Fermi era (CUDA 7): the C2050 rows
#else
#define FERMI_ONLY 0  // a current toolkit: every later profile
#endif

namespace {

struct Device {
  const char* profile;
  int major, minor, sms;
  int maxThreadsPerSm, regsPerBlock, regsPerSm;
  size_t smemPerBlock, smemPerSm, smemPerBlockOptin, reservedPerBlock;
  int maxRegs;
};

struct Preference {
  int cacheConfig;   // Fermi: cudaOccCacheConfig
  int carveout;      // Volta+: percent, or -1 for the default
  int preferredKb;   // the shared memory it asks for, as the predictor is told it (l1_shared_kb - L1 KB)
};

std::string runs(const std::vector<int>& blocks) {
  std::string out;
  for (size_t i = 0; i < blocks.size();) {
    size_t j = i;
    while (j < blocks.size() && blocks[j] == blocks[i]) ++j;
    out += " " + std::to_string(blocks[i]) + "x" + std::to_string(j - i);
    i = j;
  }
  return out;
}

void grid(const Device& d, const Preference& p) {
  cudaOccDeviceProp prop;
  prop.computeMajor = d.major;
  prop.computeMinor = d.minor;
  prop.maxThreadsPerBlock = 1024;
  prop.maxThreadsPerMultiprocessor = d.maxThreadsPerSm;
  prop.regsPerBlock = d.regsPerBlock;
  prop.regsPerMultiprocessor = d.regsPerSm;
  prop.warpSize = 32;
  prop.sharedMemPerBlock = d.smemPerBlock;
  prop.sharedMemPerMultiprocessor = d.smemPerSm;
  prop.numSms = d.sms;
#if !FERMI_ONLY
  prop.sharedMemPerBlockOptin = d.smemPerBlockOptin;
  prop.reservedSharedMemPerBlock = d.reservedPerBlock;
#endif
  cudaOccDeviceState state;
  state.cacheConfig = static_cast<cudaOccCacheConfig>(p.cacheConfig);
#if !FERMI_ONLY
  state.carveoutConfig = p.carveout;
#endif
  std::vector<int> threadCounts;
  for (int t = 32; t <= 1024; t += 32) threadCounts.push_back(t);
  for (int t : {1, 17, 100, 200, 333, 500, 777, 1000, 1023, 1025}) threadCounts.push_back(t);
  const size_t sharedBytes[] = {0, 1000, 3712, 12000, 16385, 32768, 49152, 49153, 65536,
                                98304, 100000, 150000, 166912, 200000, 232448, 232449};
  for (int threads : threadCounts)
    for (size_t shared : sharedBytes) {
      std::vector<int> blocks;
      for (int regs = 1; regs <= d.maxRegs; ++regs) {
        cudaOccFuncAttributes attr;
        attr.maxThreadsPerBlock = INT_MAX;
        attr.numRegs = regs;
        attr.sharedSizeBytes = 0;
        attr.partitionedGCConfig = PARTITIONED_GC_OFF;
#if !FERMI_ONLY
        // The predictor's limit per block is the opt-in one (max_smem_per_block_kb).
        attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
        attr.maxDynamicSharedSizeBytes = d.smemPerBlockOptin;
        attr.numBlockBarriers = 1;
        attr.virtualResourceCount = 0;
#endif
        cudaOccResult result;
        if (cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attr, &state, threads, shared) !=
            CUDA_OCC_SUCCESS) {
          std::fprintf(stderr, "%s: the calculator refused %d threads, %d registers, %zu B\n", d.profile, threads,
                       regs, shared);
          std::exit(1);
        }
        blocks.push_back(result.activeBlocksPerMultiprocessor);
      }
      std::printf("%s %d %d %zu%s\n", d.profile, p.preferredKb, threads, shared, runs(blocks).c_str());
    }
}

}  // namespace

int main() {
  std::printf("# from a calculator that knows compute capabilities up to %d.%d\n", __CUDA_OCC_MAJOR__, __CUDA_OCC_MINOR__);
#if FERMI_ONLY
  // Tesla C2050: CC 2.0, 14 SMs, 1536 threads, 32 K registers, 48 KB shared of a 64 KB array.
  const Device c2050{"c2050", 2, 0, 14, 1536, 32768, 32768, 49152, 49152, 0, 0, 63};
  grid(c2050, {CACHE_PREFER_L1, -1, 16});
  grid(c2050, {CACHE_PREFER_NONE, -1, 48});
#else
  const Device v100{"v100", 7, 0, 80, 2048, 65536, 65536, 49152, 98304, 98304, 0, 255};
  const Device a100{"a100", 8, 0, 108, 2048, 65536, 65536, 49152, 167936, 166912, 1024, 255};
  const Device h100{"h100", 9, 0, 132, 2048, 65536, 65536, 49152, 233472, 232448, 1024, 255};
  const Device h200{"h200", 9, 0, 132, 2048, 65536, 65536, 49152, 233472, 232448, 1024, 255};
  grid(v100, {CACHE_PREFER_NONE, SHAREDMEM_CARVEOUT_DEFAULT, 96});
  grid(v100, {CACHE_PREFER_NONE, 50, 48});
  grid(a100, {CACHE_PREFER_NONE, SHAREDMEM_CARVEOUT_DEFAULT, 164});
  grid(a100, {CACHE_PREFER_NONE, 25, 41});
  grid(h100, {CACHE_PREFER_NONE, SHAREDMEM_CARVEOUT_DEFAULT, 228});
  grid(h100, {CACHE_PREFER_NONE, 50, 114});
  grid(h200, {CACHE_PREFER_NONE, SHAREDMEM_CARVEOUT_DEFAULT, 228});
#endif
  return 0;
}

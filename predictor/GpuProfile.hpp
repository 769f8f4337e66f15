/// @file GpuProfile.hpp
/// A GPU as the model sees it (MODEL.md §8b, §9, §11): read from an INI file of data/gpus/ (compiled
/// into the tools) or from a user's own file with the same keys.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sapfor::predictor {

/// How a warp's global accesses become memory transactions (MODEL.md §5).
enum class CoalescingRule {
  Cc10,         ///< CC 1.0/1.1: per half-warp, one transaction when thread k reads word k, else 16
  Cc12,         ///< CC 1.2/1.3: per half-warp, segments by word size, shrunk while half is unused
  FermiLines,   ///< CC 2.x with L1 caching: distinct 128-B lines
  Sectors,      ///< CC >= 6: distinct 32-B sectors
};
std::string_view coalescingRuleName(CoalescingRule rule);

struct GpuProfile {
  std::string key;      ///< c2050, v100, ... (the file name)
  std::string name;     ///< Tesla C2050
  std::string origin;   ///< "built in" or the file it came from
  double computeCapability = 0;
  CoalescingRule coalescing = CoalescingRule::Sectors;
  int sms = 0, fp32PerSm = 0, fp64PerSm = 0, sfuPerSm = 0;
  double clockGhz = 0, dramGbs = 0;
  int l2Kb = 0;
  int maxThreadsPerBlock = 0;
  int64_t maxGridX = 0;
  int maxWarpsPerSm = 0, maxBlocksPerSm = 0;
  int regsPerSm = 0, maxRegsPerThread = 0, regAllocUnit = 0, regSubpartitions = 0;
  /// Fermi allocates a warp's registers in units of 128 instead of 64 at some registers per thread
  /// (cuda_occupancy.h of CUDA 7, CC 2.x): the unit and those counts; none elsewhere.
  int regAllocUnitWide = 0;
  std::vector<int> regAllocUnitWideAt;
  int l1SharedKb = 0, maxSmemPerSmKb = 0, maxSmemPerBlockKb = 0, smemAllocUnit = 0, smemReservedPerBlock = 0;
  int l1DefaultKb = 0, l1MinKb = 0, l1MaxKb = 0;
  /// The shared-memory sizes per SM the unified array can be split into, ascending (KB); empty:
  /// the preferred size or else max_smem_per_sm_kb.
  std::vector<int> smemConfigsKb;
  /// Which register heuristic applies without ptxas: the thesis' (MODEL.md §6, made on the C2050)
  /// or the one fitted to ptxas on current architectures (data/model.ini [registers.calibrated]).
  bool thesisRegisters = false;
  double memLatency = 0;  ///< a DRAM access, cycles (Mem_LD)
  double l2Latency = 0;   ///< a request the L2 serves, cycles
  double launchOverheadUs = 0, hostLinkGbs = 0, hostLinkLatencyUs = 0;

  /// MODEL.md §12: the cycles a request occupies the DRAM interface per byte it moves there,
  /// Freq * SMs / Mem_Bandwidth (each SM's share of the bandwidth); a request's departure delay is
  /// its bytes times this.
  double cyclesPerDramByte() const { return clockGhz * sms / dramGbs; }


  /// A warp's register allocation unit at `regsPerThread` registers per thread.
  int regAllocUnitFor(int64_t regsPerThread) const;
  /// The shared memory per SM that asking for `l1Kb` of L1 gives: the rest of the unified array,
  /// at most max_smem_per_sm_kb, rounded up to a configuration (MODEL.md §12).
  int64_t smemPerSmBytes(int l1Kb) const;
  /// The shared memory per SM the driver configures for blocks of `smemPerBlock` bytes (reserve
  /// included) when `preferred` was asked for: the preference while one block fits in it, else
  /// the smallest configuration that holds one (cuda_occupancy.h, cudaOccMaxBlocksPerSMSmemLimit).
  int64_t smemPerSmFor(int64_t smemPerBlock, int64_t preferred) const;
};

/// The profile the tools use without --gpu: a current GPU (the thesis' C2050 is `--gpu c2050`).
inline constexpr std::string_view kDefaultGpuKey = "h100";

/// Parses a profile; `origin` names it in messages. Throws std::runtime_error naming the key
/// that is missing, unknown or out of range.
GpuProfile parseGpuProfile(std::string_view text, const std::string& key, const std::string& origin);
/// Reads a user's profile file.
GpuProfile loadGpuProfile(const std::string& path);
/// The profiles compiled in from data/gpus/, in name order.
const std::vector<GpuProfile>& builtinGpuProfiles();
/// A built-in profile by key, case-insensitive; nullptr when there is none.
const GpuProfile* findGpuProfile(std::string_view key);

}  // namespace sapfor::predictor

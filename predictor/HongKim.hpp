/// @file HongKim.hpp
/// The MWP-CWP time model of Hong & Kim, "An analytical model for a GPU architecture with
/// memory-level and thread-level parallelism awareness", ISCA 2009 (MODEL.md §9), as written there:
/// MWP, CWP and Rep are not rounded. One extension (MODEL.md §12): a warp may have `mlp` memory
/// requests in flight at once (its independent loads, issued before the first use: the MLP of
/// Sim et al., "A performance analysis framework for identifying potential benefits in GPGPU
/// applications", PPoPP 2012); with mlp = 1 the formulas are the paper's.
#pragma once

#include <string>

namespace sapfor::predictor {

struct HongKimInput {
  // the machine
  double issueCycles = 0, freqGhz = 0, memBandwidthGbs = 0, memLd = 0, departureDelCoal = 0, departureDelUncoal = 0;
  double activeSms = 0;
  // the kernel
  double blocks = 0, activeBlocksPerSm = 0, activeWarpsPerSm = 0;  ///< N = activeWarpsPerSm
  double compInsts = 0, coalMemInsts = 0, uncoalMemInsts = 0, synchInsts = 0;  ///< per thread
  double uncoalPerMw = 1, loadBytesPerWarp = 0;
  double mlp = 1;  ///< memory requests a warp has in flight at once (>= 1)
};

struct HongKimResult {
  double memLUncoal = 0, memLCoal = 0, weightUncoal = 0, weightCoal = 0, memL = 0, departureDelay = 0;
  /// MWP_without_BW, MWP_peak_BW and MWP count requests in flight per SM (warps * mlp); `mwp` is
  /// MWP in warps (MWP / mlp), as the paper's when mlp = 1.
  double mwpWithoutBw = 0, bwPerWarp = 0, mwpPeakBw = 0, mwpRequests = 0, mwp = 0, cwp = 0;
  double compCycles = 0, memCycles = 0, rep = 0, exec = 0, synchCost = 0, cycles = 0, seconds = 0;
  /// Exec as the sum of its case's two terms (cycles, Rep included), for a report of where the time
  /// goes: case 1 Mem_cycles | Comp_cycles + Comp_cycles/Mem_insts*(MWP-1); case 2 Mem_cycles*N/MWP |
  /// Comp_cycles/Mem_insts*(MWP-1); case 3 Mem_L | Comp_cycles*N; no memory instruction: all compute.
  double execMemory = 0, execCompute = 0;
  int modelCase = 0;   ///< 1: MWP = CWP = N; 2: CWP >= MWP or Comp_cycles > Mem_cycles; 3: MWP > CWP; 0: no memory instruction
  /// latency (case 1: too few warps to hide it), memory or compute (case 2: the larger of its two
  /// terms), compute (case 3, or no memory instruction)
  std::string bound;
};

HongKimResult hongKim(const HongKimInput& in);

}  // namespace sapfor::predictor

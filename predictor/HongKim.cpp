/// @file HongKim.cpp
#include "predictor/HongKim.hpp"

#include <algorithm>

namespace sapfor::predictor {

HongKimResult hongKim(const HongKimInput& in) {
  HongKimResult r;
  const double n = in.activeWarpsPerSm;
  const double memInsts = in.coalMemInsts + in.uncoalMemInsts;
  r.compCycles = in.issueCycles * (in.compInsts + memInsts);
  r.rep = in.blocks / (in.activeBlocksPerSm * in.activeSms);
  if (memInsts == 0) {
    // Without memory instructions only the warps' issue cycles remain (the compute-bound case with
    // Mem_L = 0).
    r.mwp = n;
    r.cwp = std::min(1.0, n);
    r.exec = r.compCycles * n * r.rep;
    r.execCompute = r.exec;
    r.bound = "compute";
  } else {
    r.memLUncoal = in.memLd + (in.uncoalPerMw - 1) * in.departureDelUncoal;
    r.memLCoal = in.memLd;
    r.weightUncoal = in.uncoalMemInsts / memInsts;
    r.weightCoal = in.coalMemInsts / memInsts;
    r.memL = r.memLUncoal * r.weightUncoal + r.memLCoal * r.weightCoal;
    r.departureDelay = in.departureDelUncoal * in.uncoalPerMw * r.weightUncoal + in.departureDelCoal * r.weightCoal;
    // Requests that move nothing from DRAM (all L2 hits, MODEL.md §12) leave the bandwidth out:
    // only the warps' requests limit MWP.
    const double mlp = std::max(1.0, in.mlp), requests = n * mlp;
    r.mwpWithoutBw = r.departureDelay > 0 ? std::min(r.memL / r.departureDelay, requests) : requests;
    r.bwPerWarp = in.freqGhz * in.loadBytesPerWarp / r.memL;
    r.mwpPeakBw = r.bwPerWarp > 0 ? in.memBandwidthGbs / (r.bwPerWarp * in.activeSms) : requests;
    r.mwpRequests = std::min({r.mwpWithoutBw, r.mwpPeakBw, requests});
    r.mwp = r.mwpRequests / mlp;
    // A warp waits once for each batch of mlp requests.
    r.memCycles = (r.memLUncoal * in.uncoalMemInsts + r.memLCoal * in.coalMemInsts) / mlp;
    r.cwp = std::min((r.memCycles + r.compCycles) / r.compCycles, n);
    if (r.mwp == n && r.cwp == n) {
      r.modelCase = 1;
      r.exec = (r.memCycles + r.compCycles + r.compCycles / memInsts * (r.mwp - 1)) * r.rep;
      r.execMemory = r.memCycles * r.rep;
      r.execCompute = (r.compCycles + r.compCycles / memInsts * (r.mwp - 1)) * r.rep;
      r.bound = "latency";
    } else if (r.cwp >= r.mwp || r.compCycles > r.memCycles) {
      r.modelCase = 2;
      // Mem_cycles * N / MWP with both in requests: Mem_L * Mem_insts * N / MWP_requests.
      double memoryTerm = r.memCycles * mlp * n / r.mwpRequests,
             computeTerm = r.compCycles / memInsts * std::max(0.0, r.mwp - 1);
      r.exec = (memoryTerm + computeTerm) * r.rep;
      r.execMemory = memoryTerm * r.rep;
      r.execCompute = computeTerm * r.rep;
      r.bound = memoryTerm >= computeTerm ? "memory" : "compute";
    } else {
      r.modelCase = 3;
      r.exec = (r.memL + r.compCycles * n) * r.rep;
      r.execMemory = r.memL * r.rep;
      r.execCompute = r.compCycles * n * r.rep;
      r.bound = "compute";
    }
  }
  r.synchCost = r.departureDelay * std::max(0.0, r.mwp - 1) * in.synchInsts * in.activeBlocksPerSm * r.rep;
  r.cycles = r.exec + r.synchCost;
  r.seconds = r.cycles / (in.freqGhz * 1e9);
  return r;
}

}  // namespace sapfor::predictor

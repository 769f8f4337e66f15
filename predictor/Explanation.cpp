/// @file Explanation.cpp
/// Each step is a line (or a few) in the order the model takes them (KernelModel::run in
/// Predictor.cpp), ending where it stopped: a step's formula with the figures put in, from the
/// kernel's derivation, its prediction and the model's inputs (the GPU, the options, model.ini).
#include "predictor/Explanation.hpp"

namespace sapfor::predictor {

namespace {

std::string num(double v) { return formatNumber(v); }

std::string dim3(const Dim3& d) { return "[" + num(d[0]) + "," + num(d[1]) + "," + num(d[2]) + "]"; }

class KernelExplanation {
 public:
  KernelExplanation(std::ostream& out, const KernelPrediction& kernel, const PredictOptions& options,
                    const ModelSettings& settings)
      : out_(out), k_(kernel), d_(*kernel.derivation), o_(options), s_(settings), g_(options.gpu) {}

  void write() {
    header();
    grid();
    for (const KernelDerivation::LoopTrip& l : d_.sequentialLoops)
      say("  sequential loop " + l.loop.key + " inside the kernel: " + num(l.iterations) + " iterations per iteration of its parent");
    for (const KernelDerivation::WholeArray& a : d_.wholeArrays)
      say("  " + a.name + " at line " + num(a.line) + ": a whole-array reference inside the kernel is not modelled");
    counts();
    registers();
    occupancy();
    memory();
    time();
    launches();
    if (k_.status != "ok") {
      std::string names;
      for (const std::string& m : k_.missing) names += (names.empty() ? "" : ", ") + m;
      say("unknown, needs " + names + " (a symbol or loop key: --param NAME=VALUE)");
    }
  }

 private:
  void say(const std::string& line) { out_ << line << "\n"; }

  void header() {
    say("kernel " + k_.loopKey + " from the " + k_.source + "; GPU " + g_.name + " (" + g_.origin + ")");
    std::string loops;
    for (const KernelDerivation::Loop& l : d_.nest) loops += (loops.empty() ? "" : ", ") + l.var + " (" + l.key + ")";
    say("MODEL.md §3: rank r = " + num(k_.rank) + ", the parallel loops " + loops + (k_.across ? ", ACROSS" : ""));
    for (const KernelDerivation::LoopTrip& t : d_.tripCounts)
      say("  trip count of " + t.loop.key + " (" + t.loop.var + "): " + num(t.iterations));
  }

  // MODEL.md §3
  void grid() {
    if (!d_.grid) return;
    const KernelDerivation::Grid& grid = *d_.grid;
    std::string why;
    switch (grid.blockFrom) {
      case KernelDerivation::BlockFrom::Option: why = "--block"; break;
      case KernelDerivation::BlockFrom::CudaBlock: why = "CUDA_BLOCK"; break;
      case KernelDerivation::BlockFrom::Defaults:
        why = o_.blockDefaults->name + " defaults for rank " + num(k_.rank) +
              (k_.across && o_.blockDefaults->acrossRankLess ? " less " + num(o_.blockDefaults->acrossRankLess) + " (ACROSS)" : "");
        break;
    }
    if (grid.tooManyThreads) {
      say("MODEL.md §3: block " + dim3(k_.block) + " (" + why + ") has " + num(grid.threads) + " threads, more than the " +
          num(g_.maxThreadsPerBlock) + " a block may have");
      return;
    }
    say("MODEL.md §3: block " + dim3(k_.block) + " (" + why + "), innermost loop <-> X: " + num(grid.threads) + " threads");
    std::string tiles;
    for (size_t d = 0; d < d_.tripCounts.size(); ++d) {
      int64_t b = d < 3 ? k_.block[d] : 1;
      tiles += (tiles.empty() ? "" : " * ") + std::string("ceil(") + num(d_.tripCounts[d].iterations) + "/" + num(b) + ")";
    }
    say("  blocks = prod ceil(iters_d / block_d) = " + tiles + " = " + num(grid.blocks) + " (1-D grid)");
    say("MODEL.md §3 (1): iters_per_thread = ceil(iterations / (min(blocks, max_grid_x) * threads)) = ceil(" +
        num(k_.iterations) + " / (" + num(k_.blocks) + " * " + num(grid.threads) + ")) = " + num(k_.itersPerThread) +
        (grid.blocks > k_.blocks ? " (grid capped at " + num(g_.maxGridX) + ")" : ""));
  }

  // MODEL.md §4, §10
  void counts() {
    if (!d_.counts) return;
    const KernelDerivation::Counts& c = *d_.counts;
    say("MODEL.md §4: per thread (" + num(k_.itersPerThread) + " iteration(s), inner loops times their trip counts): arith = " +
        num(c.fpArith) + " (+" + num(c.intArith) + " logical, conversion and index) = " + num(c.arith) + ", reciproc = " +
        num(k_.reciproc) + ", trans = " + num(k_.trans) + ", branch = " + num(k_.branch));
    say("MODEL.md §10: divergent_branch = " + num(k_.divergentBranch) +
        " (branches whose condition depends on a parallel loop variable; their arms all run, a uniform branch's costliest arm)");
    if (c.calls > 0) say("  the kernel calls procedures " + num(c.calls) + " time(s) per thread: their bodies are not counted");
  }

  // MODEL.md §6
  void registers() {
    if (!d_.registers) return;
    const KernelDerivation::Registers& r = *d_.registers;
    if (r.calibrated) {
      const ModelSettings::CalibratedRegisters& c = s_.calibrated;
      const KernelDerivation::Registers::CalibratedCounts& n = *r.calibrated;
      say("registers fitted to ptxas (data/model.ini [registers.calibrated]; counts at most " + num(c.countCap) +
          "): regs_per_thread = round(" + num(c.base) + " + " + num(c.perParallelLoop) + " * " + num(n.parallelLoops) +
          " parallel loops + " + num(c.perReference) + " * " +
          num(n.references) + " references + " + num(c.perDivision) + " * " + num(n.divisions) + " divisions + " +
          num(c.perTranscendental) + " * " + num(n.transcendentals) + " transcendentals + " + num(c.perSequentialLoop) +
          " * " + num(n.sequentialLoops) + " sequential loops) = round(" + num(n.sum) + ") = " + num(r.wanted));
    } else {
      say("MODEL.md §6: regs_per_thread = scalars " + num(r.scalars) + " + iteration counter " + num(r.iterationCounter) +
          " + thread index " + num(r.threadIndex) + " + instruction pointer " + num(s_.regsInstructionPointer) +
          " + expression temporaries " + num(r.temporaries) + " + " + num(r.bodyLines) + " body lines / " +
          num(s_.linesPerRegister) + " = " + num(r.wanted));
    }
    int64_t wanted = r.wanted;
    if (r.compiled) {
      say("  " + r.compiled->source + " allocates " + num(r.compiled->registers) + " registers per thread and " +
          num(r.compiled->sharedBytes) + " B of static shared memory for the kernel's CUDA C (sapfor-cuda's): used "
          "instead of the heuristic's " + num(r.wanted));
      wanted = r.compiled->registers;
    }
    if (wanted > g_.maxRegsPerThread && g_.maxRegsPerThread <= r.blockLimit)
      say("  more than the " + num(g_.maxRegsPerThread) + " a thread may have: the compiler spills, counted as " +
          num(g_.maxRegsPerThread));
    else if (wanted > r.blockLimit && r.blockLimit > 0)
      say("  more than the " + num(r.blockLimit) + " with which a block of " + num(d_.grid->threads) +
          " threads fits an SM: the compiler spills (the block size as its launch bound), counted as " + num(r.blockLimit));
    say("MODEL.md §6 (6): regs_per_block = ceil(" + num(k_.regsPerThread) + " * 32, " + num(g_.regAllocUnitFor(k_.regsPerThread)) + ") * " +
        num(r.warps) + " warps = " + num(k_.regsPerBlock));
    std::string smem = num(r.blockDimensions) + " block dimensions * " + num(s_.smemBytesPerBlockDimension) + " B";
    for (const KernelDerivation::Registers::ReductionVariable& red : r.reductions)
      smem += " + MODEL.md §7 (8) " + num(d_.grid->threads) + " threads * " + num(red.bytes) + " B (" + red.var + ")";
    if (r.compiled && r.compiled->sharedBytes > 0) smem += " + " + num(r.compiled->sharedBytes) + " B static (" + r.compiled->source + ")";
    say("MODEL.md §6: smem_per_block = " + smem + " = " + num(k_.smemPerBlock) + " B");
  }

  // MODEL.md §8b
  void occupancy() {
    if (!d_.occupancy) return;
    const Occupancy& o = d_.occupancy->occupancy;
    std::string raised = o.smemPerSm == d_.occupancy->preferredSmemPerSm
                             ? ""
                             : ", raised from the " + num(d_.occupancy->preferredSmemPerSm) + " B preferred (MODEL.md §12)";
    say("MODEL.md §8b: W_b = " + num(o.warpsPerBlock) + "; limits: warps " + num(o.limitWarps) + ", blocks " +
        num(o.limitBlocks) + ", registers " + num(o.limitRegisters) + ", shared memory " + num(o.limitSharedMemory) +
        " (" + num(o.smemPerBlock) + " B a block of " + num(o.smemPerSm) + " B" + raised + " with " + num(d_.occupancy->l1Kb) +
        " KB L1) -> " + num(o.activeBlocks) +
        " active blocks, " + num(o.activeWarps) + " warps, occupancy " + num(o.occupancy) + " (limited by " + o.limiter + ")");
  }

  // MODEL.md §8, then §4-§5 per reference and in all
  void memory() {
    if (!d_.memory) return;
    if (!d_.memory->l1BytesPerBlock)
      say("MODEL.md §8: cache emulation off: every array access goes to global memory");
    else
      say("MODEL.md §8: LRU L1 of " + num(d_.occupancy->l1Kb) + " KB shared by " + num(d_.occupancy->occupancy.activeBlocks) +
          " active blocks: " + num(*d_.memory->l1BytesPerBlock) + " B for the first block, whose warps' reads are emulated in "
          "program order (segments by §5 (2); writes are not cached; inner loops up to 64 iterations, 2000 warp accesses)");
    if (!d_.constantBank.empty()) {
      std::string names;
      for (const std::string& n : d_.constantBank) names += (names.empty() ? "" : ", ") + n;
      say("MODEL.md §12: scalars read as kernel arguments, from the constant bank (no global loads): " + names);
    }
    const KernelDerivation::Memory& m = *d_.memory;
    say("MODEL.md §12: the L2 serves a read whose element an earlier reference of the same array touched when the "
        "bytes moved in between (" + num(m.compulsoryPerThread) + " B per thread, in launch order) fit in " +
        num(s_.l2LayerConditionFraction) + " * " + num(g_.l2Kb) + " KB = " + num(m.l2Capacity) + " B");
    for (size_t i = 0; i < k_.accesses.size(); ++i) {
      const AccessPrediction& a = k_.accesses[i];
      std::string line = "  " + std::to_string(i + 1) + ". " + a.name + (a.access == facts::Access::Write ? " (write)" : "") +
                         " line " + num(a.line) + ": " + num(a.perThread) + " per thread, stride " +
                         (a.stride ? num(static_cast<double>(*a.stride)) + " B" : std::string("unknown")) +
                         ", §5 (4) formula " + num(a.formulaTransactions) + ", exact " + num(a.exactTransactions) +
                         " transactions per warp (" + num(a.alignments) + " alignment" + (a.alignments == 1 ? "" : "s") + ") -> " +
                         std::string(accessPatternName(a.pattern)) + ", " + num(a.bytesPerWarp) + " B a warp";
      if (a.cacheHits) line += ", L1 hits " + num(*a.cacheHits) + " per thread";
      if (a.l2Leader)
        line += ", its element touched by " + std::to_string(a.l2Leader) + ". " + num(a.l2ReuseBytes) + " B before" +
                (a.l2ReuseBytes <= m.l2Capacity ? "" : " (beyond the L2)");
      line += "; L2 hits " + num(a.l2Hits) + " per thread, DRAM " + num(a.dramBytesPerWarp) + " B a warp access";
      say(line);
    }
    for (const KernelDerivation::Memory::Group& group : m.groups)
      say("  " + group.array + ": its reads move " + num(group.throughL1) + " B per thread from DRAM through the L1, " +
          num(group.withL2) + " B with the L2's reuse (the first of each chain): each read's DRAM bytes * " +
          num(group.withL2 / group.throughL1));
    say("MODEL.md §4-§5 (" + std::string(coalescingRuleName(g_.coalescing)) + ", " +
        (o_.exactTransactions ? "exact count" : "formula (4)") + "): coal_mem_access = " + num(k_.coalAccesses) +
        ", uncoal_mem_access = " + num(k_.uncoalAccesses) + ", coal_per_access = " + num(k_.coalPerAccess) +
        ", uncoal_per_access = " + num(k_.uncoalPerAccess) + ", L2 hits " + num(m.l2Requests) +
        ", load_bytes_per_warp (DRAM) = " + num(k_.loadBytesPerWarp));
    say("MODEL.md §12: Departure_del_coal = " + num(m.coalDramBytes) + " B / " + num(k_.coalAccesses) + " requests * " +
        num(m.cyclesPerDramByte) + " cycles/B (" + num(g_.clockGhz) + " GHz * " + num(g_.sms) + " SMs / " + num(g_.dramGbs) +
        " GB/s) = " + num(d_.time ? d_.time->input.departureDelCoal : 0) + "; Departure_del_uncoal = " + num(m.uncoalDramBytes) +
        " B / " + num(m.uncoalTransactions) + " transactions * the same = " + num(d_.time ? d_.time->input.departureDelUncoal : 0) +
        "; Mem_LD = (" + num(g_.l2Latency) + " * " + num(m.l2Requests) + " L2 hits + " + num(g_.memLatency) + " * the rest) / " +
        num(k_.memInsts) + " = " + num(d_.time ? d_.time->input.memLd : 0));
  }

  // MODEL.md §7, §4 and §9
  void time() {
    if (!d_.time) return;
    const KernelDerivation::Time& t = *d_.time;
    if (t.reduction) {
      const KernelDerivation::ReductionKernel& red = *t.reduction;
      say("MODEL.md §7 (9), (10): num_sync += log2(" + num(d_.grid->threads) + " * " + num(k_.itersPerThread) + ") = " +
          num(red.stepsInKernel) + " and num_arithm += the same, per reduction variable (" + num(red.variables) + ")");
      say("MODEL.md §7: reduction kernel [" + num(red.threads) + ",1,1] x 1 block over " + num(red.partials) + " partial results: " +
          num(red.loads) + " loads and " + num(red.steps) + " steps per thread; Hong & Kim: " + num(red.cycles) + " cycles = " +
          num(red.seconds) + " s, times " + num(red.variables) + " reduction variable(s)");
    }
    double fpArith = d_.counts->fpArith;
    say("MODEL.md §4, §9: Comp_insts = fp arith " + num(fpArith) + " * " + num(t.fpWeight) + (t.fp64 ? " (FP64)" : "") +
        " + other arith " + num(k_.arith - fpArith - t.reductionOps) + " + reduction " + num(t.reductionOps) + " + reciproc " +
        num(k_.reciproc) + " * (" + num(t.sfuWeight) + " + " + num(s_.divisionExtra) + ") + trans " + num(k_.trans) + " * " +
        num(t.sfuWeight) + " + branch " + num(k_.branch) + " + L1 hits " + num(k_.cacheHits) + " * " + num(s_.cacheHitCost) +
        " = " + num(k_.compInsts));
    const HongKimInput& in = t.input;
    const HongKimResult& r = t.result;
    say("MODEL.md §9 (Hong & Kim 2009): Issue_cycles = 32 / " + num(g_.fp32PerSm) + " = " + num(in.issueCycles) +
        ", active SMs " + num(in.activeSms) + ", active blocks per SM " + num(in.activeBlocksPerSm) + ", N = " +
        num(in.activeWarpsPerSm));
    say("  MLP = memory instructions " + num(k_.memInsts) + " / waits (statements with a load that misses the L1) = " +
        num(in.mlp) + " requests in flight per warp (MODEL.md §12, Sim et al. 2012)");
    say("  Mem_L = " + num(r.memL) + ", Departure_delay = " + num(r.departureDelay) + ", in requests: MWP_without_BW = min(Mem_L / "
        "Departure_delay, N * MLP) = " + num(r.mwpWithoutBw) + ", MWP_peak_BW = " + num(r.mwpPeakBw) + " -> " +
        num(r.mwpRequests) + ", MWP = " + num(r.mwpRequests) + " / MLP = " + num(r.mwp) + " warps; CWP = " + num(r.cwp));
    say("  Mem_cycles = (Mem_L_Uncoal * uncoal + Mem_L_Coal * coal) / MLP = " + num(r.memCycles));
    say("  Comp_cycles = " + num(r.compCycles) + ", Mem_cycles = " + num(r.memCycles) + ", Rep = " + num(r.rep) + ", case " +
        num(r.modelCase) + " (" + r.bound + " bound): Exec = " + num(r.exec) + ", Synch_cost = " + num(r.synchCost) +
        " -> " + num(r.cycles) + " cycles = " + num(r.seconds) + " s at " + num(g_.clockGhz) + " GHz");
  }

  // the whole program: launches, roofline
  void launches() {
    if (d_.launches) {
      const KernelDerivation::Launches& l = *d_.launches;
      std::string how = "calls of " + l.procedureKey + " " + (l.calls ? num(*l.calls) : std::string("?"));
      for (const auto& [key, trip] : l.enclosing) how += " * " + key + " " + (trip ? num(*trip) : std::string("?"));
      if (l.known)
        say("whole program: launches = " + how + " = " + num(k_.launches) + "; total = launches * (" + num(k_.seconds) +
            " + reduction " + num(k_.reductionSeconds) + " + " + num(l.kernelsPerLaunch) + " * launch overhead " +
            num(g_.launchOverheadUs) + " us) = " + num(k_.totalSeconds) + " s");
      else
        say("whole program: launches = " + how + ": unknown");
    }
    if (d_.roofline) {
      const KernelDerivation::Roofline& r = *d_.roofline;
      say("roofline (seed 001): " + num(r.operations) + " operations, " + num(r.bytes) + " B of DRAM traffic, intensity " +
          num(k_.intensity) + " op/B; peak " + num(r.peakOps / 1e9) + " Gop/s, " + num(g_.dramGbs) + " GB/s -> at least " +
          num(k_.rooflineSeconds) + " s (" + k_.rooflineBound + ")");
    }
  }

  std::ostream& out_;
  const KernelPrediction& k_;
  const KernelDerivation& d_;
  const PredictOptions& o_;
  const ModelSettings& s_;
  const GpuProfile& g_;
};

}  // namespace

void writeExplanation(std::ostream& out, const KernelPrediction& kernel, const PredictOptions& options,
                      const ModelSettings& settings) {
  if (kernel.derivation) KernelExplanation(out, kernel, options, settings).write();
}

void writeProgramExplanation(std::ostream& out, const ProgramPrediction& prediction, const PredictOptions& options) {
  const GpuProfile& gpu = options.gpu;
  for (const TransferDerivation& t : prediction.transfers)
    out << "transfer (MODEL.md §12): " << t.kind << " at " << t.procedure << " line " << num(t.line) << " " << t.clause << " "
        << t.name << (t.toDevice ? " to the device: " : " to the host: ") << num(t.bytes) << " B * " << num(t.times)
        << " copies = " << num(t.seconds) << " s (" << num(gpu.hostLinkGbs) << " GB/s, " << num(gpu.hostLinkLatencyUs)
        << " us each)\n";
}

}  // namespace sapfor::predictor

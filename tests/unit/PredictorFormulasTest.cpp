/// @file PredictorFormulasTest.cpp
/// The predictor's formulas against hand-derived values: Hong & Kim's worked example (MODEL.md §9),
/// the transaction table of §5 (formula and exact, per coalescing rule), occupancy of known
/// configurations per compute capability (§8b), the block defaults per rank (§3), the reduction
/// formulas (7)-(10), the bound evaluator and the LRU segment cache (§8).
#include "predictor/BoundExpression.hpp"
#include "predictor/Coalescing.hpp"
#include "predictor/GpuProfile.hpp"
#include "predictor/HongKim.hpp"
#include "predictor/LruSegmentCache.hpp"

#include <algorithm>
#include "predictor/ModelSettings.hpp"
#include "predictor/Occupancy.hpp"
#include "predictor/Reduction.hpp"

#include <doctest/doctest.h>

#include <map>

using namespace sapfor::predictor;

namespace {

/// 32 lanes, each `stride` bytes after the previous, from an aligned base.
std::vector<int64_t> lanes(int64_t stride) {
  std::vector<int64_t> a;
  for (int k = 0; k < 32; ++k) a.push_back(k * stride);
  return a;
}

/// The paper's FX5600 worked example (MODEL.md §9): 128 threads x 80 blocks, 16 SMs, 5 active
/// blocks per SM, 27 compute and 6 uncoalesced memory instructions, 6 syncs.
HongKimInput paperExample() {
  HongKimInput in;
  in.issueCycles = 4;
  in.freqGhz = 1;
  in.memBandwidthGbs = 80;
  in.memLd = 420;
  in.departureDelCoal = 4;
  in.departureDelUncoal = 10;
  in.activeSms = 16;
  in.blocks = 80;
  in.activeBlocksPerSm = 5;
  in.activeWarpsPerSm = 5 * 128 / 32;  // N = 20
  in.compInsts = 27;
  in.uncoalMemInsts = 6;
  in.synchInsts = 6;
  in.uncoalPerMw = 32;
  in.loadBytesPerWarp = 128;  // 32 lanes x 4 B; MWP_peak_BW = 80 / (128/730 * 16) = 28.5, not the limit
  return in;
}

}  // namespace

TEST_CASE("Hong & Kim: the paper's FX5600 worked example (MODEL.md §9)") {
  HongKimInput in = paperExample();
  HongKimResult r = hongKim(in);
  CHECK(r.memL == doctest::Approx(730));          // 420 + 31 * 10
  CHECK(r.departureDelay == doctest::Approx(320));  // 10 * 32
  CHECK(r.mwp == doctest::Approx(2.28125));         // 730 / 320
  CHECK(r.cwp == doctest::Approx(20));              // min((4380 + 132) / 132, 20)
  CHECK(r.modelCase == 2);
  CHECK(r.bound == "memory");
  CHECK(r.compCycles == doctest::Approx(132));      // 4 * 33
  CHECK(r.memCycles == doctest::Approx(4380));      // 730 * 6
  CHECK(r.exec == doctest::Approx(38428.1875));     // 4380 * 20 / 2.28125 + 132 / 6 * 1.28125
  CHECK(r.execMemory == doctest::Approx(38400));    // the memory term 4380 * 20 / 2.28125, Rep = 1
  CHECK(r.execCompute == doctest::Approx(28.1875)); // the compute term 132 / 6 * 1.28125
  CHECK(r.synchCost == doctest::Approx(12300));     // 320 * 1.28125 * 6 * 5 * 1
  CHECK(r.cycles == doctest::Approx(50728.1875));
  CHECK(r.seconds == doctest::Approx(50728.1875e-9));
}

TEST_CASE("Hong & Kim with two requests in flight per warp (MODEL.md §12, MLP)") {
  // The paper's example with mlp = 2: MWP counts requests, a warp waits once per two.
  HongKimInput in = paperExample();
  in.mlp = 2;
  HongKimResult r = hongKim(in);
  CHECK(r.mwpRequests == doctest::Approx(2.28125));  // min(730 / 320, 28.5, 20 * 2)
  CHECK(r.mwp == doctest::Approx(1.140625));         // 2.28125 / 2
  CHECK(r.memCycles == doctest::Approx(2190));       // 730 * 6 / 2
  CHECK(r.cwp == doctest::Approx(17.5909).epsilon(1e-4));  // (2190 + 132) / 132
  CHECK(r.modelCase == 2);
  CHECK(r.execMemory == doctest::Approx(38400));     // 730 * 6 * 20 / 2.28125: bandwidth-bound, as with mlp = 1
  CHECK(r.execCompute == doctest::Approx(3.09375));  // 132 / 6 * 0.140625
  CHECK(r.synchCost == doctest::Approx(1350));       // 320 * 0.140625 * 6 * 5
}

TEST_CASE("a GPU profile with departure delays is refused: they follow from the bandwidth (MODEL.md §12)") {
  CHECK_THROWS_WITH_AS(parseGpuProfile("departure_del_coal = 10\n", "x", "x.ini"),
                       doctest::Contains("departure_del_coal"), std::runtime_error);
}

TEST_CASE("Hong & Kim: the three cases") {
  HongKimInput in;
  in.issueCycles = 1;
  in.freqGhz = 1;
  in.memBandwidthGbs = 1000;
  in.memLd = 400;
  in.departureDelCoal = 10;
  in.departureDelUncoal = 10;
  in.activeSms = 1;
  in.blocks = 1;
  in.activeBlocksPerSm = 1;
  in.loadBytesPerWarp = 128;
  SUBCASE("one warp: MWP = CWP = N = 1, latency bound") {
    in.activeWarpsPerSm = 1;
    in.compInsts = 10;
    in.coalMemInsts = 2;
    HongKimResult r = hongKim(in);
    CHECK(r.modelCase == 1);
    CHECK(r.bound == "latency");
    CHECK(r.exec == doctest::Approx(800 + 12));  // Mem_cycles 2 * 400 + Comp_cycles 12 + 12/2 * 0
    CHECK(r.execMemory == doctest::Approx(800));
    CHECK(r.execCompute == doctest::Approx(12));
  }
  SUBCASE("Comp_cycles > Mem_cycles: case 2, its compute term the larger") {
    in.activeWarpsPerSm = 32;
    in.compInsts = 1000;
    in.coalMemInsts = 1;
    HongKimResult r = hongKim(in);
    CHECK(r.mwp == doctest::Approx(32));             // min(400 / 10, 32, BW)
    CHECK(r.cwp == doctest::Approx(1401.0 / 1001));  // (400 + 1001) / 1001
    CHECK(r.modelCase == 2);
    CHECK(r.exec == doctest::Approx(400.0 * 32 / 32 + 1001.0 / 1 * 31));
    CHECK(r.execMemory == doctest::Approx(400));
    CHECK(r.execCompute == doctest::Approx(1001.0 * 31));
    CHECK(r.bound == "compute");
  }
  SUBCASE("MWP > CWP with Comp_cycles <= Mem_cycles: case 3") {
    in.activeWarpsPerSm = 32;
    in.compInsts = 100;
    in.coalMemInsts = 1;
    HongKimResult r = hongKim(in);
    CHECK(r.cwp == doctest::Approx(501.0 / 101));    // (400 + 101) / 101 < MWP = 32
    CHECK(r.modelCase == 3);
    CHECK(r.exec == doctest::Approx(400 + 101 * 32));
    CHECK(r.execMemory == doctest::Approx(400));     // Mem_L: the last warp's memory period
    CHECK(r.execCompute == doctest::Approx(101 * 32));
    CHECK(r.bound == "compute");
  }
  SUBCASE("no memory instruction at all") {
    in.activeWarpsPerSm = 4;
    in.compInsts = 10;
    HongKimResult r = hongKim(in);
    CHECK(r.bound == "compute");
    CHECK(r.exec == doctest::Approx(40));
    CHECK(r.execMemory == 0);
    CHECK(r.execCompute == doctest::Approx(40));
  }
}

TEST_CASE("transactions: MODEL.md §5 table, formula (4) and the exact count per rule") {
  struct Row {
    int elem, stride, sectors, lines, cc12, cc12Bytes, cc10, formula;
  };
  // The table of MODEL.md §5; formula: ceil(32 / ceil(segment / stride)), segment 128 B.
  const Row rows[] = {
      {4, 4, 4, 1, 2, 128, 2, 1},       {4, 8, 8, 2, 2, 256, 32, 2},      {4, 16, 16, 4, 4, 512, 32, 4},
      {4, 32, 32, 8, 8, 1024, 32, 8},   {4, 128, 32, 32, 32, 1024, 32, 32}, {4, 256, 32, 32, 32, 1024, 32, 32},
      {8, 8, 8, 2, 2, 256, 2, 2},       {8, 16, 16, 4, 4, 512, 32, 4},    {8, 128, 32, 32, 32, 1024, 32, 32},
  };
  for (const Row& r : rows) {
    CAPTURE(r.elem);
    CAPTURE(r.stride);
    std::vector<int64_t> a = lanes(r.stride);
    CHECK(exactTransactions(a, r.elem, CoalescingRule::Sectors).count == r.sectors);
    CHECK(exactTransactions(a, r.elem, CoalescingRule::FermiLines).count == r.lines);
    WarpTransactions cc12 = exactTransactions(a, r.elem, CoalescingRule::Cc12);
    CHECK(cc12.count == r.cc12);
    CHECK(cc12.bytes == r.cc12Bytes);
    CHECK(exactTransactions(a, r.elem, CoalescingRule::Cc10).count == r.cc10);
    CHECK(formulaTransactions(r.stride, r.elem) == r.formula);
  }
  CHECK(formulaTransactions(0, 8) == 1);    // every lane one address
  CHECK(formulaTransactions(-8, 8) == 2);   // a descending index is as wide
  CHECK(segmentBytes(1) == 32);             // (2)
  CHECK(segmentBytes(2) == 64);
  CHECK(segmentBytes(4) == 128);
  CHECK(segmentBytes(8) == 128);
  // One element off alignment: 8-byte elements 8..263 touch three 128-B lines and nine sectors.
  std::vector<int64_t> shifted = lanes(8);
  for (int64_t& x : shifted) x += 8;
  CHECK(exactTransactions(shifted, 8, CoalescingRule::FermiLines).count == 3);
  CHECK(exactTransactions(shifted, 8, CoalescingRule::Sectors).count == 9);
  CHECK(coalescedTransactions(4, CoalescingRule::Sectors) == 4);
  CHECK(coalescedTransactions(8, CoalescingRule::FermiLines) == 2);
}

TEST_CASE("occupancy of known configurations (MODEL.md §8b)") {
  const GpuProfile& c2050 = *findGpuProfile("C2050");
  const GpuProfile& h100 = *findGpuProfile("h100");
  SUBCASE("CC 2.0, 256 threads, 20 registers: 6 blocks, the warps limit, 100%") {
    // W_b = 8; warps 48/8 = 6; registers: roundup(640, 64) = 640, 16384/640 = 25 per half, 50/8 = 6
    Occupancy o = computeOccupancy(c2050, 256, 20, 0, c2050.smemPerSmBytes(48));
    CHECK(o.limitWarps == 6);
    CHECK(o.limitRegisters == 6);
    CHECK(o.activeBlocks == 6);
    CHECK(o.limiter == "warps");
    CHECK(o.occupancy == doctest::Approx(1.0));
  }
  SUBCASE("CC 2.0, 256 threads, 32 registers: 4 blocks, registers, 67%") {
    // 1024 registers a warp, 16 warps per half, 32 / 8 = 4 blocks (NVIDIA's calculator agrees)
    Occupancy o = computeOccupancy(c2050, 256, 32, 0, c2050.smemPerSmBytes(48));
    CHECK(o.activeBlocks == 4);
    CHECK(o.limiter == "registers");
    CHECK(o.occupancy == doctest::Approx(32.0 / 48));
  }
  SUBCASE("CC 2.0, 448 threads (the thesis' rank-1 block), 64 B + 3584 B shared, 16 KB of shared memory") {
    // 14 warps: 48/14 = 3 blocks; shared: roundup(3648, 128) = 3712, 16384/3712 = 4
    Occupancy o = computeOccupancy(c2050, 448, 16, 64 + 3584, c2050.smemPerSmBytes(48));
    CHECK(c2050.smemPerSmBytes(48) == 16384);
    CHECK(o.limitSharedMemory == 4);
    CHECK(o.activeBlocks == 3);
    CHECK(o.occupancy == doctest::Approx(42.0 / 48));
  }
  SUBCASE("CC 9.0, 256 threads, 64 registers: 4 blocks, registers, 50%") {
    // roundup(2048, 256) = 2048 a warp, 16384/2048 = 8 per quarter, 32 / 8 = 4
    Occupancy o = computeOccupancy(h100, 256, 64, 0, h100.smemPerSmBytes(28));
    CHECK(o.activeBlocks == 4);
    CHECK(o.limiter == "registers");
    CHECK(o.occupancy == doctest::Approx(0.5));
  }
  SUBCASE("CC 9.0, 128 threads, 48 KB shared each: 4 blocks, shared memory") {
    // roundup(49152 + 1024, 128) = 50176; 228 KB = 233472 B; 233472 / 50176 = 4
    Occupancy o = computeOccupancy(h100, 128, 32, 49152, h100.smemPerSmBytes(28));
    CHECK(o.limitSharedMemory == 4);
    CHECK(o.activeBlocks == 4);
    CHECK(o.limiter == "shared memory");
    CHECK(o.occupancy == doctest::Approx(16.0 / 64));
  }
  SUBCASE("CC 2.0, 288 threads, 22 registers: Fermi's 128-register granule, 4 blocks (MODEL.md §12)") {
    // 22 * 32 = 704 rounds to 768 (unit 128 at 22, CUDA 7's calculator); 16384 / 768 = 21 warps a
    // half, 42 / 9 = 4 blocks (a unit of 64 would give 704, 23 a half, 46 / 9 = 5)
    CHECK(c2050.regAllocUnitFor(22) == 128);
    CHECK(c2050.regAllocUnitFor(23) == 64);
    Occupancy o = computeOccupancy(c2050, 288, 22, 0, c2050.smemPerSmBytes(48));
    CHECK(o.limitRegisters == 4);
    CHECK(o.activeBlocks == 4);
    CHECK(o.limiter == "registers");
  }
  SUBCASE("CC 2.0, 16385 B shared under a 48 KB L1: the 48 KB shared configuration, 2 blocks (MODEL.md §12)") {
    // roundup(16385, 128) = 16512 > the 16 KB the L1 preference leaves: the driver takes 48 KB, 49152 / 16512 = 2
    Occupancy o = computeOccupancy(c2050, 32, 20, 16385, c2050.smemPerSmBytes(48));
    CHECK(o.smemPerBlock == 16512);
    CHECK(o.smemPerSm == 49152);
    CHECK(o.activeBlocks == 2);
    CHECK(o.limiter == "shared memory");
  }
  SUBCASE("CC 9.0, 227 KB shared: the 1 KB reserve raises the per-block limit, 1 block (MODEL.md §12)") {
    // roundup(232448 + 1024, 128) = 233472 <= 227 KB + 1 KB; 233472 / 233472 = 1
    Occupancy o = computeOccupancy(h100, 128, 32, 232448, h100.smemPerSmBytes(28));
    CHECK(o.limitSharedMemory == 1);
    CHECK(o.activeBlocks == 1);
    CHECK(computeOccupancy(h100, 128, 32, 232449, h100.smemPerSmBytes(28)).activeBlocks == 0);
  }
  SUBCASE("CC 9.0, a 142 KB L1 leaves 114 KB, which rounds up to the 132 KB carve-out") {
    CHECK(h100.smemPerSmBytes(142) == 132 * 1024);
    CHECK(h100.smemPerSmBytes(256) == 0);
    // 40 KB blocks: roundup(40960 + 1024, 128) = 41984; 135168 / 41984 = 3
    CHECK(computeOccupancy(h100, 128, 32, 40960, h100.smemPerSmBytes(142)).activeBlocks == 3);
  }
  SUBCASE("the most registers with which one block fits: what nvcc spills down to") {
    // H100, 448 threads = 14 warps, 4 quarters: 4 warps a quarter, 16384 / 4 = 4096 registers a warp, 128 a thread
    CHECK(maxRegistersForBlock(h100, 448) == 128);
    CHECK(computeOccupancy(h100, 448, 129, 0, h100.smemPerSmBytes(28)).activeBlocks == 0);
    // 1024 threads: 8 warps a quarter, 2048 a warp, 64 a thread
    CHECK(maxRegistersForBlock(h100, 1024) == 64);
    // C2050, 448 threads: 63 (the most a thread may have) take 2048 a warp, 8 a half, 16 >= 14 warps
    CHECK(maxRegistersForBlock(c2050, 448) == 63);
  }
  SUBCASE("more registers than a thread may have: no block fits") {
    Occupancy o = computeOccupancy(c2050, 128, 64, 0, c2050.smemPerSmBytes(48));
    CHECK(o.activeBlocks == 0);
    CHECK(o.limiter == "registers");
  }
  CHECK(registersPerBlock(18, 448, 64) == 576 * 14);  // (6): ceil(18*32, 64) = 576 per warp, 14 warps
  CHECK(registersPerBlock(18, 448, 128) == 640 * 14); // the thesis' unit of 128
}

TEST_CASE("block defaults per rank (MODEL.md §3)") {
  const ModelSettings& s = builtinModelSettings();
  CHECK(s.thesis.forRank(1, false) == Dim3{448, 1, 1});
  CHECK(s.thesis.forRank(2, false) == Dim3{32, 14, 1});
  CHECK(s.thesis.forRank(3, false) == Dim3{32, 2, 7});
  CHECK(s.thesis.forRank(4, false) == Dim3{32, 2, 7});
  CHECK(s.thesis.forRank(2, true) == Dim3{32, 14, 1});  // the thesis counts ACROSS nests in full
  CHECK(s.dvmh.forRank(1, false) == Dim3{256, 1, 1});
  CHECK(s.dvmh.forRank(2, false) == Dim3{32, 8, 1});
  CHECK(s.dvmh.forRank(3, false) == Dim3{32, 4, 2});
  CHECK(s.dvmh.forRank(2, true) == Dim3{256, 1, 1});    // ACROSS: one rank less
  CHECK(s.dvmh.forRank(3, true) == Dim3{32, 8, 1});
}

TEST_CASE("reductions: MODEL.md §7 (7)-(10)") {
  CHECK(reductionBlockThreads(6, 1024) == 32);      // 6 partials: 3, one warp
  CHECK(reductionBlockThreads(1000, 1024) == 512);  // 500 -> 512
  CHECK(reductionBlockThreads(5000, 1024) == 1024); // 2500, capped
  CHECK(reductionBlockThreads(1, 1024) == 32);
  CHECK(reductionSharedBytes(448, 8) == 3584);      // (8)
  CHECK(reductionSteps(448, 1) == doctest::Approx(8.807354922));  // (9), (10): log2(448)
  CHECK(reductionSteps(256, 4) == doctest::Approx(10));
}

TEST_CASE("GPU profiles: all five built in, by any case, a bad file names its key") {
  std::vector<std::string> keys;
  for (const GpuProfile& g : builtinGpuProfiles()) keys.push_back(g.key);
  CHECK(keys == std::vector<std::string>{"a100", "c2050", "h100", "h200", "v100"});
  REQUIRE(findGpuProfile("H200"));
  CHECK(findGpuProfile("H200")->dramGbs == 4800);
  CHECK(findGpuProfile("c2050")->coalescing == CoalescingRule::FermiLines);
  CHECK(findGpuProfile("v100")->coalescing == CoalescingRule::Sectors);
  CHECK(findGpuProfile("k80") == nullptr);
  CHECK_THROWS_WITH(parseGpuProfile("name = x\n", "x", "mine.ini"), doctest::Contains("mine.ini"));
  CHECK_THROWS_WITH(parseGpuProfile("name = x\nwarp_speed = 9\n", "x", "mine.ini"), doctest::Contains("warp_speed"));
}

namespace sapfor::predictor {
const std::vector<std::pair<std::string_view, std::string_view>>& embeddedGpuProfiles();
}

TEST_CASE("GPU profiles: the shared-memory configurations and Fermi's register granule are checked") {
  std::string h100;
  for (const auto& [key, text] : sapfor::predictor::embeddedGpuProfiles())
    if (key == "h100") h100 = text;
  REQUIRE(!h100.empty());
  auto with = [&](const std::string& from, const std::string& to) {
    std::string text = h100;
    size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  CHECK(parseGpuProfile(h100, "h100", "h100.ini").smemConfigsKb.size() == 10);
  CHECK_THROWS_WITH(parseGpuProfile(with("196 228", "228 196"), "h", "h.ini"),
                    doctest::Contains("smem_configs_kb = 0 8 16 32 64 100 132 164 228 196: expected ascending"));
  CHECK_THROWS_WITH(parseGpuProfile(with("196 228", "196"), "h", "h.ini"),
                    doctest::Contains("the largest of smem_configs_kb must be max_smem_per_sm_kb"));
  CHECK_THROWS_WITH(parseGpuProfile(with("smem_configs_kb", "reg_alloc_unit_wide_at = 21\nsmem_configs_kb"), "h", "h.ini"),
                    doctest::Contains("reg_alloc_unit_wide_at needs a positive reg_alloc_unit_wide"));
  // Without configurations a block that needs more than the preference gets max_smem_per_sm_kb.
  GpuProfile plain = parseGpuProfile(with("smem_configs_kb", "# smem_configs_kb"), "h", "h.ini");
  CHECK(plain.smemPerSmBytes(142) == 114 * 1024);
  CHECK(plain.smemPerSmFor(200 * 1024, 114 * 1024) == 228 * 1024);
  // The register heuristic: the calibrated one on current GPUs, the thesis' on the C2050 it was made on.
  CHECK_FALSE(parseGpuProfile(h100, "h100", "h100.ini").thesisRegisters);
  CHECK(parseGpuProfile(with("register_heuristic = calibrated", "register_heuristic = thesis"), "h", "h.ini").thesisRegisters);
  CHECK_FALSE(parseGpuProfile(with("register_heuristic = calibrated", "# none"), "h", "h.ini").thesisRegisters);
  CHECK_THROWS_WITH(parseGpuProfile(with("register_heuristic = calibrated", "register_heuristic = ptxas"), "h", "h.ini"),
                    doctest::Contains("register_heuristic = ptxas: expected thesis or calibrated"));
  CHECK(findGpuProfile("c2050")->thesisRegisters);
}

TEST_CASE("bound expressions with the symbols given") {
  std::map<std::string, double> symbols{{"n", 100}, {"m", 7}};
  SymbolLookup lookup = [&](const std::string& name) -> std::optional<double> {
    auto found = symbols.find(name);
    return found == symbols.end() ? std::nullopt : std::optional<double>(found->second);
  };
  // The trees as the database keeps them (facts/Expression.hpp), the Fortran they stand for beside.
  auto of = [&](const char* json) { return evaluateBound(sapfor::facts::parseExpression(json), lookup); };
  CHECK(*of(R"(["-","n",1])").value == 99);                            // n-1
  CHECK(*of(R"(["+",["/","n",3],1])").value == 34);                    // n/3+1: integer division truncates
  CHECK(*of(R"(["-",["/",7,2]])").value == -3);                        // -7/2
  CHECK(*of(R"(["/",["paren",["-",7]],2])").value == -3);              // (-7)/2: toward zero
  CHECK(*of(R"(["*",["**",2,3],"m"])").value == 56);                   // 2**3*m
  CHECK(*of(R"(["+",["int",10,8],["+","n"]])").value == 110);          // 10_8 + (+n)
  CHECK(*of(R"(["+",["+",["+",["intrinsic","min","n","m"],["intrinsic","max",1,2,3]],)"
            R"(["intrinsic","mod","n","m"]],["intrinsic","abs",["-","m"]]])")
              .value == 7 + 3 + 2 + 7);                                // min(n,m)+max(1,2,3)+mod(n,m)+abs(-m)
  CHECK(*of(R"(["apply","max","n",1])").value == 100);                 // max of a module the front end did not see
  CHECK(*of(R"(["*",["constant","nb",64],2])").value == 128);          // nb*2, nb a named constant: its folded value
  CHECK(*of(R"(["constant","n"])").value == 100);                      // a constant the front end did not fold: by name
  BoundValue unknown = of(R"(["*","nx","ny"])");
  CHECK(!unknown.value);
  CHECK(unknown.understood);
  CHECK(unknown.missing == std::set<std::string>{"nx", "ny"});
  CHECK(!of(R"(["intrinsic","size","a",1])").understood);             // size(a,1)
  CHECK(!of(R"(["call","max","n",1])").understood);                   // a user function named max
  CHECK(!of(R"(["element","n",1])").understood);                      // an array element
  CHECK(!of(R"(["real","1.5"])").understood);
  CHECK(!of(R"([".and.","n","m"])").understood);
  CHECK(!of(R"(["/","n",0])").value);
  BoundValue omitted = evaluateBound(sapfor::facts::Expression{}, lookup);  // null: an omitted bound
  CHECK((!omitted.value && omitted.understood && omitted.missing.empty()));

  // With the arrays' bounds: a(0:9, 3) known, v's extent not.
  ArrayLookup arrays = [](const std::string& name, std::set<std::string>& missing)
      -> std::optional<std::vector<std::pair<double, double>>> {
    if (name == "a") return std::vector<std::pair<double, double>>{{0, 9}, {1, 3}};
    if (name == "v") missing.insert("v.extent1");
    return std::nullopt;
  };
  auto with = [&](const char* json) { return evaluateBound(sapfor::facts::parseExpression(json), lookup, arrays); };
  CHECK(*with(R"(["intrinsic","size","a"])").value == 30);             // size(a): 10 * 3
  CHECK(*with(R"(["intrinsic","size","a",1])").value == 10);           // size(a,1): 9 - 0 + 1
  CHECK(*with(R"(["intrinsic","lbound","a",1])").value == 0);
  CHECK(*with(R"(["-",["intrinsic","ubound","a",["-","m",5]],1])").value == 2);  // ubound(a,m-5)-1: dimension 2
  BoundValue lacking = with(R"(["intrinsic","size","v"])");
  CHECK((!lacking.value && lacking.understood && lacking.missing == std::set<std::string>{"v.extent1"}));
  CHECK(!with(R"(["intrinsic","size","a",3])").understood);            // no dimension 3
  CHECK(!with(R"(["intrinsic","ubound","a"])").understood);            // an array of bounds
  CHECK(!with(R"(["intrinsic","size",["element","a",1,1]])").understood);

  // With elements of constant subscripts: g(1) = 64 known, g(2) not.
  ElementLookup elements = [](const std::string& name, const std::vector<int64_t>& subscripts,
                              std::set<std::string>& missing) -> std::optional<double> {
    if (name == "g" && subscripts == std::vector<int64_t>{1}) return 64;
    missing.insert(name + "(" + std::to_string(subscripts.at(0)) + ")");
    return std::nullopt;
  };
  auto at = [&](const char* json) { return evaluateBound(sapfor::facts::parseExpression(json), lookup, {}, elements); };
  CHECK(*at(R"(["-",["element","g",1],1])").value == 63);                   // g(1)-1
  CHECK(*at(R"(["element","g",["constant","one",1]])").value == 64);        // g(one), one a named constant 1
  BoundValue second = at(R"(["element","g",2])");
  CHECK((!second.value && second.understood && second.missing == std::set<std::string>{"g(2)"}));
  CHECK(!at(R"(["element","g","n"])").understood);                         // g(n): not a constant subscript
  CHECK(!of(R"(["element","g",1])").understood);                           // no element lookup given
}

TEST_CASE("LRU segment cache: the least recently used segment leaves first (MODEL.md §8)") {
  LruSegmentCache cache(3 * 128);
  CHECK_FALSE(cache.access(0, 128));
  CHECK_FALSE(cache.access(128, 128));
  CHECK_FALSE(cache.access(256, 128));
  CHECK(cache.access(0, 128));           // now 128 is the least recently used
  CHECK_FALSE(cache.access(384, 128));   // evicts 128
  CHECK(cache.access(0, 128));
  CHECK(cache.access(256, 128));
  CHECK_FALSE(cache.access(128, 128));
}

TEST_CASE("LRU segment cache: the same hits and misses as a plain list, over many mixed accesses") {
  // The flat table (open addressing, backward-shift deletion) against the definition: a list in
  // recency order, the least recent dropped while the new segment does not fit. Segments of 32,
  // 64 and 128 B over a range several times the capacity; some smaller than planned (16 B), so the
  // table grows.
  struct Segment {
    int64_t start, bytes;
  };
  for (int64_t capacity : {int64_t{0}, int64_t{128}, int64_t{1000}, int64_t{28 * 1024}}) {
    LruSegmentCache cache(capacity);
    std::vector<Segment> reference;  // most recent first
    int64_t used = 0;
    uint64_t random = 12345;
    int hits = 0;
    for (int i = 0; i < 200000; ++i) {
      random = random * 6364136223846793005ull + 1442695040888963407ull;
      int64_t bytes = int64_t{16} << ((random >> 33) % 4);
      int64_t start = static_cast<int64_t>((random >> 40) % 4096) * 32;
      auto found = std::find_if(reference.begin(), reference.end(), [&](const Segment& s) { return s.start == start; });
      bool expected = found != reference.end();
      if (expected) {
        Segment s = *found;
        reference.erase(found);
        reference.insert(reference.begin(), s);
      } else if (bytes <= capacity) {
        while (used + bytes > capacity) {
          used -= reference.back().bytes;
          reference.pop_back();
        }
        reference.insert(reference.begin(), {start, bytes});
        used += bytes;
      }
      bool got = cache.access(start, bytes);
      hits += got;
      REQUIRE(got == expected);
    }
    CHECK((capacity == 0) == (hits == 0));  // hits happen, and none where nothing fits
  }
}

// ptxas' report as dvmh-predict reads it (tools/cuda/Ptxas.hpp).
#include "tools/cuda/Ptxas.hpp"

#include <doctest/doctest.h>

using namespace sapfor::cuda;

TEST_CASE("ptxas' report: each entry function's registers and static shared memory") {
  // As CUDA 13.0's nvcc -cubin -Xptxas -v prints it; a device function's properties are not an
  // entry's, and a function without shared memory has none.
  const char* report =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Function properties for sapfor_atomic_max_double\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Compiling entry function 'k2' for 'sm_90'\n"
      "ptxas info    : Function properties for k2\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 10 registers, used 0 barriers\n"
      "ptxas info    : Compile time = 12.653 ms\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
      "ptxas info    : Used 13 registers, used 1 barriers, 512 bytes smem, 380 bytes cmem[0]\n";
  std::map<std::string, PtxasFigures> figures = parsePtxasReport(report);
  REQUIRE(figures.size() == 2);
  CHECK(figures["k2"] == PtxasFigures{10, 0});
  CHECK(figures["k"] == PtxasFigures{13, 512});
  CHECK(parsePtxasReport("nvcc fatal : Unsupported gpu architecture 'compute_20'\n").empty());
}

TEST_CASE("the CUDA architecture of a compute capability") {
  CHECK(cudaArchitecture(9.0) == "sm_90");
  CHECK(cudaArchitecture(8.0) == "sm_80");
  CHECK(cudaArchitecture(7.0) == "sm_70");
  CHECK(cudaArchitecture(2.0) == "sm_20");
  CHECK(cudaArchitecture(8.6) == "sm_86");
}

TEST_CASE("the cache key follows the compiled text, nvcc's release and the architecture") {
  Nvcc nvcc{"/usr/bin/nvcc", "13.0", {"sm_90"}};
  CompileUnit unit{"k", "extern \"C\" __global__ void k() {}\n", {}};
  std::string key = ptxasCacheKey(nvcc, "sm_90", unit);
  CHECK(key.size() == 16);
  CHECK(ptxasCacheKey(nvcc, "sm_90", unit) == key);
  CHECK(ptxasCacheKey(nvcc, "sm_80", unit) != key);
  Nvcc newer = nvcc;
  newer.release = "13.1";
  CHECK(ptxasCacheKey(newer, "sm_90", unit) != key);
  CompileUnit other = unit;
  other.function += " ";
  CHECK(ptxasCacheKey(nvcc, "sm_90", other) != key);
  CompileUnit helped = unit;
  helped.helpers.insert("sapfor_ipow");
  CHECK(ptxasCacheKey(nvcc, "sm_90", helped) != key);
  // Where the text is split between the parts matters: "ab"+"c" is not "a"+"bc".
  CHECK(ptxasCacheKey(Nvcc{"", "1", {}}, "23", unit) != ptxasCacheKey(Nvcc{"", "12", {}}, "3", unit));
}

/// @file BenchProgram.hpp
/// A complete CUDA program that runs one translated kernel at the sizes dvmh-predict used and
/// prints its time (sapfor-cuda --bench): every array allocated at its predicted extents and
/// filled with ones (an index array then points at valid elements), the scalars at the values the
/// prediction knew (1 otherwise), the prediction's block and grid; one launch to warm up, then
/// `runs` launches timed with CUDA events; one line of JSON on stdout:
///   {"loop_key": "...", "kernel": "...", "gpu": "h100", "device": "NVIDIA H100 ...", "runs": 10,
///    "seconds": MEDIAN, "min_seconds": MIN}
/// or {"loop_key": "...", "error": "..."} (exit status 1) when CUDA reports an error.
#pragma once

#include "predictor/Predictor.hpp"
#include "tools/cuda/CudaWriter.hpp"

#include <string>
#include <string_view>

namespace sapfor::cuda {

/// How every benchmark program begins.
inline constexpr std::string_view kBenchHeader = "// CUDA benchmark written by sapfor-cuda --bench:";

struct BenchProgram {
  std::string text;
  std::string reason;  ///< why there is none (an extent unknown, ...); empty: written
};

BenchProgram benchProgram(const CudaKernel& kernel, const KernelRequest& request,
                          const predictor::KernelPrediction& prediction, const std::string& gpuKey, int runs);

}  // namespace sapfor::cuda

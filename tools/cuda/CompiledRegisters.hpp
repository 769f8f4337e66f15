/// @file CompiledRegisters.hpp
/// The registers and static shared memory ptxas allocates for each kernel of a prediction: the
/// kernels written by the CUDA writer (as sapfor-cuda writes them) and compiled for the GPU's
/// architecture (Ptxas.hpp), for dvmh-predict to use instead of its register heuristic.
#pragma once

#include "predictor/KernelFacts.hpp"
#include "predictor/Predictor.hpp"
#include "tools/cuda/KernelRequests.hpp"
#include "tools/cuda/Ptxas.hpp"

#include <SQLiteCpp/Database.h>

#include <map>
#include <string>
#include <vector>

namespace sapfor::cuda {

struct RegisterMeasurement {
  std::map<predictor::Id, predictor::CompiledResources> byLoop;
  /// For the report: "ptxas sm_90 (nvcc 13.0) for 5 kernels (3 cached), the heuristic for 2 (...)".
  std::string summary;
  std::vector<std::string> warnings;  ///< kernels nvcc rejected (a writer's fault), an unusable cache
};

/// Writes every kernel of `prediction` (one per element of `kernels`, in order) through the CUDA
/// writer (from the database's expression trees) and compiles them. `first` gives each kernel's launch (grid capped or
/// not); a kernel the writer does not translate keeps the heuristic, and the summary says why.
RegisterMeasurement measureRegisters(SQLite::Database& db, predictor::ProgramFacts& program,
                                     const std::vector<predictor::KernelFacts>& kernels, const predictor::ProgramPrediction& first,
                                     const predictor::GpuProfile& gpu,
                                     const Nvcc& nvcc, const std::string& cacheDir, int jobs);

}  // namespace sapfor::cuda

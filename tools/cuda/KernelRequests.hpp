/// @file KernelRequests.hpp
/// What the CUDA writer needs besides the nest's code, gathered from a database and a prediction: shared by sapfor-cuda and by dvmh-predict's register measurement, so that both
/// translate a kernel the same way.
#pragma once

#include "predictor/GpuProfile.hpp"
#include "predictor/KernelFacts.hpp"
#include "predictor/Predictor.hpp"
#include "tools/cuda/CudaWriter.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>
#include <memory>
#include <set>

namespace sapfor::cuda {

/// Builds the writer's request for each kernel.
class KernelRequests {
 public:
  KernelRequests(SQLite::Database& db, predictor::ProgramFacts& program, const predictor::GpuProfile& gpu);
  /// The request for `kernel` with the launch of `prediction`; a kernel whose trip counts are
  /// unknown gets the run-time form (a grid that fills the GPU, each thread striding over tiles).
  KernelRequest make(const predictor::KernelFacts& kernel, const predictor::KernelPrediction& prediction);

 private:
  predictor::ProgramFacts& program_;
  const predictor::GpuProfile& gpu_;
  SQLite::Statement fileOf_;
  std::map<predictor::Id, std::set<std::string>> privates_;  ///< a PARALLEL directive's PRIVATE list, by its loop
};

}  // namespace sapfor::cuda

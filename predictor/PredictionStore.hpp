/// @file PredictionStore.hpp
/// Writes one run of dvmh-predict into the database: a predict_run row and its kernels' and
/// accesses' rows, in one transaction (an error leaves the database as it was).
#pragma once

#include "predictor/Predictor.hpp"

#include <SQLiteCpp/Database.h>

#include <string>

namespace sapfor::predictor {

struct RunRecord {
  std::string command, gpuKey, gpuName, options;
};

/// Returns the new run_id.
int64_t storePrediction(SQLite::Database& db, const RunRecord& run, const ProgramPrediction& prediction);

}  // namespace sapfor::predictor

#include "tools/cuda/KernelRequests.hpp"


#include <algorithm>

namespace sapfor::cuda {

KernelRequests::KernelRequests(SQLite::Database& db, predictor::ProgramFacts& program, const predictor::GpuProfile& gpu)
    : program_(program),
      gpu_(gpu),
      fileOf_(db, "SELECT file FROM loops WHERE loop_id = ?"),
      privatesOf_(db,
                  "SELECT v.name FROM directive_vars v JOIN directives d USING (dir_id) "
                  "WHERE d.loop_id = ? AND d.kind = 'PARALLEL' AND v.clause = 'private'") {}

KernelRequest KernelRequests::make(const predictor::KernelFacts& k, const predictor::KernelPrediction& p) {
  KernelRequest request;
  request.loopKey = p.loopKey;
  request.source = k.source;
  fileOf_.bind(1, k.loopId);
  if (fileOf_.executeStep()) request.file = fileOf_.getColumn(0).getString();
  fileOf_.reset();
  privatesOf_.bind(1, k.loopId);
  while (privatesOf_.executeStep()) request.privates.insert(privatesOf_.getColumn(0).getString());
  privatesOf_.reset();
  request.nest.assign(k.nest.begin(), k.nest.end());
  for (predictor::Id l : k.nest) {
    request.lines.push_back(program_.loop(l).line);
    request.vars.push_back(program_.loop(l).var);
  }
  request.traits = k.traits;
  request.reductions = k.reductions;
  request.across = k.across;
  KernelLaunch& launch = request.launch;
  launch.block = p.block;
  launch.gpuName = gpu_.name;
  launch.regsPerThread = p.regsPerThread;
  launch.maxGridX = gpu_.maxGridX;
  if (p.status == "ok") {
    launch.blocks = p.blocks;
    launch.itersPerThread = p.itersPerThread;
    launch.gridCapped = p.itersPerThread > 1 || p.blocks >= gpu_.maxGridX;
  } else {
    // The sizes are known at run time only: as many blocks as the SMs hold at once (MODEL.md §8b's
    // warp limit), each thread striding over the tiles, which is right for any trip count.
    int64_t threads = std::max<int64_t>(1, p.block[0] * p.block[1] * p.block[2]);
    int64_t perSm = std::max<int64_t>(1, std::min<int64_t>(gpu_.maxBlocksPerSm, int64_t{gpu_.maxWarpsPerSm} * 32 / threads));
    launch.blocks = int64_t{gpu_.sms} * perSm;
    launch.itersPerThread = 0;
    launch.gridCapped = true;
  }
  return request;
}

}  // namespace sapfor::cuda

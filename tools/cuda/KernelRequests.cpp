#include "tools/cuda/KernelRequests.hpp"


#include <algorithm>

namespace sapfor::cuda {

KernelRequests::KernelRequests(SQLite::Database& db, predictor::ProgramFacts& program, const predictor::GpuProfile& gpu)
    : program_(program), gpu_(gpu), fileOf_(db, "SELECT f.path FROM loop l JOIN file f USING (file_id) WHERE l.loop_id = ?") {
  // The tables, not the public views (a view is evaluated whole for each query), and the
  // PRIVATE lists all at once: a program has thousands of kernels.
  SQLite::Statement privates(db,
                             "SELECT d.loop_id, v.name FROM directive_var v JOIN directive d USING (dir_id) "
                             "WHERE d.loop_id IS NOT NULL AND d.kind = 'PARALLEL' AND v.clause = 'private'");
  while (privates.executeStep()) privates_[privates.getColumn(0).getInt64()].insert(privates.getColumn(1).getString());
}

KernelRequest KernelRequests::make(const predictor::KernelFacts& k, const predictor::KernelPrediction& p) {
  KernelRequest request;
  request.loopKey = p.loopKey;
  request.source = k.source;
  fileOf_.bind(1, k.loopId);
  if (fileOf_.executeStep()) request.file = fileOf_.getColumn(0).getString();
  fileOf_.reset();
  if (auto found = privates_.find(k.loopId); found != privates_.end()) request.privates = found->second;
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

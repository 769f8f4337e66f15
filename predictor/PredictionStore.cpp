/// @file PredictionStore.cpp
#include "predictor/PredictionStore.hpp"

#include "schema/BatchedInsert.hpp"
#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>

namespace sapfor::predictor {

using db::BatchedInsert;

namespace {

void bindOptional(SQLite::Statement& q, int index, const std::optional<double>& v) {
  if (v) q.bind(index, *v);
  else q.bind(index);
}

}  // namespace

int64_t storePrediction(SQLite::Database& db, const RunRecord& run, const ProgramPrediction& prediction) {
  db::WriteTransaction transaction(db);
  SQLite::Statement insert(db,
      "INSERT INTO predict_run (time, tool_version, command, gpu, gpu_name, options, kernels, unresolved, "
      "kernel_seconds, reduction_seconds, launch_seconds, transfer_seconds, transfer_bytes, total_seconds) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, db::utcNow());
  insert.bind(2, std::string(db::toolVersion()));
  insert.bind(3, run.command);
  insert.bind(4, run.gpuKey);
  insert.bind(5, run.gpuName);
  insert.bind(6, run.options);
  insert.bind(7, static_cast<int64_t>(prediction.kernels.size()));
  insert.bind(8, static_cast<int64_t>(prediction.unresolved));
  bindOptional(insert, 9, prediction.kernelSeconds);
  bindOptional(insert, 10, prediction.reductionSeconds);
  bindOptional(insert, 11, prediction.launchSeconds);
  bindOptional(insert, 12, prediction.transferSeconds);
  if (prediction.transferBytes) insert.bind(13, *prediction.transferBytes);
  else insert.bind(13);
  bindOptional(insert, 14, prediction.totalSeconds);
  insert.exec();
  int64_t runId = db.getLastInsertRowid();
  {
    const std::vector<std::string> kernelColumns = {"run_id", "loop_id", "source", "status", "missing", "rank", "across", "iterations", "block_x", "block_y", "block_z",
         "blocks", "iters_per_thread", "regs_per_thread", "regs_per_block", "smem_per_block", "regs_source", "regs_heuristic", "active_blocks_per_sm",
         "active_warps_per_sm", "occupancy", "limiter", "coal_accesses", "uncoal_accesses", "coal_per_access",
         "uncoal_per_access", "load_bytes_per_warp", "arith", "reciproc", "trans", "branch", "divergent_branch", "sync",
         "cache_hits", "cache_misses", "l2_hits", "dram_bytes", "comp_insts", "mem_insts", "mwp", "cwp", "warps", "rep", "comp_cycles", "mem_cycles",
         "cycles", "seconds", "bound", "reduction_threads", "reduction_seconds", "launches", "total_seconds", "intensity",
         "roofline_seconds", "roofline_bound"};
    // The columns every kernel has: run_id ... across; an unknown kernel's others are NULL.
    const size_t identifying = 7;
    BatchedInsert kernels(db, "kernel_prediction", kernelColumns, 16);  // 16 * 57 columns under SQLite's 999 parameters
    BatchedInsert accesses(db, "access_prediction",
        {"run_id", "loop_id", "pos", "ref_id", "name", "access", "per_thread", "stride", "formula_transactions",
         "exact_transactions", "transactions", "coalesced", "pattern", "cache_hits", "cache_misses", "l2_hits", "dram_bytes"});
    for (const KernelPrediction& k : prediction.kernels) {
      std::string missing;
      for (const std::string& m : k.missing) missing += (missing.empty() ? "" : ", ") + m;
      kernels.value(runId).value(k.loopId).value(k.source).value(k.status).text(missing).value(int64_t{k.rank})
          .value(int64_t{k.across});
      if (k.status != "ok") {
        // Its block and registers when they are known (they need no sizes), NULL otherwise.
        size_t column = identifying;
        if (k.regsHeuristic > 0) {
          kernels.null().value(k.block[0]).value(k.block[1]).value(k.block[2]).null().null().value(k.regsPerThread)
              .value(k.regsPerBlock).value(k.smemPerBlock).value(k.regsSource).value(k.regsHeuristic);
          column += 11;
        }
        for (; column < kernelColumns.size(); ++column) kernels.null();
        kernels.endRow();
        continue;
      }
      auto real = [&](double v) { kernels.value(v); };
      real(k.iterations);
      kernels.value(k.block[0]).value(k.block[1]).value(k.block[2]).value(k.blocks).value(k.itersPerThread)
          .value(k.regsPerThread).value(k.regsPerBlock).value(k.smemPerBlock).value(k.regsSource).value(k.regsHeuristic)
          .value(k.activeBlocksPerSm)
          .value(k.activeWarpsPerSm);
      real(k.occupancy);
      kernels.value(k.limiter);
      for (double v : {k.coalAccesses, k.uncoalAccesses, k.coalPerAccess, k.uncoalPerAccess, k.loadBytesPerWarp, k.arith,
                       k.reciproc, k.trans, k.branch, k.divergentBranch, k.sync, k.cacheHits, k.cacheMisses, k.l2Hits, k.dramBytes, k.compInsts,
                       k.memInsts, k.mwp, k.cwp, k.warps})
        real(v);
      kernels.value(k.rep);
      for (double v : {k.compCycles, k.memCycles, k.cycles, k.seconds}) real(v);
      kernels.value(k.bound);
      if (k.reductionThreads) kernels.value(k.reductionThreads), real(k.reductionSeconds);
      else kernels.null().null();
      if (k.launches >= 0) real(k.launches), real(k.totalSeconds);
      else kernels.null().null();
      real(k.intensity);
      real(k.rooflineSeconds);
      kernels.value(k.rooflineBound).endRow();
      int64_t pos = 0;
      for (const AccessPrediction& a : k.accesses) {
        accesses.value(runId).value(k.loopId).value(++pos).id(a.refId).value(a.name).value(facts::nameOf(a.access))
            .value(a.perThread);
        if (a.stride) accesses.value(*a.stride);
        else accesses.null();
        accesses.value(a.formulaTransactions).value(a.exactTransactions).value(a.transactions).value(int64_t{a.coalesced})
            .value(std::string(accessPatternName(a.pattern)));
        if (a.cacheHits) accesses.value(*a.cacheHits).value(*a.cacheMisses);
        else accesses.null().null();
        accesses.value(a.l2Hits).value(a.dramBytesPerWarp).endRow();
      }
    }
    kernels.flush();
    accesses.flush();
  }
  transaction.commit();
  return runId;
}

}  // namespace sapfor::predictor

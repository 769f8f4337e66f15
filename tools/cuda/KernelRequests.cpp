#include "tools/cuda/KernelRequests.hpp"

#include "frontend/PreprocessingMeta.hpp"
#include "schema/Database.hpp"

#include <algorithm>

namespace sapfor::cuda {

namespace {

std::vector<frontend::RecordedSource> recordedSources(SQLite::Database& db) {
  std::vector<frontend::RecordedSource> sources;
  SQLite::Statement q(db, "SELECT path, form, lines, bytes, included_from IS NOT NULL FROM file ORDER BY file_id");
  while (q.executeStep()) {
    frontend::RecordedSource s;
    s.path = q.getColumn(0).getString();
    s.form = q.getColumn(1).getString() == "fixed" ? frontend::SourceForm::Fixed : frontend::SourceForm::Free;
    s.lines = static_cast<size_t>(q.getColumn(2).getInt64());
    s.bytes = static_cast<size_t>(q.getColumn(3).getInt64());
    s.included = q.getColumn(4).getInt() != 0;
    sources.push_back(std::move(s));
  }
  return sources;
}

}  // namespace

std::unique_ptr<frontend::SourceProgram> parseRecordedSources(SQLite::Database& db, const ExtraPreprocessing& extra) {
  std::string root = db::getMeta(db, "source_root").value_or("");
  // What sapfor-lex recorded, then the extra options, as if they had ended sapfor-lex's.
  frontend::PreprocessorOptions preprocessor = frontend::readPreprocessingMeta(db).value_or(frontend::PreprocessorOptions{});
  preprocessor.includeDirs.insert(preprocessor.includeDirs.end(), extra.includes.begin(), extra.includes.end());
  for (const std::string& d : extra.defines) preprocessor.define(d);
  preprocessor.undefines.insert(preprocessor.undefines.end(), extra.undefines.begin(), extra.undefines.end());
  preprocessor.always = preprocessor.always || extra.cpp;
  return frontend::parseSources(root, recordedSources(db), preprocessor);
}

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

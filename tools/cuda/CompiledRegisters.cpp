#include "tools/cuda/CompiledRegisters.hpp"

namespace sapfor::cuda {

RegisterMeasurement measureRegisters(SQLite::Database& db, predictor::ProgramFacts& program,
                                     const std::vector<predictor::KernelFacts>& kernels, const predictor::ProgramPrediction& first,
                                     const predictor::GpuProfile& gpu,
                                     const Nvcc& nvcc, const std::string& cacheDir, int jobs) {
  RegisterMeasurement m;
  std::string arch = cudaArchitecture(gpu.computeCapability);
  // ACROSS nests are written too: their registers are what the pipeline's kernel allocates for
  // the same statements.
  NestReader nests(db);
  CudaWriter writer(nests, true);
  KernelRequests requests(db, program, gpu);
  std::vector<CompileUnit> units;
  std::map<std::string, predictor::Id> loopOf;  // function name -> kernel
  size_t predicted = 0, untranslated = 0;
  for (size_t i = 0; i < kernels.size() && i < first.kernels.size(); ++i) {
    // A kernel whose sizes are unknown is written with run-time counts; one without registers
    // (a block the GPU cannot run) is not written.
    if (first.kernels[i].regsHeuristic == 0) continue;
    ++predicted;
    CudaKernel k = writer.translate(requests.make(kernels[i], first.kernels[i]));
    if (!k.translated()) {
      ++untranslated;
      continue;
    }
    loopOf[k.name] = kernels[i].loopId;
    units.push_back({k.name, k.function, k.helpers});
  }
  CompileResults compiled = compileKernels(nvcc, arch, units, cacheDir, jobs);
  std::string source = "ptxas " + arch;
  for (const auto& [name, figures] : compiled.figures)
    m.byLoop[loopOf.at(name)] = predictor::CompiledResources{figures.registers, figures.sharedBytes, source};
  // A few, then how many more: a broken toolkit rejects every kernel.
  size_t shown = 0;
  for (const auto& [name, error] : compiled.failures)
    if (shown++ < 5) m.warnings.push_back("nvcc -arch=" + arch + " rejects the CUDA C of " + name + " (the heuristic is used): " + error);
  if (compiled.failures.size() > 5)
    m.warnings.push_back("... and " + std::to_string(compiled.failures.size() - 5) + " more kernels nvcc rejects");
  if (!compiled.cacheTrouble.empty()) m.warnings.push_back("the ptxas cache is not used: " + compiled.cacheTrouble);
  m.summary = source + " (nvcc " + nvcc.release + ") for " + std::to_string(compiled.figures.size()) + " kernels (" +
              std::to_string(compiled.cached) + " cached)";
  size_t heuristic = predicted - compiled.figures.size();
  if (heuristic > 0) {
    std::string why;
    if (untranslated) why = std::to_string(untranslated) + " not translatable to CUDA C (sapfor-cuda says why)";
    if (!compiled.failures.empty()) why += (why.empty() ? "" : "; ") + std::to_string(compiled.failures.size()) + " rejected by nvcc";
    m.summary += ", the heuristic for " + std::to_string(heuristic) + " (" + why + ")";
  }
  return m;
}

}  // namespace sapfor::cuda

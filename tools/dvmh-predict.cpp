/// @file dvmh-predict.cpp
/// dvmh-predict: predicts, for every parallel loop in an analysis database, how it maps onto a GPU
/// and how long it takes (MODEL.md), records the run in the database and prints it.
#include "predictor/Explanation.hpp"
#include "predictor/GpuProfile.hpp"
#include "predictor/HtmlReport.hpp"
#include "predictor/KernelFacts.hpp"
#include "predictor/ModelSettings.hpp"
#include "predictor/PredictionStore.hpp"
#include "predictor/Predictor.hpp"
#include "predictor/Report.hpp"
#include "schema/Database.hpp"
#include "threads/StackThread.hpp"
#include "tools/cuda/CompiledRegisters.hpp"

#include "tools/CommandLine.hpp"
#include "tools/PredictorOptions.hpp"

#include <boost/program_options.hpp>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>

namespace po = boost::program_options;
using namespace sapfor;
using namespace sapfor::predictor;
using sapfor::tools::lower;

namespace {

enum ExitStatus { kOk = 0, kTrouble = 2 };

const char* const kUsage =
    "Usage: dvmh-predict [options] DB\n"
    "\n"
    "Predicts, for every parallel loop nest in a database made by sapfor-lex (a user's !DVM$ PARALLEL or\n"
    "a nest the DVMH expert proposes), its CUDA thread blocks and grid, registers, occupancy, memory\n"
    "transactions, L1 hits, reductions and time on a GPU (the model of MODEL.md: the thesis' chapter 4\n"
    "and Hong & Kim's MWP-CWP model), and the whole program's time with launches and host<->device\n"
    "transfers. Each run is recorded in the database (views predict_runs, kernel_predictions,\n"
    "access_predictions) and printed. A kernel whose trip counts or array extents do not fold is\n"
    "reported as unknown, naming the symbols to give with --param.\n"
    "\n"
    "--format html writes one self-contained page (nothing fetched; a few lines of inline script sort the\n"
    "kernel table): the whole program's time with the transfers, the kernels by their share of it, each\n"
    "with a bar of where one launch's time goes (compute, memory, sync, reduction kernels, launch\n"
    "overhead), occupancy and its limiter; each REGION's kernels and copies; each kernel's source lines,\n"
    "its references coloured by coalescing; the loop tree. With --baseline OLD.sqlite it shows before\n"
    "and after, the kernels that changed most first, matched by loop key:\n"
    "OLD.sqlite is only read, and its kernels are predicted again with this run's GPU, options and\n"
    "--param values (not taken from a run recorded in it, which may be of another GPU, other options or\n"
    "an older model), so that a difference comes from the programs alone.\n"
    "\n"
    "Registers per thread come from ptxas when nvcc is installed (--registers auto, the default): each\n"
    "kernel is written as sapfor-cuda writes it (from the statements' trees in the database),\n"
    "compiled with nvcc -cubin -Xptxas -v for the GPU's architecture, and the registers and static\n"
    "shared memory ptxas reports replace the register heuristic (on the current GPUs one fitted to ptxas,\n"
    "data/model.ini [registers.calibrated]; on the C2050 the thesis', MODEL.md §6). Compilations run in\n"
    "parallel (--jobs)\n"
    "and are cached by the compiled text, nvcc's release and the architecture, so a second run compiles\n"
    "nothing. Where nvcc is missing, does not compile for the GPU (sm_20) or the sources cannot be read,\n"
    "the heuristic is used; the table says which (\"registers per thread:\"), and each kernel's\n"
    "regs_source column. The environment variable SAPFOR_REGISTERS sets --registers' default.\n"
    "\n"
    "Exit status: 0 predicted (unknown kernels included); 2 trouble (no database, not ours, an unknown\n"
    "GPU or loop, a bad option, --registers ptxas without a usable nvcc).\n";

const char* const kExamples =
    "Examples:\n"
    "  dvmh-predict app.sqlite                           every kernel on an H100, a 100-column table\n"
    "  dvmh-predict app.sqlite --gpu a100 --param n=4096 --loop jacobi:2 --loop jacobi:3\n"
    "                                                    two kernels, n given\n"
    "  dvmh-predict app.sqlite --explain jacobi:2        every step of one kernel's derivation\n"
    "  dvmh-predict new.sqlite --format html --baseline old.sqlite > report.html\n"
    "                                                    a page comparing two revisions\n";

/// Sets `options.compiled` from ptxas when `mode` (auto, ptxas) asks for it and nvcc can compile
/// for the GPU, and `summary` to where the registers come from. Returns the message for trouble:
/// --registers ptxas that cannot be honoured.
std::optional<std::string> measureRegisters(SQLite::Database& db, ProgramFacts& program, std::vector<KernelFacts>& kernels,
                                            PredictOptions& options, const ModelSettings& settings, const std::string& mode,
                                            const std::string& nvccPath, const std::string& cacheDir, bool quiet,
                                            bool color, std::string& summary) {
  const std::string heuristic = options.gpu.thesisRegisters ? "the thesis' heuristic of MODEL.md §6"
                                                            : "the heuristic fitted to ptxas in data/model.ini";
  if (mode == "heuristic") {
    summary = heuristic + " (--registers heuristic)";
    return std::nullopt;
  }
  auto without = [&](const std::string& why) -> std::optional<std::string> {
    if (mode == "ptxas") return "--registers ptxas: " + why;
    summary = heuristic + " (" + why + ")";
    return std::nullopt;
  };
  std::string why;
  std::optional<cuda::Nvcc> nvcc = cuda::findNvcc(nvccPath, why);
  if (!nvcc) return without(why);
  std::string arch = cuda::cudaArchitecture(options.gpu.computeCapability);
  if (!nvcc->archs.count(arch))
    return without("nvcc " + nvcc->release + " does not compile for " + options.gpu.name + "'s " + arch);
  // The kernels are translated on a large stack, as sapfor-cuda does (the expression trees nest
  // as deep as the sources did).
  threads::runWithLargeStack([&] {
    // The first prediction gives each kernel's launch (capped grid or not) for the CUDA writer.
    PredictOptions first = options;
    first.explainLoop.clear();
    first.explainAll = false;
    ProgramPrediction launches = predictProgram(program, kernels, first, settings);
    cuda::RegisterMeasurement m =
        cuda::measureRegisters(db, program, kernels, launches, options.gpu, *nvcc, cacheDir, options.jobs);
    if (!quiet)
      for (const std::string& w : m.warnings) std::cerr << "dvmh-predict: " << files::styledSeverity("warning", color) << ": " << w << "\n";
    options.compiled = std::move(m.byLoop);
    summary = m.summary;
  });
  return std::nullopt;
}

/// The baseline of an HTML report, predicted again with this run's GPU and options (without
/// --explain, and only the kernels `onlyLoops` names, when it names any); its database is not written.
/// Its registers come from where this run's do (--registers), measured on its own kernels.
HtmlReportInput predictBaseline(SQLite::Database& db, const std::string& path, const std::vector<std::string>& onlyLoops,
                                PredictOptions options, const ModelSettings& settings, const std::string& optionText,
                                const std::function<std::optional<std::string>(SQLite::Database&, ProgramFacts&,
                                                                               std::vector<KernelFacts>&, PredictOptions&,
                                                                               std::string&)>& registersOf) {
  options.explainLoop.clear();
  options.explainAll = false;
  options.compiled.clear();
  ProgramFacts program(db);
  std::vector<KernelFacts> kernels = program.kernels(onlyLoops);  // a loop only the new revision has is none
  HtmlReportInput input;
  input.header = {0, path, options.gpu.key, options.gpu.name, optionText, ""};
  if (std::optional<std::string> bad = registersOf(db, program, kernels, options, input.header.registers))
    throw std::runtime_error(path + ": " + *bad);
  input.provenance = readProvenance(db);
  input.tree = readLoopTree(db);
  input.prediction = predictProgram(program, kernels, options, settings);
  input.regions = regionsOf(program, input.prediction);
  return input;
}

}  // namespace

int main(int argc, char** argv) {
  sapfor::files::handleInterruptions();
  sapfor::db::configureSqlite();
  std::string path, gpuName(sapfor::predictor::kDefaultGpuKey), gpuFile, blockDefaults = "thesis", block, cache = "on", transactions = "exact",
                    format = "table", explain, baseline, paramsFile, color = "auto";
  std::vector<std::string> loops;
  int cacheKb = 0;
  std::vector<std::string> params;
  const char* registersDefault = std::getenv("SAPFOR_REGISTERS");
  std::string registers = registersDefault && *registersDefault ? registersDefault : "auto", nvccPath,
              ptxasCache = cuda::defaultPtxasCache();
  bool quiet = false, noRecord = false, wide = false;
  PredictOptions options;
  po::options_description visible("Options");
  visible.add_options()
      ("gpu", po::value(&gpuName), "NAME: the GPU profile (c2050, v100, a100, h100, h200; case-insensitive); default h100, a current GPU")
      ("gpu-file", po::value(&gpuFile), "PATH: a GPU profile of your own (the keys of data/gpus/c2050.ini)")
      ("list-gpus", "list the GPU profiles and exit")
      ("block-defaults", po::value(&blockDefaults), "thesis (448 / 32,14,1 / 32,2,7; the default) or dvmh "
       "(256 / 32,8,1 / 32,4,2, ACROSS one rank less)")
      ("block", po::value(&block), "X,Y,Z: the thread block of every kernel (overrides CUDA_BLOCK and the defaults)")
      ("cache", po::value(&cache), "on|off: the L1 cache emulation (default on)")
      ("cache-kb", po::value(&cacheKb), "N: the L1 size, within the GPU's range (default: the profile's)")
      ("transactions", po::value(&transactions), "exact|formula: which transaction count the time uses (default exact)")
      ("param", po::value(&params)->composing(),
       "NAME=VALUE: a symbol's value (n=1000), a loop's trip count (jacobi:1=100), or an assumed-shape or allocatable array's "
       "extent (a.extent1=512); PROCEDURE.NAME=VALUE for one procedure's symbol (resid.n1=34); repeatable, and over --params")
      ("params", po::value(&paramsFile), "FILE: --param values, NAME=VALUE a line (# comments)")
      ("loop", po::value(&loops)->composing(), "LOOP_KEY: predict only this kernel (repeatable)")
      ("explain", po::value(&explain), "LOOP_KEY: print every step of this kernel's derivation with its formula")
      ("format", po::value(&format), "table (default), json, csv or html")
      ("wide", po::bool_switch(&wide), "the table with every column (the grid, iterations per thread, accesses), wider than 100")
      ("baseline", po::value(&baseline), "OLD.sqlite: with --format html, the database of an earlier revision to "
       "compare with (read only; predicted again with the same options)")
      ("registers", po::value(&registers), "auto|ptxas|heuristic: registers per thread from ptxas when nvcc is found "
       "(auto, the default), from ptxas or fail (ptxas), or from the heuristic only")
      ("nvcc", po::value(&nvccPath), "PATH: the nvcc to compile with (default: nvcc in $PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)")
      ("ptxas-cache", po::value(&ptxasCache), "DIR: where ptxas' figures are cached (default $XDG_CACHE_HOME/sapfor/ptxas or "
       "~/.cache/sapfor/ptxas); none: no cache")
      ("jobs,j", po::value(&options.jobs)->default_value(tools::defaultJobs()),
       "N: threads predicting the kernels (default: one per core; the results do not depend on it)")
      ("no-record", po::bool_switch(&noRecord), "do not record the run in the database (opened read-only)")
      ("color", po::value(&color), "never, auto (the default: on a terminal) or always: warnings in colour")
      ("quiet,q", po::bool_switch(&quiet), "print nothing but what --explain or --format asks for and errors")
      ("version", "print the version and exit")
      ("help,h", "print this help and exit");
  po::options_description hidden;
  hidden.add_options()("database", po::value(&path), "");
  po::variables_map vm;
  if (std::optional<int> done = tools::parseCommandLine(argc, argv, "dvmh-predict", kUsage, visible, hidden, "database", 1, vm,
                                                                 kExamples))
    return *done;
  try {
    if (vm.count("list-gpus")) {
      tools::listGpus(std::cout);
      return kOk;
    }
  } catch (const std::exception& e) {
    std::cerr << "dvmh-predict: " << e.what() << "\n";
    return kTrouble;
  }
  auto usageError = [&](const std::string& message) {
    std::cerr << "dvmh-predict: " << message << "\n";
    return kTrouble;
  };
  if (path.empty()) return usageError("no database given (dvmh-predict --help)");
  if (options.jobs < 1 || options.jobs > tools::kMostJobs)
    return usageError("--jobs must be from 1 to " + std::to_string(tools::kMostJobs));
  if (std::optional<std::string> bad = tools::selectGpu(gpuName, gpuFile, options)) return usageError(*bad);
  const ModelSettings& settings = builtinModelSettings();
  if (std::optional<std::string> bad = tools::parseBlocks(blockDefaults, block, settings, options)) return usageError(*bad);
  blockDefaults = tools::lower(blockDefaults);
  cache = lower(cache);
  if (cache != "on" && cache != "off") return usageError("--cache " + cache + ": expected on or off");
  options.cache = cache == "on";
  options.cacheKb = cacheKb ? cacheKb : options.gpu.l1DefaultKb;
  if (options.cacheKb < options.gpu.l1MinKb || options.cacheKb > options.gpu.l1MaxKb)
    return usageError("--cache-kb " + std::to_string(cacheKb) + ": " + options.gpu.name + "'s L1 is " +
                      std::to_string(options.gpu.l1MinKb) + " to " + std::to_string(options.gpu.l1MaxKb) + " KB");
  transactions = lower(transactions);
  if (transactions != "exact" && transactions != "formula")
    return usageError("--transactions " + transactions + ": expected exact or formula");
  options.exactTransactions = transactions == "exact";
  format = lower(format);
  if (format != "table" && format != "json" && format != "csv" && format != "html")
    return usageError(tools::formatProblem(format, {"table", "json", "csv", "html"}));
  if (!baseline.empty() && format != "html")
    return usageError("--baseline " + baseline + ": only the HTML report compares (--format html); sapfor-diff compares "
                      "two databases otherwise");
  if (!paramsFile.empty())
    if (std::optional<std::string> bad = tools::readParamsFile(paramsFile, options)) return usageError(*bad);
  if (std::optional<std::string> bad = tools::parseParams(params, options)) return usageError(*bad);
  registers = lower(registers);
  if (registers != "auto" && registers != "ptxas" && registers != "heuristic")
    return usageError("--registers " + registers + ": expected auto, ptxas or heuristic" +
                      (vm.count("registers") ? "" : " (from SAPFOR_REGISTERS)"));
  if (ptxasCache == "none") ptxasCache.clear();
  std::string optionText = "blocks=" + blockDefaults + (block.empty() ? "" : "; block=" + block) + "; cache=" + cache +
                           "; cache_kb=" + std::to_string(options.cacheKb) + "; transactions=" + transactions;
  for (const auto& [name, value] : options.params) optionText += "; " + name + "=" + std::to_string(static_cast<int64_t>(value));
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);

  auto analysisMissing = [&](const std::string& database) {
    return usageError(database + ": the analysis has not run on this database (sapfor-lex --no-analysis made it): "
                      "run sapfor-analyze " + database + " first");
  };
  try {
    // The baseline is checked first, so that a bad one leaves the database as it was.
    std::unique_ptr<SQLite::Database> baselineDb;
    if (!baseline.empty()) {
      baselineDb = db::openExisting(baseline, false);
      if (!db::getMeta(*baselineDb, "analysis")) return analysisMissing(baseline);
    }
    auto db = db::openExisting(path, !noRecord);
    if (!db::getMeta(*db, "analysis")) return analysisMissing(path);
    ProgramFacts program(*db);
    std::vector<std::string> keys = loops;
    keys.push_back(explain);
    for (const std::string& key : keys)
      if (!key.empty() && !program.loopByKey(key))
        return usageError("no loop '" + key + "' in " + path + " (the loop keys: SELECT loop_key FROM loops)");
    std::vector<KernelFacts> kernels = program.kernels(loops);
    if (!explain.empty() && std::none_of(kernels.begin(), kernels.end(), [&](const KernelFacts& k) {
          return program.loop(k.loopId).key == explain;
        }))
      return usageError("loop " + explain + " is not a kernel: no PARALLEL directive or expert nest starts there "
                        "(SELECT loop_key FROM expert_directives WHERE kind = 'PARALLEL')");
    ReportHeader header;
    const bool colored = files::colorWanted(color, STDERR_FILENO);
    if (std::optional<std::string> bad = measureRegisters(*db, program, kernels, options, settings, registers, nvccPath,
                                                          ptxasCache, quiet, colored, header.registers))
      return usageError(*bad);
    options.explainLoop = explain;
    ProgramPrediction prediction = predictProgram(program, kernels, options, settings);
    if (!quiet) tools::warnUnusedParams(std::cerr, "dvmh-predict", options, prediction, colored);
    header.database = path;
    header.gpuKey = options.gpu.key;
    header.gpuName = options.gpu.name;
    header.options = optionText;
    if (!noRecord) {
      try {
        header.runId = storePrediction(*db, {command, options.gpu.key, options.gpu.name, optionText}, prediction);
      } catch (const SQLite::Exception& e) {
        return usageError(path + ": cannot record the run: " + db::errorText(e, *db) + "; the database is as it was");
      }
    }
    if (!explain.empty()) {
      for (const KernelPrediction& k : prediction.kernels)
        if (k.loopKey == explain) writeExplanation(std::cout, k, options, settings);
      if (loops.empty()) writeProgramExplanation(std::cout, prediction, options);
    } else if (format == "html") {
      HtmlReportInput current{header, readProvenance(*db), readLoopTree(*db), std::move(prediction),
                              readMeasurements(*db, options.gpu.key), {}, {}};
      current.regions = regionsOf(program, current.prediction);
      current.sources = readKernelSources(*db, current.prediction);
      std::optional<HtmlReportInput> before;
      if (baselineDb)
        before = predictBaseline(*baselineDb, baseline, loops, options, settings, optionText,
                                 [&](SQLite::Database& d, ProgramFacts& p, std::vector<KernelFacts>& k, PredictOptions& o,
                                     std::string& summary) {
                                   return measureRegisters(d, p, k, o, settings, registers, nvccPath, ptxasCache, quiet, colored,
                                                           summary);
                                 });
      writeHtml(std::cout, current, before ? &*before : nullptr);
    } else {
      if (format == "json") writeJson(std::cout, header, prediction);
      else if (format == "csv") writeCsv(std::cout, prediction);
      else if (!quiet) writeTable(std::cout, header, prediction, wide);
      if (kernels.empty() && !quiet && format == "table")
        std::cout << "(no parallel loops in " << path << ": no user PARALLEL directive, no nest the expert proposes)\n";
    }
  } catch (const db::DatabaseError& e) {
    return usageError(e.what());
  } catch (const std::exception& e) {
    return usageError(path + ": " + e.what());
  }
  return tools::stdoutWritten("dvmh-predict") ? kOk : kTrouble;
}

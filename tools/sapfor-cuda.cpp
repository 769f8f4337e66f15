/// @file sapfor-cuda.cpp
/// sapfor-cuda: writes the CUDA C kernel equivalent to each parallel loop nest of an analysis
/// database, with the block and grid dvmh-predict computes for it, so that what ptxas allocates
/// can be compared with the predicted registers.
#include "tools/cuda/CudaWriter.hpp"
#include "tools/cuda/BenchProgram.hpp"
#include "tools/cuda/KernelRequests.hpp"
#include "tools/cuda/Ptxas.hpp"
#include "files/OutputFolder.hpp"
#include "threads/StackThread.hpp"
#include "predictor/GpuProfile.hpp"
#include "predictor/KernelFacts.hpp"
#include "predictor/ModelSettings.hpp"
#include "predictor/Predictor.hpp"
#include "files/StagedFile.hpp"
#include "schema/Database.hpp"

#include "tools/CommandLine.hpp"
#include "tools/PredictorOptions.hpp"

#include <SQLiteCpp/Statement.h>
#include <boost/program_options.hpp>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <iostream>

namespace po = boost::program_options;
using namespace sapfor;

namespace {

/// 1: written, but some kernel is not translatable (each named on stderr with the reason).
enum ExitStatus { kOk = 0, kNotTranslatable = 1, kTrouble = 2 };

const char* const kUsage =
    "Usage: sapfor-cuda [options] DB\n"
    "\n"
    "Writes the CUDA C kernel equivalent to each parallel loop nest of a database made by sapfor-lex\n"
    "(a user's !DVM$ PARALLEL or a nest the DVMH expert proposes): one thread per iteration, the\n"
    "innermost loop on x, with the thread block and the 1-D grid dvmh-predict computes for the same\n"
    "options, and a host function launch_NAME that launches it so (a kernel whose trip counts are known\n"
    "at run time only gets a grid that fills the GPU, each thread striding over the tiles: --param is\n"
    "not needed to write it). The kernels are written from the statements' expression trees that\n"
    "sapfor-lex stored in the database: the sources are not read again, and no preprocessing option is\n"
    "asked for.\n"
    "A kernel with a construct the writer does not translate (a call, I/O, array syntax, MAXLOC/MINLOC,\n"
    "COMPLEX, an ACROSS nest without --across, ...) is written as a comment 'not translatable: REASON',\n"
    "and the reason is printed on stderr.\n"
    "\n"
    "--bench DIR writes instead, per kernel, a complete CUDA program DIR/NAME.cu that allocates the\n"
    "arrays at the sizes dvmh-predict used (filled with ones), sets the scalars it knows (1 otherwise),\n"
    "launches the kernel with the same block and grid once to warm up and --runs times timed, and\n"
    "prints one JSON line: {\"loop_key\", \"kernel\", \"gpu\", \"device\", \"runs\", \"seconds\" (the median),\n"
    "\"min_seconds\"}; and DIR/kernels.tsv: loop key, program, architecture, GPU profile, predicted\n"
    "seconds. tools/measure-kernels.sh compiles and runs them and loads the times into the database.\n"
    "\n"
    "Exit status: 0 every kernel written; 1 written, but some kernel is not translatable; 2 trouble\n"
    "(no database, not ours, not analyzed, an unknown loop or GPU, a bad option); nothing is written\n"
    "then.\n";

const char* const kExamples =
    "Examples:\n"
    "  sapfor-cuda app.sqlite -o app.cu                 every kernel, for an H100's grid limit\n"
    "  sapfor-cuda app.sqlite --loop jacobi:2 --loop jacobi:3 --param n=4096\n"
    "                                                   two kernels on stdout\n"
    "  sapfor-cuda app.sqlite --bench bench/            a timing program per kernel in bench/ (what\n"
    "                                                   tools/measure-kernels.sh app.sqlite compiles and runs)\n";

/// Why -o may not replace the file at `path`: anything but sapfor-cuda's own earlier output (a
/// database, a source, any other file) is never overwritten.
std::optional<std::string> refusalToReplace(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string start(cuda::kOutputHeader.size(), '\0');
  in.read(start.data(), static_cast<std::streamsize>(start.size()));
  if (in && start == cuda::kOutputHeader) return std::nullopt;
  return std::string("exists and is not a file sapfor-cuda wrote; refusing to overwrite it");
}

}  // namespace

int main(int argc, char** argv) {
  sapfor::files::handleInterruptions();
  sapfor::db::configureSqlite();
  std::string path, output, gpuName(sapfor::predictor::kDefaultGpuKey), gpuFile, blockDefaults = "thesis", block, paramsFile;
  std::vector<std::string> loops, params;
  bool across = false, quiet = false;
  std::string benchDir, color = "auto";
  int runs = 10;
  po::options_description visible("Options");
  visible.add_options()
      ("loop", po::value(&loops)->composing(), "LOOP_KEY: write this kernel (repeatable; default: every kernel)")
      ("output,o", po::value(&output), "FILE: write the CUDA C here (default: stdout); an existing FILE only if "
       "sapfor-cuda wrote it")
      ("gpu", po::value(&gpuName), "NAME: the GPU profile whose grid limit the mapping uses, as dvmh-predict's --gpu (default h100)")
      ("gpu-file", po::value(&gpuFile), "PATH: a GPU profile of your own, as dvmh-predict's")
      ("block-defaults", po::value(&blockDefaults), "thesis (default) or dvmh: the block defaults, as dvmh-predict's")
      ("block", po::value(&block), "X,Y,Z: the thread block of every kernel, as dvmh-predict's")
      ("param", po::value(&params)->composing(), "NAME=VALUE: a symbol's value, as dvmh-predict's (repeatable)")
      ("params", po::value(&paramsFile), "FILE: --param values, NAME=VALUE a line, as dvmh-predict's")
      ("bench", po::value(&benchDir), "DIR: write a timing program per kernel there instead (see above)")
      ("runs", po::value(&runs), "N: the timed launches of each --bench program (default 10)")
      ("across", po::bool_switch(&across), "write ACROSS nests too, for measuring registers: they compute the loop only if "
       "their iterations run in order (DVMH pipelines them; that is not written)")
      ("color", po::value(&color), "never, auto (the default: on a terminal) or always: messages in colour")
      ("quiet,q", po::bool_switch(&quiet), "no line per kernel not translatable or not benchmarked, no warnings "
       "(the exit status still says 1; errors are printed)")
      ("version", "print the version and exit")
      ("help,h", "print this help and exit");
  po::options_description hidden;
  hidden.add_options()("database", po::value(&path), "");
  po::variables_map vm;
  if (std::optional<int> done = tools::parseCommandLine(argc, argv, "sapfor-cuda", kUsage, visible, hidden, "database", 1, vm,
                                                                 kExamples))
    return *done;
  auto trouble = [](const std::string& message) {
    std::cerr << "sapfor-cuda: " << message << "\n";
    return kTrouble;
  };
  if (path.empty()) return trouble("no database given (sapfor-cuda --help)");
  predictor::PredictOptions options;
  if (std::optional<std::string> bad = tools::selectGpu(gpuName, gpuFile, options)) return trouble(*bad);
  const predictor::ModelSettings& settings = predictor::builtinModelSettings();
  if (std::optional<std::string> bad = tools::parseBlocks(blockDefaults, block, settings, options)) return trouble(*bad);
  if (!paramsFile.empty())
    if (std::optional<std::string> bad = tools::readParamsFile(paramsFile, options)) return trouble(*bad);
  if (std::optional<std::string> bad = tools::parseParams(params, options)) return trouble(*bad);
  options.cacheKb = options.gpu.l1DefaultKb;
  if (!benchDir.empty() && !output.empty()) return trouble("--bench writes a folder of programs; -o does not go with it");
  if (runs < 1 || runs > 100000) return trouble("--runs must be from 1 to 100000");
  options.benchInputs = !benchDir.empty();
  std::optional<files::OutputFolder> benchFolder;
  std::string manifest;
  std::string text;
  std::optional<files::StagedFile> outputFile;  // checked now, written whole at the end
  // Reading the expression trees, translating them and freeing them recurse as deep as the
  // expressions nest: all of it runs on a large stack, as sapfor-lex's parsing does.
  auto translateAll = [&]() -> int {
    int status = kOk;
    try {
      if (!output.empty()) outputFile.emplace(output, refusalToReplace);
      if (!benchDir.empty()) {
        benchFolder.emplace(benchDir, "sapfor-cuda-bench");
        benchFolder->protect(path);  // a program is never written over the database
      }
      auto db = db::openExisting(path, false);
      if (!db::getMeta(*db, "analysis"))
        return trouble(path + ": the analysis has not run on this database (sapfor-lex --no-analysis made it): "
                       "run sapfor-analyze " + path + " first");
      predictor::ProgramFacts program(*db);
      std::vector<predictor::KernelFacts> kernels;
      if (loops.empty()) {
        kernels = program.kernels();
      } else {
        for (const std::string& key : loops) {
          if (!program.loopByKey(key))
            return trouble("no loop '" + key + "' in " + path + " (the loop keys: SELECT loop_key FROM loops)");
          std::vector<predictor::KernelFacts> one = program.kernels({key});
          if (one.empty())
            return trouble("loop " + key + " is not a kernel: no PARALLEL directive or expert nest starts there "
                           "(SELECT loop_key FROM expert_directives WHERE kind = 'PARALLEL')");
          kernels.push_back(std::move(one.front()));
        }
      }
      predictor::ProgramPrediction prediction = predictor::predictProgram(program, kernels, options, settings);
      const bool colored = files::colorWanted(color, STDERR_FILENO);
      if (!quiet) tools::warnUnusedParams(std::cerr, "sapfor-cuda", options, prediction, colored);

      cuda::NestReader nests(*db);
      cuda::CudaWriter writer(nests, across);
      cuda::KernelRequests requests(*db, program, options.gpu);
      std::vector<cuda::CudaKernel> written;
      for (size_t i = 0; i < kernels.size(); ++i) {
        const predictor::KernelFacts& k = kernels[i];
        const predictor::KernelPrediction& p = prediction.kernels[i];
        cuda::KernelRequest request = requests.make(k, p);
        cuda::CudaKernel kernel;
        // Unknown trip counts are fine (the kernel computes them, and the grid strides over the
        // tiles); a block the GPU cannot run is not.
        if (p.block[0] * p.block[1] * p.block[2] > options.gpu.maxThreadsPerBlock) {
          kernel.loopKey = p.loopKey;
          kernel.reason = "its block has more than the " + std::to_string(options.gpu.maxThreadsPerBlock) + " threads " +
                          options.gpu.name + " allows (--block)";
        } else {
          kernel = writer.translate(request);
        }
        if (!kernel.translated()) {
          if (!quiet)
            std::cerr << "sapfor-cuda: " << kernel.loopKey << ": " << files::styledSeverity("warning", colored, "not translatable")
                      << ": " << kernel.reason << "\n";
          status = kNotTranslatable;
        } else if (benchFolder) {
          cuda::BenchProgram bench = cuda::benchProgram(kernel, request, p, options.gpu.key, runs);
          if (!bench.reason.empty()) {
            if (!quiet)
              std::cerr << "sapfor-cuda: " << kernel.loopKey << ": " << files::styledSeverity("warning", colored, "not benchmarked")
                        << ": " << bench.reason << "\n";
            status = kNotTranslatable;
          } else {
            benchFolder->add(kernel.name + ".cu", bench.text);
            std::ostringstream seconds;
            seconds.precision(9);
            seconds << p.seconds;
            manifest += p.loopKey + "\t" + kernel.name + ".cu\t" + cuda::cudaArchitecture(options.gpu.computeCapability) + "\t" +
                        options.gpu.key + "\t" + seconds.str() + "\n";
          }
        }
        written.push_back(std::move(kernel));
      }
      text = writer.translationUnit(written);
      if (benchFolder) {
        benchFolder->add("kernels.tsv", "# loop_key\tprogram\tarch\tgpu\tpredicted_seconds\n" + manifest);
        benchFolder->commit();
      }
    } catch (const db::DatabaseError& e) {
      return trouble(e.what());
    } catch (const files::OutputError& e) {
      return trouble(e.what());
    } catch (const std::exception& e) {
      return trouble(path + ": " + e.what());
    }
    return status;
  };
  int status = kOk;
  threads::runWithLargeStack([&] { status = translateAll(); });
  if (status == kTrouble) return status;
  if (!benchDir.empty()) return status;
  if (!outputFile) {
    std::cout << text;
    return tools::stdoutWritten("sapfor-cuda") ? status : kTrouble;
  }
  try {
    outputFile->write(text);
    outputFile->commit();
  } catch (const files::OutputError& e) {
    return trouble(e.what());
  }
  return status;
}

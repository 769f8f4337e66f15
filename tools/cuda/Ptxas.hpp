/// @file Ptxas.hpp
/// What the CUDA compiler allocates for the kernels the CUDA writer translates: each kernel
/// compiled by `nvcc -cubin -Xptxas -v` for the GPU's architecture, its registers per thread and
/// static shared memory read from ptxas' report. Compilations run in parallel and are cached by
/// the compiled text (with nvcc's release and the architecture), so that a second run compiles
/// nothing.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sapfor::cuda {

struct PtxasFigures {
  int64_t registers = 0;    ///< per thread
  int64_t sharedBytes = 0;  ///< static shared memory per block
  bool operator==(const PtxasFigures& o) const { return registers == o.registers && sharedBytes == o.sharedBytes; }
};

/// `nvcc -Xptxas -v`'s report parsed: each entry function ("Compiling entry function 'NAME'") with
/// the registers and shared memory of the "Used N registers, ..., M bytes smem" line after it.
std::map<std::string, PtxasFigures> parsePtxasReport(std::string_view report);

/// The CUDA architecture of a compute capability: 9.0 -> sm_90.
std::string cudaArchitecture(double computeCapability);

struct Nvcc {
  std::string path;
  std::string release;           ///< "13.0", from nvcc --version
  std::set<std::string> archs;   ///< those nvcc --list-gpu-code names: sm_75, ...
};

/// The nvcc at `given` or, when empty, nvcc from $PATH, else $CUDA_HOME/bin, else
/// /usr/local/cuda/bin; nullopt with `why` set when there is none that runs.
std::optional<Nvcc> findNvcc(const std::string& given, std::string& why);

/// The cache folder when none is given: $XDG_CACHE_HOME/sapfor/ptxas, else ~/.cache/sapfor/ptxas;
/// empty when neither variable is set.
std::string defaultPtxasCache();

/// One kernel to compile: its __global__ function and the device helpers it calls.
struct CompileUnit {
  std::string name;                ///< the function's name
  std::string function;
  std::set<std::string> helpers;
};

struct CompileResults {
  std::map<std::string, PtxasFigures> figures;  ///< by function name
  size_t cached = 0, compiled = 0;              ///< units found in the cache, units compiled now
  std::map<std::string, std::string> failures;  ///< function name -> nvcc's first error line
  std::string cacheTrouble;                     ///< why the cache could not be used; empty when it could
};

/// Compiles the units for `arch` with `jobs` nvcc processes at once (each compiling a share of
/// the units in one file; a file nvcc rejects is compiled again unit by unit, so that one bad
/// kernel costs only its own figures). `cacheDir` empty: no cache.
CompileResults compileKernels(const Nvcc& nvcc, const std::string& arch, const std::vector<CompileUnit>& units,
                              const std::string& cacheDir, int jobs);

/// The cache key of a unit: FNV-1a (64 bits) of nvcc's release, the architecture and the text
/// compiled, in hexadecimal.
std::string ptxasCacheKey(const Nvcc& nvcc, const std::string& arch, const CompileUnit& unit);

}  // namespace sapfor::cuda

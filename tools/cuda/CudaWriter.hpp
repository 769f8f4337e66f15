/// @file CudaWriter.hpp
/// CUDA C for the parallel loop nests dvmh-predict models: one `__global__` function per nest, one
/// thread per iteration, with the block, the tiling and the 1-D grid of MODEL.md §3 (innermost loop
/// <-> x), written from the statements' expression trees in the database (NestCode: no source is
/// parsed again). A construct it cannot translate makes the kernel "not translatable" with the
/// reason, never wrong code.
#pragma once

#include "predictor/KernelFacts.hpp"
#include "predictor/ModelSettings.hpp"
#include "tools/cuda/NestCode.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sapfor::cuda {

/// How every file translationUnit() writes begins: sapfor-cuda -o replaces no file but one that
/// begins so (its own earlier output).
inline constexpr std::string_view kOutputHeader = "// CUDA C written by sapfor-cuda:";

/// The launch dvmh-predict computed for a kernel (MODEL.md §3) and its register figure (§6).
struct KernelLaunch {
  predictor::Dim3 block{1, 1, 1};
  int64_t blocks = 0;          ///< the 1-D grid
  bool gridCapped = false;     ///< the grid has fewer blocks than tiles: each thread loops over tiles
  int64_t itersPerThread = 1;  ///< 0: the trip counts are known at run time only (the grid fills the GPU, capped)
  int64_t regsPerThread = 0;   ///< the register heuristic's figure (written in a comment)
  int64_t maxGridX = 0;        ///< the GPU's grid limit, checked by a launcher that computes its grid at run time
  std::string gpuName;
};

/// One parallel nest, as the database describes it.
struct KernelRequest {
  std::string loopKey;
  std::string source;                        ///< user directive, analysis
  std::string file;                          ///< relative to the source root
  std::vector<Id> nest;                      ///< the nest's loops (loop_id), outermost first
  std::vector<int> lines;                    ///< the nest's DO lines, outermost first
  std::vector<std::string> vars;             ///< the nest's loop variables, outermost first
  std::map<std::string, std::string> traits;  ///< scalar -> private reduction induction readonly shared
  std::vector<predictor::ReductionFacts> reductions;
  std::set<std::string> privates;            ///< PRIVATE/NEW of the user's directive
  bool across = false;                       ///< ACROSS: iterations depend on their neighbours
  KernelLaunch launch;
};

/// A parameter of a translated kernel, as a program that runs it must supply it.
struct KernelParameter {
  enum class Kind { Array, Reduction, Scalar, LowerBound, Extent };
  Kind kind = Kind::Scalar;
  std::string cName, cType;  ///< cType: the element's type for Array and Reduction
  std::string variable;      ///< the Fortran variable (LowerBound, Extent: the array)
  int dim = 0;               ///< LowerBound, Extent: the dimension, from 0
};

struct CudaKernel {
  std::string loopKey;
  std::string name;    ///< the __global__ function (its launcher is launch_NAME)
  std::string reason;  ///< empty: translated
  std::string text;    ///< the kernel and its launcher
  std::string function;             ///< the __global__ function alone, without comments: what ptxas compiles
  std::set<std::string> helpers;    ///< the device helpers it calls (helperDefinitions)
  std::vector<KernelParameter> parameters;  ///< in the function's order
  bool translated() const { return reason.empty(); }
};

/// The definitions of the device helpers named (atomic updates, integer powers), in a fixed order:
/// what a translation unit holding kernels that call them needs first.
std::string helperDefinitions(const std::set<std::string>& names);

/// Translates kernels one by one and writes them as one translation unit with the device helpers
/// they use (atomic updates, integer powers).
class CudaWriter {
 public:
  /// `writeAcross`: write ACROSS nests too, marked as computing the loop only when their
  /// iterations run in order (DVMH runs them as a pipeline, which is not written): for measuring
  /// what ptxas allocates, not for running.
  CudaWriter(NestReader& reader, bool writeAcross) : reader_(reader), writeAcross_(writeAcross) {}

  CudaKernel translate(const KernelRequest& request);
  /// The helpers the translated kernels use, then the kernels (a not translatable one as a comment
  /// with its reason).
  std::string translationUnit(const std::vector<CudaKernel>& kernels) const;

 private:
  NestReader& reader_;
  bool writeAcross_ = false;
  std::set<std::string> helpers_;      ///< the helpers' names, in a fixed order when written
  std::set<std::string> kernelNames_;  ///< names given, kept unique
};

}  // namespace sapfor::cuda

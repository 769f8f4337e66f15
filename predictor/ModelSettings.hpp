/// @file ModelSettings.hpp
/// The model's constants that are not properties of a GPU (data/model.ini): the DVM block
/// defaults, the register heuristic's weights, instruction costs.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace sapfor::predictor {

using Dim3 = std::array<int64_t, 3>;

/// One set of default thread blocks by loop rank (MODEL.md §3).
struct BlockDefaults {
  std::string name;               ///< thesis, dvmh
  std::array<Dim3, 3> byRank{};   ///< rank 1, 2, >= 3
  int acrossRankLess = 0;         ///< an ACROSS nest counts this many ranks less
  Dim3 forRank(int rank, bool across) const;
};

struct ModelSettings {
  BlockDefaults thesis, dvmh;
  // MODEL.md §6 register heuristic
  int regsInteger = 1, regsReal = 2, regsDouble = 4, regsIterationCounter = 1, regsPerBlockDimension = 1,
      regsInstructionPointer = 1, linesPerRegister = 10;
  /// The register heuristic fitted to ptxas (data/model.ini [registers.calibrated]).
  struct CalibratedRegisters {
    double base = 4, perParallelLoop = 4, perReference = 1, perDivision = 3, perTranscendental = 1, perSequentialLoop = 7;
    int countCap = 16;
  } calibrated;
  int smemBytesPerBlockDimension = 32;
  // MODEL.md §4, §9
  double divisionExtra = 1, cacheHitCost = 1;
  int reductionLoadsPerThread = 2;
  // MODEL.md §12: the share of the L2 a layer condition may fill
  double l2LayerConditionFraction = 0.5;
};

/// Parses data/model.ini's format; throws std::runtime_error naming the bad key.
ModelSettings parseModelSettings(std::string_view text, const std::string& origin);
/// The settings compiled in from data/model.ini.
const ModelSettings& builtinModelSettings();

}  // namespace sapfor::predictor

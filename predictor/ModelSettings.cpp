/// @file ModelSettings.cpp
#include "predictor/ModelSettings.hpp"

#include "predictor/IniFile.hpp"

#include <boost/program_options.hpp>

#include <sstream>
#include <stdexcept>

namespace sapfor::predictor {

std::string_view embeddedModelSettings();

namespace po = boost::program_options;

Dim3 BlockDefaults::forRank(int rank, bool across) const {
  int r = across ? rank - acrossRankLess : rank;
  r = std::max(1, std::min(3, r));
  return byRank[r - 1];
}

namespace {

Dim3 parseDim3(const std::string& text, const std::string& where) {
  Dim3 d{1, 1, 1};
  std::istringstream in(text);
  std::string part;
  int i = 0;
  while (std::getline(in, part, ',')) {
    if (i == 3) throw std::runtime_error(where + ": expected X,Y,Z, got " + text);
    try {
      size_t used = 0;
      d[i] = std::stoll(part, &used);
      if (used != part.size() || d[i] <= 0) throw std::invalid_argument(part);
    } catch (const std::logic_error&) {
      throw std::runtime_error(where + ": expected positive X,Y,Z, got " + text);
    }
    ++i;
  }
  if (i != 3) throw std::runtime_error(where + ": expected X,Y,Z, got " + text);
  return d;
}

}  // namespace

ModelSettings parseModelSettings(std::string_view text, const std::string& origin) {
  ModelSettings s;
  s.thesis.name = "thesis";
  s.dvmh.name = "dvmh";
  std::array<std::string, 3> thesisText, dvmhText;
  po::options_description keys;
  keys.add_options()
      ("blocks.thesis.rank1", po::value(&thesisText[0])->required())
      ("blocks.thesis.rank2", po::value(&thesisText[1])->required())
      ("blocks.thesis.rank3", po::value(&thesisText[2])->required())
      ("blocks.thesis.across_rank_less", po::value(&s.thesis.acrossRankLess)->required())
      ("blocks.dvmh.rank1", po::value(&dvmhText[0])->required())
      ("blocks.dvmh.rank2", po::value(&dvmhText[1])->required())
      ("blocks.dvmh.rank3", po::value(&dvmhText[2])->required())
      ("blocks.dvmh.across_rank_less", po::value(&s.dvmh.acrossRankLess)->required())
      ("registers.integer", po::value(&s.regsInteger)->required())
      ("registers.real", po::value(&s.regsReal)->required())
      ("registers.double", po::value(&s.regsDouble)->required())
      ("registers.iteration_counter", po::value(&s.regsIterationCounter)->required())
      ("registers.per_block_dimension", po::value(&s.regsPerBlockDimension)->required())
      ("registers.instruction_pointer", po::value(&s.regsInstructionPointer)->required())
      ("registers.lines_per_register", po::value(&s.linesPerRegister)->required())
      ("registers.calibrated.base", po::value(&s.calibrated.base)->required())
      ("registers.calibrated.per_parallel_loop", po::value(&s.calibrated.perParallelLoop)->required())
      ("registers.calibrated.per_reference", po::value(&s.calibrated.perReference)->required())
      ("registers.calibrated.per_division", po::value(&s.calibrated.perDivision)->required())
      ("registers.calibrated.per_transcendental", po::value(&s.calibrated.perTranscendental)->required())
      ("registers.calibrated.per_sequential_loop", po::value(&s.calibrated.perSequentialLoop)->required())
      ("registers.calibrated.count_cap", po::value(&s.calibrated.countCap)->required())
      ("shared_memory.bytes_per_block_dimension", po::value(&s.smemBytesPerBlockDimension)->required())
      ("time.division_extra", po::value(&s.divisionExtra)->required())
      ("time.cache_hit_cost", po::value(&s.cacheHitCost)->required())
      ("time.reduction_loads_per_thread", po::value(&s.reductionLoadsPerThread)->required())
      ("l2.layer_condition_fraction", po::value(&s.l2LayerConditionFraction)->required());
  readIni(text, keys, origin);
  for (int r = 0; r < 3; ++r) {
    s.thesis.byRank[r] = parseDim3(thesisText[r], origin + ": blocks.thesis.rank" + std::to_string(r + 1));
    s.dvmh.byRank[r] = parseDim3(dvmhText[r], origin + ": blocks.dvmh.rank" + std::to_string(r + 1));
  }
  if (!(s.l2LayerConditionFraction > 0 && s.l2LayerConditionFraction <= 1))
    throw std::runtime_error(origin + ": l2.layer_condition_fraction must be in (0, 1]");
  if (s.calibrated.countCap <= 0) throw std::runtime_error(origin + ": registers.calibrated.count_cap must be positive");
  if (s.linesPerRegister <= 0) throw std::runtime_error(origin + ": registers.lines_per_register must be positive");
  return s;
}

const ModelSettings& builtinModelSettings() {
  static const ModelSettings settings = parseModelSettings(embeddedModelSettings(), "data/model.ini");
  return settings;
}

}  // namespace sapfor::predictor

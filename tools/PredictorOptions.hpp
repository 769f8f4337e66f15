/// @file PredictorOptions.hpp
/// The options dvmh-predict and sapfor-cuda share, so that sapfor-cuda's kernels get exactly the
/// block and grid dvmh-predict computes: --gpu, --gpu-file, --block-defaults, --block, --param.
#pragma once

#include "files/Terminal.hpp"

#include "predictor/GpuProfile.hpp"
#include "predictor/ModelSettings.hpp"
#include "predictor/Predictor.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace sapfor::tools {

inline std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

/// The built-in GPU profiles, one a line (--list-gpus, and after an unknown --gpu).
inline void listGpus(std::ostream& out) {
  out << "GPU profiles (--gpu NAME; data/gpus/NAME.ini):\n";
  for (const predictor::GpuProfile& g : predictor::builtinGpuProfiles())
    out << "  " << g.key << std::string(8 - std::min<size_t>(7, g.key.size()), ' ') << g.name << ", CC " << std::fixed
        << std::setprecision(1) << g.computeCapability << std::defaultfloat << std::setprecision(6) << ", " << g.sms
        << " SMs, " << g.clockGhz << " GHz, " << g.dramGbs << " GB/s, " << predictor::coalescingRuleName(g.coalescing)
        << (g.key == predictor::kDefaultGpuKey ? " (default)" : "") << "\n";
}

/// Sets `options.gpu` from --gpu-file when given, else from --gpu; returns the message for a bad
/// one (an unknown name: the known ones are listed on stderr first).
inline std::optional<std::string> selectGpu(const std::string& gpuName, const std::string& gpuFile,
                                            predictor::PredictOptions& options) {
  try {
    if (!gpuFile.empty()) {
      options.gpu = predictor::loadGpuProfile(gpuFile);
      return std::nullopt;
    }
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  const predictor::GpuProfile* g = predictor::findGpuProfile(gpuName);
  if (!g) {
    listGpus(std::cerr);
    return "unknown GPU '" + gpuName + "'; the known ones are listed above (or give --gpu-file PATH)";
  }
  options.gpu = *g;
  return std::nullopt;
}

/// X,Y,Z (Y and Z may be omitted) of positive integers.
inline std::optional<predictor::Dim3> parseBlock(const std::string& text) {
  predictor::Dim3 d{1, 1, 1};
  std::istringstream in(text);
  std::string part;
  int i = 0;
  while (std::getline(in, part, ',')) {
    if (i == 3) return std::nullopt;
    try {
      size_t used = 0;
      long long v = std::stoll(part, &used);
      if (used != part.size() || v <= 0) return std::nullopt;
      d[i++] = v;
    } catch (const std::logic_error&) {
      return std::nullopt;
    }
  }
  return i >= 1 ? std::optional<predictor::Dim3>(d) : std::nullopt;
}

/// The largest --param value: what a default Fortran INTEGER holds. A symbol, a trip count or an
/// extent is a count of elements or iterations (NaN, 0.5, -5, 1e30 are none), and the sizes the
/// predictor multiplies out of them stay far from 64-bit overflow.
inline constexpr int64_t kLargestParam = 2147483647;

/// Sets one of `options.params` from a NAME=VALUE text, VALUE a whole number from 1 to
/// kLargestParam; returns the message for a bad one, `where` first (--param, FILE:LINE).
inline std::optional<std::string> parseParam(const std::string& p, const std::string& where, predictor::PredictOptions& options) {
  size_t eq = p.find('=');
  if (eq == std::string::npos || eq == 0) return where + p + ": expected NAME=VALUE";
  std::string value = p.substr(eq + 1);
  int64_t v = 0;
  auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (value.empty() || error != std::errc() || end != value.data() + value.size() || v < 1 || v > kLargestParam)
    return where + p + ": the value must be a whole number from 1 to " + std::to_string(kLargestParam) +
           " (a symbol's value, a trip count or an extent)";
  options.params[lower(p.substr(0, eq))] = static_cast<double>(v);
  return std::nullopt;
}

/// Sets `options.params` from --param texts; returns the message for the first bad one.
inline std::optional<std::string> parseParams(const std::vector<std::string>& params, predictor::PredictOptions& options) {
  for (const std::string& p : params)
    if (std::optional<std::string> bad = parseParam(p, "--param ", options)) return bad;
  return std::nullopt;
}

/// Sets `options.params` from a --params file: NAME=VALUE a line (blanks around them and around
/// the = allowed), # to the end of a line a comment; returns the message for a bad line or file.
inline std::optional<std::string> readParamsFile(const std::string& path, predictor::PredictOptions& options) {
  std::ifstream in(path);
  if (!in) return "--params " + path + ": cannot be read";
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = line.substr(0, line.find('#'));
    std::string entry;
    for (char c : line)
      if (!std::isspace(static_cast<unsigned char>(c))) entry += c;
    if (entry.empty()) continue;
    if (std::optional<std::string> bad = parseParam(entry, path + ":" + std::to_string(number) + ": ", options)) return bad;
  }
  if (in.bad()) return "--params " + path + ": cannot be read";
  return std::nullopt;
}

/// Edits that turn a into b (Levenshtein), for "did you mean".
inline size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

/// A warning on `err` for each --param the run never looked up (a misspelt name, a loop that is
/// no kernel, a symbol that folds without it), with the closest key it did look up; `color`:
/// "warning" in its colour.
inline void warnUnusedParams(std::ostream& err, const std::string& tool, const predictor::PredictOptions& options,
                             const predictor::ProgramPrediction& prediction, bool color = false) {
  for (const auto& [key, value] : options.params) {
    if (prediction.paramsUsed.count(key)) continue;
    std::string closest;
    size_t best = std::max<size_t>(2, key.size() / 3) + 1;  // farther than that is no misspelling
    for (const std::string& asked : prediction.paramsAsked)
      if (size_t d = editDistance(key, asked); d < best) best = d, closest = asked;
    err << tool << ": " << files::styledSeverity("warning", color) << ": --param " << key << "=" << static_cast<int64_t>(value)
        << " is not used: nothing predicted asks for " << key
        << (closest.empty() ? " (the keys: the symbols and extents 'unknown, needs' names, loop keys)" : "; did you mean " + closest + "?")
        << "\n";
  }
}

/// Sets `options.blockDefaults` and `options.block`; returns the message for a bad value. The GPU
/// must be set first (a block may not exceed its threads per block).
inline std::optional<std::string> parseBlocks(const std::string& blockDefaults, const std::string& block,
                                              const predictor::ModelSettings& settings,
                                              predictor::PredictOptions& options) {
  std::string defaults = lower(blockDefaults);
  if (defaults == "thesis") options.blockDefaults = &settings.thesis;
  else if (defaults == "dvmh") options.blockDefaults = &settings.dvmh;
  else return "--block-defaults " + defaults + ": expected thesis or dvmh";
  if (block.empty()) return std::nullopt;
  options.block = parseBlock(block);
  if (!options.block) return "--block " + block + ": expected X,Y,Z of positive integers, e.g. 32,8,1";
  int64_t threads = (*options.block)[0] * (*options.block)[1] * (*options.block)[2];
  if (threads > options.gpu.maxThreadsPerBlock)
    return "--block " + block + ": " + std::to_string(threads) + " threads; a block on " + options.gpu.name +
           " has at most " + std::to_string(options.gpu.maxThreadsPerBlock);
  return std::nullopt;
}

}  // namespace sapfor::tools

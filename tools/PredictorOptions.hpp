/// @file PredictorOptions.hpp
/// The options dvmh-predict and sapfor-cuda share, so that sapfor-cuda's kernels get exactly the
/// block and grid dvmh-predict computes: --gpu, --gpu-file, --block-defaults, --block, --param.
#pragma once

#include "predictor/GpuProfile.hpp"
#include "predictor/ModelSettings.hpp"
#include "predictor/Predictor.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
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
        << (g.key == "c2050" ? " (default)" : "") << "\n";
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

/// Sets `options.params` from NAME=VALUE texts, each VALUE a whole number from 1 to
/// kLargestParam; returns the message for the first bad one.
inline std::optional<std::string> parseParams(const std::vector<std::string>& params, predictor::PredictOptions& options) {
  for (const std::string& p : params) {
    size_t eq = p.find('=');
    if (eq == std::string::npos || eq == 0) return "--param " + p + ": expected NAME=VALUE";
    std::string value = p.substr(eq + 1);
    int64_t v = 0;
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || error != std::errc() || end != value.data() + value.size() || v < 1 || v > kLargestParam)
      return "--param " + p + ": the value must be a whole number from 1 to " + std::to_string(kLargestParam) +
             " (a symbol's value, a trip count or an extent)";
    options.params[lower(p.substr(0, eq))] = static_cast<double>(v);
  }
  return std::nullopt;
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

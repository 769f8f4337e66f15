/// @file Explanation.hpp
/// dvmh-predict --explain: a kernel's derivation written out step by step, each with the formula
/// it used (MODEL.md), the numbers it put in and what came out, from the figures the model kept
/// (Derivation.hpp) and the inputs it was given.
#pragma once

#include "predictor/ModelSettings.hpp"
#include "predictor/Predictor.hpp"

#include <ostream>

namespace sapfor::predictor {

/// One kernel's derivation; nothing for a kernel predicted without it (PredictOptions::explainLoop
/// names the kernels that keep it). `options` and `settings` are those it was predicted with.
void writeExplanation(std::ostream& out, const KernelPrediction& kernel, const PredictOptions& options,
                      const ModelSettings& settings);
/// The whole-program part of the derivation (launches are per kernel; here the transfers).
void writeProgramExplanation(std::ostream& out, const ProgramPrediction& prediction, const PredictOptions& options);

}  // namespace sapfor::predictor

/// @file Explanation.hpp
/// dvmh-predict --explain: the derivation written out step by step, each with the formula it used
/// (MODEL.md), the numbers it put in and what came out, from the figures the model kept
/// (Derivation.hpp) and the inputs it was given.
#pragma once

#include "predictor/Predictor.hpp"

#include <ostream>

namespace sapfor::predictor {

/// The whole-program part of the derivation (launches are per kernel; here the transfers).
void writeProgramExplanation(std::ostream& out, const ProgramPrediction& prediction, const PredictOptions& options);

}  // namespace sapfor::predictor

/// @file Derivation.hpp
/// The intermediate figures of a prediction that the prediction itself does not keep, as the model
/// works them out (MODEL.md §1): what `dvmh-predict --explain` writes out (Explanation.cpp) beside
/// the prediction's own figures and the model's inputs (the GPU profile, the options). Plain
/// values, no text: the model computes them, the explanation words them.
#pragma once

#include <string>

namespace sapfor::predictor {

/// One host<->device transfer of the whole program (MODEL.md §1).
struct TransferDerivation {
  std::string kind, clause, name;  ///< as TransferFacts
  int line = 0;
  double bytes = 0, times = 0, seconds = 0;
};

}  // namespace sapfor::predictor

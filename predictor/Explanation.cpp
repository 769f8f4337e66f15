/// @file Explanation.cpp
#include "predictor/Explanation.hpp"

namespace sapfor::predictor {

namespace {

std::string num(double v) { return formatNumber(v); }

}  // namespace

void writeProgramExplanation(std::ostream& out, const ProgramPrediction& prediction, const PredictOptions& options) {
  const GpuProfile& gpu = options.gpu;
  for (const TransferDerivation& t : prediction.transfers)
    out << "transfer: " << t.kind << " at line " << num(t.line) << " " << t.clause << " " << t.name << ": " << num(t.bytes)
        << " B * " << num(t.times) << " time(s) = " << num(t.seconds) << " s (" << num(gpu.hostLinkGbs) << " GB/s, "
        << num(gpu.hostLinkLatencyUs) << " us each)\n";
}

}  // namespace sapfor::predictor

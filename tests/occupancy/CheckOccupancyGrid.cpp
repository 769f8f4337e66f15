// Compares the predictor's occupancy (MODEL.md §8b, §12) with NVIDIA's calculator over the grid in
// occupancy-grid.txt (written by generate-grid.sh from cuda_occupancy.h): every block size,
// registers per thread and shared memory there, for each built-in profile and L1 preference.
// Prints the points compared and the first disagreements; exits 1 on any.
#include "predictor/GpuProfile.hpp"
#include "predictor/Occupancy.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

using sapfor::predictor::computeOccupancy;
using sapfor::predictor::findGpuProfile;
using sapfor::predictor::GpuProfile;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: check-occupancy-grid occupancy-grid.txt\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << argv[1] << ": cannot read\n";
    return 2;
  }
  std::map<std::string, long> pointsPerProfile;
  long points = 0, disagreements = 0;
  int lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string key;
    int preferredKb = 0;
    long threads = 0, shared = 0;
    if (!(fields >> key >> preferredKb >> threads >> shared)) {
      std::cerr << argv[1] << ":" << lineNumber << ": expected <profile> <preferred KB> <threads> <shared bytes> runs\n";
      return 2;
    }
    const GpuProfile* gpu = findGpuProfile(key);
    if (!gpu) {
      std::cerr << argv[1] << ":" << lineNumber << ": no built-in profile " << key << "\n";
      return 2;
    }
    int l1Kb = gpu->l1SharedKb - preferredKb;  // the L1 a user asks for to get that preference
    int64_t preferred = gpu->smemPerSmBytes(l1Kb);
    long regs = 1;
    for (std::string run; fields >> run;) {
      long blocks = 0, count = 0;
      if (std::sscanf(run.c_str(), "%ldx%ld", &blocks, &count) != 2) {
        std::cerr << argv[1] << ":" << lineNumber << ": run '" << run << "': expected <blocks>x<count>\n";
        return 2;
      }
      for (long i = 0; i < count; ++i, ++regs) {
        long ours = computeOccupancy(*gpu, threads, regs, shared, preferred).activeBlocks;
        ++points;
        ++pointsPerProfile[key];
        if (ours != blocks && ++disagreements <= 20)
          std::cout << key << " (L1 " << l1Kb << " KB), " << threads << " threads, " << regs << " registers, "
                    << shared << " B shared: calculator " << blocks << " blocks, predictor " << ours << "\n";
      }
    }
  }
  for (const auto& [key, count] : pointsPerProfile) std::cout << key << ": " << count << " points\n";
  std::cout << points << " points, " << disagreements << " disagreements with cuda_occupancy.h\n";
  return disagreements == 0 && points > 0 ? 0 : 1;
}

/// @file DependenceTest.cpp
#include "analyzer/DependenceTest.hpp"

namespace sapfor::analyzer {

// Conservative placeholder until the tests land: everything may depend on everything.
DependenceResult testDependence(const RefShape& source, const RefShape&, size_t common, const std::vector<std::string>&) {
  DependenceResult r;
  r.levels.assign(common, LevelDependence{true, true, std::nullopt});
  r.loopIndependent = true;
  r.unknown = true;
  r.unknownWhy = "not tested";
  (void)source;
  return r;
}

}  // namespace sapfor::analyzer

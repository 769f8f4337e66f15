/// @file KnownExternals.hpp
/// The procedures with no body among the sources whose effects are known anyway (data/
/// externals.txt, built in): which arguments they read and write, whether they run on the host
/// only (a timer), whether they end the program. Anything else without a body may do anything.
#pragma once

#include <string>

namespace sapfor::analyzer {

struct KnownExternal {
  std::string name;
  std::string arguments;  ///< per argument: r read, w written, b both; past the end: both
  bool hostOnly = false;
  bool endsProgram = false;  ///< it never returns: the program ends in it (ABORT, MPI_ABORT)
  bool reads(size_t argument) const { return argument >= arguments.size() || arguments[argument] != 'w'; }
  bool writes(size_t argument) const { return argument >= arguments.size() || arguments[argument] != 'r'; }
};

/// The entry for `name` (lower case), or null.
const KnownExternal* knownExternal(const std::string& name);

}  // namespace sapfor::analyzer

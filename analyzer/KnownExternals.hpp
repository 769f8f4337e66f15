/// @file KnownExternals.hpp
/// The procedures with no body among the sources whose effects are known anyway (data/
/// externals.txt, built in): which arguments they read and write, whether they run on the host
/// only (a timer), whether they end the program. Anything else without a body may do anything.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace sapfor::analyzer {

struct KnownExternal {
  std::string name;
  std::string arguments;  ///< per argument: r read, w written (at every call, not read), b both; past the end: both
  bool hostOnly = false;
  bool endsProgram = false;  ///< it never returns: the program ends in it (ABORT, MPI_ABORT)
  bool reads(size_t argument) const { return argument >= arguments.size() || arguments[argument] != 'w'; }
  bool writes(size_t argument) const { return argument >= arguments.size() || arguments[argument] != 'r'; }
};

/// The entry for `name` (lower case), or null.
const KnownExternal* knownExternal(const std::string& name);

/// Whether a call of `callee` (lower case) never returns because of the severity it passes
/// (data/error_exits.txt: MPP_ERROR(FATAL, ...)): `arguments` are its actual arguments as
/// (keyword, text), in order; one given by keyword does not count.
bool isErrorExit(const std::string& callee, const std::vector<std::pair<std::string, std::string>>& arguments);
/// Whether `callee` is an error handler that data/error_exits.txt names (cheap: its calls may
/// be error exits).
bool hasErrorExit(const std::string& callee);

}  // namespace sapfor::analyzer

/// @file EmitDvmh.hpp
/// Writes copies of a program's sources with the DVMH expert's directives in them: PARALLEL
/// above each parallel nest, REGION ... END REGION around runs of them. The user's own PARALLEL,
/// REGION and END REGION directives are left out (the expert's replace them); everything else is
/// copied byte for byte. The directives are comments to a Fortran compiler, so the copies still
/// compile as plain Fortran.
#pragma once

#include "analyzer/Expert.hpp"

#include <string>
#include <vector>

namespace sapfor::analyzer {

struct EmitReport {
  std::vector<std::string> written;    ///< the files written, relative to the output folder
  std::vector<std::string> problems;   ///< sources that could not be read or changed since the load
  std::vector<std::string> notCopied;  ///< INCLUDE files found outside the source root (absolute paths)
};

/// Writes every source file of `program` under `outputDir` (same relative paths as in the
/// database), all at once at the end (files::OutputFolder: never outside the folder, through a
/// link or onto a source). Throws files::OutputError when the folder cannot be written.
EmitReport emitDvmh(const Program& program, const std::vector<ExpertDirective>& directives, const std::string& outputDir);

/// One directive as source lines for a file of the given form: `!DVM$ ` (free) or `CDVM$ `
/// (fixed) and, past the line length, continuation lines (`!DVM$&` / `CDVM$*`).
std::vector<std::string> directiveLines(const std::string& text, bool fixedForm);

}  // namespace sapfor::analyzer

/// @file FactsReader.hpp
/// The analyzer's Program built from the front end's facts while they are still in memory: the
/// same rows ProgramReader reads back from the database, with the ids FactWriter gave them, so
/// that sapfor-lex can analyze each file while the next ones load instead of reading everything
/// back afterwards.
#pragma once

#include "analyzer/ProgramModel.hpp"

#include "lexer/FactWriter.hpp"
#include "lexer/Facts.hpp"

#include <vector>

namespace sapfor::analyzer {

class FactsReader {
 public:
  /// Appends one file's whole-program rows (procedures, variables, the DVMH directives the
  /// analysis reads) to `program`, and returns the code of each of the file's procedures, in
  /// their order, each in a Program of its own to be swapped in (Program::swapCode).
  static std::vector<Program> add(Program& program, const lexer::FileFacts& facts, const lexer::FactIds& ids);
};

}  // namespace sapfor::analyzer

/// @file DirectiveFacts.hpp
/// A program unit's directives as facts: DVMH ones interpreted (PARALLEL bound to the loop nest
/// that follows and checked against it, REGION matched with its END REGION, the clauses:
/// REDUCTION, PRIVATE/NEW, ACROSS with its widths, CUDA_BLOCK, STAGE, the variables of the other
/// clauses), the others (OpenMP, OpenACC, SAPFOR, HPF) recorded as written.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/Facts.hpp"
#include "frontend/ProgramStructure.hpp"
#include "frontend/Symbols.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sapfor::frontend {

/// An executable statement of the unit, in source order (by its position `seq` in the file).
struct Executable {
  uint32_t seq;
  const Stmt* stmt;
  int loop;  ///< the loop a DO statement opens (its index in FileFacts::loops), else -1
};

using ReportFunction = std::function<void(int fileIndex, uint32_t line, uint32_t col, Severity severity, std::string message)>;

/// Appends `unit`'s directives (procedure index `proc`, names resolved in `scope`) to
/// `facts.directives`, binding a PARALLEL to the loop of the first executable after it
/// (`executables`, and marking that loop's annotateLine); what does not fit is reported.
void extractDirectives(const ProgramUnit& unit, int proc, const Scope& scope, const std::vector<Executable>& executables,
                       FileFacts& facts, const ReportFunction& report);

}  // namespace sapfor::frontend

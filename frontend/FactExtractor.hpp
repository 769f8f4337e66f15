/// @file FactExtractor.hpp
/// Walks the resolved units of a parsed file and collects its facts: procedures and their
/// variables, loops (bounds, trip counts, nesting, per-iteration operation counts, what stands in
/// the way of parallelism), statements with their operation counts, array references with their
/// subscripts as affine forms, calls, and directives bound to their loops and regions.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/Facts.hpp"
#include "frontend/ProgramStructure.hpp"
#include "frontend/SymbolPass.hpp"

namespace sapfor::frontend {

FileFacts extractFacts(const ParsedFile& file, const FileScopes& scopes, DiagnosticSink& diagnostics,
                       const FileTable& files);

}  // namespace sapfor::frontend

/// @file SymbolPass.hpp
/// Declares every name of every unit of a parsed file — type declarations, DIMENSION, PARAMETER
/// (folded), COMMON, IMPLICIT, USE of modules seen earlier in the run, host association into
/// CONTAINed procedures — and resolves every expression: a name with arguments becomes an array
/// element or section, a substring, an intrinsic call, a user function call or a statement
/// function reference; leading `f(x) = ...` assignments to non-arrays become statement functions.
#pragma once

#include "frontend/Diagnostics.hpp"
#include "frontend/ProgramStructure.hpp"
#include "frontend/Symbols.hpp"

#include <memory>
#include <unordered_map>
#include <vector>

namespace sapfor::frontend {

/// The modules a run has seen, by name; their scopes outlive the files that declared them.
class ModuleRegistry {
 public:
  /// Holds the kind constants of the intrinsic modules ISO_FORTRAN_ENV (INT8 ... INT64, REAL32 ...
  /// REAL128) and ISO_C_BINDING (C_INT, C_DOUBLE, ...; their values on x86-64 Linux, as gfortran
  /// has them): `integer(kind=INT64)` is an 8-byte integer. Their other names (types, procedures)
  /// are not modelled.
  ModuleRegistry();
  Scope* find(const std::string& name) const;
  /// A fresh scope for module `name`. A later definition replaces an earlier one for USE, but the
  /// earlier scope lives on: the facts of the units that saw it still point into it.
  Scope* define(const std::string& name);
  /// Whether `scope` is a module's (it lives as long as the registry).
  bool holds(const Scope* scope) const;

 private:
  std::unordered_map<std::string, Scope*> modules_;
  std::vector<std::unique_ptr<Scope>> scopes_;
};

/// The scope of each unit of one file.
struct FileScopes {
  std::unordered_map<const ProgramUnit*, Scope*> byUnit;
  std::vector<std::unique_ptr<Scope>> owned;
  Scope* of(const ProgramUnit& unit) const { return byUnit.at(&unit); }
};

FileScopes resolveSymbols(ParsedFile& file, ModuleRegistry& modules, DiagnosticSink& diagnostics,
                          const FileTable& files);

}  // namespace sapfor::frontend

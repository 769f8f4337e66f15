/// @file ProgramStructure.hpp
/// A parsed file as program units (PROGRAM, SUBROUTINE, FUNCTION, MODULE, BLOCK DATA and the
/// procedures they CONTAIN) whose executable parts are trees of constructs: DO loops (block and
/// labelled, shared termination labels included), IF/ELSE IF/ELSE, SELECT CASE, WHERE, FORALL.
/// Built from the statement sequence so that one bad statement does not cost the rest of the file.
#pragma once

#include "frontend/Ast.hpp"
#include "frontend/Diagnostics.hpp"
#include "frontend/Prescanner.hpp"

#include <memory>
#include <string>
#include <vector>

namespace sapfor::frontend {

/// A directive line (or group of continued lines) and, for the DVMH kinds the grammar knows, its
/// parse.
struct DirectiveItem {
  uint32_t seq = 0;
  int fileIndex = 0;
  uint32_t line = 0;
  uint32_t endLine = 0;
  std::string sentinel;  ///< dvm omp acc spf hpf
  std::string display;   ///< the text as written, without the sentinel
  DirectiveKind kind = DirectiveKind::Foreign;
  std::string head;      ///< PARALLEL, REGION, ... (OMP/ACC: the first word)
  std::unique_ptr<DirectiveAst> ast;
};

enum class NodeKind : uint8_t { Statement, Do, If, Arm, Select, Where, Forall, Block };

/// A statement, or a construct with its parts: Do/Forall/Block/Arm hold their bodies in
/// `children`; If/Select/Where hold Arms (IF THEN, ELSE IF, ELSE, CASE ...), each with its body.
struct Node {
  NodeKind kind = NodeKind::Statement;
  Stmt* stmt = nullptr;
  std::vector<Node> children;
  Stmt* end = nullptr;  ///< END DO / the labelled terminal statement / END IF ...
  int doLabel = 0;      ///< Do: the label that ends it (0 for END DO)
};

/// TYPE name ... END TYPE: the component declarations in it.
struct TypeDefinition {
  Stmt* heading = nullptr;
  std::vector<Stmt*> components;
  std::vector<Stmt*> bindings;  ///< PROCEDURE and GENERIC statements after its CONTAINS
};

/// INTERFACE name ... END INTERFACE: a generic interface and its specific procedures: those
/// MODULE PROCEDURE (or PROCEDURE) names and the procedures its interface bodies declare.
struct GenericInterface {
  Stmt* heading = nullptr;
  std::vector<std::string> specifics;
};

struct ProgramUnit {
  StmtKind kind = StmtKind::Program;  ///< Program, Subroutine, Function, Module or BlockData
  std::string name;
  bool implicitMain = false;          ///< a main program without a PROGRAM statement
  Stmt* heading = nullptr;
  int fileIndex = 0;
  uint32_t line = 0;
  uint32_t endLine = 0;
  std::vector<Stmt*> specification;   ///< declarations, in order
  std::vector<TypeDefinition> types;  ///< derived types it defines, in order
  std::vector<GenericInterface> interfaces;  ///< generic interfaces it declares, in order
  /// The procedures interface bodies declare (external or dummy procedures), generic or not.
  std::vector<Stmt*> interfaceBodies;
  std::vector<Node> body;             ///< the executable part
  /// The first statement of its own (not of an interface body) the front end could not parse
  /// or skips as unsupported (a Cray POINTER): what it does, declares or aliases is unknown.
  const Stmt* unread = nullptr;
  std::vector<DirectiveItem*> directives;
  std::vector<std::unique_ptr<ProgramUnit>> contained;
  ProgramUnit* host = nullptr;
};

struct ParsedFile {
  int fileIndex = 0;
  std::vector<std::pair<int, int>> includes;  ///< (included, including) file indices, in order met
  std::vector<StmtPtr> statements;        ///< every statement, in order
  std::vector<std::unique_ptr<DirectiveItem>> directives;
  std::vector<std::unique_ptr<ProgramUnit>> units;
};

/// Prescans, classifies and parses a loaded file (and what it INCLUDEs), then builds its units.
/// Syntax errors become diagnostics; the statement keeps the kind the classifier gave it.
ParsedFile parseFile(int fileIndex, FileTable& files, DiagnosticSink& diagnostics, const PreprocessorOptions& options,
                     const std::function<std::string(const std::string&)>& displayPathOf);

/// Every unit of a file and, recursively, the units they contain.
template <typename Visit>
void forEachUnit(const std::vector<std::unique_ptr<ProgramUnit>>& units, Visit&& visit) {
  for (const auto& unit : units) {
    visit(*unit);
    forEachUnit(unit->contained, visit);
  }
}

}  // namespace sapfor::frontend

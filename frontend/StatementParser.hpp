/// @file StatementParser.hpp
/// Owns the reentrant Flex scanner and the Bison parser, and runs them over one classified
/// statement or directive at a time (both are made once: constructing a parser per statement
/// cost a sixth of the load time).
#pragma once

#include "frontend/Ast.hpp"
#include "frontend/StatementClassifier.hpp"

#include <memory>
#include <string>

#include "frontend/ScanContext.hpp"

namespace sapfor::frontend {

struct SyntaxError {
  std::string message;
  SourcePos pos;
};

class FortranParser;
struct ParseOutput;

class StatementParser {
 public:
  StatementParser();
  ~StatementParser();
  StatementParser(const StatementParser&) = delete;
  StatementParser& operator=(const StatementParser&) = delete;

  /// The statement's AST, or null with `error` set.
  StmtPtr parseStatement(const ClassifiedStatement& statement, SyntaxError& error);
  /// A DVMH directive of a kind the grammar knows, or null with `error` set.
  std::unique_ptr<DirectiveAst> parseDirective(const ClassifiedDirective& directive, SyntaxError& error);

 private:
  bool run(const std::string& text, const std::vector<SourcePos>& pos, bool directive);

  void* scanner_ = nullptr;
  std::string buffer_;
  ScanContext context_;
  std::unique_ptr<ParseOutput> output_;
  std::unique_ptr<FortranParser> parser_;
};

}  // namespace sapfor::frontend

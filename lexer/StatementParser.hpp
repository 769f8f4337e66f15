/// @file StatementParser.hpp
/// Owns the reentrant Flex scanner and runs the Bison parser over one classified statement or
/// directive at a time.
#pragma once

#include "lexer/Ast.hpp"
#include "lexer/StatementClassifier.hpp"

#include <memory>
#include <string>

namespace sapfor::lexer {

struct SyntaxError {
  std::string message;
  SourcePos pos;
};

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
  struct Output;
  bool run(const std::string& text, const std::vector<SourcePos>& pos, bool directive, Output& out);

  void* scanner_ = nullptr;
  std::string buffer_;
};

}  // namespace sapfor::lexer

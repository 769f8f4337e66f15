/// @file StatementParser.cpp
#include "frontend/StatementParser.hpp"

#include "FortranParser.hpp"
#include "FortranScanner.hpp"
#include "frontend/ScanContext.hpp"

#include <stdexcept>

namespace sapfor::frontend {

StatementParser::StatementParser() : output_(std::make_unique<ParseOutput>()) {
  if (sapfor_yylex_init(&scanner_) != 0) throw std::runtime_error("cannot create the Fortran scanner");
  parser_ = std::make_unique<FortranParser>(scanner_, context_, *output_);
}

StatementParser::~StatementParser() {
  parser_.reset();
  sapfor_yylex_destroy(scanner_);
}

bool StatementParser::run(const std::string& text, const std::vector<SourcePos>& pos, bool directive) {
  // Flex scans in place and needs two NUL bytes at the end of its buffer.
  buffer_.assign(text);
  buffer_.push_back('\0');
  buffer_.push_back('\0');
  YY_BUFFER_STATE state = sapfor_yy_scan_buffer(buffer_.data(), buffer_.size(), scanner_);
  context_ = ScanContext{};
  context_.pos = &pos;
  context_.startToken = directive ? FortranParser::token::START_DIRECTIVE : FortranParser::token::START_STATEMENT;
  *output_ = ParseOutput{};
  int status = parser_->parse();
  sapfor_yy_delete_buffer(state, scanner_);
  if (status != 0 && output_->error.empty()) {
    output_->error = "cannot parse this statement";
    output_->errorPos = pos.empty() ? SourcePos{} : pos.front();
  }
  return status == 0;
}

StmtPtr StatementParser::parseStatement(const ClassifiedStatement& statement, SyntaxError& error) {
  if (!run(statement.text, statement.pos, false)) {
    error = {output_->error, output_->errorPos};
    return nullptr;
  }
  return std::move(output_->statement);
}

std::unique_ptr<DirectiveAst> StatementParser::parseDirective(const ClassifiedDirective& directive, SyntaxError& error) {
  if (!run(directive.text, directive.pos, true)) {
    error = {output_->error, output_->errorPos};
    return nullptr;
  }
  return std::move(output_->directive);
}

}  // namespace sapfor::frontend

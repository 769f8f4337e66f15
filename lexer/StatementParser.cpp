/// @file StatementParser.cpp
#include "lexer/StatementParser.hpp"

#include "FortranParser.hpp"
#include "FortranScanner.hpp"
#include "lexer/ScanContext.hpp"

#include <stdexcept>

namespace sapfor::lexer {

struct StatementParser::Output : ParseOutput {};

StatementParser::StatementParser() {
  if (sapfor_yylex_init(&scanner_) != 0) throw std::runtime_error("cannot create the Fortran scanner");
}

StatementParser::~StatementParser() { sapfor_yylex_destroy(scanner_); }

bool StatementParser::run(const std::string& text, const std::vector<SourcePos>& pos, bool directive, Output& out) {
  // Flex scans in place and needs two NUL bytes at the end of its buffer.
  buffer_.assign(text);
  buffer_.push_back('\0');
  buffer_.push_back('\0');
  YY_BUFFER_STATE state = sapfor_yy_scan_buffer(buffer_.data(), buffer_.size(), scanner_);
  ScanContext ctx;
  ctx.pos = &pos;
  ctx.startToken = directive ? FortranParser::token::START_DIRECTIVE : FortranParser::token::START_STATEMENT;
  FortranParser parser(scanner_, ctx, out);
  int status = parser.parse();
  sapfor_yy_delete_buffer(state, scanner_);
  if (status != 0 && out.error.empty()) {
    out.error = "cannot parse this statement";
    out.errorPos = pos.empty() ? SourcePos{} : pos.front();
  }
  return status == 0;
}

StmtPtr StatementParser::parseStatement(const ClassifiedStatement& statement, SyntaxError& error) {
  Output out;
  if (!run(statement.text, statement.pos, false, out)) {
    error = {out.error, out.errorPos};
    return nullptr;
  }
  return std::move(out.statement);
}

std::unique_ptr<DirectiveAst> StatementParser::parseDirective(const ClassifiedDirective& directive, SyntaxError& error) {
  Output out;
  if (!run(directive.text, directive.pos, true, out)) {
    error = {out.error, out.errorPos};
    return nullptr;
  }
  return std::move(out.directive);
}

}  // namespace sapfor::lexer

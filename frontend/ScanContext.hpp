/// @file ScanContext.hpp
/// What the Flex scanner needs to know about the statement it is scanning: where each character
/// came from (for token locations) and which start token opens the parse.
#pragma once

#include "frontend/SourceFile.hpp"

#include <vector>

namespace sapfor::frontend {

struct ScanContext {
  const std::vector<SourcePos>* pos = nullptr;  ///< one per character of the text, plus the end
  size_t cursor = 0;                            ///< offset of the next character to scan
  size_t tokenBegin = 0;                        ///< offset of the token just matched
  int startToken = 0;                           ///< returned once before the text's tokens

  void advance(size_t length) {
    tokenBegin = cursor;
    cursor += length;
  }
  SourcePos begin() const { return at(tokenBegin); }
  SourcePos at(size_t offset) const {
    return offset < pos->size() ? (*pos)[offset] : pos->back();
  }
};

/// What one parse produced: a statement or a directive.
struct Stmt;
struct DirectiveAst;

}  // namespace sapfor::frontend

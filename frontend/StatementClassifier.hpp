/// @file StatementClassifier.hpp
/// Settles keyword-versus-name before scanning. Fortran has no reserved words and fixed form has
/// no significant blanks (`DO10I=1,N` is a DO, `DO10I=1.5` an assignment, `IF(I)=3` an
/// assignment to an array named IF), so, as the classic f77 front ends do, the classifier looks at
/// the cooked statement — which `=`, `=>`, `,` and `::` stand outside parentheses, which keyword
/// prefixes it starts with — decides the statement kind, and marks the keywords it found by writing
/// them in upper case (the cooked text is lower case outside literals). The Flex scanner then turns
/// upper-case words into keyword tokens and everything else into names, so the Bison grammar sees
/// an unambiguous token stream.
#pragma once

#include "frontend/Ast.hpp"
#include "frontend/Prescanner.hpp"

#include <string>
#include <vector>

namespace sapfor::frontend {

struct ClassifiedStatement {
  StmtKind kind = StmtKind::Unknown;
  StmtKind actionKind = StmtKind::Unknown;  ///< the statement inside a logical IF, WHERE, FORALL
  std::string text;                         ///< keyword-marked text for the scanner
  std::vector<SourcePos> pos;               ///< source position of every character of `text` (+ end)
  std::string constructName;                ///< `name:` in front of DO, IF, SELECT, ...
  int doLabel = 0;                          ///< DO 10 ...: 10; -1 for a label out of range (DO 123456)
  std::string unsupported;                  ///< a known construct sapfor does not model yet
};

struct ClassifiedDirective {
  DirectiveKind kind = DirectiveKind::Foreign;
  std::string head;  ///< the directive's first word, upper case (OTHER DVM and foreign ones)
  std::string text;  ///< keyword-marked text (for the kinds the grammar parses)
  std::vector<SourcePos> pos;
};

class StatementClassifier {
 public:
  ClassifiedStatement classify(const LogicalStatement& statement);
  ClassifiedDirective classifyDirective(const LogicalStatement& statement);

 private:
  /// True where a FUNCTION/SUBROUTINE statement may stand: the start of a file, after the END of
  /// a program unit, after CONTAINS or INTERFACE. There `REAL FUNCTION F(X)` is a function
  /// statement; elsewhere it would declare an array FUNCTIONF.
  bool atUnitStart_ = true;
  int interfaceDepth_ = 0;
};

}  // namespace sapfor::frontend

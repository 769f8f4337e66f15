/// @file StatementClassifier.cpp
#include "frontend/StatementClassifier.hpp"

#include "frontend/CheckedArithmetic.hpp"

#include <cctype>
#include <string_view>

namespace sapfor::frontend {

const char* directiveKindName(DirectiveKind kind) {
  switch (kind) {
    case DirectiveKind::Parallel: return "PARALLEL";
    case DirectiveKind::Region: return "REGION";
    case DirectiveKind::EndRegion: return "END_REGION";
    case DirectiveKind::Actual: return "ACTUAL";
    case DirectiveKind::GetActual: return "GET_ACTUAL";
    case DirectiveKind::Distribute: return "DISTRIBUTE";
    case DirectiveKind::Align: return "ALIGN";
    case DirectiveKind::Template: return "TEMPLATE";
    case DirectiveKind::Shadow: return "SHADOW";
    case DirectiveKind::Inherit: return "INHERIT";
    case DirectiveKind::OtherDvm: return "OTHER";
    case DirectiveKind::Foreign: return "FOREIGN";
  }
  return "OTHER";
}

namespace {

constexpr size_t npos = std::string::npos;

bool isLetter(char c) { return c >= 'a' && c <= 'z'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isNameChar(char c) { return isLetter(c) || isDigit(c) || c == '_' || c == '$'; }

/// The cooked text of one statement with the keyword marks being collected for it.
class Marker {
 public:
  explicit Marker(const std::string& text) : t_(text), n_(text.size()), flags_(text.size() + 1, 0) {}

  size_t size() const { return n_; }
  char at(size_t p) const { return p < n_ ? t_[p] : '\0'; }
  bool is(size_t p, std::string_view word) const { return p <= n_ && t_.compare(p, word.size(), word) == 0; }

  size_t nameEnd(size_t p) const {
    if (p >= n_ || !isLetter(t_[p])) return p;
    while (p < n_ && isNameChar(t_[p])) ++p;
    return p;
  }
  size_t digitsEnd(size_t p) const {
    while (p < n_ && isDigit(t_[p])) ++p;
    return p;
  }
  /// t[p] is a quote: the index after the closing quote (n when unterminated).
  size_t stringEnd(size_t p) const {
    char q = t_[p];
    for (size_t i = p + 1; i < n_; ++i) {
      if (t_[i] != q) continue;
      if (i + 1 < n_ && t_[i + 1] == q) {
        ++i;
        continue;
      }
      return i + 1;
    }
    return n_;
  }
  /// t[p] is '(' or '[': the index after its matching bracket, npos when unbalanced.
  size_t groupEnd(size_t p) const {
    int depth = 0;
    for (size_t i = p; i < n_; ++i) {
      char c = t_[i];
      if (c == '\'' || c == '"') {
        i = stringEnd(i) - 1;
        continue;
      }
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') {
        if (--depth == 0) return i + 1;
      }
    }
    return npos;
  }
  /// A name followed by nothing: the statement ends at a name (END DO name, EXIT name...).
  bool nameOrEnd(size_t p) const { return p >= n_ || nameEnd(p) == n_; }
  bool onlyDigits(size_t p) const { return p < n_ && digitsEnd(p) == n_; }

  void keyword(size_t p, size_t length) {
    flags_[p] |= kKeywordStart;
    for (size_t i = p; i < p + length && i < n_; ++i) flags_[i] |= kKeyword;
  }
  void boundary(size_t p) {
    if (p <= n_) flags_[p] |= kBoundary;
  }
  /// Tentative marking: remember, then undo if the guess fails.
  std::vector<uint8_t> save() const { return flags_; }
  void restore(std::vector<uint8_t> saved) { flags_ = std::move(saved); }

  void build(size_t start, const LogicalStatement& source, std::string& out, std::vector<SourcePos>& pos) const {
    out.reserve(n_ - start + 8);
    pos.reserve(n_ - start + 9);
    for (size_t i = start; i < n_; ++i) {
      // A blank separates a keyword from a preceding word or number, which the scanner would
      // otherwise read as one token.
      if ((flags_[i] & (kKeywordStart | kBoundary)) && !out.empty() &&
          (std::isalnum(static_cast<unsigned char>(out.back())) || out.back() == '_' || out.back() == '$')) {
        out.push_back(' ');
        pos.push_back(source.posAt(i));
      }
      char c = t_[i];
      out.push_back((flags_[i] & kKeyword) ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c);
      pos.push_back(source.posAt(i));
    }
    pos.push_back(source.posAt(n_));
  }

 private:
  static constexpr uint8_t kKeyword = 1, kKeywordStart = 2, kBoundary = 4;
  const std::string& t_;
  size_t n_;
  std::vector<uint8_t> flags_;
};

struct Exposed {
  size_t eq = npos;     ///< first `=` outside parentheses that is not part of ==, /=, <=, >=, =>
  size_t arrow = npos;  ///< first `=>` outside parentheses
  bool commaAfterEq = false;
  size_t doubleColon = npos;
};

Exposed scanExposed(const Marker& m, size_t from) {
  Exposed e;
  int depth = 0;
  for (size_t i = from; i < m.size(); ++i) {
    char c = m.at(i);
    if (c == '\'' || c == '"') {
      i = m.stringEnd(i) - 1;
      continue;
    }
    if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      --depth;
    } else if (depth == 0) {
      if (c == '=') {
        char next = m.at(i + 1);
        char prev = i > from ? m.at(i - 1) : '\0';
        if (next == '>') {
          if (e.arrow == npos) e.arrow = i;
          ++i;
        } else if (next == '=') {
          ++i;
        } else if (prev != '/' && prev != '<' && prev != '>' && prev != '=') {
          if (e.eq == npos) e.eq = i;
        }
      } else if (c == ',' && e.eq != npos) {
        e.commaAfterEq = true;
      } else if (c == ':' && m.at(i + 1) == ':' && e.doubleColon == npos) {
        e.doubleColon = i;
      }
    }
  }
  return e;
}

/// name ( (...) | %name )* exactly filling [p, end).
bool isDesignator(const Marker& m, size_t p, size_t end) {
  size_t q = m.nameEnd(p);
  if (q == p) return false;
  while (q < end) {
    char c = m.at(q);
    if (c == '(') {
      q = m.groupEnd(q);
      if (q == npos || q > end) return false;
    } else if (c == '%') {
      size_t r = m.nameEnd(q + 1);
      if (r == q + 1) return false;
      q = r;
    } else {
      return false;
    }
  }
  return q == end;
}

class Classifier {
 public:
  Classifier(Marker& m, bool atUnitStart, bool inInterface)
      : m_(m), atUnitStart_(atUnitStart), inInterface_(inInterface) {}

  StmtKind actionKind = StmtKind::Unknown;
  int doLabel = 0;

  StmtKind classify(size_t s) {
    Exposed e = scanExposed(m_, s);
    if (e.eq != npos && (e.doubleColon == npos || e.doubleColon > e.eq)) {
      if (e.commaAfterEq && isDoHead(s, e.eq)) return StmtKind::Do;
      if (isDesignator(m_, s, e.eq)) return StmtKind::Assignment;
    }
    if (e.arrow != npos && isDesignator(m_, s, e.arrow)) return StmtKind::PointerAssignment;
    return keywordStatement(s);
  }

 private:
  void kw(size_t p, std::string_view word) { m_.keyword(p, word.size()); }

  /// do [label] [,] name = ... (the caller saw an exposed comma after the `=`).
  bool isDoHead(size_t s, size_t eq) {
    if (!m_.is(s, "do")) return false;
    size_t p = m_.digitsEnd(s + 2);
    size_t afterLabel = p;
    if (m_.at(p) == ',') ++p;
    if (m_.nameEnd(p) != eq || p == eq) return false;
    kw(s, "do");
    if (afterLabel > s + 2) {
      doLabel = statementLabel(textOf(s + 2, afterLabel)).value_or(-1);
      m_.boundary(afterLabel);
    }
    return true;
  }

  std::string textOf(size_t from, size_t to) const {
    std::string r;
    for (size_t i = from; i < to; ++i) r.push_back(m_.at(i));
    return r;
  }

  /// An action statement inside IF(...), WHERE(...), FORALL(...).
  StmtKind action(size_t p) {
    Classifier inner(m_, false, false);
    actionKind = inner.classify(p);
    return actionKind;
  }

  /// Type specifier at p: INTEGER REAL DOUBLEPRECISION COMPLEX DOUBLECOMPLEX LOGICAL CHARACTER
  /// TYPE(...) CLASS(...) with an optional *len or (kind) selector. Marks it; npos if none.
  size_t typeSpec(size_t p, bool allowKindParens = true) {
    static constexpr std::string_view kTypes[] = {"doubleprecision", "doublecomplex", "integer", "real",
                                                  "complex", "logical", "character"};
    if ((m_.is(p, "type(") || m_.is(p, "class(")) ) {
      size_t len = m_.is(p, "type(") ? 4 : 5;
      size_t end = m_.groupEnd(p + len);
      if (end == npos) return npos;
      m_.keyword(p, len);
      return end;
    }
    for (std::string_view type : kTypes) {
      if (!m_.is(p, type)) continue;
      if (type == "doubleprecision") {
        m_.keyword(p, 6);
        m_.keyword(p + 6, 9);
      } else if (type == "doublecomplex") {
        m_.keyword(p, 6);
        m_.keyword(p + 6, 7);
      } else {
        kw(p, type);
      }
      size_t q = p + type.size();
      if (m_.at(q) == '*') {
        ++q;
        if (m_.at(q) == '(') {
          q = m_.groupEnd(q);
          if (q == npos) return npos;
        } else {
          size_t d = m_.digitsEnd(q);
          if (d == q) return npos;
          m_.boundary(d);
          q = d;
        }
      } else if (allowKindParens && m_.at(q) == '(') {
        q = m_.groupEnd(q);
        if (q == npos) return npos;
      }
      return q;
    }
    return npos;
  }

  /// [prefix...] FUNCTION name(...) [RESULT(r)] | [prefix...] SUBROUTINE name[(...)]
  StmtKind procedureHeader(size_t p) {
    auto saved = m_.save();
    bool typed = false;
    for (;;) {
      static constexpr std::string_view kPrefixes[] = {"recursive", "pure", "elemental", "impure", "module"};
      bool matched = false;
      for (std::string_view prefix : kPrefixes) {
        if (m_.is(p, prefix)) {
          kw(p, prefix);
          p += prefix.size();
          matched = true;
          break;
        }
      }
      if (matched) continue;
      if (!typed) {
        size_t q = typeSpec(p);
        if (q != npos) {
          typed = true;
          p = q;
          continue;
        }
      }
      break;
    }
    if (m_.is(p, "function")) {
      size_t nameStart = p + 8;
      size_t nameStop = m_.nameEnd(nameStart);
      if (nameStop > nameStart && m_.at(nameStop) == '(') {
        size_t q = m_.groupEnd(nameStop);
        if (q != npos && suffixOk(q)) {
          kw(p, "function");
          return StmtKind::Function;
        }
      }
    } else if (m_.is(p, "subroutine")) {
      size_t nameStart = p + 10;
      size_t nameStop = m_.nameEnd(nameStart);
      if (nameStop > nameStart) {
        size_t q = nameStop;
        if (m_.at(q) == '(') q = m_.groupEnd(q);
        if (q != npos && suffixOk(q)) {
          kw(p, "subroutine");
          return StmtKind::Subroutine;
        }
      }
    }
    m_.restore(std::move(saved));
    return StmtKind::Unknown;
  }

  /// RESULT(name) and BIND(...) after a procedure's dummy argument list.
  bool suffixOk(size_t q) {
    while (q < m_.size()) {
      if (m_.is(q, "result(")) {
        size_t end = m_.groupEnd(q + 6);
        if (end == npos) return false;
        kw(q, "result");
        q = end;
      } else if (m_.is(q, "bind(")) {
        size_t end = m_.groupEnd(q + 4);
        if (end == npos) return false;
        kw(q, "bind");
        q = end;
      } else {
        return false;
      }
    }
    return true;
  }

  /// The attribute keywords of `type, attr, attr :: entities`; p is at the first comma.
  bool attributeList(size_t p) {
    static constexpr std::string_view kAttributes[] = {
        "dimension", "intent", "parameter", "allocatable", "pointer", "target", "save", "optional",
        "public", "private", "external", "intrinsic", "value", "volatile", "protected", "contiguous",
        "asynchronous", "bind"};
    while (m_.at(p) == ',') {
      ++p;
      bool matched = false;
      for (std::string_view attr : kAttributes) {
        if (!m_.is(p, attr)) continue;
        size_t q = p + attr.size();
        if (m_.at(q) == '(') q = m_.groupEnd(q);
        if (q == npos) return false;
        if (m_.at(q) != ',' && !m_.is(q, "::")) continue;
        kw(p, attr);
        p = q;
        matched = true;
        break;
      }
      if (!matched) return false;
    }
    return m_.is(p, "::");
  }

  StmtKind typeDeclaration(size_t s) {
    if (atUnitStart_) {
      StmtKind header = procedureHeader(s);
      if (header != StmtKind::Unknown) return header;
    }
    auto saved = m_.save();
    size_t q = typeSpec(s);
    if (q == npos) return StmtKind::Unknown;
    if (m_.at(q) == ',') {
      if (attributeList(q)) return StmtKind::TypeDecl;
      m_.restore(std::move(saved));
      return StmtKind::Unknown;
    }
    if (q < m_.size()) return StmtKind::TypeDecl;
    m_.restore(std::move(saved));
    return StmtKind::Unknown;
  }

  StmtKind endStatement(size_t s) {
    struct End {
      std::string_view word;
      StmtKind kind;
    };
    static constexpr End kEnds[] = {
        {"do", StmtKind::EndDo}, {"if", StmtKind::EndIf}, {"select", StmtKind::EndSelect},
        {"where", StmtKind::EndWhere}, {"forall", StmtKind::EndForall},
        {"interface", StmtKind::EndInterface}, {"type", StmtKind::EndType},
        {"program", StmtKind::EndUnit}, {"subroutine", StmtKind::EndUnit},
        {"function", StmtKind::EndUnit}, {"module", StmtKind::EndUnit},
        {"associate", StmtKind::EndAssociate}, {"enum", StmtKind::EndEnum},
        {"submodule", StmtKind::EndUnit}, {"procedure", StmtKind::EndUnit},
    };
    size_t p = s + 3;
    if (p == m_.size()) {
      kw(s, "end");
      return StmtKind::EndUnit;
    }
    if (m_.is(p, "blockdata") && m_.nameOrEnd(p + 9)) {
      kw(s, "end");
      kw(p, "block");
      kw(p + 5, "data");
      return StmtKind::EndUnit;
    }
    if (m_.is(p, "block") && m_.nameOrEnd(p + 5)) {
      kw(s, "end");
      kw(p, "block");
      return StmtKind::EndBlock;
    }
    if (m_.is(p, "interface")) {  // END INTERFACE [generic-spec], e.g. END INTERFACE OPERATOR(+)
      kw(s, "end");
      kw(p, "interface");
      return StmtKind::EndInterface;
    }
    for (const End& end : kEnds) {
      if (m_.is(p, end.word) && m_.nameOrEnd(p + end.word.size())) {
        kw(s, "end");
        kw(p, end.word);
        return end.kind;
      }
    }
    if (m_.is(p, "file")) return io(s, "endfile", StmtKind::Endfile);
    if ((m_.is(p, "critical") && m_.nameOrEnd(p + 8)) || (m_.is(p, "team") && m_.nameOrEnd(p + 4)))
      return StmtKind::ImageControl;
    if (m_.is(p, "structure") || m_.is(p, "union") || m_.is(p, "map")) return unsupported("a DEC STRUCTURE");
    return StmtKind::Unknown;
  }

  /// READ/WRITE/... : `(control) list`, or the short forms `READ fmt, list`, `PRINT fmt, list`.
  StmtKind io(size_t s, std::string_view word, StmtKind kind) {
    kw(s, word);
    return kind;
  }

  StmtKind keywordStatement(size_t s) {
    const size_t n = m_.size();
    char c = m_.at(s);
    switch (c) {
      case 'a':
        if (m_.is(s, "allocate(")) return kwKind(s, "allocate", StmtKind::Allocate);
        if (m_.is(s, "allocatable")) return kwKind(s, "allocatable", StmtKind::AttrStmt);
        if (m_.is(s, "assign") && isDigit(m_.at(s + 6))) {
          size_t d = m_.digitsEnd(s + 6);
          if (m_.is(d, "to") && m_.nameOrEnd(d + 2) && d + 2 < n) {
            kw(s, "assign");
            kw(d, "to");
            return StmtKind::Assign;
          }
        }
        if (m_.is(s, "associate(")) return kwKind(s, "associate", StmtKind::Associate);
        if (m_.is(s, "abstractinterface")) {
          kw(s, "abstract");
          kw(s + 8, "interface");
          return StmtKind::Interface;
        }
        if (m_.is(s, "asynchronous")) return kwKind(s, "asynchronous", StmtKind::AttrStmt);
        break;
      case 'b':
        if (m_.is(s, "backspace")) return io(s, "backspace", StmtKind::Backspace);
        if (m_.is(s, "blockdata") && m_.nameOrEnd(s + 9)) {
          kw(s, "block");
          kw(s + 5, "data");
          return StmtKind::BlockData;
        }
        if (m_.is(s, "block") && s + 5 == n) return kwKind(s, "block", StmtKind::Block);
        break;
      case 'c':
        if (m_.is(s, "call") && m_.nameEnd(s + 4) > s + 4) return kwKind(s, "call", StmtKind::Call);
        if (m_.is(s, "casedefault") && m_.nameOrEnd(s + 11)) {
          kw(s, "case");
          kw(s + 4, "default");
          return StmtKind::CaseDefault;
        }
        if (m_.is(s, "case(")) return kwKind(s, "case", StmtKind::Case);
        if (m_.is(s, "close(")) return io(s, "close", StmtKind::Close);
        if (m_.is(s, "common")) return kwKind(s, "common", StmtKind::Common);
        if (m_.is(s, "contains") && s + 8 == n) return kwKind(s, "contains", StmtKind::Contains);
        if (m_.is(s, "continue") && s + 8 == n) return kwKind(s, "continue", StmtKind::Continue);
        if (m_.is(s, "cycle") && m_.nameOrEnd(s + 5)) return kwKind(s, "cycle", StmtKind::Cycle);
        if (m_.is(s, "contiguous")) return kwKind(s, "contiguous", StmtKind::AttrStmt);
        if (m_.is(s, "classis(")) {
          kw(s, "class");
          kw(s + 5, "is");
          return StmtKind::TypeGuard;
        }
        if (m_.is(s, "classdefault") && m_.nameOrEnd(s + 12)) {
          kw(s, "class");
          kw(s + 5, "default");
          return StmtKind::TypeGuard;
        }
        if ((m_.is(s, "critical") && m_.nameOrEnd(s + 8)) || m_.is(s, "changeteam(")) return StmtKind::ImageControl;
        if (m_.is(s, "character") || m_.is(s, "complex") || m_.is(s, "class(")) return typeDeclaration(s);
        break;
      case 'd':
        if (m_.is(s, "doubleprecision") || m_.is(s, "doublecomplex")) return typeDeclaration(s);
        if (m_.is(s, "do")) {
          size_t p = m_.digitsEnd(s + 2);
          size_t label = p;
          if (m_.at(p) == ',') ++p;
          StmtKind kind = StmtKind::Unknown;
          size_t word = 0;
          if (p == n && m_.at(label - 1) != ',') {
            kind = StmtKind::Do;
          } else if (m_.is(p, "while(") && m_.groupEnd(p + 5) == n) {
            kind = StmtKind::DoWhile;
            word = 5;
          } else if (m_.is(p, "concurrent(")) {
            kind = StmtKind::DoConcurrent;
            word = 10;
          }
          if (kind != StmtKind::Unknown) {
            kw(s, "do");
            if (label > s + 2) {
              doLabel = statementLabel(textOf(s + 2, label)).value_or(-1);
              m_.boundary(label);
            }
            if (word) m_.keyword(p, word);
            return kind;
          }
        }
        if (m_.is(s, "dimension")) return kwKind(s, "dimension", StmtKind::AttrStmt);
        if (m_.is(s, "data")) return kwKind(s, "data", StmtKind::Data);
        if (m_.is(s, "deallocate(")) return kwKind(s, "deallocate", StmtKind::Deallocate);
        break;
      case 'e':
        if (m_.is(s, "elseif(")) {
          size_t close = m_.groupEnd(s + 6);
          if (close != npos && m_.is(close, "then") && m_.nameOrEnd(close + 4)) {
            kw(s, "else");
            kw(s + 4, "if");
            kw(close, "then");
            return StmtKind::ElseIf;
          }
          return StmtKind::Unknown;
        }
        if (m_.is(s, "elsewhere")) return kwKind(s, "elsewhere", StmtKind::ElseWhere);
        if (m_.is(s, "elemental")) return procedureHeader(s);
        if (m_.is(s, "enumerator")) return kwKind(s, "enumerator", StmtKind::Enumerator);
        if (m_.is(s, "enum,") || (m_.is(s, "enum") && s + 4 == n)) return StmtKind::Enum;
        if (m_.is(s, "eventpost(") || m_.is(s, "eventwait(")) return StmtKind::ImageControl;
        if (m_.is(s, "else") && m_.nameOrEnd(s + 4)) return kwKind(s, "else", StmtKind::Else);
        if (m_.is(s, "end")) {
          StmtKind kind = endStatement(s);
          if (kind != StmtKind::Unknown) return kind;
        }
        if (m_.is(s, "entry") && m_.nameEnd(s + 5) > s + 5) {
          size_t q = m_.nameEnd(s + 5);
          if (m_.at(q) == '(') q = m_.groupEnd(q);
          if (q != npos) suffixOk(q);  // marks RESULT and BIND
          return kwKind(s, "entry", StmtKind::Entry);
        }
        if (m_.is(s, "equivalence(")) return kwKind(s, "equivalence", StmtKind::Equivalence);
        if (m_.is(s, "exit") && m_.nameOrEnd(s + 4)) return kwKind(s, "exit", StmtKind::Exit);
        if (m_.is(s, "external")) return kwKind(s, "external", StmtKind::AttrStmt);
        if (m_.is(s, "errorstop")) {
          kw(s, "error");
          kw(s + 5, "stop");
          return StmtKind::Stop;
        }
        break;
      case 'f':
        if (m_.is(s, "format(")) return kwKind(s, "format", StmtKind::Format);
        if (m_.is(s, "forall(")) return maskedStatement(s, 6, StmtKind::Forall, StmtKind::ForallConstruct);
        if (m_.is(s, "flush")) return io(s, "flush", StmtKind::Flush);
        if (m_.is(s, "final")) return StmtKind::Final;
        if (m_.is(s, "failimage") || m_.is(s, "formteam(")) return StmtKind::ImageControl;
        if (m_.is(s, "function")) return procedureHeader(s);
        break;
      case 'g':
        if (m_.is(s, "generic")) return kwKind(s, "generic", StmtKind::Generic);
        if (m_.is(s, "goto")) {
          kw(s, "goto");
          size_t p = s + 4;
          if (isDigit(m_.at(p))) return StmtKind::Goto;
          if (m_.at(p) == '(') return StmtKind::ComputedGoto;
          if (m_.nameEnd(p) > p) return StmtKind::AssignedGoto;
          return StmtKind::Unknown;
        }
        break;
      case 'i':
        if (m_.is(s, "if(")) {
          size_t close = m_.groupEnd(s + 2);
          if (close == npos || close == n) return StmtKind::Unknown;
          kw(s, "if");
          if (m_.is(close, "then") && close + 4 == n) {
            kw(close, "then");
            return StmtKind::IfThen;
          }
          if (isArithmeticIf(close)) return StmtKind::ArithIf;
          action(close);
          return StmtKind::If;
        }
        if (m_.is(s, "implicit")) {
          kw(s, "implicit");
          if (m_.is(s + 8, "none")) {
            kw(s + 8, "none");
            return StmtKind::Implicit;
          }
          size_t p = s + 8;
          while (p < n) {
            size_t q = typeSpec(p, false);
            if (q == npos || m_.at(q) != '(') return StmtKind::Unknown;
            q = m_.groupEnd(q);
            if (q != npos && m_.at(q) == '(') q = m_.groupEnd(q);
            if (q == npos) return StmtKind::Unknown;
            if (m_.at(q) == ',') ++q;
            p = q;
          }
          return StmtKind::Implicit;
        }
        if (m_.is(s, "integer")) return typeDeclaration(s);
        if (m_.is(s, "intent(")) return kwKind(s, "intent", StmtKind::AttrStmt);
        if (m_.is(s, "intrinsic")) return kwKind(s, "intrinsic", StmtKind::AttrStmt);
        if (m_.is(s, "inquire(")) return io(s, "inquire", StmtKind::Inquire);
        if (m_.is(s, "interface")) return kwKind(s, "interface", StmtKind::Interface);
        if (m_.is(s, "import")) return kwKind(s, "import", StmtKind::Import);
        if (m_.is(s, "impure")) return procedureHeader(s);
        break;
      case 'l':
        if (m_.is(s, "logical")) return typeDeclaration(s);
        if (m_.is(s, "lock(")) return StmtKind::ImageControl;
        break;
      case 'm':
        // MODULE PROCEDURE: names of a generic interface, or the heading of a separate module
        // procedure's body (the structure builder tells them apart).
        if (m_.is(s, "map") && s + 3 == n) return unsupported("a DEC MAP");
        if (m_.is(s, "moduleprocedure")) {
          kw(s, "module");
          kw(s + 6, "procedure");
          return StmtKind::ModuleProcedure;
        }
        if (StmtKind heading = procedureHeader(s); heading != StmtKind::Unknown) return heading;
        if (m_.is(s, "module") && m_.nameEnd(s + 6) == n && n > s + 6) return kwKind(s, "module", StmtKind::Module);
        break;
      case 'n':
        if (m_.is(s, "nullify(")) return kwKind(s, "nullify", StmtKind::Nullify);
        if (m_.is(s, "namelist")) return kwKind(s, "namelist", StmtKind::Namelist);
        break;
      case 'o':
        if (m_.is(s, "open(")) return io(s, "open", StmtKind::Open);
        if (m_.is(s, "optional")) return kwKind(s, "optional", StmtKind::AttrStmt);
        break;
      case 'p':
        if (m_.is(s, "print")) return io(s, "print", StmtKind::Print);
        if (m_.is(s, "parameter(")) return kwKind(s, "parameter", StmtKind::Parameter);
        if (m_.is(s, "program") && m_.nameEnd(s + 7) == n && n > s + 7) return kwKind(s, "program", StmtKind::Program);
        if (m_.is(s, "pointer(")) return unsupported("a Cray POINTER");
        if (m_.is(s, "pointer")) return kwKind(s, "pointer", StmtKind::AttrStmt);
        if (m_.is(s, "public")) return kwKind(s, "public", StmtKind::AttrStmt);
        if (m_.is(s, "private")) return kwKind(s, "private", StmtKind::AttrStmt);
        if (m_.is(s, "protected")) return kwKind(s, "protected", StmtKind::AttrStmt);
        if (m_.is(s, "pause")) return kwKind(s, "pause", StmtKind::Pause);
        if (m_.is(s, "pure")) return procedureHeader(s);
        if (m_.is(s, "procedure")) return kwKind(s, "procedure", StmtKind::Procedure);
        break;
      case 'r':
        if (m_.is(s, "return")) return kwKind(s, "return", StmtKind::Return);
        if (m_.is(s, "read")) return io(s, "read", StmtKind::Read);
        if (m_.is(s, "rewind")) return io(s, "rewind", StmtKind::Rewind);
        if (m_.is(s, "recursive")) return procedureHeader(s);
        if (m_.is(s, "rank(")) return kwKind(s, "rank", StmtKind::RankCase);
        if (m_.is(s, "record/")) return unsupported("a DEC RECORD");
        if (m_.is(s, "rankdefault") && m_.nameOrEnd(s + 11)) {
          kw(s, "rank");
          kw(s + 4, "default");
          return StmtKind::RankCase;
        }
        if (m_.is(s, "real")) return typeDeclaration(s);
        break;
      case 's':
        if (m_.is(s, "selectcase(")) {
          kw(s, "select");
          kw(s + 6, "case");
          return StmtKind::SelectCase;
        }
        if (m_.is(s, "selecttype(")) {
          kw(s, "select");
          kw(s + 6, "type");
          return StmtKind::SelectType;
        }
        if (m_.is(s, "selectrank(")) {
          kw(s, "select");
          kw(s + 6, "rank");
          return StmtKind::SelectRank;
        }
        if (m_.is(s, "syncall") || m_.is(s, "syncimages(") || m_.is(s, "syncmemory") || m_.is(s, "syncteam("))
          return StmtKind::ImageControl;
        if (m_.is(s, "stop")) return kwKind(s, "stop", StmtKind::Stop);
        if (m_.is(s, "save")) return kwKind(s, "save", StmtKind::AttrStmt);
        if (m_.is(s, "sequence") && s + 8 == n) return kwKind(s, "sequence", StmtKind::Sequence);
        if (m_.is(s, "structure")) return unsupported("a DEC STRUCTURE");
        if (m_.is(s, "subroutine")) return procedureHeader(s);
        if (m_.is(s, "submodule(")) return kwKind(s, "submodule", StmtKind::Submodule);
        break;
      case 't':
        if (m_.is(s, "type(")) return typeDeclaration(s);
        if (m_.is(s, "typeis(")) {
          kw(s, "type");
          kw(s + 4, "is");
          return StmtKind::TypeGuard;
        }
        if (m_.is(s, "type")) {
          size_t p = s + 4;
          if (m_.at(p) == ',' || m_.is(p, "::") || (m_.nameEnd(p) == n && n > p)) {
            kw(s, "type");
            if (m_.at(p) == ',') {
              size_t dc = scanExposed(m_, p).doubleColon;
              if (dc == npos) return StmtKind::Unknown;
            }
            return StmtKind::TypeDef;
          }
        }
        if (m_.is(s, "target")) return kwKind(s, "target", StmtKind::AttrStmt);
        break;
      case 'u':
        if (m_.is(s, "use")) return useStatement(s);
        if (m_.is(s, "union") && s + 5 == n) return unsupported("a DEC UNION");
        if (m_.is(s, "unlock(")) return StmtKind::ImageControl;
        break;
      case 'v':
        if (m_.is(s, "value")) return kwKind(s, "value", StmtKind::AttrStmt);
        if (m_.is(s, "volatile")) return kwKind(s, "volatile", StmtKind::AttrStmt);
        break;
      case 'w':
        if (m_.is(s, "write(")) return io(s, "write", StmtKind::Write);
        if (m_.is(s, "where(")) return maskedStatement(s, 5, StmtKind::Where, StmtKind::WhereConstruct);
        if (m_.is(s, "wait(")) return io(s, "wait", StmtKind::Wait);
        break;
      default:
        break;
    }
    return StmtKind::Unknown;
  }

  StmtKind kwKind(size_t s, std::string_view word, StmtKind kind) {
    kw(s, word);
    return kind;
  }

  StmtKind unsupported(const char* what) {
    unsupported_ = what;
    return StmtKind::Unknown;
  }

  /// WHERE(mask) / FORALL(header): a construct when nothing follows, else a statement.
  StmtKind maskedStatement(size_t s, size_t word, StmtKind statement, StmtKind construct) {
    size_t close = m_.groupEnd(s + word);
    if (close == npos) return StmtKind::Unknown;
    m_.keyword(s, word);
    if (close == m_.size()) return construct;
    action(close);
    return statement;
  }

  bool isArithmeticIf(size_t p) const {
    int labels = 0;
    while (p < m_.size()) {
      size_t d = m_.digitsEnd(p);
      if (d == p) return false;
      ++labels;
      p = d;
      if (p == m_.size()) break;
      if (m_.at(p) != ',') return false;
      ++p;
    }
    return labels == 3;
  }

  /// USE [, INTRINSIC] [::] name [, ONLY: list | , rename-list]
  StmtKind useStatement(size_t s) {
    kw(s, "use");
    size_t p = s + 3;
    if (m_.at(p) == ',') {
      size_t q = m_.nameEnd(p + 1);
      if (!m_.is(q, "::")) return StmtKind::Unknown;
      p = q;
    }
    if (m_.is(p, "::")) p += 2;
    size_t nameStop = m_.nameEnd(p);
    if (nameStop == p) return StmtKind::Unknown;
    if (m_.is(nameStop, ",only:")) kw(nameStop + 1, "only");
    return StmtKind::Use;
  }

 public:
  std::string unsupported_;

 private:
  Marker& m_;
  bool atUnitStart_;
  bool inInterface_;
};

}  // namespace

ClassifiedStatement StatementClassifier::classify(const LogicalStatement& statement) {
  ClassifiedStatement result;
  Marker marker(statement.text);
  size_t start = 0;
  // name: in front of a construct
  size_t nameStop = marker.nameEnd(0);
  if (nameStop > 0 && marker.at(nameStop) == ':' && marker.at(nameStop + 1) != ':') {
    static constexpr std::string_view kConstructs[] = {"do", "if(", "selectcase(", "selecttype(", "selectrank(",
                                                       "where(", "forall(", "block", "associate(", "critical"};
    for (std::string_view construct : kConstructs) {
      if (marker.is(nameStop + 1, construct)) {
        result.constructName = statement.text.substr(0, nameStop);
        start = nameStop + 1;
        break;
      }
    }
  }
  Classifier classifier(marker, atUnitStart_, interfaceDepth_ > 0);
  result.kind = classifier.classify(start);
  result.actionKind = classifier.actionKind;
  result.doLabel = classifier.doLabel;
  result.unsupported = classifier.unsupported_;
  marker.build(start, statement, result.text, result.pos);

  switch (result.kind) {
    case StmtKind::EndUnit:
    case StmtKind::Contains:
      atUnitStart_ = true;
      break;
    case StmtKind::Interface:
      ++interfaceDepth_;
      atUnitStart_ = true;
      break;
    case StmtKind::EndInterface:
      if (interfaceDepth_ > 0) --interfaceDepth_;
      atUnitStart_ = false;
      break;
    default:
      atUnitStart_ = false;
      break;
  }
  return result;
}

ClassifiedDirective StatementClassifier::classifyDirective(const LogicalStatement& statement) {
  ClassifiedDirective result;
  const std::string& t = statement.text;
  Marker m(t);
  size_t headEnd = 0;  // a directive name is letters and underscores: INTERVAL 1 cooks to interval1
  while (headEnd < t.size() && (isLetter(t[headEnd]) || t[headEnd] == '_')) ++headEnd;
  result.head = t.substr(0, headEnd);
  for (char& c : result.head) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (statement.sentinel != "dvm") {
    result.kind = DirectiveKind::Foreign;
    return result;
  }
  struct Head {
    std::string_view word;
    DirectiveKind kind;
  };
  static constexpr Head kHeads[] = {
      {"parallel", DirectiveKind::Parallel},     {"endregion", DirectiveKind::EndRegion},
      {"region", DirectiveKind::Region},         {"get_actual", DirectiveKind::GetActual},
      {"getactual", DirectiveKind::GetActual},   {"actual", DirectiveKind::Actual},
      {"distribute", DirectiveKind::Distribute}, {"align", DirectiveKind::Align},
      {"template", DirectiveKind::Template},     {"shadow", DirectiveKind::Shadow},
      {"inherit", DirectiveKind::Inherit},
  };
  result.kind = DirectiveKind::OtherDvm;
  for (const Head& head : kHeads) {
    if (!m.is(0, head.word)) continue;
    size_t p = head.word.size();
    char next = m.at(p);
    // the head must end the word unless the directive runs it into its operands (blanks are gone)
    bool operandFollows = next == '\0' || next == '(' || next == ':' || next == ',' || isLetter(next);
    if (!operandFollows) continue;
    if (head.kind == DirectiveKind::Shadow && m.is(0, "shadow_")) continue;  // SHADOW_START, ...
    result.kind = head.kind;
    switch (head.kind) {
      case DirectiveKind::EndRegion:
        m.keyword(0, 3);
        m.keyword(3, 6);
        break;
      case DirectiveKind::GetActual:
        m.keyword(0, head.word.size());
        break;
      case DirectiveKind::Parallel: {
        m.keyword(0, 8);
        if (m.at(p) == '(') {
          size_t close = m.groupEnd(p);
          if (close != npos && m.is(close, "on")) m.keyword(close, 2);
        }
        break;
      }
      case DirectiveKind::Distribute:
      case DirectiveKind::Align: {
        m.keyword(0, head.word.size());
        std::string_view joiner = head.kind == DirectiveKind::Align ? "with" : "onto";
        // the joiner follows the first closing parenthesis at depth 0
        size_t q = p;
        if (m.at(q) != '(') q = m.nameEnd(q);
        if (m.at(q) == '(') q = m.groupEnd(q);
        if (q != npos && m.is(q, joiner)) m.keyword(q, joiner.size());
        break;
      }
      default:
        m.keyword(0, head.word.size());
        break;
    }
    result.head = std::string(directiveKindName(head.kind));
    break;
  }
  if (result.kind != DirectiveKind::OtherDvm) m.build(0, statement, result.text, result.pos);
  return result;
}

}  // namespace sapfor::frontend

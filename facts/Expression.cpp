/// @file Expression.cpp
#include "facts/Expression.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>

namespace sapfor::facts {

namespace {

constexpr std::array<std::string_view, 27> kTags = {
    "", "", "int", "real", "logical", "string", "boz", "", "element", "section", "substring", "call", "intrinsic",
    "statement_function", "apply", "subscript", "component", "paren", "complex", "array", "range", "keyword",
    "implied_do", "star", "alt_return", "constant", "binding",
};
static_assert(kTags.size() == static_cast<size_t>(ExpressionKind::Binding) + 1);

constexpr std::array<std::string_view, 17> kOperators = {
    "+", "-", "*", "/", "**", "//", "==", "/=", "<", "<=", ">", ">=", ".and.", ".or.", ".not.", ".eqv.", ".neqv.",
};

bool isOperator(std::string_view tag) {
  for (std::string_view op : kOperators)
    if (tag == op) return true;
  // a defined operator: .name.
  if (tag.size() < 3 || tag.front() != '.' || tag.back() != '.') return false;
  for (char c : tag.substr(1, tag.size() - 2))
    if (!(std::isalpha(static_cast<unsigned char>(c)))) return false;
  return true;
}

bool namesSomething(ExpressionKind kind) {
  return kind == ExpressionKind::Element || kind == ExpressionKind::Section || kind == ExpressionKind::Substring ||
         kind == ExpressionKind::Call || kind == ExpressionKind::Intrinsic ||
         kind == ExpressionKind::StatementFunction || kind == ExpressionKind::Apply;
}

/// A reader of the JSON the writer below produces (and any JSON of that shape: blanks, escapes).
class JsonReader {
 public:
  JsonReader(std::string_view text, const std::string& what) : text_(text), what_(what) {}

  void expectEnd() {
    skipBlanks();
    if (at_ != text_.size()) fail("text after the value");
  }

  Expression expression() {
    struct Nesting {  // how deep the reader is, for the depth limit
      int& depth;
      explicit Nesting(int& d) : depth(d) { ++depth; }
      ~Nesting() { --depth; }
    } nesting(depth_);
    if (depth_ > kMaxExpressionDepth)
      throw ExpressionTooDeep(what_ + ": nested deeper than " + std::to_string(kMaxExpressionDepth) + " levels");
    skipBlanks();
    Expression e;
    if (peek() == '"') {
      e.kind = ExpressionKind::Name;
      e.text = string();
    } else if (peek() == 'n') {
      literal("null");
    } else if (peek() == '-' || std::isdigit(static_cast<unsigned char>(peek()))) {
      e.kind = ExpressionKind::Integer;
      e.value = integer();
    } else if (peek() == '[') {
      ++at_;
      skipBlanks();
      std::string tag = string();
      e.kind = kindOfTag(tag);
      if (e.kind == ExpressionKind::Operator) {
        e.text = std::move(tag);
        e.args.reserve(2);  // one or two operands: one allocation, no move of the first
        while (more()) e.args.push_back(expression());
        if (e.args.empty() || e.args.size() > 2) fail("an operator takes one or two operands");
      } else {
        fields(e);
      }
      close(']');
    } else {
      fail("an expression");
    }
    return e;
  }

  std::vector<Expression> list() {
    skipBlanks();
    open('[');
    std::vector<Expression> items;
    skipBlanks();
    if (peek() == ']') {
      ++at_;
      return items;
    }
    items.push_back(expression());
    while (more()) items.push_back(expression());
    close(']');
    return items;
  }

  StatementExpressions statement() {
    StatementExpressions s;
    skipBlanks();
    open('{');
    skipBlanks();
    if (peek() == '}') {
      ++at_;
      return s;
    }
    do {
      skipBlanks();
      std::string key = string();
      skipBlanks();
      open(':');
      if (key == "name") {
        skipBlanks();
        s.name = string();
      } else if (key == "exprs") {
        s.exprs = list();
      } else if (key == "items") {
        s.items = list();
      } else if (key == "action") {
        s.action.push_back(statement());
      } else {
        fail("a member name, exprs, items or action");
      }
    } while (more());
    close('}');
    return s;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw ExpressionFormatError(what_ + ": expected " + what + " at offset " + std::to_string(at_) + " of '" +
                                std::string(text_.substr(0, 200)) + "'");
  }

  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }

  void skipBlanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\t' || text_[at_] == '\r'))
      ++at_;
  }

  void open(char c) {
    if (peek() != c) fail(std::string("'") + c + "'");
    ++at_;
  }

  void close(char c) {
    skipBlanks();
    open(c);
  }

  /// After an item: true and past the comma when another follows.
  bool more() {
    skipBlanks();
    if (peek() != ',') return false;
    ++at_;
    return true;
  }

  void literal(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) fail(std::string(word));
    at_ += word.size();
  }

  bool nullNext() {
    skipBlanks();
    if (peek() != 'n') return false;
    literal("null");
    return true;
  }

  int64_t integer() {
    skipBlanks();
    int64_t v = 0;
    auto [end, ec] = std::from_chars(text_.data() + at_, text_.data() + text_.size(), v);
    if (ec != std::errc()) fail("an integer");
    at_ = static_cast<size_t>(end - text_.data());
    if (peek() == '.' || peek() == 'e' || peek() == 'E') fail("an integer, not a real number");
    return v;
  }

  void appendUtf8(uint32_t code, std::string& out) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  std::string string() {
    open('"');
    std::string out;
    while (true) {
      // The plain characters up to the next quote or escape, at once.
      const size_t plain = text_.find_first_of("\"\\", at_);
      if (plain == std::string_view::npos) {
        at_ = text_.size();
        fail("the end of a string");
      }
      out.append(text_.substr(at_, plain - at_));
      at_ = plain;
      char c = text_[at_++];
      if (c == '"') return out;
      char escaped = peek();
      ++at_;
      switch (escaped) {
        case '"': case '\\': case '/': out += escaped; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t code = 0;
          if (at_ + 4 > text_.size()) fail("four hexadecimal digits");
          auto [end, ec] = std::from_chars(text_.data() + at_, text_.data() + at_ + 4, code, 16);
          if (ec != std::errc() || end != text_.data() + at_ + 4) fail("four hexadecimal digits");
          at_ += 4;
          appendUtf8(code, out);
          break;
        }
        default: fail("an escape");
      }
    }
  }

  ExpressionKind kindOfTag(const std::string& tag) {
    for (size_t k = 0; k < kTags.size(); ++k)
      if (!kTags[k].empty() && kTags[k] == tag) return static_cast<ExpressionKind>(k);
    if (isOperator(tag)) return ExpressionKind::Operator;
    at_ -= tag.size() + 2;
    fail("a node tag");
  }

  void literalKind(Expression& e) {
    if (!more()) return;
    skipBlanks();
    if (peek() == '"')
      e.literalKind = string();
    else
      e.literalKind = integer();
  }

  /// The members of a node after its tag, up to its closing bracket.
  void fields(Expression& e) {
    using K = ExpressionKind;
    auto next = [&] {
      if (!more()) fail("another member");
    };
    auto operands = [&](size_t atLeast) {
      // Most lists are short (subscripts, arguments): room for four at once, not 1, 2, 4.
      if (more()) {
        e.args.reserve(4);
        do e.args.push_back(expression());
        while (more());
      }
      if (e.args.size() < atLeast) fail("more operands");
    };
    switch (e.kind) {
      case K::Integer: next(); e.value = integer(); literalKind(e); return;
      case K::Logical: next(); e.value = integer(); literalKind(e); return;
      case K::Real: case K::String: next(); skipBlanks(); e.text = string(); literalKind(e); return;
      case K::Boz: next(); skipBlanks(); e.text = string(); return;
      case K::Element: case K::Section: case K::Substring: case K::Call: case K::Intrinsic:
      case K::StatementFunction: case K::Apply:
        next(); skipBlanks(); e.text = string(); operands(0); return;
      case K::Subscript: operands(1); return;
      case K::Component: next(); e.args.push_back(expression()); next(); skipBlanks(); e.text = string(); return;
      case K::Binding:
        next(); e.args.push_back(expression()); next(); skipBlanks(); e.text = string();
        while (more()) e.args.push_back(expression());
        return;
      case K::Paren: operands(1); if (e.args.size() != 1) fail("one operand"); return;
      case K::Complex: operands(2); if (e.args.size() != 2) fail("two parts"); return;
      case K::Array: operands(0); return;
      case K::Range: operands(3); if (e.args.size() != 3) fail("three parts"); return;
      case K::Keyword: next(); skipBlanks(); e.text = string(); next(); e.args.push_back(expression()); return;
      case K::ImpliedDo: next(); skipBlanks(); e.text = string(); operands(3); return;
      case K::Star: return;
      case K::AltReturn: next(); e.value = integer(); return;
      case K::Constant:
        next(); skipBlanks(); e.text = string(); operands(0);
        if (e.args.size() > 1 || (e.args.size() == 1 && e.args[0].kind != K::Integer && e.args[0].kind != K::Real &&
                                  e.args[0].kind != K::Logical))
          fail("one literal value");
        return;
      case K::Null: case K::Name: case K::Operator: break;
    }
    fail("a node tag");
  }

  std::string_view text_;
  const std::string& what_;
  size_t at_ = 0;
  int depth_ = 0;
};

void appendLiteralKind(const Expression& e, std::string& out) {
  if (std::holds_alternative<int64_t>(e.literalKind)) {
    out += ',';
    appendJsonInteger(std::get<int64_t>(e.literalKind), out);
  } else if (std::holds_alternative<std::string>(e.literalKind)) {
    out += ',';
    appendJsonString(std::get<std::string>(e.literalKind), out);
  }
}

void appendList(const std::vector<Expression>& list, size_t from, std::string& out) {
  for (size_t i = from; i < list.size(); ++i) {
    out += ',';
    appendJson(list[i], out);
  }
}

}  // namespace

std::optional<int64_t> integerValue(const Expression& e) {
  if (e.kind == ExpressionKind::Integer) return e.value;
  if (e.kind == ExpressionKind::Constant && e.args.size() == 1 && e.args[0].kind == ExpressionKind::Integer) return e.args[0].value;
  return std::nullopt;
}

std::optional<bool> logicalValue(const Expression& e) {
  const Expression& x = withoutParens(e);
  if (x.kind == ExpressionKind::Logical) return x.value != 0;
  if (x.kind == ExpressionKind::Constant)
    return x.args.size() == 1 && x.args[0].kind == ExpressionKind::Logical ? std::optional<bool>(x.args[0].value != 0)
                                                                           : std::nullopt;
  if (x.kind != ExpressionKind::Operator) return std::nullopt;
  if (x.text == ".not." && x.args.size() == 1) {
    const std::optional<bool> a = logicalValue(x.args[0]);
    return a ? std::optional<bool>(!*a) : std::nullopt;
  }
  if (x.args.size() != 2) return std::nullopt;
  if (x.text == ".and." || x.text == ".or." || x.text == ".eqv." || x.text == ".neqv.") {
    const std::optional<bool> a = logicalValue(x.args[0]), b = logicalValue(x.args[1]);
    if (!a || !b) return std::nullopt;
    if (x.text == ".and.") return *a && *b;
    if (x.text == ".or.") return *a || *b;
    return (*a == *b) == (x.text == ".eqv.");
  }
  const std::optional<int64_t> a = integerValue(withoutParens(x.args[0])), b = integerValue(withoutParens(x.args[1]));
  if (!a || !b) return std::nullopt;
  if (x.text == "==") return *a == *b;
  if (x.text == "/=") return *a != *b;
  if (x.text == "<") return *a < *b;
  if (x.text == "<=") return *a <= *b;
  if (x.text == ">") return *a > *b;
  if (x.text == ">=") return *a >= *b;
  return std::nullopt;
}

const Expression& withoutParens(const Expression& e) {
  const Expression* p = &e;
  while (p->kind == ExpressionKind::Paren && !p->args.empty()) p = &p->args[0];
  return *p;
}

namespace {

void printFortran(const Expression& e, std::string& out);

void printFortranList(const std::vector<Expression>& list, size_t from, size_t to, std::string& out) {
  for (size_t i = from; i < to && i < list.size(); ++i) {
    if (i > from) out += ',';
    printFortran(list[i], out);
  }
}

void printLiteralKind(const Expression& e, std::string& out) {
  if (std::holds_alternative<int64_t>(e.literalKind))
    appendJsonInteger(std::get<int64_t>(e.literalKind), (out += '_'));
  else if (std::holds_alternative<std::string>(e.literalKind))
    out += '_' + std::get<std::string>(e.literalKind);
}

void printFortran(const Expression& e, std::string& out) {
  using K = ExpressionKind;
  switch (e.kind) {
    case K::Null: return;
    case K::Name: case K::Boz: case K::Constant: out += e.text; return;
    case K::Integer: appendJsonInteger(e.value, out); printLiteralKind(e, out); return;
    case K::Real: out += e.text; printLiteralKind(e, out); return;
    case K::Logical: out += e.value ? ".true." : ".false."; printLiteralKind(e, out); return;
    case K::String:  // KIND_'text'
      if (std::holds_alternative<int64_t>(e.literalKind))
        appendJsonInteger(std::get<int64_t>(e.literalKind), out), out += '_';
      else if (std::holds_alternative<std::string>(e.literalKind))
        out += std::get<std::string>(e.literalKind) + '_';
      out += e.text;
      return;
    case K::Operator:
      if (e.args.size() == 1) {
        out += e.text;
        printFortran(e.args[0], out);
      } else {
        printFortran(e.args[0], out);
        out += e.text;
        printFortran(e.args[1], out);
      }
      return;
    case K::Element: case K::Section: case K::Substring: case K::Call: case K::Intrinsic:
    case K::StatementFunction: case K::Apply:
      out += e.text;
      out += '(';
      printFortranList(e.args, 0, e.args.size(), out);
      out += ')';
      return;
    case K::Subscript:
      printFortran(e.args[0], out);
      out += '(';
      printFortranList(e.args, 1, e.args.size(), out);
      out += ')';
      return;
    case K::Component:
      printFortran(e.args[0], out);
      out += '%';
      out += e.text;
      return;
    case K::Binding:
      printFortran(e.args[0], out);
      out += '%';
      out += e.text;
      out += '(';
      printFortranList(e.args, 1, e.args.size(), out);
      out += ')';
      return;
    case K::Paren: case K::Complex:
      out += '(';
      printFortranList(e.args, 0, e.args.size(), out);
      out += ')';
      return;
    case K::Array:
      out += '[';
      printFortranList(e.args, 0, e.args.size(), out);
      out += ']';
      return;
    case K::Range:
      printFortran(e.args[0], out);
      out += ':';
      printFortran(e.args[1], out);
      if (!e.args[2].isNull()) {
        out += ':';
        printFortran(e.args[2], out);
      }
      return;
    case K::Keyword:
      out += e.text;
      out += '=';
      printFortran(e.args[0], out);
      return;
    case K::ImpliedDo:
      out += '(';
      printFortranList(e.args, 3, e.args.size(), out);
      out += ',';
      out += e.text;
      out += '=';
      printFortranList(e.args, 0, e.args[2].isNull() ? 2 : 3, out);
      out += ')';
      return;
    case K::Star: out += '*'; return;
    case K::AltReturn: out += '*'; appendJsonInteger(e.value, out); return;
  }
}

}  // namespace

std::string_view tagOf(ExpressionKind kind) { return kTags[static_cast<size_t>(kind)]; }

void appendJsonInteger(int64_t v, std::string& out) {
  char buffer[24];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  out.append(buffer, end);
}

void appendJsonString(std::string_view text, std::string& out) {
  out += '"';
  // Names and most literals need no escape: appended at once (the front end writes millions).
  size_t plain = 0;
  while (plain < text.size() && text[plain] != '"' && text[plain] != '\\' && static_cast<unsigned char>(text[plain]) >= 0x20)
    ++plain;
  out.append(text.data(), plain);
  for (char c : text.substr(plain)) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += escaped;
    } else {
      out += c;
    }
  }
  out += '"';
}

void appendJson(const Expression& e, std::string& out) {
  using K = ExpressionKind;
  switch (e.kind) {
    case K::Null: out += "null"; return;
    case K::Name: appendJsonString(e.text, out); return;
    case K::Integer:
      if (std::holds_alternative<std::monostate>(e.literalKind)) {
        appendJsonInteger(e.value, out);
        return;
      }
      break;
    default: break;
  }
  out += '[';
  appendJsonString(e.kind == K::Operator ? std::string_view(e.text) : tagOf(e.kind), out);
  switch (e.kind) {
    case K::Integer: case K::Logical:
      out += ',';
      appendJsonInteger(e.value, out);
      appendLiteralKind(e, out);
      break;
    case K::Real: case K::String:
      out += ',';
      appendJsonString(e.text, out);
      appendLiteralKind(e, out);
      break;
    case K::Boz:
      out += ',';
      appendJsonString(e.text, out);
      break;
    case K::Component:
      appendList(e.args, 0, out);
      out += ',';
      appendJsonString(e.text, out);
      break;
    case K::Binding:
      if (!e.args.empty()) {
        out += ',';
        appendJson(e.args[0], out);
      }
      out += ',';
      appendJsonString(e.text, out);
      for (size_t k = 1; k < e.args.size(); ++k) {
        out += ',';
        appendJson(e.args[k], out);
      }
      break;
    case K::Keyword: case K::ImpliedDo: case K::Constant:
      out += ',';
      appendJsonString(e.text, out);
      appendList(e.args, 0, out);
      break;
    case K::AltReturn:
      out += ',';
      appendJsonInteger(e.value, out);
      break;
    default:
      if (namesSomething(e.kind)) {
        out += ',';
        appendJsonString(e.text, out);
      }
      appendList(e.args, 0, out);
      break;
  }
  out += ']';
}

std::string toJson(const Expression& e) {
  std::string out;
  appendJson(e, out);
  return out;
}

std::string toJson(const std::vector<Expression>& list) {
  std::string out = "[";
  for (size_t i = 0; i < list.size(); ++i) {
    if (i) out += ',';
    appendJson(list[i], out);
  }
  return out + "]";
}

std::string toJson(const StatementExpressions& s) {
  std::string out = "{";
  auto member = [&](std::string_view name) {
    if (out.size() > 1) out += ',';
    appendJsonString(name, out);
    out += ':';
  };
  if (!s.name.empty()) {
    member("name");
    appendJsonString(s.name, out);
  }
  if (!s.exprs.empty()) {
    member("exprs");
    out += toJson(s.exprs);
  }
  if (!s.items.empty()) {
    member("items");
    out += toJson(s.items);
  }
  for (const StatementExpressions& action : s.action) {
    member("action");
    out += toJson(action);
  }
  return out + "}";
}

Expression parseExpression(std::string_view json, const std::string& what) {
  JsonReader reader(json, what);
  Expression e = reader.expression();
  reader.expectEnd();
  return e;
}

std::vector<Expression> parseExpressionList(std::string_view json, const std::string& what) {
  JsonReader reader(json, what);
  std::vector<Expression> list = reader.list();
  reader.expectEnd();
  return list;
}

StatementExpressions parseStatementExpressions(std::string_view json, const std::string& what) {
  JsonReader reader(json, what);
  StatementExpressions s = reader.statement();
  reader.expectEnd();
  return s;
}

std::string fortranText(const Expression& e) {
  std::string out;
  printFortran(e, out);
  return out;
}

}  // namespace sapfor::facts

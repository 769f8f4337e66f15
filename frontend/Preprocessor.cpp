/// @file Preprocessor.cpp
#include "frontend/Preprocessor.hpp"

#include "frontend/CheckedArithmetic.hpp"

#include <cctype>
#include <filesystem>
#include <algorithm>
#include <set>

namespace sapfor::frontend {
namespace fs = std::filesystem;

namespace {

constexpr int kMaxIncludeDepth = 16;
constexpr int kMaxExpansionDepth = 32;
/// What macro expansion may write for one line and for one file with its headers, intermediate
/// results included: a nested macro's text is written once per level it passes through, and a
/// call's arguments are expanded before they are put in place. A macro that doubles its
/// predecessor 30 times would write 2^30 copies of x; the line's budget is four times the longest
/// statement the parser takes (ProgramStructure.cpp), the file's enough for a million lines with a
/// short macro on each.
constexpr size_t kMaxLineExpansion = size_t{4} << 20;
constexpr size_t kMaxFileExpansion = size_t{64} << 20;

bool isIdentifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view trimmed(std::string_view s) {
  size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

/// The integer expressions of #if, after `defined` and macros are replaced: C precedence, no
/// assignments; unknown identifiers are 0. Arithmetic is checked: division by zero, a result
/// outside 64 bits and a shift count outside 0-63 make the condition fail with the reason (C
/// leaves them undefined), except in an operand that is not evaluated (the right of `0 &&`, `1 ||`,
/// the arm `?:` does not take), as in C.
class ConditionEvaluator {
 public:
  explicit ConditionEvaluator(std::string_view text) : t_(text) {}

  /// The value, or nullopt with `failure()` saying why.
  std::optional<int64_t> evaluate() {
    int64_t value = conditional();
    skipBlanks();
    if (failure_.empty() && p_ != t_.size()) failure_ = "unexpected '" + std::string(t_.substr(p_, 1)) + "'";
    if (!failure_.empty()) return std::nullopt;
    return value;
  }
  const std::string& failure() const { return failure_; }

 private:
  /// Parentheses, unary operators and `?:` nest at most this deep: the evaluator recurses through
  /// every precedence level for each, and a condition is a line that may be megabytes long.
  static constexpr int kMaxNesting = 256;

  /// Counts one level of nesting while it lives.
  struct Nesting {
    explicit Nesting(ConditionEvaluator& e) : e_(e) {
      if (++e_.nesting_ > kMaxNesting) e_.fail("nested more than " + std::to_string(kMaxNesting) + " deep");
    }
    ~Nesting() { --e_.nesting_; }
    ConditionEvaluator& e_;
  };

  void fail(std::string reason) {
    if (failure_.empty()) failure_ = std::move(reason);
    p_ = t_.size();  // nothing more is read: the recursion unwinds
  }
  /// The result of an operation; on overflow or division by zero, 0 and a failure where the operand
  /// is evaluated.
  int64_t checked(std::optional<int64_t> result, const char* reason) {
    if (result) return *result;
    if (evaluated_) fail(reason);
    return 0;
  }
  /// Parses an operand that C does not evaluate when `evaluated` is false: its faults do not count.
  template <typename Parse>
  int64_t operand(bool evaluated, Parse parse) {
    bool outer = evaluated_;
    evaluated_ = outer && evaluated;
    int64_t v = parse();
    evaluated_ = outer;
    return v;
  }

  void skipBlanks() {
    while (p_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[p_]))) ++p_;
  }
  bool accept(std::string_view op) {
    skipBlanks();
    if (t_.compare(p_, op.size(), op) != 0) return false;
    // do not take "<" from "<<" or "&" from "&&"
    if (op.size() == 1 && p_ + 1 < t_.size() && (op == "<" || op == ">" || op == "&" || op == "|" || op == "=" || op == "!")) {
      char next = t_[p_ + 1];
      if ((op == "<" && (next == '<' || next == '=')) || (op == ">" && (next == '>' || next == '=')) ||
          (op == "&" && next == '&') || (op == "|" && next == '|') || (op == "!" && next == '='))
        return false;
    }
    p_ += op.size();
    return true;
  }

  int64_t conditional() {
    int64_t c = logicalOr();
    if (accept("?")) {
      Nesting nesting(*this);
      int64_t a = operand(c != 0, [&] { return conditional(); });
      if (!accept(":")) fail("'?' without ':'");
      int64_t b = operand(c == 0, [&] { return conditional(); });
      return c ? a : b;
    }
    return c;
  }
  int64_t logicalOr() {
    int64_t v = logicalAnd();
    while (accept("||")) v = operand(v == 0, [&] { return logicalAnd(); }) != 0 || v != 0;
    return v;
  }
  int64_t logicalAnd() {
    int64_t v = bitOr();
    while (accept("&&")) v = operand(v != 0, [&] { return bitOr(); }) != 0 && v != 0;
    return v;
  }
  int64_t bitOr() {
    int64_t v = bitXor();
    while (accept("|")) v |= bitXor();
    return v;
  }
  int64_t bitXor() {
    int64_t v = bitAnd();
    while (accept("^")) v ^= bitAnd();
    return v;
  }
  int64_t bitAnd() {
    int64_t v = equality();
    while (accept("&")) v &= equality();
    return v;
  }
  int64_t equality() {
    int64_t v = relational();
    for (;;) {
      if (accept("==")) v = v == relational();
      else if (accept("!=")) v = v != relational();
      else return v;
    }
  }
  int64_t relational() {
    int64_t v = shift();
    for (;;) {
      if (accept("<=")) v = v <= shift();
      else if (accept(">=")) v = v >= shift();
      else if (accept("<")) v = v < shift();
      else if (accept(">")) v = v > shift();
      else return v;
    }
  }
  int64_t shift() {
    int64_t v = additive();
    for (;;) {
      bool left = accept("<<");
      if (!left && !accept(">>")) return v;
      int64_t count = additive();
      if (count < 0 || count > 63) {
        v = checked(std::nullopt, "shift count out of range (0 to 63)");
      } else if (left) {
        v = checked(checkedMul(v, int64_t{1} << count), "integer overflow");  // a << n is a * 2^n
      } else {
        v = v >= 0 ? v >> count : ~(~v >> count);  // arithmetic: rounds toward minus infinity
      }
    }
  }
  int64_t additive() {
    int64_t v = multiplicative();
    for (;;) {
      if (accept("+")) v = checked(checkedAdd(v, multiplicative()), "integer overflow");
      else if (accept("-")) v = checked(checkedSub(v, multiplicative()), "integer overflow");
      else return v;
    }
  }
  int64_t multiplicative() {
    int64_t v = unary();
    for (;;) {
      if (accept("*")) {
        v = checked(checkedMul(v, unary()), "integer overflow");
      } else if (accept("/")) {
        int64_t d = unary();
        v = checked(checkedDiv(v, d), d == 0 ? "division by zero" : "integer overflow");
      } else if (accept("%")) {
        v = checked(checkedRem(v, unary()), "division by zero");
      } else {
        return v;
      }
    }
  }
  int64_t unary() {
    for (const char* op : {"!", "~", "-", "+"}) {
      if (!accept(op)) continue;
      Nesting nesting(*this);
      int64_t v = unary();
      switch (*op) {
        case '!': return !v;
        case '~': return ~v;
        case '-': return checked(checkedNeg(v), "integer overflow");
        default: return v;
      }
    }
    return primary();
  }
  int64_t primary() {
    skipBlanks();
    if (accept("(")) {
      Nesting nesting(*this);
      int64_t v = conditional();
      if (!accept(")")) fail("'(' without ')'");
      return v;
    }
    if (p_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[p_]))) return number();
    if (p_ < t_.size() && isIdentifierStart(t_[p_])) {
      while (p_ < t_.size() && isIdentifierChar(t_[p_])) ++p_;
      return 0;  // an identifier that is not a macro
    }
    fail(p_ < t_.size() ? "unexpected '" + std::string(t_.substr(p_, 1)) + "'" : "an operand is missing");
    return 0;
  }
  /// A C integer constant: decimal, 0x hexadecimal or 0 octal, with u/l suffixes.
  int64_t number() {
    int base = 10;
    if (t_[p_] == '0' && p_ + 1 < t_.size() && (t_[p_ + 1] == 'x' || t_[p_ + 1] == 'X')) {
      base = 16;
      p_ += 2;
    } else if (t_[p_] == '0') {
      base = 8;
    }
    int64_t value = 0;
    bool fits = true;
    size_t start = p_;
    for (; p_ < t_.size() && std::isxdigit(static_cast<unsigned char>(t_[p_])); ++p_) {
      unsigned char c = static_cast<unsigned char>(t_[p_]);
      int digit = std::isdigit(c) ? c - '0' : std::tolower(c) - 'a' + 10;
      if (digit >= base) break;
      fits = fits && !__builtin_mul_overflow(value, base, &value) && !__builtin_add_overflow(value, digit, &value);
    }
    if (base == 16 && p_ == start) fail("0x without digits");
    if (!fits) fail("integer constant " + std::string(t_.substr(start, p_ - start)) + " does not fit in 64 bits");
    while (p_ < t_.size() && (t_[p_] == 'u' || t_[p_] == 'U' || t_[p_] == 'l' || t_[p_] == 'L')) ++p_;
    return value;
  }

  std::string_view t_;
  size_t p_ = 0;
  std::string failure_;
  bool evaluated_ = true;
  int nesting_ = 0;
};

/// A file's lines with C comments removed, as gfortran's cpp (traditional mode) removes them: a
/// comment is deleted, not replaced by a blank (`a/**/b` is `ab`), and one that spans lines joins
/// what follows it on its last line to its first line and leaves the lines between empty, so that
/// every other line keeps its number. `/*` opens no comment inside a character literal (one a line
/// does not close ends with it, as in cpp), in a `!` comment or on a fixed-form comment line, where
/// cpp would open one; `//` is Fortran's concatenation, not a comment. `columns` gives each kept
/// character's column on its own line (for text joined from a later line: on that line).
struct CommentFreeLines {
  std::vector<bool> changed;  ///< false: the original line
  std::vector<std::string> text;
  std::vector<std::vector<uint32_t>> columns;
  SourcePos unterminated;  ///< where a comment the file does not close begins (line 0: none)
};

CommentFreeLines stripCComments(const SourceFile& file, SourceForm form) {
  const std::vector<std::string_view>& lines = file.lines;
  CommentFreeLines out;
  out.changed.assign(lines.size(), false);
  if (file.text.find("/*") == std::string::npos) return out;
  out.text.resize(lines.size());
  out.columns.resize(lines.size());
  // The line being built (the target: a comment that spans lines began on it) and whether a
  // comment was taken out of it.
  size_t target = std::string::npos;
  std::string text;
  std::vector<uint32_t> columns;
  bool removed = false, directive = false, inComment = false;
  auto finishTarget = [&] {
    if (target != std::string::npos && removed) {
      out.changed[target] = true;
      out.text[target] = std::move(text);
      out.columns[target] = std::move(columns);
    }
    text.clear();
    columns.clear();
    removed = false;
    target = std::string::npos;
  };
  for (size_t li = 0; li < lines.size(); ++li) {
    std::string_view line = lines[li];
    size_t from = 0;
    if (inComment) {
      out.changed[li] = true;  // left empty: what follows the comment's end joins the target
      size_t close = line.find("*/");
      if (close == std::string_view::npos) continue;
      inComment = false;
      from = close + 2;
    } else {
      finishTarget();
      char c0 = line.empty() ? ' ' : line[0];
      bool commentLine = form == SourceForm::Fixed && std::string_view("cC*!dD").find(c0) != std::string_view::npos;
      if (commentLine) continue;  // a comment or debug line of fixed form: nothing to take out
      target = li;
      size_t first = line.find_first_not_of(" \t");
      directive = first != std::string_view::npos && line[first] == '#';  // C: no `!` comments there
    }
    char quote = 0;
    for (size_t i = from; i < line.size(); ++i) {
      char c = line[i];
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '!' && !directive) {
        text.append(line.substr(i));  // a Fortran comment to the end of the line
        for (; i < line.size(); ++i) columns.push_back(static_cast<uint32_t>(i + 1));
        break;
      } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '*') {
        removed = true;
        size_t close = line.find("*/", i + 2);
        if (close == std::string_view::npos) {
          inComment = true;
          out.unterminated = {static_cast<uint32_t>(li + 1), static_cast<uint32_t>(i + 1)};
          break;
        }
        i = close + 1;
        continue;
      }
      text.push_back(c);
      columns.push_back(static_cast<uint32_t>(i + 1));
    }
  }
  finishTarget();
  if (!inComment) out.unterminated = {};
  return out;
}

}  // namespace

std::optional<IncludeLookup> findInclude(const std::string& name, const SourceFile& includer,
                                         const std::vector<std::string>& includeDirs) {
  std::vector<fs::path> candidates;
  if (fs::path(name).is_absolute()) {
    candidates.push_back(name);
  } else {
    candidates.push_back(fs::path(includer.userPath.empty() ? includer.path : includer.userPath).parent_path() / name);
    for (const std::string& dir : includeDirs) candidates.push_back(fs::path(dir) / name);
  }
  for (const fs::path& candidate : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec))
      return IncludeLookup{fs::weakly_canonical(candidate).string(), candidate.lexically_normal().string()};
  }
  return std::nullopt;
}

int loadInclude(FileTable& files, const IncludeLookup& found,
                const std::function<std::string(const std::string&)>& displayPathOf, std::string& error) {
  // Loaded once and kept for the whole run: files parsed in parallel may include it at any time.
  return files.findOrAdd(found.path, [&]() -> std::unique_ptr<SourceFile> {
    auto file = std::make_unique<SourceFile>();
    file->path = found.path;
    file->userPath = found.userPath;
    file->displayPath = displayPathOf(found.path);
    if (auto failure = loadSourceText(*file)) {
      error = failure->reason;
      return nullptr;
    }
    return file;
  });
}

Preprocessor::Preprocessor(FileTable& files, DiagnosticSink& diagnostics, const PreprocessorOptions& options,
                           std::function<std::string(const std::string&)> displayPathOf)
    : files_(files), diagnostics_(diagnostics), options_(options), displayPathOf_(std::move(displayPathOf)) {}

void Preprocessor::report(int fileIndex, uint32_t line, uint32_t col, Severity severity, std::string message) {
  diagnostics_.report(fileDiagnostic(files_, fileIndex, {line, col}, severity, std::move(message)));
}

std::vector<PreprocessedLine> Preprocessor::run(int fileIndex) {
  macros_.clear();
  for (const auto& [name, value] : options_.defines) macros_[name] = Macro{false, {}, value};
  for (const std::string& name : options_.undefines) macros_.erase(name);
  conditionals_.clear();
  expandedInFile_ = 0;
  expansionSpent_ = false;
  form_ = files_.at(fileIndex).form;
  includeStack_.assign(1, fileIndex);
  std::vector<PreprocessedLine> out;
  process(fileIndex, 0, out);
  if (!conditionals_.empty() && !expansionSpent_) {
    report(fileIndex, static_cast<uint32_t>(files_.at(fileIndex).lines.size()), 1, Severity::Warning,
           std::to_string(conditionals_.size()) + " #if without #endif at the end of the file");
    conditionals_.clear();
  }
  return out;
}

bool Preprocessor::active() const {
  return conditionals_.empty() || (conditionals_.back().taking && conditionals_.back().enclosingActive);
}

void Preprocessor::process(int fileIndex, int depth, std::vector<PreprocessedLine>& out) {
  const SourceFile& file = files_.at(fileIndex);
  CommentFreeLines stripped = stripCComments(file, form_);
  if (stripped.unterminated.line)
    report(fileIndex, stripped.unterminated.line, stripped.unterminated.col, Severity::Error,
           "/* comment without */: the rest of the file is skipped");
  auto lineText = [&](size_t li) { return stripped.changed[li] ? std::string_view(stripped.text[li]) : file.lines[li]; };
  for (size_t li = 0; li < file.lines.size() && !expansionSpent_; ++li) {
    std::string_view raw = lineText(li);
    uint32_t lineNo = static_cast<uint32_t>(li + 1);
    size_t first = raw.find_first_not_of(" \t");
    if (first != std::string_view::npos && raw[first] == '#') {
      // A directive may continue on the next lines with a trailing backslash.
      std::string text(raw.substr(first + 1));
      while (!text.empty() && text.back() == '\\' && li + 1 < file.lines.size()) {
        text.pop_back();
        text += ' ';
        text += std::string(lineText(++li));
      }
      directive(fileIndex, lineNo, text, depth, out);
      continue;
    }
    if (active()) out.push_back(substitute(fileIndex, lineNo, raw, stripped.changed[li] ? &stripped.columns[li] : nullptr));
  }
}

void Preprocessor::directive(int fileIndex, uint32_t line, std::string_view text, int depth,
                             std::vector<PreprocessedLine>& out) {
  std::string_view body = trimmed(text);
  size_t nameEnd = 0;
  while (nameEnd < body.size() && std::isalpha(static_cast<unsigned char>(body[nameEnd]))) ++nameEnd;
  std::string name(body.substr(0, nameEnd));
  std::string_view rest = trimmed(body.substr(nameEnd));
  auto identifier = [&](std::string_view s) {
    size_t end = 0;
    while (end < s.size() && isIdentifierChar(s[end])) ++end;
    return std::string(s.substr(0, end));
  };

  if (name == "if" || name == "ifdef" || name == "ifndef") {
    bool enclosing = active();
    bool value = false;
    if (enclosing) {
      if (name == "if")
        value = evaluate(fileIndex, line, rest);
      else
        value = macros_.count(identifier(rest)) == (name == "ifdef" ? 1u : 0u);
    }
    conditionals_.push_back({value, value, enclosing});
    return;
  }
  if (name == "elif" || name == "else" || name == "endif") {
    if (conditionals_.empty()) {
      report(fileIndex, line, 1, Severity::Warning, "#" + name + " without #if");
      return;
    }
    Conditional& c = conditionals_.back();
    if (name == "endif") {
      conditionals_.pop_back();
    } else if (name == "else") {
      c.taking = !c.taken;
      c.taken = true;
    } else {
      c.taking = !c.taken && c.enclosingActive && evaluate(fileIndex, line, rest);
      c.taken = c.taken || c.taking;
    }
    return;
  }
  if (!active()) return;

  if (name == "define") {
    std::string macro = identifier(rest);
    if (macro.empty()) {
      report(fileIndex, line, 1, Severity::Warning, "#define without a name");
      return;
    }
    std::string_view value = rest.substr(macro.size());
    Macro definition;
    if (!value.empty() && value.front() == '(') {  // NAME( with no blank: a function-like macro
      size_t close = value.find(')');
      if (close == std::string_view::npos) {
        report(fileIndex, line, 1, Severity::Error, "#define " + macro + "( has no closing parenthesis");
        return;
      }
      definition.function = true;
      std::string_view list = value.substr(1, close - 1);
      for (size_t start = 0; start <= list.size();) {
        size_t comma = list.find(',', start);
        std::string_view parameter = trimmed(list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (!parameter.empty()) definition.parameters.emplace_back(parameter);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
      }
      value = value.substr(close + 1);
    }
    definition.body = std::string(trimmed(value));
    macros_[macro] = std::move(definition);
  } else if (name == "undef") {
    macros_.erase(identifier(rest));
  } else if (name == "include") {
    if (rest.size() < 2 || !((rest.front() == '"' && rest.back() == '"') || (rest.front() == '<' && rest.back() == '>'))) {
      report(fileIndex, line, 1, Severity::Error, "#include needs \"file\" or <file>");
      return;
    }
    std::string target(rest.substr(1, rest.size() - 2));
    if (depth >= kMaxIncludeDepth) {
      report(fileIndex, line, 1, Severity::Error, "#include nested more than " + std::to_string(kMaxIncludeDepth) + " deep");
      return;
    }
    auto found = findInclude(target, files_.at(fileIndex), options_.includeDirs);
    if (!found) {
      report(fileIndex, line, 1, Severity::Error,
             "cannot find #include file '" + target + "' (searched beside the including file and in -I directories)");
      return;
    }
    std::string error;
    int index = loadInclude(files_, *found, displayPathOf_, error);
    if (index < 0) {
      report(fileIndex, line, 1, Severity::Error, "cannot read #include file '" + target + "': " + error);
      return;
    }
    for (int open : includeStack_)
      if (open == index) {
        report(fileIndex, line, 1, Severity::Error, "#include of '" + target + "' includes itself");
        return;
      }
    includes_.emplace_back(index, fileIndex);
    includeStack_.push_back(index);
    process(index, depth + 1, out);
    includeStack_.pop_back();
  } else if (name == "error") {
    report(fileIndex, line, 1, Severity::Error, "#error " + std::string(rest));
  } else if (name == "warning") {
    report(fileIndex, line, 1, Severity::Warning, "#warning " + std::string(rest));
  } else if (name == "line" || name == "pragma" || name == "ident" || name.empty()) {
    // Nothing to do: line markers (# 12 "file"), pragmas and empty directives.
  } else {
    report(fileIndex, line, 1, Severity::Unsupported, "preprocessor directive #" + name + " is ignored");
  }
}

bool Preprocessor::evaluate(int fileIndex, uint32_t line, std::string_view expression) {
  // `defined X` and `defined(X)` first, then macros, then the arithmetic.
  std::string text;
  for (size_t i = 0; i < expression.size();) {
    if (expression.compare(i, 7, "defined") == 0 && (i == 0 || !isIdentifierChar(expression[i - 1])) &&
        (i + 7 == expression.size() || !isIdentifierChar(expression[i + 7]))) {
      size_t p = i + 7;
      while (p < expression.size() && std::isspace(static_cast<unsigned char>(expression[p]))) ++p;
      bool paren = p < expression.size() && expression[p] == '(';
      if (paren) ++p;
      while (p < expression.size() && std::isspace(static_cast<unsigned char>(expression[p]))) ++p;
      size_t start = p;
      while (p < expression.size() && isIdentifierChar(expression[p])) ++p;
      std::string macro(expression.substr(start, p - start));
      if (paren) {
        while (p < expression.size() && expression[p] != ')') ++p;
        if (p < expression.size()) ++p;
      }
      text += macros_.count(macro) ? " 1 " : " 0 ";
      i = p;
    } else {
      text.push_back(expression[i++]);
    }
  }
  Expansion expansion = lineExpansion(fileIndex, line);
  std::string expanded = expandText(text, expansion, false);  // the evaluator only views it
  if (!settle(expansion, fileIndex, line, 1)) return false;
  ConditionEvaluator evaluator(expanded);
  std::optional<int64_t> value = evaluator.evaluate();
  if (!value) {
    std::string shown(trimmed(expression));
    if (shown.size() > 80) shown = shown.substr(0, 77) + "...";
    report(fileIndex, line, 1, Severity::Error, "#if " + shown + ": " + evaluator.failure() + "; taken as false");
    return false;
  }
  return *value != 0;
}

Preprocessor::Expansion Preprocessor::lineExpansion(int fileIndex, uint32_t line) const {
  Expansion expansion;
  expansion.fileIndex = fileIndex;
  expansion.line = line;
  expansion.budget = std::min(kMaxLineExpansion, kMaxFileExpansion - expandedInFile_);
  return expansion;
}

bool Preprocessor::settle(const Expansion& expansion, int fileIndex, uint32_t line, uint32_t col) {
  expandedInFile_ += std::min(expansion.written, kMaxFileExpansion - expandedInFile_);
  if (!expansion.exhausted) return true;
  if (expandedInFile_ >= kMaxFileExpansion) {
    report(fileIndex, line, col, Severity::Error,
           "macro expansion has written more than " + std::to_string(kMaxFileExpansion) +
               " characters for this file (nested expansions included); the rest of it is skipped");
    expansionSpent_ = true;
  } else {
    report(fileIndex, line, col, Severity::Error,
           "macro expansion of this line writes more than " + std::to_string(kMaxLineExpansion) +
               " characters (nested expansions included); line skipped");
  }
  return false;
}

namespace {

/// A function-like macro call's arguments, text[at] being '(': split at the commas outside
/// parentheses and literals. Returns the index after ')', or npos when it is not closed.
size_t readArguments(std::string_view text, size_t at, std::vector<std::string>& arguments) {
  int depth = 0;
  char quote = 0;
  std::string current;
  for (size_t i = at; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(') {
      if (depth++ == 0) continue;
    } else if (c == ')') {
      if (--depth == 0) {
        arguments.emplace_back(trimmed(current));
        return i + 1;
      }
    } else if (c == ',' && depth == 1) {
      arguments.emplace_back(trimmed(current));
      current.clear();
      continue;
    }
    current.push_back(c);
  }
  return std::string_view::npos;
}

}  // namespace

std::optional<std::pair<std::string, size_t>> Preprocessor::expandUse(std::string_view text, size_t at, size_t nameEnd,
                                                                      Expansion& expansion) const {
  std::string name(text.substr(at, nameEnd - at));
  auto found = macros_.find(name);
  // The predefined macros cpp gives every file (real codes report errors with them).
  if (found == macros_.end() && expansion.fileIndex >= 0 && (name == "__LINE__" || name == "__FILE__"))
    return std::make_pair(name == "__LINE__" ? std::to_string(expansion.line)
                                             : "\"" + files_.at(expansion.fileIndex).displayPath + "\"",
                          nameEnd);
  std::vector<std::string>& active = expansion.active;
  if (expansion.exhausted || found == macros_.end() || std::find(active.begin(), active.end(), name) != active.end() ||
      active.size() >= static_cast<size_t>(kMaxExpansionDepth))
    return std::nullopt;
  const Macro& macro = found->second;
  size_t end = nameEnd;
  std::string body = macro.body;
  if (macro.function) {
    size_t open = nameEnd;
    while (open < text.size() && (text[open] == ' ' || text[open] == '\t')) ++open;
    if (open >= text.size() || text[open] != '(') return std::nullopt;  // the name alone is not a call
    std::vector<std::string> arguments;
    end = readArguments(text, open, arguments);
    if (end == std::string_view::npos) return std::nullopt;
    if (arguments.size() == 1 && arguments[0].empty() && macro.parameters.empty()) arguments.clear();
    // Arguments are expanded first, then put in place of the parameters.
    for (std::string& argument : arguments) argument = expandText(argument, expansion, true);
    std::string substituted;
    for (size_t i = 0; i < body.size();) {
      if (isIdentifierStart(body[i]) && (i == 0 || !isIdentifierChar(body[i - 1]))) {
        size_t e = i;
        while (e < body.size() && isIdentifierChar(body[e])) ++e;
        std::string word = body.substr(i, e - i);
        auto parameter = std::find(macro.parameters.begin(), macro.parameters.end(), word);
        size_t index = static_cast<size_t>(parameter - macro.parameters.begin());
        substituted += parameter != macro.parameters.end() && index < arguments.size() ? arguments[index] : word;
        i = e;
      } else {
        substituted.push_back(body[i++]);
      }
    }
    body = std::move(substituted);
  }
  active.push_back(name);
  std::string expanded = expandText(body, expansion, true);
  active.pop_back();
  if (expansion.exhausted) return std::nullopt;
  return std::make_pair(std::move(expanded), end);
}

std::string Preprocessor::expandText(std::string_view text, Expansion& expansion, bool fortran) const {
  std::string out;
  char quote = 0;
  for (size_t i = 0; i < text.size();) {
    if (expansion.written + out.size() > expansion.budget) expansion.exhausted = true;
    if (expansion.exhausted) break;
    char c = text[i];
    if (fortran) {
      if (quote) {
        if (c == quote) quote = 0;
        out.push_back(c);
        ++i;
        continue;
      }
      if (c == '\'' || c == '"') {
        quote = c;
        out.push_back(c);
        ++i;
        continue;
      }
      if (c == '!') {
        out.append(text.substr(i));
        break;
      }
    }
    if (isIdentifierStart(c) && (i == 0 || !isIdentifierChar(text[i - 1]))) {
      size_t end = i;
      while (end < text.size() && isIdentifierChar(text[end])) ++end;
      if (auto use = expandUse(text, i, end, expansion)) {
        out += use->first;
        i = use->second;
      } else {
        out.append(text.substr(i, end - i));
        i = end;
      }
      continue;
    }
    out.push_back(c);
    ++i;
  }
  expansion.written += out.size();
  return out;
}

PreprocessedLine Preprocessor::substitute(int fileIndex, uint32_t line, std::string_view text,
                                          const std::vector<uint32_t>* origin) {
  PreprocessedLine result{fileIndex, line, std::string(text), origin ? *origin : std::vector<uint32_t>{}};
  if (macros_.empty() && text.find("__") == std::string_view::npos) return result;
  auto column = [&](size_t i) { return origin ? (*origin)[i] : static_cast<uint32_t>(i + 1); };
  // Where a C comment was taken out (the columns are not adjacent) a name ends, as in cpp:
  // N/**/1 is the macro N, then 1.
  auto adjacent = [&](size_t i) { return !origin || (*origin)[i] == (*origin)[i - 1] + 1; };
  std::string out;
  std::vector<uint32_t> columns;
  bool changed = false;
  char quote = 0;
  Expansion expansion = lineExpansion(fileIndex, line);
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '!') {
      // The rest is a comment.
      for (; i < text.size(); ++i) {
        out.push_back(text[i]);
        columns.push_back(column(i));
      }
      break;
    } else if (isIdentifierStart(c) && (i == 0 || !isIdentifierChar(text[i - 1]) || !adjacent(i))) {
      size_t end = i + 1;
      while (end < text.size() && isIdentifierChar(text[end]) && adjacent(end)) ++end;
      if (auto use = expandUse(text, i, end, expansion)) {
        // The expansion stands where the macro's name stood.
        out += use->first;
        columns.insert(columns.end(), use->first.size(), column(i));
        changed = true;
        i = use->second;
      } else {
        if (expansion.exhausted) {
          settle(expansion, fileIndex, line, column(i));
          return {fileIndex, line, std::string(), {}};
        }
        for (size_t k = i; k < end; ++k) {
          out.push_back(text[k]);
          columns.push_back(column(k));
        }
        i = end;
      }
      continue;
    }
    out.push_back(c);
    columns.push_back(column(i));
    ++i;
  }
  settle(expansion, fileIndex, line, 1);
  if (changed) {
    result.text = std::move(out);
    result.columns = std::move(columns);
  }
  return result;
}

}  // namespace sapfor::frontend

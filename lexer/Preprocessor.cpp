/// @file Preprocessor.cpp
#include "lexer/Preprocessor.hpp"

#include <cctype>
#include <filesystem>
#include <algorithm>
#include <set>

namespace sapfor::lexer {
namespace fs = std::filesystem;

namespace {

constexpr int kMaxIncludeDepth = 16;
constexpr int kMaxExpansionDepth = 32;

bool isIdentifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view trimmed(std::string_view s) {
  size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

/// The integer expressions of #if, after `defined` and macros are replaced: C precedence, no
/// assignments; unknown identifiers are 0.
class ConditionEvaluator {
 public:
  explicit ConditionEvaluator(std::string_view text) : t_(text) {}

  bool evaluate(long long& value) {
    value = conditional();
    skipBlanks();
    return ok_ && p_ == t_.size();
  }

 private:
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

  long long conditional() {
    long long c = logicalOr();
    if (accept("?")) {
      long long a = conditional();
      if (!accept(":")) ok_ = false;
      long long b = conditional();
      return c ? a : b;
    }
    return c;
  }
  long long logicalOr() {
    long long v = logicalAnd();
    while (accept("||")) v = logicalAnd() || v;
    return v;
  }
  long long logicalAnd() {
    long long v = bitOr();
    while (accept("&&")) v = bitOr() && v;
    return v;
  }
  long long bitOr() {
    long long v = bitXor();
    while (accept("|")) v |= bitXor();
    return v;
  }
  long long bitXor() {
    long long v = bitAnd();
    while (accept("^")) v ^= bitAnd();
    return v;
  }
  long long bitAnd() {
    long long v = equality();
    while (accept("&")) v &= equality();
    return v;
  }
  long long equality() {
    long long v = relational();
    for (;;) {
      if (accept("==")) v = v == relational();
      else if (accept("!=")) v = v != relational();
      else return v;
    }
  }
  long long relational() {
    long long v = shift();
    for (;;) {
      if (accept("<=")) v = v <= shift();
      else if (accept(">=")) v = v >= shift();
      else if (accept("<")) v = v < shift();
      else if (accept(">")) v = v > shift();
      else return v;
    }
  }
  long long shift() {
    long long v = additive();
    for (;;) {
      if (accept("<<")) v <<= (additive() & 63);
      else if (accept(">>")) v >>= (additive() & 63);
      else return v;
    }
  }
  long long additive() {
    long long v = multiplicative();
    for (;;) {
      if (accept("+")) v += multiplicative();
      else if (accept("-")) v -= multiplicative();
      else return v;
    }
  }
  long long multiplicative() {
    long long v = unary();
    for (;;) {
      if (accept("*")) {
        v *= unary();
      } else if (accept("/") || accept("%")) {
        bool modulo = t_[p_ - 1] == '%';
        long long d = unary();
        if (d == 0) {
          ok_ = false;
          return 0;
        }
        v = modulo ? v % d : v / d;
      } else {
        return v;
      }
    }
  }
  long long unary() {
    if (accept("!")) return !unary();
    if (accept("~")) return ~unary();
    if (accept("-")) return -unary();
    if (accept("+")) return unary();
    return primary();
  }
  long long primary() {
    skipBlanks();
    if (accept("(")) {
      long long v = conditional();
      if (!accept(")")) ok_ = false;
      return v;
    }
    if (p_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[p_]))) {
      size_t used = 0;
      long long v = 0;
      try {
        v = std::stoll(std::string(t_.substr(p_)), &used, 0);
      } catch (...) {
        ok_ = false;
      }
      p_ += used;
      while (p_ < t_.size() && (t_[p_] == 'u' || t_[p_] == 'U' || t_[p_] == 'l' || t_[p_] == 'L')) ++p_;
      return v;
    }
    if (p_ < t_.size() && isIdentifierStart(t_[p_])) {
      while (p_ < t_.size() && isIdentifierChar(t_[p_])) ++p_;
      return 0;  // an identifier that is not a macro
    }
    ok_ = false;
    return 0;
  }

  std::string_view t_;
  size_t p_ = 0;
  bool ok_ = true;
};

}  // namespace

bool needsPreprocessing(std::string_view path) {
  size_t dot = path.find_last_of('.');
  size_t slash = path.find_last_of('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return false;
  std::string_view ext = path.substr(dot + 1);
  static const char* const preprocessed[] = {"F", "FOR", "FPP", "F77", "F90", "F95", "F03", "F08", "fpp"};
  for (const char* e : preprocessed)
    if (ext == e) return true;
  return false;
}

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
  includeStack_.assign(1, fileIndex);
  std::vector<PreprocessedLine> out;
  process(fileIndex, 0, out);
  if (!conditionals_.empty()) {
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
  for (size_t li = 0; li < file.lines.size(); ++li) {
    std::string_view raw = file.lines[li];
    uint32_t lineNo = static_cast<uint32_t>(li + 1);
    size_t first = raw.find_first_not_of(" \t");
    if (first != std::string_view::npos && raw[first] == '#') {
      // A directive may continue on the next lines with a trailing backslash.
      std::string text(raw.substr(first + 1));
      while (!text.empty() && text.back() == '\\' && li + 1 < file.lines.size()) {
        text.pop_back();
        text += ' ';
        text += std::string(file.lines[++li]);
      }
      directive(fileIndex, lineNo, text, depth, out);
      continue;
    }
    if (active()) out.push_back(substitute(fileIndex, lineNo, raw));
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
        value = evaluate(fileIndex, line, rest) != 0;
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
      c.taking = !c.taken && c.enclosingActive && evaluate(fileIndex, line, rest) != 0;
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

long long Preprocessor::evaluate(int fileIndex, uint32_t line, std::string_view expression) {
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
  long long value = 0;
  std::vector<std::string> active;
  std::string expanded = expandText(text, active, false);  // the evaluator only views it
  ConditionEvaluator evaluator(expanded);
  if (!evaluator.evaluate(value)) {
    report(fileIndex, line, 1, Severity::Warning, "cannot evaluate #if " + std::string(expression) + "; taken as false");
    return 0;
  }
  return value;
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
                                                                      std::vector<std::string>& active) const {
  std::string name(text.substr(at, nameEnd - at));
  auto found = macros_.find(name);
  if (found == macros_.end() || std::find(active.begin(), active.end(), name) != active.end() ||
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
    for (std::string& argument : arguments) argument = expandText(argument, active, true);
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
  std::string expansion = expandText(body, active, true);
  active.pop_back();
  return std::make_pair(std::move(expansion), end);
}

std::string Preprocessor::expandText(std::string_view text, std::vector<std::string>& active, bool fortran) const {
  std::string out;
  char quote = 0;
  for (size_t i = 0; i < text.size();) {
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
      if (auto use = expandUse(text, i, end, active)) {
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
  return out;
}

PreprocessedLine Preprocessor::substitute(int fileIndex, uint32_t line, std::string_view text) const {
  PreprocessedLine result{fileIndex, line, std::string(text), {}};
  if (macros_.empty()) return result;
  std::string out;
  std::vector<uint32_t> columns;
  bool changed = false;
  char quote = 0;
  std::vector<std::string> active;
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
        columns.push_back(static_cast<uint32_t>(i + 1));
      }
      break;
    } else if (isIdentifierStart(c) && (i == 0 || !isIdentifierChar(text[i - 1]))) {
      size_t end = i;
      while (end < text.size() && isIdentifierChar(text[end])) ++end;
      if (auto use = expandUse(text, i, end, active)) {
        // The expansion stands where the macro's name stood.
        out += use->first;
        columns.insert(columns.end(), use->first.size(), static_cast<uint32_t>(i + 1));
        changed = true;
        i = use->second;
      } else {
        for (size_t k = i; k < end; ++k) {
          out.push_back(text[k]);
          columns.push_back(static_cast<uint32_t>(k + 1));
        }
        i = end;
      }
      continue;
    }
    out.push_back(c);
    columns.push_back(static_cast<uint32_t>(i + 1));
    ++i;
  }
  if (changed) {
    result.text = std::move(out);
    result.columns = std::move(columns);
  }
  return result;
}

}  // namespace sapfor::lexer

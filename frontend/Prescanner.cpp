/// @file Prescanner.cpp
#include "frontend/Prescanner.hpp"

#include "frontend/CheckedArithmetic.hpp"

#include <algorithm>
#include <cctype>

namespace sapfor::frontend {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\f'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
char toLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + ('a' - 'A')) : c; }

std::string lowered(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = toLower(c);
  return result;
}

constexpr size_t kFixedBodyColumns = 66;  // columns 7..72
constexpr int kMaxIncludeDepth = 16;

}  // namespace

std::string directiveFamily(std::string_view sentinelText) {
  if (sentinelText.size() < 4) return {};
  std::string s = lowered(sentinelText.substr(0, 4));
  if (s == "dvm$") return "dvm";
  if (s == "$omp") return "omp";
  if (s == "$acc") return "acc";
  if (s == "$spf") return "spf";
  if (s == "hpf$") return "hpf";
  return {};
}

/// The scan of one file: a small state machine over its physical lines that builds one logical
/// statement at a time.
class Prescanner::FileScan {
 public:
  FileScan(Prescanner& owner, int fileIndex, const std::vector<Line>& lines, int depth, std::vector<LogicalStatement>& out)
      : owner_(owner), form_(owner.form_), fileIndex_(fileIndex), lines_(lines), depth_(depth), out_(out) {}

  void run() {
    if (form_ == SourceForm::Fixed)
      scanFixed();
    else
      scanFree();
    finish();
  }

 private:
  enum class LineEnd { Normal, Continued };

  void report(uint32_t line, uint32_t col, Severity severity, std::string message) {
    int fileIndex = line_ ? line_->fileIndex : fileIndex_;
    owner_.diagnostics_.report(fileDiagnostic(owner_.files_, fileIndex, {line, col}, severity, std::move(message)));
  }

  /// The source column of a character of the current line (preprocessing may have moved it).
  uint32_t column(size_t index) const {
    const std::vector<uint32_t>* columns = line_ ? line_->columns : nullptr;
    if (!columns || columns->empty()) return static_cast<uint32_t>(index + 1);
    return (*columns)[std::min(index, columns->size() - 1)];
  }

  void begin(LogicalStatement::Kind kind, uint32_t line, int label, bool startsLine, std::string sentinel = {}) {
    finish();
    current_ = LogicalStatement{};
    current_.kind = kind;
    current_.fileIndex = line_ ? line_->fileIndex : fileIndex_;
    current_.label = label;
    current_.firstLine = current_.lastLine = line;
    current_.startsLine = startsLine;
    current_.sentinel = std::move(sentinel);
    open_ = true;
  }

  void append(char c, uint32_t line, size_t index) {
    current_.text.push_back(c);
    current_.pos.push_back({line, column(index)});
    current_.lastLine = line;
  }

  void finish() {
    if (!open_) return;
    open_ = false;
    if (quote_) {
      report(quoteStart_.line, quoteStart_.col, Severity::Error, "unterminated character literal");
      quote_ = 0;
      current_.damaged = true;
    }
    if (current_.text.empty()) {
      if (current_.label != 0)
        report(current_.firstLine, 1, Severity::Warning, "label " + std::to_string(current_.label) +
                                                             " on an empty statement");
      return;
    }
    SourcePos last = current_.pos.back();
    current_.pos.push_back({last.line, last.col + 1});
    while (!current_.display.empty() && current_.display.back() == ' ') current_.display.pop_back();
    if (!current_.display.empty() && current_.display.front() == ' ') current_.display.erase(0, 1);
    if (isIncludeLine(current_)) {
      owner_.expandInclude(current_, out_, depth_);
      return;
    }
    out_.push_back(std::move(current_));
  }

  static bool isIncludeLine(const LogicalStatement& s) {
    const std::string& t = s.text;
    if (s.kind != LogicalStatement::Kind::Fortran || t.size() < 9 || t.compare(0, 7, "include") != 0) return false;
    char q = t[7];
    return (q == '\'' || q == '"') && t.back() == q && t.find(q, 8) == t.size() - 1;
  }

  /// Hollerith constant nHxxx where a constant may stand (after `(`, `,`, `/`, `=`, or the `.` of
  /// a dotted operator): emitted as a quoted literal. Returns the index of its last character, or
  /// `i` when none.
  size_t cookHollerith(std::string_view line, size_t i, size_t to, uint32_t lineNo) {
    if (current_.text.empty()) return i;
    char prev = current_.text.back();
    if (prev != '(' && prev != ',' && prev != '/' && prev != '=' && prev != '.') return i;
    size_t j = i;
    size_t count = 0;
    while (j < to && (isDigit(line[j]) || isBlank(line[j]))) {
      if (isDigit(line[j])) count = count * 10 + static_cast<size_t>(line[j] - '0');
      if (count > 10000) return i;
      ++j;
    }
    if (j >= to || (line[j] != 'h' && line[j] != 'H') || count == 0) return i;
    append('\'', lineNo, j);
    for (size_t k = 0; k < count; ++k) {
      size_t at = j + 1 + k;
      char c = at < to ? line[at] : ' ';  // lines are blank-padded (to column 72 in fixed form)
      append(c, lineNo, std::min(at, to));
      if (c == '\'') append('\'', lineNo, std::min(at, to));
    }
    append('\'', lineNo, std::min(j + count, to));
    return std::min(j + count, to - 1);
  }

  /// Cooks line[from, to): blanks dropped and letters lowered outside literals, `!` comments
  /// dropped, `;` splitting statements; in free form a trailing `&` continues the statement.
  /// Directives keep their text as written for people to read: blanks collapsed to one.
  void appendDisplay(char c) {
    if (isBlank(c)) {
      if (!current_.display.empty() && current_.display.back() != ' ') current_.display.push_back(' ');
      return;
    }
    current_.display.push_back(c);
  }

  LineEnd cook(std::string_view line, size_t from, size_t to, uint32_t lineNo) {
    bool fixed = form_ == SourceForm::Fixed;
    bool directive = current_.kind == LogicalStatement::Kind::Directive;
    if (directive) appendDisplay(' ');
    LineEnd end = cookChars(line, from, to, lineNo, fixed, directive);
    return end;
  }

  LineEnd cookChars(std::string_view line, size_t from, size_t to, uint32_t lineNo, bool fixed, bool directive) {
    // At most one character and one position per source character: reserving them spares a
    // statement its vectors' doublings (3% of a parsing thread's instructions, callgrind).
    const size_t room = current_.text.size() + (to > from ? to - from : 0) + 1;
    if (current_.pos.capacity() < room) {
      current_.text.reserve(std::max(room, 2 * current_.text.capacity()));
      current_.pos.reserve(std::max(room, 2 * current_.pos.capacity()));
    }
    for (size_t i = from; i < to; ++i) {
      char c = line[i];
      if (directive && !(c == '!' && !quote_) && !(c == '&' && !fixed && line.find_first_not_of(" 	", i + 1) == std::string_view::npos))
        appendDisplay(c);
      if (quote_) {
        if (!fixed && c == '&' && line.find_first_not_of(" \t\f", i + 1) == std::string_view::npos)
          return LineEnd::Continued;
        append(c, lineNo, i);
        if (c == quote_) {
          if (i + 1 < to && line[i + 1] == quote_) {
            append(line[i + 1], lineNo, i + 1);
            ++i;
          } else {
            quote_ = 0;
          }
        }
        continue;
      }
      if (isBlank(c)) continue;
      if (c == '!') break;
      if (c == '\'' || c == '"') {
        quote_ = c;
        quoteStart_ = {lineNo, column(i)};
        append(c, lineNo, i);
        continue;
      }
      if (c == ';' && current_.kind == LogicalStatement::Kind::Fortran) {
        begin(LogicalStatement::Kind::Fortran, lineNo, 0, false);
        continue;
      }
      if (!fixed && c == '&') {
        size_t next = line.find_first_not_of(" \t\f", i + 1);
        if (next == std::string_view::npos || line[next] == '!') return LineEnd::Continued;
      }
      if (isDigit(c) && current_.kind == LogicalStatement::Kind::Fortran) {
        size_t end = cookHollerith(line, i, to, lineNo);
        if (end != i) {
          i = end;
          continue;
        }
      }
      append(toLower(c), lineNo, i);
    }
    return LineEnd::Normal;
  }

  int parseLabel(std::string_view field, uint32_t lineNo) {
    int label = 0;
    bool any = false;
    for (size_t i = 0; i < field.size(); ++i) {
      char c = field[i];
      if (isBlank(c)) continue;
      if (!isDigit(c)) {
        report(lineNo, column(i), Severity::Error,
               std::string("invalid character '") + c + "' in the label field (columns 1-5)");
        return 0;
      }
      any = true;
      label = label * 10 + (c - '0');
    }
    return any ? label : 0;
  }

  void reportPreprocessorLine(uint32_t lineNo) {
    if (preprocessorReported_) return;
    preprocessorReported_ = true;
    report(lineNo, 1, Severity::Unsupported,
           "preprocessor lines are skipped: this file is not C-preprocessed (files with an upper-case "
           "extension or .fpp are, and every file with --cpp)");
  }

  void scanFixed() {
    for (const Line& line : lines_) {
      line_ = &line;
      std::string_view raw = line.text;
      uint32_t lineNo = line.number;
      if (raw.empty()) continue;
      char c0 = raw[0];
      if (c0 == 'c' || c0 == 'C' || c0 == '*' || c0 == '!') {
        std::string family = raw.size() >= 5 ? directiveFamily(raw.substr(1, 4)) : std::string();
        if (!family.empty()) fixedDirectiveLine(raw, lineNo, family);
        continue;
      }
      if (c0 == 'd' || c0 == 'D') continue;  // debug line: a comment unless compiled with -fd-lines-as-code
      if (c0 == '#') {
        reportPreprocessorLine(lineNo);
        continue;
      }
      size_t first = raw.find_first_not_of(" \t\f");
      if (first == std::string_view::npos) continue;
      if (raw[first] == '!' && first != 5) continue;

      size_t bodyStart;
      bool continuation;
      std::string_view labelField;
      size_t tab = raw.substr(0, std::min<size_t>(6, raw.size())).find('\t');
      if (tab != std::string_view::npos) {  // DEC tab format: tab, then a digit 1-9 for continuation
        labelField = raw.substr(0, tab);
        size_t after = tab + 1;
        continuation = after < raw.size() && raw[after] >= '1' && raw[after] <= '9';
        bodyStart = continuation ? after + 1 : after;
      } else {
        labelField = raw.substr(0, std::min<size_t>(5, raw.size()));
        char c6 = raw.size() > 5 ? raw[5] : ' ';
        continuation = c6 != ' ' && c6 != '0';
        bodyStart = 6;
      }
      size_t bodyEnd = std::min(raw.size(), bodyStart + kFixedBodyColumns);
      bodyStart = std::min(bodyStart, raw.size());
      int label = parseLabel(labelField, lineNo);
      if (continuation) {
        if (!open_ || current_.kind != LogicalStatement::Kind::Fortran) {
          // What it would continue is lost; taking it for a statement would only add errors.
          report(lineNo, 6, Severity::Error, "continuation line without a statement to continue; line skipped");
          finish();
          continue;
        }
      } else {
        begin(LogicalStatement::Kind::Fortran, lineNo, label, true);
      }
      cook(raw, bodyStart, bodyEnd, lineNo);
    }
  }

  void fixedDirectiveLine(std::string_view raw, uint32_t lineNo, const std::string& family) {
    char c6 = raw.size() > 5 ? raw[5] : ' ';
    bool continuation = c6 != ' ' && c6 != '0' && c6 != '\t';
    if (continuation) {
      if (!open_ || current_.kind != LogicalStatement::Kind::Directive || current_.sentinel != family) {
        report(lineNo, 6, Severity::Error, "directive continuation line without a directive to continue");
        begin(LogicalStatement::Kind::Directive, lineNo, 0, true, family);
      }
    } else {
      begin(LogicalStatement::Kind::Directive, lineNo, 0, true, family);
    }
    cook(raw, std::min<size_t>(6, raw.size()), std::min<size_t>(raw.size(), 6 + kFixedBodyColumns), lineNo);
  }

  void scanFree() {
    bool continuing = false;
    for (const Line& line : lines_) {
      line_ = &line;
      std::string_view raw = line.text;
      uint32_t lineNo = line.number;
      size_t first = raw.find_first_not_of(" \t\f");
      if (continuing) {
        if (first == std::string_view::npos) continue;
        bool directive = open_ && current_.kind == LogicalStatement::Kind::Directive;
        if (raw[first] == '!' && !quote_) {
          if (directive && directiveFamily(raw.substr(first + 1)) == current_.sentinel) {
            size_t start = raw.find_first_not_of(" \t\f", first + 5);
            if (start != std::string_view::npos && raw[start] == '&') ++start;
            continuing = cook(raw, std::min(start, raw.size()), raw.size(), lineNo) == LineEnd::Continued;
            if (!continuing) finish();
          }
          continue;  // comment lines may stand between continuation lines
        }
        if (!directive) {
          size_t start = first;
          if (raw[start] == '&')
            ++start;
          else if (quote_)
            start = 0;  // a continued literal resumes in column 1 without a leading &
          continuing = cook(raw, start, raw.size(), lineNo) == LineEnd::Continued;
          if (!continuing) finish();
          continue;
        }
        report(lineNo, column(first), Severity::Error,
               "a continued directive must continue on a directive line");
        finish();
        continuing = false;
      }
      if (first == std::string_view::npos) continue;
      if (raw[first] == '!') {
        std::string family = directiveFamily(raw.substr(first + 1));
        if (family.empty()) continue;
        begin(LogicalStatement::Kind::Directive, lineNo, 0, true, family);
        continuing = cook(raw, first + 5, raw.size(), lineNo) == LineEnd::Continued;
        if (!continuing) finish();
        continue;
      }
      if (raw[first] == '#') {
        reportPreprocessorLine(lineNo);
        continue;
      }
      size_t start = first;
      int label = 0;
      size_t digits = first;
      while (digits < raw.size() && isDigit(raw[digits])) ++digits;
      if (digits > first && digits - first <= 5 && (digits == raw.size() || isBlank(raw[digits]))) {
        label = *decimalValue(raw.substr(first, digits - first));  // five digits at most
        start = digits;
      }
      begin(LogicalStatement::Kind::Fortran, lineNo, label, true);
      continuing = cook(raw, start, raw.size(), lineNo) == LineEnd::Continued;
      if (!continuing) finish();
    }
    if (continuing)
      report(lines_.empty() ? 1 : lines_.back().number, 1, Severity::Error,
             "the file ends inside a continued statement");
  }

  Prescanner& owner_;
  SourceForm form_;  ///< the form of the file being loaded: an INCLUDEd file is read in it
  int fileIndex_;
  const std::vector<Line>& lines_;
  const Line* line_ = nullptr;  ///< the line being scanned
  int depth_;
  std::vector<LogicalStatement>& out_;
  LogicalStatement current_;
  bool open_ = false;
  char quote_ = 0;
  SourcePos quoteStart_;
  bool preprocessorReported_ = false;
};

Prescanner::Prescanner(FileTable& files, DiagnosticSink& diagnostics, const PreprocessorOptions& options,
                       std::function<std::string(const std::string&)> displayPathOf)
    : files_(files), diagnostics_(diagnostics), options_(options), displayPathOf_(std::move(displayPathOf)) {}

namespace {

std::vector<Prescanner::Line> linesOf(const SourceFile& file, int fileIndex) {
  std::vector<Prescanner::Line> lines;
  lines.reserve(file.lines.size());
  for (size_t i = 0; i < file.lines.size(); ++i)
    lines.push_back({file.lines[i], fileIndex, static_cast<uint32_t>(i + 1), nullptr});
  return lines;
}

}  // namespace

std::vector<LogicalStatement> Prescanner::scan(int fileIndex) {
  std::vector<LogicalStatement> out;
  includeStack_.assign(1, fileIndex);
  const SourceFile& file = files_.at(fileIndex);
  form_ = file.form;
  if (options_.always || needsPreprocessing(file.path)) {
    Preprocessor preprocessor(files_, diagnostics_, options_, displayPathOf_);
    std::vector<PreprocessedLine> preprocessed = preprocessor.run(fileIndex);
    includes_ = preprocessor.includes();
    std::vector<Line> lines;
    lines.reserve(preprocessed.size());
    for (const PreprocessedLine& p : preprocessed)
      lines.push_back({p.text, p.fileIndex, p.line, p.columns.empty() ? nullptr : &p.columns});
    scanLines(fileIndex, lines, 0, out);
  } else {
    scanLines(fileIndex, linesOf(file, fileIndex), 0, out);
  }
  return out;
}

void Prescanner::scanLines(int fileIndex, const std::vector<Line>& lines, int depth, std::vector<LogicalStatement>& out) {
  FileScan(*this, fileIndex, lines, depth, out).run();
}

void Prescanner::expandInclude(const LogicalStatement& include, std::vector<LogicalStatement>& out, int depth) {
  std::string name = include.text.substr(8, include.text.size() - 9);
  auto report = [&](std::string message) {
    diagnostics_.report(fileDiagnostic(files_, include.fileIndex, {include.firstLine, include.pos[0].col}, Severity::Error,
                                       std::move(message)));
  };
  if (depth >= kMaxIncludeDepth) {
    report("INCLUDE nested more than " + std::to_string(kMaxIncludeDepth) + " deep");
    return;
  }
  auto found = findInclude(name, files_.at(include.fileIndex), options_.includeDirs);
  if (!found) {
    report("cannot find INCLUDE file '" + name + "' (searched beside the including file and in -I directories)");
    return;
  }
  std::string error;
  int index = loadInclude(files_, *found, displayPathOf_, error);
  if (index < 0) {
    report("cannot read INCLUDE file '" + name + "': " + error);
    return;
  }
  if (std::find(includeStack_.begin(), includeStack_.end(), index) != includeStack_.end()) {
    report("INCLUDE of '" + name + "' includes itself");
    return;
  }
  includes_.emplace_back(index, include.fileIndex);
  includeStack_.push_back(index);
  scanLines(index, linesOf(files_.at(index), index), depth + 1, out);
  includeStack_.pop_back();
}

}  // namespace sapfor::frontend

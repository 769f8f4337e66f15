/// @file SourceFile.cpp
#include "frontend/SourceFile.hpp"

#include "files/SourceText.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace sapfor::frontend {


namespace {

/// A Fortran source extension, lower case (SourceFile.hpp says which and why).
struct FortranExtension {
  std::string_view name;
  std::optional<SourceForm> form;  ///< nullopt: from the content
};

constexpr FortranExtension kFortranExtensions[] = {
    {"f", SourceForm::Fixed},   {"for", SourceForm::Fixed}, {"ftn", SourceForm::Fixed}, {"f77", SourceForm::Fixed},
    {"fpp", SourceForm::Fixed}, {"f90", SourceForm::Free},  {"f95", SourceForm::Free},  {"f03", SourceForm::Free},
    {"f08", SourceForm::Free},  {"f18", SourceForm::Free},  {"fdv", std::nullopt},
};

/// A path's Fortran extension and whether it is spelled in upper case; nullptr when it has none.
const FortranExtension* fortranExtension(std::string_view path, bool& upperCase) {
  size_t slash = path.find_last_of('/');
  size_t dot = path.find_last_of('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return nullptr;
  std::string_view ext = path.substr(dot + 1);
  bool lower = std::none_of(ext.begin(), ext.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
  upperCase = std::none_of(ext.begin(), ext.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
  if (!lower && !upperCase) return nullptr;  // .For: gfortran does not take it either
  for (const FortranExtension& e : kFortranExtensions) {
    if (e.name.size() != ext.size()) continue;
    bool same = true;
    for (size_t i = 0; i < ext.size(); ++i)
      same = same && std::tolower(static_cast<unsigned char>(ext[i])) == e.name[i];
    if (same) return &e;
  }
  return nullptr;
}

}  // namespace

std::optional<SourceForm> formFromExtension(std::string_view path) {
  bool upperCase = false;
  const FortranExtension* e = fortranExtension(path, upperCase);
  return e ? e->form : std::nullopt;
}

bool isFortranExtension(std::string_view path) {
  bool upperCase = false;
  return fortranExtension(path, upperCase) != nullptr;
}

std::string fortranExtensionList() {
  std::string list;
  for (const FortranExtension& e : kFortranExtensions) list += (list.empty() ? "." : " .") + std::string(e.name);
  return list + ", in lower or upper case";
}

bool needsPreprocessing(std::string_view path) {
  bool upperCase = false;
  const FortranExtension* e = fortranExtension(path, upperCase);
  return e && (upperCase || e->name == "fpp");
}

namespace {

/// A free-form statement may start in column 1 with a keyword beginning with c; in fixed form
/// a c there makes the line a comment.
bool startsFreeFormStatement(std::string_view line) {
  static const char* const keywords[] = {"call", "case", "character", "class", "close", "common", "complex",
                                         "contains", "continue", "critical", "cycle"};
  std::string word;
  for (char c : line) {
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_') break;
    word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  for (const char* k : keywords)
    if (word == k) return true;
  return false;
}

}  // namespace

SourceForm formFromContent(const std::vector<std::string_view>& lines) {
  int fixedEvidence = 0;
  int freeEvidence = 0;
  for (std::string_view line : lines) {
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) continue;
    char c0 = line[0];
    // Column 1: '*' or a 'c' that does not start a free-form statement (a comment line, CDVM$,
    // C$OMP) is fixed form.
    if (c0 == '*' || ((c0 == 'c' || c0 == 'C') && !startsFreeFormStatement(line))) {
      ++fixedEvidence;
      continue;
    }
    if (line[first] == '!' || line[first] == '#') continue;
    // Column-6 continuation: columns 1-5 blank, column 6 a non-blank non-zero character.
    if (line.size() > 6 && line.substr(0, 5).find_first_not_of(' ') == std::string_view::npos &&
        line[5] != ' ' && line[5] != '\t' && line[5] != '0')
      ++fixedEvidence;
    // DEC TAB format: a TAB in columns 1-6 after blanks or a label ends the label field, and a
    // digit 1-9 right after it continues the statement. A continuation, or a label then a TAB, is
    // fixed form; a statement after a leading TAB is either form (free form may be indented with
    // TABs), so it says nothing.
    size_t tab = line.substr(0, std::min<size_t>(6, line.size())).find('\t');
    if (tab != std::string_view::npos && line.substr(0, tab).find_first_not_of(" 0123456789") == std::string_view::npos) {
      bool continuation = tab + 1 < line.size() && line[tab + 1] >= '1' && line[tab + 1] <= '9';
      bool labelled = line.substr(0, tab).find_first_not_of(' ') != std::string_view::npos;
      if (continuation || labelled) ++fixedEvidence;
    } else if (first < 6 && std::isalpha(static_cast<unsigned char>(line[first]))) {
      ++freeEvidence;  // code starting before column 7 that is not a label
    }
    // A trailing & (before any comment) is free-form continuation.
    size_t bang = line.find('!');
    std::string_view code = line.substr(0, bang);
    size_t last = code.find_last_not_of(" \t\r");
    if (last != std::string_view::npos && code[last] == '&') ++freeEvidence;
  }
  return freeEvidence > fixedEvidence ? SourceForm::Free : SourceForm::Fixed;
}

std::optional<ReadError> loadSourceText(SourceFile& file) {
  files::DataFile read = files::readSourceText(file.path, kMaxSourceBytes);
  if (!read.read()) return ReadError{read.error};
  setSourceText(file, std::move(read.text));
  return std::nullopt;
}

void setSourceText(SourceFile& file, std::string text) {
  file.text = std::move(text);
  file.lines.clear();
  std::string_view all(file.text);
  size_t start = 0;
  while (start < all.size()) {
    size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = all.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    file.lines.push_back(line);
    start = end + 1;
  }
  file.lineCount = file.lines.size();
  file.byteCount = file.text.size();
}

int FileTable::add(std::unique_ptr<SourceFile> file) {
  std::lock_guard<std::mutex> lock(mutex_);
  files_.push_back(std::move(file));
  return static_cast<int>(files_.size()) - 1;
}

SourceFile& FileTable::at(int index) {
  std::lock_guard<std::mutex> lock(mutex_);
  return *files_.at(static_cast<size_t>(index));
}

const SourceFile& FileTable::at(int index) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return *files_.at(static_cast<size_t>(index));
}

int FileTable::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int>(files_.size());
}

int FileTable::find(const std::string& path) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t i = 0; i < files_.size(); ++i)
    if (files_[i]->path == path) return static_cast<int>(i);
  return -1;
}

int FileTable::findOrAdd(const std::string& path, const std::function<std::unique_ptr<SourceFile>()>& make) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t i = 0; i < files_.size(); ++i)
    if (files_[i]->path == path) return static_cast<int>(i);
  std::unique_ptr<SourceFile> file = make();
  if (!file) return -1;
  files_.push_back(std::move(file));
  return static_cast<int>(files_.size()) - 1;
}

}  // namespace sapfor::frontend

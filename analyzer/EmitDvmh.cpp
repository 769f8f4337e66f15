/// @file EmitDvmh.cpp
#include "analyzer/EmitDvmh.hpp"

#include "files/SourceText.hpp"
#include "files/OutputFolder.hpp"

#include <cctype>
#include <filesystem>
#include <map>

namespace sapfor::analyzer {

namespace fs = std::filesystem;

std::vector<std::string> directiveLines(const std::string& text, bool fixedForm) {
  // Fixed form ends a line at column 72; free form allows 132 (ISO/IEC 1539-1:2018, 6.3.2.1, 6.3.3.1).
  const size_t width = fixedForm ? 72 : 132;
  const std::string first = fixedForm ? "CDVM$ " : "!DVM$ ";
  const std::string next = fixedForm ? "CDVM$*" : "!DVM$&";
  std::vector<std::string> lines;
  std::string current = first;
  size_t room = width - (fixedForm ? 0 : 2);  // free form keeps room for the trailing " &"
  // Break after ", " between clauses or list items, never inside a name.
  size_t at = 0;
  while (at < text.size()) {
    size_t cut = text.find(", ", at);
    std::string piece = cut == std::string::npos ? text.substr(at) : text.substr(at, cut + 2 - at);
    at = cut == std::string::npos ? text.size() : cut + 2;
    if (current.size() + piece.size() > room && current.size() > first.size()) {
      while (!current.empty() && current.back() == ' ') current.pop_back();
      lines.push_back(fixedForm ? current : current + " &");
      current = next + " ";
    }
    current += piece;
  }
  while (!current.empty() && current.back() == ' ') current.pop_back();
  lines.push_back(current);
  return lines;
}

namespace {

/// A DVM directive line: !DVM$, CDVM$ or *DVM$ (after blanks), in any case.
bool isDvmLine(const std::string& line) {
  size_t at = line.find_first_not_of(" \t");
  if (at == std::string::npos || line.size() < at + 5) return false;
  std::string head = line.substr(at, 5);
  for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return head == "!dvm$" || head == "cdvm$" || head == "*dvm$";
}

bool replaced(const DirectiveRow& d) {
  return d.sentinel == "dvm" && (d.kind == "PARALLEL" || d.kind == "REGION" || d.kind == "END_REGION");
}

}  // namespace

EmitReport emitDvmh(const Program& program, const std::vector<ExpertDirective>& directives, const std::string& outputDir) {
  EmitReport report;
  // The copies are staged and moved into place together; none goes onto a source.
  files::OutputFolder folder(outputDir, "sapfor-analyze-emit");
  for (const FileRow& f : program.files) folder.protect((fs::path(program.sourceRoot) / f.path).string());
  std::map<Id, std::map<int, std::vector<const ExpertDirective*>>> inserts;  // file -> line -> directives
  for (const ExpertDirective& d : directives) inserts[d.fileId][d.line].push_back(&d);
  std::map<Id, std::vector<std::pair<int, int>>> dropped;  // file -> user directive line ranges
  for (const DirectiveRow& d : program.directives)
    if (replaced(d)) dropped[d.fileId].push_back({d.line, d.endLine});

  for (const FileRow& f : program.files) {
    if (fs::path(f.path).is_absolute()) {  // an INCLUDE found outside the source root: its copy would be itself
      report.notCopied.push_back(f.path);
      continue;
    }
    fs::path source = fs::path(program.sourceRoot) / f.path;
    // Read as the load read it: a byte order mark dropped, UTF-16 or -32 as UTF-8 (the copy is
    // written so), which is the text file.bytes counts.
    files::DataFile loaded = files::readSourceText(source.string());
    if (!loaded.read()) {
      report.problems.push_back(source.string() + ": cannot be read: " + loaded.error);
      continue;
    }
    const std::string& text = loaded.text;
    if (static_cast<int64_t>(text.size()) != f.bytes) {
      report.problems.push_back(source.string() + ": changed since it was loaded; not written");
      continue;
    }
    const std::string ending = text.find("\r\n") != std::string::npos ? "\r\n" : "\n";
    std::vector<std::string> lines = files::splitLines(text);
    bool fixed = f.form == facts::SourceForm::Fixed;
    std::string out;
    auto directivesAt = [&](int line) {
      auto file = inserts.find(f.id);
      if (file == inserts.end()) return;
      auto at = file->second.find(line);
      if (at == file->second.end()) return;
      for (const ExpertDirective* d : at->second)
        for (const std::string& l : directiveLines(d->text, fixed)) out += l + ending;
    };
    // The directive's own lines go; a comment between its continuation lines stays.
    auto isDropped = [&](int line) {
      for (const auto& [from, to] : dropped[f.id])
        if (line >= from && line <= to) return isDvmLine(lines[static_cast<size_t>(line - 1)]);
      return false;
    };
    for (size_t i = 0; i < lines.size(); ++i) {
      int number = static_cast<int>(i) + 1;
      directivesAt(number);
      if (!isDropped(number)) out += lines[i] + ending;
    }
    directivesAt(static_cast<int>(lines.size()) + 1);  // END REGION after the file's last line

    folder.add(f.path, out);
    report.written.push_back(f.path);
  }
  folder.commit();
  return report;
}

}  // namespace sapfor::analyzer

/// @file Annotator.cpp
#include "frontend/Annotator.hpp"

#include <algorithm>
#include <cctype>

namespace sapfor::frontend {

namespace {
constexpr std::string_view kMarker = "!sapfor$ ops";
}

std::string annotationText(const LoopFacts& loop) {
  const OpCounts& c = loop.ops;
  return "!SAPFOR$ OPS " + loop.key + " arith=" + std::to_string(c.arith) + " div=" + std::to_string(c.div) +
         " trans=" + std::to_string(c.trans) + " logic=" + std::to_string(c.logic) + " conv=" + std::to_string(c.conv) +
         " branch=" + std::to_string(c.branch) + " call=" + std::to_string(c.call) + " idx=" + std::to_string(c.idx);
}

bool isAnnotationLine(std::string_view line) {
  size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || line.size() - first < kMarker.size()) return false;
  for (size_t i = 0; i < kMarker.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(line[first + i])) != kMarker[i]) return false;
  return true;
}

std::string annotate(const std::string& text, SourceForm form, std::vector<LoopAnnotation> annotations) {
  std::stable_sort(annotations.begin(), annotations.end(),
                   [](const LoopAnnotation& a, const LoopAnnotation& b) { return a.line < b.line; });
  std::string out;
  out.reserve(text.size() + annotations.size() * 96);
  size_t next = 0;
  uint32_t lineNo = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    size_t stop = end == std::string::npos ? text.size() : end + 1;
    std::string_view line(text.data() + start, stop - start);
    ++lineNo;
    bool crlf = line.size() >= 2 && line[line.size() - 2] == '\r';
    while (next < annotations.size() && annotations[next].line == lineNo) {
      // Free form: the loop's own indentation; fixed form: column 1, where a comment must start.
      if (form == SourceForm::Free) {
        size_t indent = line.find_first_not_of(" \t");
        if (indent != std::string_view::npos) out.append(line.substr(0, indent));
      }
      out += annotations[next].text;
      out += crlf ? "\r\n" : "\n";
      ++next;
    }
    std::string_view body = line;
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.remove_suffix(1);
    if (!isAnnotationLine(body)) out.append(line);
    start = stop;
  }
  return out;
}

}  // namespace sapfor::frontend

/// @file SourceText.cpp
#include "files/SourceText.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <sstream>

namespace sapfor::files {

namespace {

void appendUtf8(std::string& out, uint32_t codePoint) {
  if (codePoint < 0x80) {
    out.push_back(static_cast<char>(codePoint));
  } else if (codePoint < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (codePoint >> 6)));
    out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
  } else if (codePoint < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (codePoint >> 12)));
    out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (codePoint >> 18)));
    out.push_back(static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
  }
}

/// A file that starts with a byte order mark is text in UTF-8, -16 or -32 (gfortran reads all
/// of them): returned as UTF-8, or nullopt when there is no mark.
std::optional<std::string> decodeMarkedText(const std::string& raw) {
  auto bytes = [&](size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(raw[i])); };
  auto startsWith = [&](std::initializer_list<unsigned> mark) {
    if (raw.size() < mark.size()) return false;
    size_t i = 0;
    for (unsigned b : mark)
      if (bytes(i++) != b) return false;
    return true;
  };
  if (startsWith({0xEF, 0xBB, 0xBF})) return raw.substr(3);
  int unit = 0;
  bool little = false;
  if (startsWith({0xFF, 0xFE, 0x00, 0x00})) unit = 4, little = true;
  else if (startsWith({0x00, 0x00, 0xFE, 0xFF})) unit = 4;
  else if (startsWith({0xFF, 0xFE})) unit = 2, little = true;
  else if (startsWith({0xFE, 0xFF})) unit = 2;
  else return std::nullopt;
  std::string out;
  for (size_t i = static_cast<size_t>(unit); i + static_cast<size_t>(unit) <= raw.size(); i += static_cast<size_t>(unit)) {
    uint32_t cp = 0;
    for (int k = 0; k < unit; ++k) {
      size_t at = little ? i + static_cast<size_t>(unit - 1 - k) : i + static_cast<size_t>(k);
      cp = (cp << 8) | bytes(at);
    }
    if (unit == 2 && cp >= 0xD800 && cp < 0xDC00 && i + 4 <= raw.size()) {  // a surrogate pair
      uint32_t low = little ? (bytes(i + 3) << 8 | bytes(i + 2)) : (bytes(i + 2) << 8 | bytes(i + 3));
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      i += 2;
    }
    appendUtf8(out, cp);
  }
  return out;
}

}  // namespace

DataFile readSourceText(const std::string& path, size_t maxBytes) {
  DataFile file = readDataFile(path, maxBytes);
  if (!file.read()) return file;
  if (auto decoded = decodeMarkedText(file.text)) file.text = std::move(*decoded);
  // Text has no NUL bytes and few control characters besides tab, CR, LF and form feed.
  size_t controls = 0;
  for (unsigned char c : file.text) {
    if (c == 0) return {"", "binary file (contains NUL bytes), not Fortran source"};
    if (c < 32 && c != '\t' && c != '\r' && c != '\n' && c != '\f') ++controls;
  }
  if (controls > 8 && controls * 100 > file.text.size()) return {"", "binary file (control characters), not Fortran source"};
  return file;
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace sapfor::files

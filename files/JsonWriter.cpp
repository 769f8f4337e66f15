/// @file JsonWriter.cpp
#include "files/JsonWriter.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace sapfor::files {

namespace {

/// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no overlong forms, no
/// surrogates, nothing past U+10FFFF); 0 when the bytes there are not one.
size_t utf8Sequence(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  const unsigned c = byte(i);
  auto continuation = [&](size_t k) { return (byte(k) & 0xC0u) == 0x80u; };
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return continuation(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const unsigned c1 = byte(i + 1);
    if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F)) return 0;  // overlong; a surrogate
    return continuation(i + 1) && continuation(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const unsigned c1 = byte(i + 1);
    if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F)) return 0;  // overlong; past U+10FFFF
    return continuation(i + 1) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0;
}

}  // namespace

std::string jsonString(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '"': out += "\\\""; ++i; continue;
      case '\\': out += "\\\\"; ++i; continue;
      case '\n': out += "\\n"; ++i; continue;
      case '\r': out += "\\r"; ++i; continue;
      case '\t': out += "\\t"; ++i; continue;
      default: break;
    }
    if (c < 0x20 || c == 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
      ++i;
      continue;
    }
    if (size_t n = utf8Sequence(text, i)) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += "\\ufffd";  // one replacement per byte that starts no sequence
      ++i;
    }
  }
  out += '"';
  return out;
}

std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  if (v == 0) return "0";  // -0 too: JSON readers differ on it, and no figure here is signed zero
  char text[32];
  auto [end, ec] = std::to_chars(text, text + sizeof text, v);
  return ec == std::errc() ? std::string(text, end) : "null";
}

JsonWriter& JsonWriter::end() {
  if (open_.empty()) throw std::logic_error("JsonWriter::end with nothing open");
  Frame frame = open_.back();
  open_.pop_back();
  if (frame.layout == Layout::Block && !frame.empty) out_ << '\n' << std::string(2 * open_.size(), ' ');
  out_ << frame.close;
  if (open_.empty()) out_ << '\n';
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (open_.empty() || open_.back().close != '}' || afterKey_) throw std::logic_error("JsonWriter::key outside an object");
  separate();
  out_ << jsonString(name) << ": ";
  afterKey_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) { return raw(jsonString(text)); }

JsonWriter& JsonWriter::value(double v) { return raw(jsonNumber(v)); }

JsonWriter& JsonWriter::value(bool v) { return raw(v ? "true" : "false"); }

JsonWriter& JsonWriter::value(const std::vector<std::string>& items) {
  array(Layout::Inline);
  for (const std::string& item : items) value(item);
  return end();
}

JsonWriter& JsonWriter::open(char bracket, Layout layout) {
  if (open_.empty()) {
    layout = Layout::Block;
  } else if (!afterKey_) {
    if (open_.back().close == '}') throw std::logic_error("JsonWriter: an object member without a key");
    separate();
  }
  afterKey_ = false;
  out_ << bracket;
  open_.push_back({bracket == '{' ? '}' : ']', layout});
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view text) {
  if (open_.empty()) throw std::logic_error("JsonWriter: a value outside any container");
  if (!afterKey_) {
    if (open_.back().close == '}') throw std::logic_error("JsonWriter: an object member without a key");
    separate();
  }
  afterKey_ = false;
  out_ << text;
  return *this;
}

void JsonWriter::separate() {
  Frame& frame = open_.back();
  if (frame.layout == Layout::Block) out_ << (frame.empty ? "" : ",") << '\n' << std::string(2 * open_.size(), ' ');
  else if (!frame.empty) out_ << ", ";
  frame.empty = false;
}

}  // namespace sapfor::files

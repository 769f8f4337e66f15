/// @file JsonWriter.hpp
/// The one writer of the tools' JSON reports (dvmh-predict --format json, sapfor-diff --format
/// json). It places the commas, the colons and the indentation, so that a report says only what it
/// holds, and it always writes RFC 8259 text: strings escaped and valid UTF-8 (a byte that is not
/// part of a UTF-8 sequence becomes U+FFFD: a Latin-1 comment copied into a loop's text must not
/// make the whole report unreadable), numbers as the shortest text that reads back as the same
/// double (an infinity or NaN, which JSON lacks, as null).
///
/// Boost.JSON would do the same, but Debian bookworm's Boost (1.74, which the build uses for
/// program_options) has no JSON library, and its Boost 1.81 cannot be installed beside it.
///
/// A container is laid out as a block (a member per line, indented two spaces a level) or inline
/// (its members on one line); the outermost one is a block.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace sapfor::files {

/// `text` as a JSON string, quotes included.
std::string jsonString(std::string_view text);
/// `v` as a JSON number: the shortest text that reads back as `v`; null when it is not finite.
std::string jsonNumber(double v);

class JsonWriter {
 public:
  enum class Layout { Block, Inline };

  explicit JsonWriter(std::ostream& out) : out_(out) {}

  /// Opens an object or an array: a member of the container open now (after key()), an element of
  /// it, or the whole text. end() closes it; closing the outermost ends the text with a newline.
  JsonWriter& object(Layout layout = Layout::Inline) { return open('{', layout); }
  JsonWriter& array(Layout layout = Layout::Inline) { return open('[', layout); }
  JsonWriter& end();

  /// An object's member name; its value follows.
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  template <class Integer, std::enable_if_t<std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>, int> = 0>
  JsonWriter& value(Integer v) {
    return raw(std::to_string(v));
  }
  template <class T>
  JsonWriter& value(const std::optional<T>& v) {
    return v ? value(*v) : null();
  }
  /// An inline array of strings.
  JsonWriter& value(const std::vector<std::string>& items);
  JsonWriter& null() { return raw("null"); }

  /// key(name) then value(v).
  template <class T>
  JsonWriter& member(std::string_view name, const T& v) {
    key(name);
    return value(v);
  }

 private:
  struct Frame {
    char close;
    Layout layout;
    bool empty = true;
  };

  JsonWriter& open(char bracket, Layout layout);
  JsonWriter& raw(std::string_view text);
  /// What comes before an element of the container open now: a comma, a newline and indentation.
  void separate();

  std::ostream& out_;
  std::vector<Frame> open_;
  bool afterKey_ = false;
};

}  // namespace sapfor::files

/// @file Terminal.cpp
#include "files/Terminal.hpp"

#include <unistd.h>

#include <cstdlib>

namespace sapfor::files {

bool isColorMode(std::string_view mode) { return mode == "never" || mode == "auto" || mode == "always"; }

bool colorWanted(std::string_view mode, int fd) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* term = std::getenv("TERM");
  const char* noColor = std::getenv("NO_COLOR");
  return ::isatty(fd) && !(noColor && *noColor) && !(term && std::string_view(term) == "dumb");
}

std::string styledSeverity(std::string_view severity, bool color, std::string_view text) {
  if (text.empty()) text = severity;
  const char* sgr = severity == "error" ? "\033[1;31m" : severity == "warning" ? "\033[1;35m"
                    : severity == "note"  ? "\033[1;36m" : nullptr;
  if (!color || !sgr) return std::string(text);
  return sgr + std::string(text) + "\033[0m";
}

std::string bold(std::string_view text, bool color) {
  if (!color) return std::string(text);
  return "\033[1m" + std::string(text) + "\033[0m";
}

}  // namespace sapfor::files

/// @file Terminal.hpp
/// Colour on a terminal, one rule for every tool: --color never, always, or auto (the default:
/// colour when the stream is a terminal, NO_COLOR is unset (https://no-color.org) and TERM is not
/// dumb), and the colours of a diagnostic (GCC's: error red, warning magenta, note cyan, bold).
#pragma once

#include <string>
#include <string_view>

namespace sapfor::files {

/// --color's values, for a message: "never, auto or always".
inline constexpr std::string_view kColorModes = "never, auto or always";

/// Whether `mode` is one of kColorModes.
bool isColorMode(std::string_view mode);

/// Whether to colour what goes to file descriptor `fd` under --color `mode`.
bool colorWanted(std::string_view mode, int fd);

/// "error", "warning" or "note" in its colour (as it is when `color` is false or another word);
/// `text`, when given, in that severity's colour instead (a tool's "not translatable").
std::string styledSeverity(std::string_view severity, bool color, std::string_view text = {});

/// Text in bold (a diagnostic's file:line:col), as it is when `color` is false.
std::string bold(std::string_view text, bool color);

}  // namespace sapfor::files

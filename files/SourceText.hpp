/// @file SourceText.hpp
/// A Fortran source's text as every tool reads it: a data file (files/DataFile.hpp), a byte
/// order mark dropped and UTF-16 or -32 turned into UTF-8 (gfortran reads all of them), and a
/// binary file refused. The front end loads sources so; --emit-dvmh reads them again so, and
/// compares the text with the byte count the database recorded.
#pragma once

#include "files/DataFile.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace sapfor::files {

/// The largest source file read: far beyond any Fortran source (a statement over a million
/// characters is skipped already), and a limit to what a wrong path makes the tools read.
inline constexpr size_t kMaxSourceBytes = size_t{256} << 20;

/// The text, or why there is none (DataFile's reasons, or "binary file ...").
DataFile readSourceText(const std::string& path, size_t maxBytes = kMaxSourceBytes);

/// A source's lines without their endings (LF or CRLF), the last one even without an ending.
std::vector<std::string> splitLines(const std::string& text);

}  // namespace sapfor::files

/// @file DataFile.hpp
/// Reading a file a tool takes as data (a Fortran source, a GPU profile): only a regular file —
/// a device such as /dev/zero would be read forever, a FIFO would block — and only up to a size
/// no such file comes near, so that a wrong path is an error, not a hang or memory exhausted.
#pragma once

#include <cstddef>
#include <string>

namespace sapfor::files {

/// A data file's whole content, or why there is none ("not a regular file", "larger than 256
/// MB", "cannot open: Permission denied").
struct DataFile {
  std::string text;
  std::string error;
  bool read() const { return error.empty(); }
};

DataFile readDataFile(const std::string& path, size_t maxBytes);

}  // namespace sapfor::files

/// @file DataFile.cpp
#include "files/DataFile.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sapfor::files {

namespace {

std::string megabytes(size_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

}  // namespace

DataFile readDataFile(const std::string& path, size_t maxBytes) {
  DataFile file;
  struct stat st;
  // Checked before opening: opening a FIFO waits for a writer.
  if (::stat(path.c_str(), &st) != 0) {
    file.error = std::string("cannot open: ") + std::strerror(errno);
    return file;
  }
  if (!S_ISREG(st.st_mode)) {
    file.error = "not a regular file";
    return file;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    file.error = std::string("cannot open: ") + std::strerror(errno);
    return file;
  }
  // Checked again on what was opened; no more than the limit is read, whatever the size said.
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) file.error = "not a regular file";
  else if (static_cast<size_t>(st.st_size) > maxBytes) file.error = "larger than " + megabytes(maxBytes) + "; not a file this tool reads";
  else file.text.reserve(static_cast<size_t>(st.st_size));
  char buffer[1 << 16];
  while (file.read()) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) file.error = std::string("cannot read: ") + std::strerror(errno);
    if (n <= 0) break;
    if (file.text.size() + static_cast<size_t>(n) > maxBytes) file.error = "larger than " + megabytes(maxBytes) + "; not a file this tool reads";
    else file.text.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  if (!file.read()) file.text.clear();
  return file;
}

}  // namespace sapfor::files

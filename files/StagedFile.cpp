/// @file StagedFile.cpp
#include "files/StagedFile.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace sapfor::files {
namespace fs = std::filesystem;

void writeWholeFile(const std::string& path, std::string_view text, const std::string& shownPath) {
  auto failure = [&](const char* what) { return OutputError(shownPath + ": " + what + ": " + std::strerror(errno)); };
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw failure("cannot create it");
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      OutputError error = failure("cannot write it");
      ::close(fd);
      throw error;
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) throw failure("cannot write it");
}

namespace {

/// Renames `from` to `to` only if nothing is at `to` (EEXIST otherwise); where the kernel or the
/// file system cannot say so atomically (EINVAL, ENOSYS), after a check.
int renameNoReplace(const std::string& from, const std::string& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
  struct stat st;
  if (::lstat(to.c_str(), &st) == 0) {
    errno = EEXIST;
    return -1;
  }
  return ::rename(from.c_str(), to.c_str());
}

}  // namespace

StagedFile::StagedFile(const std::string& path, ReplaceCheck mayReplace)
    : shownPath_(path), mayReplace_(std::move(mayReplace)) {
  std::error_code ec;
  path_ = fs::weakly_canonical(fs::absolute(path, ec), ec).string();
  if (path_.empty()) path_ = path;
  if (std::optional<std::string> why = refusal()) throw OutputError(path + ": " + *why);
  std::string shownDir = fs::path(path).parent_path().string();
  if (shownDir.empty()) shownDir = ".";
  const std::string dir = fs::path(path_).parent_path().string();
  if (!fs::is_directory(dir, ec)) throw OutputError(path + ": directory " + shownDir + " does not exist");
  if (::access(dir.c_str(), W_OK) != 0) throw OutputError(path + ": cannot write in " + shownDir + ": " + std::strerror(errno));
  temporary_ = TemporaryPath(path_ + ".tmp-" + std::to_string(::getpid()));
}

std::optional<std::string> StagedFile::refusal() const {
  struct stat st;
  if (::lstat(path_.c_str(), &st) != 0) return std::nullopt;
  if (!S_ISREG(st.st_mode)) return std::string("exists and is not a regular file");
  return mayReplace_(path_);
}

void StagedFile::write(std::string_view text) {
  auto deferred = deferInterruptions();  // created where an interruption finds it
  writeWholeFile(temporary_.path(), text, shownPath_);
}

void StagedFile::commit() {
  auto deferred = deferInterruptions();
  std::optional<std::string> why = refusal();
  int moved = -1;
  if (!why) {
    struct stat st;
    bool present = ::lstat(path_.c_str(), &st) == 0;
    moved = present ? ::rename(temporary_.path().c_str(), path_.c_str()) : renameNoReplace(temporary_.path(), path_);
    if (moved != 0 && errno == EEXIST) why = "appeared while this tool ran; not replaced";
    else if (moved != 0) why = std::string("cannot move the new file into place: ") + std::strerror(errno);
  }
  if (moved == 0) {
    temporary_.release();
    return;
  }
  deferred.unlock();
  temporary_ = TemporaryPath();
  throw OutputError(shownPath_ + ": " + *why);
}

}  // namespace sapfor::files

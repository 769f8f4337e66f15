/// @file OutputFolder.cpp
#include "files/OutputFolder.hpp"

#include "files/StagedFile.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace sapfor::files {
namespace fs = std::filesystem;

namespace {

/// A file descriptor of a folder, closed when it goes.
class FolderFd {
 public:
  explicit FolderFd(int fd = -1) : fd_(fd) {}
  ~FolderFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  FolderFd(const FolderFd&) = delete;
  FolderFd& operator=(const FolderFd&) = delete;
  int get() const { return fd_; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_;
};

/// The names of a copy's relative path; OutputError when it is absolute or climbs out.
std::vector<std::string> namesOf(const std::string& relative, const std::string& dir) {
  fs::path path(relative);
  if (path.has_root_path()) throw OutputError(relative + ": an absolute path; a copy goes inside " + dir + ", not written");
  std::vector<std::string> names;
  for (const fs::path& part : path) {
    std::string name = part.string();
    if (name.empty() || name == ".") continue;
    if (name == "..") throw OutputError(relative + ": climbs out of " + dir + " ('..'); not written");
    names.push_back(name);
  }
  if (names.empty()) throw OutputError(dir + ": a copy without a name; not written");
  return names;
}

}  // namespace

OutputFolder::OutputFolder(std::string dir, const std::string& staging) : dir_(std::move(dir)) {
  std::error_code ec;
  if (fs::exists(dir_, ec) && !fs::is_directory(dir_, ec)) throw OutputError(dir_ + ": not a directory");
  fs::path base = fs::absolute(dir_, ec);
  while (!base.empty() && !fs::exists(base, ec)) base = base.parent_path();
  if (::access(base.c_str(), W_OK) != 0) throw OutputError(dir_ + ": cannot write there: " + std::strerror(errno));
  std::string path = (base / ("." + staging + "-" + std::to_string(::getpid()))).string();
  auto deferred = deferInterruptions();  // created only where an interruption finds it
  staging_ = TemporaryPath(path);
  if (::mkdir(path.c_str(), 0700) != 0) throw OutputError(dir_ + ": cannot stage the copies in " + base.string() + ": " + std::strerror(errno));
}

void OutputFolder::protect(const std::string& input) {
  struct stat st;
  if (::stat(input.c_str(), &st) == 0) inputs_.insert({st.st_dev, st.st_ino});
}

int OutputFolder::openPlace(const std::vector<std::string>& names, const std::string& shown, bool create) const {
  if (create) {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) throw OutputError(dir_ + ": cannot create the folder: " + ec.message());
  }
  FolderFd folder(::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (folder.get() < 0) {
    if (errno == ENOENT && !create) return -1;
    throw OutputError(dir_ + ": cannot open the folder: " + std::strerror(errno));
  }
  std::string walked = dir_;
  for (size_t i = 0; i + 1 < names.size(); ++i) {
    const char* name = names[i].c_str();
    walked += "/" + names[i];
    int next = ::openat(folder.get(), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0 && errno == ENOENT) {
      if (!create) return -1;
      if (::mkdirat(folder.get(), name, 0777) != 0 && errno != EEXIST)
        throw OutputError(walked + ": cannot create the folder: " + std::strerror(errno));
      next = ::openat(folder.get(), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    if (next < 0 && (errno == ELOOP || errno == ENOTDIR))
      throw OutputError(shown + ": " + walked + " is a symbolic link or not a folder; a copy is never written through one");
    if (next < 0) throw OutputError(walked + ": cannot open the folder: " + std::strerror(errno));
    folder.reset(next);
  }
  struct stat st;
  if (::fstatat(folder.get(), names.back().c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (S_ISDIR(st.st_mode)) throw OutputError(shown + ": a folder is there; not replaced by a copy");
    if (S_ISREG(st.st_mode) && inputs_.count({st.st_dev, st.st_ino}))
      throw OutputError(shown + ": is an input of this run; its copy is never written over it (choose another output folder)");
    if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) throw OutputError(shown + ": not a regular file; not replaced by a copy");
  }
  return folder.release();
}

void OutputFolder::add(const std::string& relative, std::string_view text) {
  std::vector<std::string> names = namesOf(relative, dir_);
  std::string shown = (fs::path(dir_) / relative).string();
  FolderFd place(openPlace(names, shown, false));
  auto [at, added] = staged_.emplace(relative, staging_.path() + "/" + std::to_string(staged_.size()));
  if (added) order_.push_back(relative);
  writeWholeFile(at->second, text, shown);
}

std::vector<std::string> OutputFolder::commit() {
  // Every place is checked (and its folders made) before the first move, and an interruption
  // waits for the moves: the copies arrive all together or not at all.
  auto deferred = deferInterruptions();
  std::vector<std::pair<int, std::string>> places;  // the folder, the copy's name there
  struct Closer {
    std::vector<std::pair<int, std::string>>& places;
    ~Closer() {
      for (const auto& p : places) ::close(p.first);
    }
  } closer{places};
  std::vector<std::string> written;
  for (const std::string& relative : order_) {
    std::vector<std::string> names = namesOf(relative, dir_);
    written.push_back((fs::path(dir_) / relative).string());
    places.emplace_back(openPlace(names, written.back(), true), names.back());
  }
  for (size_t i = 0; i < order_.size(); ++i)
    if (::renameat(AT_FDCWD, staged_.at(order_[i]).c_str(), places[i].first, places[i].second.c_str()) != 0)
      throw OutputError(written[i] + ": cannot move the copy into place: " + std::strerror(errno));
  return written;
}

}  // namespace sapfor::files

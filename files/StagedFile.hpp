/// @file StagedFile.hpp
/// A file a tool writes whole (sapfor-lex's database, sapfor-cuda -o): made under a temporary
/// name beside its destination and renamed over it only once complete, after checking again,
/// right before the rename, that the destination is still absent or still a file the tool may
/// replace. A failed or interrupted run leaves the destination as it was and no temporary file;
/// a file created at the destination while the tool ran is never overwritten.
#pragma once

#include "files/Interruption.hpp"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sapfor::files {

/// An output that may not or could not be written; the tools report it and exit with status 2.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Writes `text` as the whole content of a new file at `path` (created or truncated); on a
/// failure (a full disk: ENOSPC, a file over the size limit: EFBIG) throws OutputError naming
/// `shownPath` with the system's reason.
void writeWholeFile(const std::string& path, std::string_view text, const std::string& shownPath);

class StagedFile {
 public:
  /// Why an existing file at the destination may not be replaced; nullopt when it may.
  using ReplaceCheck = std::function<std::optional<std::string>(const std::string& path)>;

  /// `path` resolved (symbolic links followed: the file it names is the one replaced); throws
  /// OutputError when something is there that `mayReplace` refuses, when it is not a regular
  /// file, or when its folder is missing or not writable.
  StagedFile(const std::string& path, ReplaceCheck mayReplace);

  /// The destination as given, for messages.
  const std::string& shownPath() const { return shownPath_; }
  /// Where to write: PATH.tmp-PID beside the destination.
  const std::string& temporaryPath() const { return temporary_.path(); }
  /// Writes `text` as the temporary file's whole content (writeWholeFile).
  void write(std::string_view text);
  /// Moves the temporary file into place after checking the destination again (OutputError if it
  /// may not be replaced any more; the temporary file is then removed).
  void commit();

 private:
  std::optional<std::string> refusal() const;
  std::string shownPath_;
  std::string path_;  ///< resolved
  ReplaceCheck mayReplace_;
  TemporaryPath temporary_;
};

}  // namespace sapfor::files

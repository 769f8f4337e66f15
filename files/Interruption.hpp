/// @file Interruption.hpp
/// What SIGINT, SIGTERM, SIGHUP and SIGPIPE do to a tool: they end it as they would have (a shell
/// sees 128 + the signal's number), but first the run's temporary files go (a database being
/// built, staged copies) and a transaction on an existing database is rolled back, so that an
/// interrupted run leaves what it found and nothing else. SIGXFSZ is ignored: a file over the
/// size limit (ulimit -f) is then a write error (EFBIG) that the tool reports like a full disk,
/// where the signal would have killed it with its temporary files left behind.
#pragma once

#include <mutex>
#include <string>

namespace sapfor::files {

/// Installs the handlers and the thread that acts on them; first thing in main. Ending the
/// process through exit() once interrupted (main returning after its work unwound) ends it by
/// the signal too.
void handleInterruptions();

/// Whether one of the signals above arrived.
bool interrupted();

/// A temporary file or folder of this run: removed (with what it holds) when this goes, unless
/// released first, and by an interruption while it exists. Register it and create the file while
/// holding deferInterruptions(): an interruption then either finds the file or ends the process
/// before it exists.
class TemporaryPath {
 public:
  TemporaryPath() = default;
  /// Registers `path`; what is there now is removed first (a previous run's, with this PID).
  explicit TemporaryPath(std::string path);
  ~TemporaryPath();
  TemporaryPath(TemporaryPath&& other) noexcept;
  TemporaryPath& operator=(TemporaryPath&& other) noexcept;
  TemporaryPath(const TemporaryPath&) = delete;
  TemporaryPath& operator=(const TemporaryPath&) = delete;

  const std::string& path() const { return path_; }
  /// Forgets the path (it was moved into place); call while holding deferInterruptions(), so
  /// that the move and this happen together or not at all.
  void release();

 private:
  void remove();
  std::string path_;
};

/// Holds off the end of an interrupted process while it is held: a check and the rename it
/// allows (an output moved into place) happen together or not at all.
std::unique_lock<std::recursive_mutex> deferInterruptions();

/// While one exists, an interruption lets the thread that made it unwind before the process ends
/// (for at most a few seconds): a write transaction on an existing database is rolled back
/// rather than left to a hot journal. SQLite stops every statement once the process is
/// interrupted (db::open installs the check), so the owner's next statement throws.
class RollbackOnInterruption {
 public:
  RollbackOnInterruption();
  ~RollbackOnInterruption();
  RollbackOnInterruption(const RollbackOnInterruption&) = delete;
  RollbackOnInterruption& operator=(const RollbackOnInterruption&) = delete;
};

}  // namespace sapfor::files

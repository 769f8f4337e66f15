/// @file Interruption.cpp
/// The handlers only record the signal and wake a thread of ours (all a handler may safely do);
/// that thread removes the temporary files and ends the process, under the same lock the renames
/// into place take.
#include "files/Interruption.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <thread>

namespace sapfor::files {
namespace fs = std::filesystem;

namespace {

constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
/// How long an interrupted process waits for its write transactions to roll back.
constexpr std::chrono::seconds kRollbackWait{3};

std::atomic<int> receivedSignal{0};
int wakeWrite = -1;  ///< the pipe the handlers write to; the watching thread reads its other end

/// Never destroyed: the watching thread may still use it while the process exits.
/// Recursive: a temporary path is registered while deferInterruptions() is held, so that what
/// creates it happens before an interruption can look for it.
struct Registry {
  std::recursive_mutex mutex;
  std::set<std::string> temporaries;
  int rollingBack = 0;
  std::condition_variable_any rolledBack;
};
Registry& registry() {
  static Registry* r = new Registry;
  return *r;
}

extern "C" void onEndingSignal(int signal) {
  int none = 0;
  receivedSignal.compare_exchange_strong(none, signal);
  int savedErrno = errno;
  char byte = 1;
  [[maybe_unused]] ssize_t written = ::write(wakeWrite, &byte, 1);
  errno = savedErrno;
}

/// Removes the temporary files and ends the process by the signal received; `lock` holds the registry.
[[noreturn]] void endProcess(std::unique_lock<std::recursive_mutex>& lock) {
  std::error_code ec;
  for (const std::string& path : registry().temporaries) fs::remove_all(path, ec);
  int signal = receivedSignal.load();
  ::signal(signal, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(signal);
  lock.unlock();
  std::_Exit(128 + signal);  // not reached: the signal's default action ends the process
}

void watch(int wakeRead) {
  char byte;
  while (::read(wakeRead, &byte, 1) < 0 && errno == EINTR) {
  }
  Registry& r = registry();
  std::unique_lock<std::recursive_mutex> lock(r.mutex);
  r.rolledBack.wait_for(lock, kRollbackWait, [&] { return r.rollingBack == 0; });
  endProcess(lock);
}

void endIfInterruptedAtExit() {
  if (!interrupted()) return;
  std::unique_lock<std::recursive_mutex> lock(registry().mutex);
  endProcess(lock);
}

}  // namespace

void handleInterruptions() {
  registry();
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return;  // no handlers: the signals keep their default action
  wakeWrite = fds[1];
  std::thread(watch, fds[0]).detach();
  struct sigaction action = {};
  action.sa_handler = onEndingSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int signal : kEndingSignals) sigaction(signal, &action, nullptr);
  ::signal(SIGXFSZ, SIG_IGN);
  std::atexit(endIfInterruptedAtExit);
}

bool interrupted() { return receivedSignal.load(std::memory_order_relaxed) != 0; }

TemporaryPath::TemporaryPath(std::string path) : path_(std::move(path)) {
  std::lock_guard<std::recursive_mutex> lock(registry().mutex);
  std::error_code ec;
  fs::remove_all(path_, ec);
  registry().temporaries.insert(path_);
}

TemporaryPath::~TemporaryPath() { remove(); }

TemporaryPath::TemporaryPath(TemporaryPath&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }

TemporaryPath& TemporaryPath::operator=(TemporaryPath&& other) noexcept {
  if (this != &other) {
    remove();
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

void TemporaryPath::release() {
  registry().temporaries.erase(path_);
  path_.clear();
}

void TemporaryPath::remove() {
  if (path_.empty()) return;
  std::lock_guard<std::recursive_mutex> lock(registry().mutex);
  std::error_code ec;
  fs::remove_all(path_, ec);
  registry().temporaries.erase(path_);
  path_.clear();
}

std::unique_lock<std::recursive_mutex> deferInterruptions() { return std::unique_lock<std::recursive_mutex>(registry().mutex); }

RollbackOnInterruption::RollbackOnInterruption() {
  std::lock_guard<std::recursive_mutex> lock(registry().mutex);
  ++registry().rollingBack;
}

RollbackOnInterruption::~RollbackOnInterruption() {
  {
    std::lock_guard<std::recursive_mutex> lock(registry().mutex);
    --registry().rollingBack;
  }
  registry().rolledBack.notify_all();
}

}  // namespace sapfor::files

/// @file StackThread.hpp
/// A thread with a stack of a chosen size. The front end walks expressions recursively, and a
/// long statement (`s = a + b + ... ` over 100,000 characters) is a tree tens of thousands of
/// levels deep; the 8 MB of a default stack are not enough. The stack is reserved, not
/// committed: only the pages a deep statement touches cost memory.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>

namespace sapfor::threads {

/// The stack every thread of the front end (and what walks its syntax trees) runs on.
inline constexpr size_t kLargeStackBytes = size_t{512} << 20;

class StackThread {
 public:
  /// `stackBytes` 0: the system's default stack.
  StackThread(size_t stackBytes, std::function<void()> work);
  ~StackThread();  ///< joins
  StackThread(const StackThread&) = delete;
  StackThread& operator=(const StackThread&) = delete;
  /// Waits for the work to finish and rethrows what it threw.
  void join();

 private:
  static void* start(void* self);
  std::function<void()> work_;
  std::exception_ptr error_;
  unsigned long handle_ = 0;
  bool joined_ = false;
};

/// Makes the calling thread yield to the process' other threads (and to other processes): its nice
/// value goes up by `increment` (Linux: per thread; elsewhere nothing changes). Best effort: a
/// refusal is ignored.
void lowerThisThreadPriority(int increment);

/// Runs `work` on a thread with a large stack and returns its result's side effects, rethrowing.
void runWithLargeStack(const std::function<void()>& work);

}  // namespace sapfor::threads

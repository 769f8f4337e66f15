/// @file TurnLock.hpp
/// A lock taken in the order it was asked for. sapfor-lex's main thread runs long statements one
/// after another on the new database's connection while the analysis thread waits to read through
/// it: std::mutex promises no order, and the thread that releases it and asks again at once may
/// get it back each time, keeping the waiting one out for the whole run.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace sapfor::threads {

/// A ticket lock (BasicLockable: std::lock_guard, std::unique_lock).
class TurnLock {
 public:
  void lock() {
    std::unique_lock<std::mutex> hold(mutex_);
    const uint64_t mine = next_++;
    turn_.wait(hold, [&] { return serving_ == mine; });
  }
  void unlock() {
    {
      std::lock_guard<std::mutex> hold(mutex_);
      ++serving_;
    }
    turn_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable turn_;
  uint64_t next_ = 0, serving_ = 0;  ///< the next ticket given, the ticket whose turn it is
};

}  // namespace sapfor::threads

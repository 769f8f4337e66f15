/// @file StackThread.cpp
#include "threads/StackThread.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace sapfor::threads {

StackThread::StackThread(size_t stackBytes, std::function<void()> work) : work_(std::move(work)) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  if (stackBytes) pthread_attr_setstacksize(&attributes, stackBytes);
  pthread_t thread;
  int rc = pthread_create(&thread, &attributes, &StackThread::start, this);
  pthread_attr_destroy(&attributes);
  if (rc != 0) throw std::runtime_error(std::string("cannot start a thread: ") + std::strerror(rc));
  handle_ = static_cast<unsigned long>(thread);
}

StackThread::~StackThread() {
  if (!joined_) pthread_join(static_cast<pthread_t>(handle_), nullptr);
}

void* StackThread::start(void* self) {
  auto* thread = static_cast<StackThread*>(self);
  try {
    thread->work_();
  } catch (...) {
    thread->error_ = std::current_exception();
  }
  return nullptr;
}

void StackThread::join() {
  if (!joined_) {
    pthread_join(static_cast<pthread_t>(handle_), nullptr);
    joined_ = true;
  }
  if (error_) std::rethrow_exception(error_);
}

void lowerThisThreadPriority(int increment) {
#ifdef __linux__
  // On Linux the nice value belongs to the thread (the "process" setpriority names is its id).
  const auto self = static_cast<id_t>(gettid());
  errno = 0;
  int current = getpriority(PRIO_PROCESS, self);
  if (errno == 0) setpriority(PRIO_PROCESS, self, current + increment);
#else
  (void)increment;
#endif
}

void runWithLargeStack(const std::function<void()>& work) {
  StackThread thread(kLargeStackBytes, work);
  thread.join();
}

}  // namespace sapfor::threads

/// @file OrderedPipeline.hpp
/// Items processed by worker threads in the order they were pushed, their results taken by the
/// caller in that order: sapfor-lex's parsing threads (files parsed ahead, resolved and written
/// one after another) and its analysis thread (files analyzed as the load writes them) are both
/// one of these. Bounded both ways (the items waiting to start, the results waiting to be taken),
/// closed when no more items come, cancellable, and a work's exception reaches the caller: at the
/// item it belongs to (take), or as the first one (finish). After a failure no later item starts.
#pragma once

#include "threads/StackThread.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

namespace sapfor::threads {

struct PipelineOptions {
  int workers = 1;  ///< 0: no thread; take() runs each item's work on the caller's thread
  size_t waiting = std::numeric_limits<size_t>::max();  ///< items pushed and not started, at most (push waits)
  size_t ahead = std::numeric_limits<size_t>::max();    ///< results not taken yet, at most (workers wait)
  size_t stackBytes = 0;  ///< each worker's stack (0: the default)
  int priorityDrop = 0;   ///< each worker's nice increment (see lowerThisThreadPriority)
};

template <typename Input, typename Result>
class OrderedPipeline {
 public:
  using Work = std::function<Result(Input&)>;

  /// `drained`, when given, runs once the pipeline is closed and every item is done (on a worker;
  /// without workers, in finish()), unless an item failed or it was cancelled; what it throws,
  /// finish() rethrows.
  OrderedPipeline(PipelineOptions options, Work work, std::function<void()> drained = {})
      : options_(options), work_(std::move(work)), drained_(std::move(drained)) {
    for (int t = 0; t < options_.workers; ++t)
      workers_.push_back(std::make_unique<StackThread>(options_.stackBytes, [this] { run(); }));
  }
  ~OrderedPipeline() {
    cancel();
    workers_.clear();  // joins
  }
  OrderedPipeline(const OrderedPipeline&) = delete;
  OrderedPipeline& operator=(const OrderedPipeline&) = delete;

  /// Adds the next item; waits while `waiting` items have not started. After a failure or a
  /// cancel the item is dropped (finish() says why).
  void push(Input input) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] {
        return cancelled_ || failure_ || options_.workers == 0 || items_.size() - started_ < options_.waiting;
      });
      if (cancelled_ || failure_) return;
      if (closed_) throw std::logic_error("OrderedPipeline: push after close");
      items_.push_back(std::make_unique<Item>(std::move(input)));
    }
    changed_.notify_all();
  }

  /// No more items.
  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    changed_.notify_all();
  }

  /// The result of the next item in push order: waits for it, rethrows what its work threw;
  /// nullopt once the pipeline is closed and every result was taken.
  std::optional<Result> take() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (options_.workers == 0) {
      if (taken_ >= items_.size()) return std::nullopt;
      Item& item = *items_[taken_++];
      lock.unlock();
      Result result = work_(*item.input);
      item.input.reset();
      return result;
    }
    changed_.wait(lock, [&] { return cancelled_ || (taken_ < items_.size() ? items_[taken_]->done : closed_); });
    if (taken_ >= items_.size() || !items_[taken_]->done) return std::nullopt;
    std::unique_ptr<Item> item = std::move(items_[taken_++]);
    lock.unlock();
    changed_.notify_all();
    if (item->failure) std::rethrow_exception(item->failure);
    return std::move(item->result);
  }

  /// Closes it, waits for every item and `drained`, and rethrows the first failure.
  void finish() {
    close();
    for (std::unique_ptr<StackThread>& worker : workers_) worker->join();
    workers_.clear();
    if (options_.workers == 0 && drained_ && !cancelled_) drained_();
    if (failure_) std::rethrow_exception(failure_);
  }

  /// No item starts any more; the workers end after their current one.
  void cancel() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cancelled_ = closed_ = true;
    }
    changed_.notify_all();
  }

 private:
  struct Item {
    explicit Item(Input&& i) : input(std::move(i)) {}
    std::optional<Input> input;  ///< gone once its work is done
    std::optional<Result> result;
    std::exception_ptr failure;
    bool done = false;
  };

  void run() {
    if (options_.priorityDrop) lowerThisThreadPriority(options_.priorityDrop);
    for (;;) {
      Item* item = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] {
          return cancelled_ || failure_ || (started_ < items_.size() && started_ - taken_ < options_.ahead) ||
                 (closed_ && started_ == items_.size());
        });
        if (cancelled_ || failure_) return;
        if (started_ == items_.size()) {  // closed, everything started
          changed_.wait(lock, [&] { return finished_ == started_ || cancelled_ || failure_; });
          if (drained_ && !draining_ && !cancelled_ && !failure_) {
            draining_ = true;
            lock.unlock();
            try {
              drained_();
            } catch (...) {
              std::lock_guard<std::mutex> again(mutex_);
              failure_ = std::current_exception();
            }
          }
          return;
        }
        item = items_[started_++].get();
      }
      changed_.notify_all();  // a push may wait for the item to start
      std::exception_ptr failure;
      try {
        item->result.emplace(work_(*item->input));
      } catch (...) {
        failure = std::current_exception();
      }
      item->input.reset();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        item->failure = failure;
        item->done = true;
        ++finished_;
        if (failure && !failure_) failure_ = failure;
      }
      changed_.notify_all();
    }
  }

  PipelineOptions options_;
  Work work_;
  std::function<void()> drained_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::unique_ptr<Item>> items_;  ///< in push order; taken ones emptied
  size_t started_ = 0, taken_ = 0, finished_ = 0;  ///< items started (in push order), taken, done
  bool closed_ = false, cancelled_ = false, draining_ = false;
  std::exception_ptr failure_;                ///< the first failure
  std::vector<std::unique_ptr<StackThread>> workers_;
};

}  // namespace sapfor::threads

/// @file OrderedPipelineTest.cpp
/// The ordered pipeline the parsing threads and the analysis thread run on: order, bounds,
/// failures and the end of the run.
#include "threads/OrderedPipeline.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using sapfor::threads::OrderedPipeline;
using sapfor::threads::PipelineOptions;

namespace {

PipelineOptions workers(int n, size_t ahead = 1000) {
  PipelineOptions o;
  o.workers = n;
  o.ahead = ahead;
  return o;
}

void nap(int i) { std::this_thread::sleep_for(std::chrono::microseconds((i * 37) % 200)); }

}  // namespace

TEST_CASE("pipeline: results come in push order whatever the workers finish first") {
  for (int n : {0, 1, 3}) {
    OrderedPipeline<int, int> pipeline(workers(n), [](int& i) {
      nap(i);
      return i * i;
    });
    for (int i = 0; i < 50; ++i) pipeline.push(i);
    pipeline.close();
    for (int i = 0; i < 50; ++i) CHECK(*pipeline.take() == i * i);
    CHECK_FALSE(pipeline.take().has_value());  // closed and every result taken
    pipeline.finish();
  }
}

TEST_CASE("pipeline: workers stay at most `ahead` items past what was taken") {
  std::atomic<int> started{0}, taken{0}, worst{0};
  OrderedPipeline<int, int> pipeline(workers(3, 4), [&](int& i) {
    int ahead = ++started - taken;
    for (int w = worst; ahead > w && !worst.compare_exchange_weak(w, ahead);) {}
    nap(i);
    return i;
  });
  for (int i = 0; i < 40; ++i) pipeline.push(i);
  pipeline.close();
  for (int i = 0; i < 40; ++i) {
    std::this_thread::sleep_for(std::chrono::microseconds(300));
    ++taken;  // before take(): what a worker sees is never more than this
    CHECK(*pipeline.take() == i);
  }
  CHECK(worst <= 4);
  CHECK(worst >= 1);
}

TEST_CASE("pipeline: push waits while `waiting` items have not started") {
  std::atomic<bool> open{false}, holding{false};
  std::atomic<int> pushed{0};
  PipelineOptions o = workers(1);
  o.waiting = 2;
  OrderedPipeline<int, int> pipeline(o, [&](int& i) {
    holding = true;
    while (!open) std::this_thread::yield();
    return i;
  });
  std::thread producer([&] {
    for (int i = 0; i < 5; ++i) {
      pipeline.push(i);
      ++pushed;
    }
    pipeline.close();
  });
  while (!holding) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(pushed == 3);  // one started (and held), two waiting: the fourth push waits
  open = true;
  producer.join();
  CHECK(pushed == 5);
  for (int i = 0; i < 5; ++i) CHECK(*pipeline.take() == i);
}

TEST_CASE("pipeline: a failure reaches take at its item, finish as the first; no later item starts") {
  std::atomic<int> ran{0};
  OrderedPipeline<int, int> pipeline(workers(1), [&](int& i) {
    ++ran;
    if (i == 3) throw std::runtime_error("item 3");
    return i;
  });
  for (int i = 0; i < 10; ++i) pipeline.push(i);
  pipeline.close();
  for (int i = 0; i < 3; ++i) CHECK(*pipeline.take() == i);
  CHECK_THROWS_WITH(pipeline.take(), "item 3");
  CHECK_THROWS_WITH(pipeline.finish(), "item 3");
  CHECK(ran == 4);
}

TEST_CASE("pipeline: what drains it runs once at the end, not after a failure, and its failure is finish's") {
  std::atomic<int> drained{0};
  {
    OrderedPipeline<int, bool> pipeline(workers(2), [](int&) { return true; }, [&] { ++drained; });
    for (int i = 0; i < 20; ++i) pipeline.push(i);
    pipeline.finish();
    CHECK(drained == 1);
  }
  {
    OrderedPipeline<int, bool> pipeline(workers(1), [](int& i) -> bool { throw std::runtime_error(std::to_string(i)); },
                                        [&] { ++drained; });
    pipeline.push(7);
    CHECK_THROWS_WITH(pipeline.finish(), "7");
    CHECK(drained == 1);
  }
  {
    OrderedPipeline<int, bool> pipeline(workers(1), [](int&) { return true; }, [] { throw std::runtime_error("drained"); });
    pipeline.push(1);
    CHECK_THROWS_WITH(pipeline.finish(), "drained");
  }
  {
    OrderedPipeline<int, bool> inline_(workers(0), [](int&) { return true; }, [&] { ++drained; });
    inline_.finish();
    CHECK(drained == 2);
  }
}

TEST_CASE("pipeline: dropped with items waiting, it cancels and joins") {
  std::atomic<int> ran{0};
  {
    OrderedPipeline<int, int> pipeline(workers(2, 2), [&](int& i) {
      ++ran;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      return i;
    });
    for (int i = 0; i < 100; ++i) pipeline.push(i);
  }
  CHECK(ran <= 4);  // at most `ahead` started, none taken
}

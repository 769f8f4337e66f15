/// @file TurnLockTest.cpp
/// The lock sapfor-lex's main thread and analysis thread share the new database's connection
/// with: one holder at a time, and a thread that waits is served before one that releases it and
/// asks again at once.
#include "threads/TurnLock.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

using sapfor::threads::TurnLock;

TEST_CASE("turn lock: one holder at a time") {
  TurnLock lock;
  int counter = 0;
  std::atomic<int> inside{0}, most{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        std::lock_guard<TurnLock> hold(lock);
        int now = ++inside;
        if (now > most) most = now;
        ++counter;
        --inside;
      }
    });
  for (std::thread& t : threads) t.join();
  CHECK(counter == 8000);
  CHECK(most == 1);
}

TEST_CASE("turn lock: a waiting thread goes before the holder's next turn") {
  TurnLock lock;
  std::vector<char> order;  // written under the lock
  std::atomic<bool> asked{false};
  lock.lock();
  std::thread waiter([&] {
    asked = true;
    std::lock_guard<TurnLock> hold(lock);
    order.push_back('w');
  });
  while (!asked) std::this_thread::yield();
  // The waiter asked; give it time to take its ticket (it cannot get the lock yet).
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  for (int turn = 0; turn < 20; ++turn) {  // released and asked for again at once: the waiter's turn comes first
    order.push_back('h');
    lock.unlock();
    lock.lock();
  }
  order.push_back('h');
  lock.unlock();
  waiter.join();
  REQUIRE(order.size() == 22);
  CHECK(order[0] == 'h');
  CHECK(order[1] == 'w');
}

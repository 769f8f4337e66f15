/// @file LruSegmentCache.hpp
/// The L1 emulation of MODEL.md §8 (thesis 4.3.7): segments (their length by §5 (2)) enter on a
/// miss, stay as long as there is room, and the least recently used leave first, as many as the
/// new segment needs.
#pragma once

#include <cstdint>
#include <list>
#include <unordered_map>

namespace sapfor::predictor {

class LruSegmentCache {
 public:
  explicit LruSegmentCache(int64_t capacityBytes) : capacity_(capacityBytes) {}

  /// Touches the segment [start, start + bytes); true when it was present (a hit).
  bool access(int64_t start, int64_t bytes) {
    auto found = where_.find(start);
    if (found != where_.end()) {
      order_.splice(order_.begin(), order_, found->second);
      return true;
    }
    if (bytes > capacity_) return false;
    while (used_ + bytes > capacity_) {
      const Entry& victim = order_.back();
      used_ -= victim.bytes;
      where_.erase(victim.start);
      order_.pop_back();
    }
    order_.push_front({start, bytes});
    where_[start] = order_.begin();
    used_ += bytes;
    return false;
  }

 private:
  struct Entry {
    int64_t start, bytes;
  };
  int64_t capacity_, used_ = 0;
  std::list<Entry> order_;  ///< most recently used first
  std::unordered_map<int64_t, std::list<Entry>::iterator> where_;
};

}  // namespace sapfor::predictor

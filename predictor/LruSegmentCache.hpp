/// @file LruSegmentCache.hpp
/// The L1 emulation of MODEL.md §8 (thesis 4.3.7): segments (their length by §5 (2)) enter on a
/// miss, stay as long as there is room, and the least recently used leave first, as many as the
/// new segment needs.
///
/// It runs for every warp access the emulation replays (millions on a large program), so it
/// allocates nothing per access: the segments are nodes of a vector linked in recency order, found
/// through an open-addressing table of node indices (linear probing, backward-shift deletion).
#pragma once

#include <cstdint>
#include <vector>

namespace sapfor::predictor {

class LruSegmentCache {
 public:
  /// `smallestSegment`: the fewest bytes a segment has, which bounds how many fit.
  explicit LruSegmentCache(int64_t capacityBytes, int64_t smallestSegment = 32) : capacity_(capacityBytes) {
    int64_t most = capacityBytes / (smallestSegment > 0 ? smallestSegment : 1) + 1;
    size_t slots = 16;
    while (static_cast<int64_t>(slots) < 2 * most) slots *= 2;
    table_.assign(slots, kNone);
    nodes_.reserve(static_cast<size_t>(most));
  }

  /// Touches the segment [start, start + bytes); true when it was present (a hit).
  bool access(int64_t start, int64_t bytes) {
    size_t slot = find(start);
    if (table_[slot] != kNone) {
      moveToFront(table_[slot]);
      return true;
    }
    if (bytes > capacity_) return false;
    while (used_ + bytes > capacity_) evictOldest();
    int32_t node;
    if (!free_.empty()) {
      node = free_.back();
      free_.pop_back();
      nodes_[static_cast<size_t>(node)] = {start, bytes, kNone, kNone};
    } else {
      node = static_cast<int32_t>(nodes_.size());
      nodes_.push_back({start, bytes, kNone, kNone});
    }
    pushFront(node);
    table_[find(start)] = node;
    used_ += bytes;
    if (++entries_ * 2 > table_.size()) grow();
    return false;
  }

 private:
  static constexpr int32_t kNone = -1;
  struct Node {
    int64_t start, bytes;
    int32_t prev, next;  ///< towards the most and the least recently used
  };

  size_t home(int64_t start) const {
    return static_cast<size_t>((static_cast<uint64_t>(start) * 0x9E3779B97F4A7C15ull) >> 20) & (table_.size() - 1);
  }
  /// The slot that holds `start`'s node, or the empty slot where it would go.
  size_t find(int64_t start) const {
    size_t mask = table_.size() - 1;
    for (size_t s = home(start);; s = (s + 1) & mask)
      if (table_[s] == kNone || nodes_[static_cast<size_t>(table_[s])].start == start) return s;
  }
  void erase(int64_t start) {
    size_t mask = table_.size() - 1, hole = find(start);
    table_[hole] = kNone;
    // Backward shift: an entry after the hole that may not stay past it moves into it.
    for (size_t s = (hole + 1) & mask; table_[s] != kNone; s = (s + 1) & mask) {
      size_t want = home(nodes_[static_cast<size_t>(table_[s])].start);
      if (((s - want) & mask) >= ((s - hole) & mask)) {
        table_[hole] = table_[s];
        table_[s] = kNone;
        hole = s;
      }
    }
  }
  void unlink(int32_t n) {
    Node& node = nodes_[static_cast<size_t>(n)];
    if (node.prev != kNone) nodes_[static_cast<size_t>(node.prev)].next = node.next;
    else head_ = node.next;
    if (node.next != kNone) nodes_[static_cast<size_t>(node.next)].prev = node.prev;
    else tail_ = node.prev;
  }
  void pushFront(int32_t n) {
    Node& node = nodes_[static_cast<size_t>(n)];
    node.prev = kNone;
    node.next = head_;
    if (head_ != kNone) nodes_[static_cast<size_t>(head_)].prev = n;
    head_ = n;
    if (tail_ == kNone) tail_ = n;
  }
  void moveToFront(int32_t n) {
    if (head_ == n) return;
    unlink(n);
    pushFront(n);
  }
  void evictOldest() {
    int32_t victim = tail_;
    const Node& node = nodes_[static_cast<size_t>(victim)];
    used_ -= node.bytes;
    erase(node.start);
    unlink(victim);
    free_.push_back(victim);
    --entries_;
  }
  /// More segments than planned (smaller than the smallest said): a table twice as large.
  void grow() {
    table_.assign(table_.size() * 2, kNone);
    for (int32_t n = head_; n != kNone; n = nodes_[static_cast<size_t>(n)].next)
      table_[find(nodes_[static_cast<size_t>(n)].start)] = n;
  }

  int64_t capacity_, used_ = 0;
  std::vector<Node> nodes_;
  std::vector<int32_t> table_;  ///< node indices by start; kNone: empty
  std::vector<int32_t> free_;   ///< nodes evicted, for reuse
  int32_t head_ = kNone, tail_ = kNone;
  size_t entries_ = 0;
};

}  // namespace sapfor::predictor

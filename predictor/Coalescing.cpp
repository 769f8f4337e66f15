/// @file Coalescing.cpp
#include "predictor/Coalescing.hpp"

#include <algorithm>
#include <cstdlib>

namespace sapfor::predictor {

namespace {

int64_t floorDiv(int64_t a, int64_t b) {
  // The granules are powers of two: a shift (arithmetic, so floor for negative addresses too).
  if ((b & (b - 1)) == 0) return a >> __builtin_ctzll(static_cast<unsigned long long>(b));
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/// Distinct granules of `granule` bytes the lanes touch (an element may straddle two).
int64_t distinctGranules(const std::vector<int64_t>& addresses, int elemBytes, int64_t granule) {
  // A warp's lanes usually walk memory in one direction: then counting changes suffices.
  int direction = 0;  // +1 ascending, -1 descending, once known
  int64_t count = 0, last = 0;
  bool monotone = true;
  for (size_t i = 0; i < addresses.size() && monotone; ++i) {
    int64_t first = floorDiv(addresses[i], granule), end = floorDiv(addresses[i] + elemBytes - 1, granule);
    for (int64_t g : {first, end}) {
      if (count == 0) {
        count = 1;
      } else if (g != last) {
        int step = g > last ? 1 : -1;
        if (direction == 0) direction = step;
        if (step != direction) monotone = false;
        ++count;
      }
      last = g;
    }
  }
  if (monotone) return count;
  std::vector<int64_t> seen;
  seen.reserve(2 * addresses.size());
  for (int64_t a : addresses) {
    seen.push_back(floorDiv(a, granule));
    seen.push_back(floorDiv(a + elemBytes - 1, granule));
  }
  std::sort(seen.begin(), seen.end());
  return std::unique(seen.begin(), seen.end()) - seen.begin();
}

/// CC 1.0/1.1, per half-warp: one transaction of 16 words when the k-th active thread reads word k
/// of a segment aligned to 16 words, otherwise one 32-B (or word-sized, if larger) transaction per thread.
WarpTransactions cc10(const std::vector<int64_t>& addresses, int elemBytes) {
  WarpTransactions t;
  for (size_t half = 0; half < addresses.size(); half += 16) {
    size_t end = std::min(addresses.size(), half + 16);
    int64_t segment = 16 * int64_t{elemBytes};
    int64_t base = floorDiv(addresses[half], segment) * segment;
    bool coalesced = addresses[half] == base;
    for (size_t k = half; k < end && coalesced; ++k)
      coalesced = addresses[k] == base + static_cast<int64_t>(k - half) * elemBytes;
    if (coalesced) {
      t.count += 1;
      t.bytes += segment;
    } else {
      t.count += static_cast<int64_t>(end - half);
      t.bytes += static_cast<int64_t>(end - half) * std::max<int64_t>(32, elemBytes);
    }
  }
  return t;
}

/// CC 1.2/1.3, per half-warp (CUDA C Programming Guide, appendix G.3.2.2): take the segment of the
/// lowest active thread (32 B for 1-byte words, 64 B for 2-byte, 128 B otherwise), serve every
/// thread in it, halve the transaction while only its lower or upper half is used (down to 32 B),
/// repeat with the threads left.
WarpTransactions cc12(const std::vector<int64_t>& addresses, int elemBytes) {
  WarpTransactions t;
  int64_t segment = segmentBytes(elemBytes);
  for (size_t half = 0; half < addresses.size(); half += 16) {
    std::vector<int64_t> left(addresses.begin() + half, addresses.begin() + std::min(addresses.size(), half + 16));
    while (!left.empty()) {
      int64_t base = floorDiv(left.front(), segment) * segment;
      int64_t lo = base + segment, hi = base;
      std::vector<int64_t> rest;
      for (int64_t a : left) {
        if (a >= base && a < base + segment) {
          lo = std::min(lo, a);
          hi = std::max(hi, std::min(a + elemBytes, base + segment));
        } else {
          rest.push_back(a);
        }
      }
      int64_t size = segment, start = base;
      while (size > 32) {
        int64_t halfSize = size / 2;
        if (hi <= start + halfSize) size = halfSize;
        else if (lo >= start + halfSize) start += halfSize, size = halfSize;
        else break;
      }
      t.count += 1;
      t.bytes += size;
      left.swap(rest);
    }
  }
  return t;
}

}  // namespace

int segmentBytes(int elemBytes) { return elemBytes <= 1 ? 32 : elemBytes == 2 ? 64 : 128; }

int64_t formulaTransactions(int64_t strideBytes, int elemBytes) {
  // |stride| taken unsigned (-2^63 has no signed magnitude) and capped where it no longer matters:
  // a stride of a segment or more puts one lane in each segment.
  uint64_t magnitude = strideBytes < 0 ? 0 - static_cast<uint64_t>(strideBytes) : static_cast<uint64_t>(strideBytes);
  int64_t stride = static_cast<int64_t>(std::min<uint64_t>(magnitude, uint64_t{1} << 32));
  if (stride == 0) return 1;
  int64_t segment = segmentBytes(elemBytes);
  int64_t lanesPerSegment = (segment + stride - 1) / stride;
  return (32 + lanesPerSegment - 1) / lanesPerSegment;
}

WarpTransactions exactTransactions(const std::vector<int64_t>& addresses, int elemBytes, CoalescingRule rule) {
  if (addresses.empty()) return {};
  switch (rule) {
    case CoalescingRule::Cc10: return cc10(addresses, elemBytes);
    case CoalescingRule::Cc12: return cc12(addresses, elemBytes);
    case CoalescingRule::FermiLines: {
      int64_t n = distinctGranules(addresses, elemBytes, 128);
      return {n, n * 128};
    }
    case CoalescingRule::Sectors: {
      int64_t n = distinctGranules(addresses, elemBytes, 32);
      return {n, n * 32};
    }
  }
  return {};
}

int64_t coalescedTransactions(int elemBytes, CoalescingRule rule) {
  std::vector<int64_t> lanes(32);
  for (int k = 0; k < 32; ++k) lanes[k] = int64_t{k} * elemBytes;
  return exactTransactions(lanes, elemBytes, rule).count;
}

}  // namespace sapfor::predictor

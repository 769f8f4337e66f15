/// @file FourierMotzkin.cpp
#include "analyzer/FourierMotzkin.hpp"

#include <algorithm>
#include <numeric>

namespace sapfor::analyzer {

namespace {

using Row = std::vector<int64_t>;  // the coefficients, then the constant last

/// floor(a / b) for b > 0.
int64_t floorDivide(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0 ? 1 : 0); }

/// Divides a constraint by the gcd of its coefficients, the constant rounded down (the integer
/// solutions stay the same). False when it has no unknown left and cannot hold.
bool tighten(Row& r) {
  const size_t n = r.size() - 1;
  int64_t g = 0;
  for (size_t i = 0; i < n; ++i) g = std::gcd(g, r[i] < 0 ? -r[i] : r[i]);
  if (g == 0) return r[n] >= 0;
  if (g > 1) {
    for (size_t i = 0; i < n; ++i) r[i] /= g;
    r[n] = floorDivide(r[n], g);
  }
  return true;
}

}  // namespace

void LinearSystem::atLeastZero(const Terms& terms, int64_t constant) {
  Row row;
  row.a.assign(unknowns_, 0);
  row.c = constant;
  for (const auto& [unknown, coefficient] : terms) {
    if (unknown >= row.a.size()) row.a.resize(unknown + 1, 0);
    if (__builtin_add_overflow(row.a[unknown], coefficient, &row.a[unknown])) overflow_ = true;
  }
  rows_.push_back(std::move(row));
}

void LinearSystem::zero(const Terms& terms, int64_t constant) {
  atLeastZero(terms, constant);
  Terms negated;
  negated.reserve(terms.size());
  for (const auto& [unknown, coefficient] : terms) {
    if (coefficient == INT64_MIN) overflow_ = true;
    negated.emplace_back(unknown, coefficient == INT64_MIN ? 0 : -coefficient);
  }
  if (constant == INT64_MIN) overflow_ = true;
  atLeastZero(negated, constant == INT64_MIN ? 0 : -constant);
}

bool LinearSystem::maySolve(size_t maxConstraints) const {
  if (overflow_) return true;
  const size_t n = unknowns_;
  std::vector<std::vector<int64_t>> rows;
  rows.reserve(rows_.size());
  for (const auto& r : rows_) {
    std::vector<int64_t> row(n + 1, 0);
    std::copy(r.a.begin(), r.a.end(), row.begin());
    row[n] = r.c;
    if (!tighten(row)) return false;
    rows.push_back(std::move(row));
  }
  std::vector<bool> eliminated(n, false);
  for (size_t step = 0; step < n; ++step) {
    // The unknown whose elimination makes the fewest new constraints.
    size_t best = n;
    size_t bestCost = 0;
    for (size_t v = 0; v < n; ++v) {
      if (eliminated[v]) continue;
      size_t up = 0, down = 0;
      for (const auto& r : rows) {
        if (r[v] > 0) ++up;
        if (r[v] < 0) ++down;
      }
      size_t cost = up * down;
      if (best == n || cost < bestCost) {
        best = v;
        bestCost = cost;
      }
    }
    if (best == n) break;
    eliminated[best] = true;
    std::vector<std::vector<int64_t>> next, lower, upper;  // lower: coefficient > 0 (v >= ...)
    for (auto& r : rows) {
      if (r[best] > 0) lower.push_back(std::move(r));
      else if (r[best] < 0) upper.push_back(std::move(r));
      else next.push_back(std::move(r));
    }
    for (const auto& l : lower)
      for (const auto& u : upper) {
        // a·v + L >= 0 with a > 0 and -b·v + U >= 0 with b > 0: b·L + a·U >= 0.
        const int64_t a = l[best], b = -u[best];
        std::vector<int64_t> combined(n + 1, 0);
        for (size_t i = 0; i <= n; ++i) {
          int64_t x = 0, y = 0;
          if (__builtin_mul_overflow(b, l[i], &x) || __builtin_mul_overflow(a, u[i], &y) ||
              __builtin_add_overflow(x, y, &combined[i]))
            return true;
        }
        combined[best] = 0;
        if (!tighten(combined)) return false;
        next.push_back(std::move(combined));
        if (next.size() > maxConstraints) return true;
      }
    rows = std::move(next);
  }
  for (const auto& r : rows)
    if (r[n] < 0 && std::all_of(r.begin(), r.end() - 1, [](int64_t x) { return x == 0; })) return false;
  return true;
}

}  // namespace sapfor::analyzer

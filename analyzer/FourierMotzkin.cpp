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
  for (size_t i = 0; i < n; ++i) {
    if (r[i] == INT64_MIN) return true;  // no magnitude in int64: left as it is
    g = std::gcd(g, r[i] < 0 ? -r[i] : r[i]);
  }
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
  equalities_.push_back(std::move(rows_.back()));
  rows_.pop_back();
}

bool LinearSystem::maySolve(size_t maxConstraints) const {
  if (overflow_) return true;
  const size_t n = unknowns_;
  auto dense = [&](const Row& r) {
    std::vector<int64_t> row(n + 1, 0);
    std::copy(r.a.begin(), r.a.end(), row.begin());
    row[n] = r.c;
    return row;
  };
  std::vector<std::vector<int64_t>> rows, equalities;
  for (const auto& r : rows_) rows.push_back(dense(r));
  for (const auto& r : equalities_) equalities.push_back(dense(r));
  // row -= factor·equality, for every coefficient and the constant; false on overflow.
  auto subtract = [&](std::vector<int64_t>& row, const std::vector<int64_t>& equality, int64_t factor) {
    for (size_t i = 0; i <= n; ++i) {
      int64_t product = 0;
      if (__builtin_mul_overflow(factor, equality[i], &product) || __builtin_sub_overflow(row[i], product, &row[i])) return false;
    }
    return true;
  };
  // The equalities with an unknown of coefficient ±1: solved for it and substituted.
  for (bool substituted = true; substituted;) {
    substituted = false;
    for (size_t e = 0; e < equalities.size() && !substituted; ++e)
      for (size_t x = 0; x < n && !substituted; ++x) {
        const int64_t c = equalities[e][x];
        if (c != 1 && c != -1) continue;
        const std::vector<int64_t> eq = std::move(equalities[e]);
        equalities.erase(equalities.begin() + static_cast<std::ptrdiff_t>(e));
        // x = -c·(the rest): a row with a·x loses a·c·eq (which has c·x, c·c = 1).
        for (auto* list : {&equalities, &rows})
          for (auto& row : *list)
            if (row[x] != 0 && (row[x] == INT64_MIN || !subtract(row, eq, row[x] * c))) return true;
        substituted = true;
      }
  }
  // The others: their coefficients' gcd must divide the constant; then two inequalities each.
  for (auto& eq : equalities) {
    if (std::find(eq.begin(), eq.end(), INT64_MIN) != eq.end()) return true;  // no negation in int64
    int64_t g = 0;
    for (size_t i = 0; i < n; ++i) g = std::gcd(g, eq[i] < 0 ? -eq[i] : eq[i]);
    if (g == 0 ? eq[n] != 0 : eq[n] % g != 0) return false;
    std::vector<int64_t> negated(n + 1);
    for (size_t i = 0; i <= n; ++i) negated[i] = -eq[i];
    rows.push_back(eq);
    rows.push_back(std::move(negated));
  }
  for (auto& row : rows)
    if (!tighten(row)) return false;
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

/// @file FourierMotzkin.hpp
/// Whether a system of linear equalities and inequalities over integer unknowns may have a
/// solution. The equalities go first, as the Omega test takes them (Pugh, "The Omega test",
/// CACM 35(8), 1992, §2.2): one with an unknown of coefficient ±1 is solved for it and
/// substituted everywhere (exact over the integers); one whose coefficients' gcd does not divide
/// its constant has no solution. Then Fourier–Motzkin elimination over the rationals, each
/// constraint tightened to its integer hull first (divided by the gcd of its coefficients, the
/// constant rounded down; §2.3). No solution found impossible means none: a proof; "may" is not
/// (the dependence tests keep the dependence then).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace sapfor::analyzer {

class LinearSystem {
 public:
  using Terms = std::vector<std::pair<size_t, int64_t>>;  ///< (unknown, coefficient)

  /// A new unknown, numbered from 0.
  size_t unknown() { return unknowns_++; }
  /// Σ coefficient·unknown + constant >= 0.
  void atLeastZero(const Terms& terms, int64_t constant);
  /// Σ coefficient·unknown + constant == 0.
  void zero(const Terms& terms, int64_t constant);
  /// False when the system has no integer solution (proven); true when it may have one, or when
  /// proving otherwise would take more than `maxConstraints` constraints at some step or overflow.
  bool maySolve(size_t maxConstraints = 400) const;

 private:
  struct Row {
    std::vector<int64_t> a;  ///< per unknown (fewer: the later unknowns' are 0)
    int64_t c = 0;
  };
  size_t unknowns_ = 0;
  std::vector<Row> rows_;        ///< >= 0
  std::vector<Row> equalities_;  ///< == 0
  bool overflow_ = false;
};

}  // namespace sapfor::analyzer

/// @file Delinearize.cpp
#include "analyzer/Delinearize.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <limits>

namespace sapfor::analyzer {

namespace {

constexpr size_t kMaxTerms = 48;       // 1 + (k-ks) + (ke-ks+1)*((i-is) + (ie-is+1)*(j-js)) has 27
constexpr size_t kMaxFactors = 3;      // i·nx·ny at most
constexpr size_t kMaxBaseFactors = 6;  // the base's lows times the strides below them

/// Adds sign·b to a; false on overflow or past the limits.
bool add(Polynomial& a, const Polynomial& b, int64_t sign) {
  for (const auto& [names, coeff] : b) {
    int64_t scaled = 0;
    if (__builtin_mul_overflow(coeff, sign, &scaled)) return false;
    int64_t& sum = a[names];
    if (__builtin_add_overflow(sum, scaled, &sum)) return false;
    if (sum == 0) a.erase(names);
  }
  return a.size() <= kMaxTerms;
}

std::optional<Polynomial> product(const Polynomial& a, const Polynomial& b, size_t maxFactors = kMaxFactors) {
  Polynomial out;
  for (const auto& [x, cx] : a)
    for (const auto& [y, cy] : b) {
      if (x.size() + y.size() > maxFactors) return std::nullopt;
      std::vector<std::string> names = x;
      names.insert(names.end(), y.begin(), y.end());
      std::sort(names.begin(), names.end());
      int64_t coeff = 0;
      if (__builtin_mul_overflow(cx, cy, &coeff)) return std::nullopt;
      if (!add(out, Polynomial{{std::move(names), coeff}}, 1)) return std::nullopt;
    }
  return out;
}

/// combine with the terms in order, so that equal forms compare equal.
std::optional<LinearExpr> plus(const LinearExpr& a, const LinearExpr& b, int64_t sign) {
  std::optional<LinearExpr> out = combine(a, b, sign);
  if (out) std::sort(out->terms.begin(), out->terms.end());
  return out;
}

/// A form as a polynomial of degree 1.
Polynomial polynomialOf(const LinearExpr& f) {
  Polynomial p;
  if (f.constant) p[{}] = f.constant;
  for (const auto& [name, coeff] : f.terms) p[{name}] = coeff;
  return p;
}

size_t degree(const Polynomial& p) {
  size_t most = 0;
  for (const auto& [names, coeff] : p) most = std::max(most, names.size());
  return most;
}

/// Monomials in graded order: a before b when of a lower degree, or of one degree and before it
/// by name (a polynomial's leading term is its last).
bool before(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

/// a / c when c divides a with integer coefficients; nullopt otherwise. Division by the leading
/// term: one divisor is a Gröbner basis of the ideal it spans, so a remainder that is not 0 means
/// c does not divide a (Cox, Little & O'Shea, "Ideals, varieties, and algorithms", ch. 2).
std::optional<Polynomial> quotient(Polynomial a, const Polynomial& c) {
  auto leading = [](const Polynomial& p) {
    auto best = p.begin();
    for (auto t = p.begin(); t != p.end(); ++t)
      if (before(best->first, t->first)) best = t;
    return best;
  };
  const auto [lc, lcCoeff] = *leading(c);
  Polynomial q;
  for (size_t steps = 0; !a.empty(); ++steps) {
    if (steps > kMaxTerms) return std::nullopt;
    const auto [la, laCoeff] = *leading(a);
    // la = lc · t for a monomial t: lc's names a sub-multiset of la's.
    std::vector<std::string> t;
    if (!std::includes(la.begin(), la.end(), lc.begin(), lc.end())) return std::nullopt;
    std::set_difference(la.begin(), la.end(), lc.begin(), lc.end(), std::back_inserter(t));
    if ((lcCoeff == -1 && laCoeff == std::numeric_limits<int64_t>::min()) || laCoeff % lcCoeff != 0) return std::nullopt;
    const Polynomial term{{std::move(t), laCoeff / lcCoeff}};
    std::optional<Polynomial> times = product(term, c, kMaxBaseFactors);
    if (!times || !add(a, *times, -1) || !add(q, term, 1)) return std::nullopt;
  }
  return q;
}

}  // namespace

std::optional<Polynomial> polynomialOf(const facts::Expression& e) {
  using K = facts::ExpressionKind;
  switch (e.kind) {
    case K::Integer: return e.value ? Polynomial{{{}, e.value}} : Polynomial{};
    case K::Constant:  // a named constant: its value, when the front end folded it
      if (e.args.empty() || e.args[0].kind != K::Integer) return std::nullopt;
      return e.args[0].value ? Polynomial{{{}, e.args[0].value}} : Polynomial{};
    case K::Name: return Polynomial{{{e.text}, 1}};
    case K::Paren: return e.args.size() == 1 ? polynomialOf(e.args[0]) : std::nullopt;
    case K::Operator: break;
    default: return std::nullopt;
  }
  if (e.args.size() == 1 && (e.text == "+" || e.text == "-")) {
    std::optional<Polynomial> x = polynomialOf(e.args[0]);
    if (!x || e.text == "+") return x;
    Polynomial negated;
    if (!add(negated, *x, -1)) return std::nullopt;
    return negated;
  }
  if (e.args.size() != 2 || (e.text != "+" && e.text != "-" && e.text != "*")) return std::nullopt;
  std::optional<Polynomial> x = polynomialOf(e.args[0]), y = polynomialOf(e.args[1]);
  if (!x || !y) return std::nullopt;
  if (e.text == "*") return product(*x, *y);
  if (!add(*x, *y, e.text == "+" ? 1 : -1)) return std::nullopt;
  return x;
}

std::optional<Delinearized> delinearize(const Polynomial& index, const std::vector<LoopRange>& loops) {
  auto loopOf = [&](const std::string& name) -> const LoopRange* {
    for (const LoopRange& l : loops)
      if (l.var == name) return &l;
    return nullptr;
  };
  // Each loop variable's coefficient (a polynomial of the invariant names), and the invariant rest.
  Polynomial base;
  std::map<std::string, Polynomial> coefficient;
  for (const auto& [names, coeff] : index) {
    const std::string* var = nullptr;
    for (const std::string& n : names)
      if (loopOf(n)) {
        if (var) return std::nullopt;  // i·j: not of the form
        var = &n;
      }
    if (!var) {
      base.emplace(names, coeff);
      continue;
    }
    std::vector<std::string> rest = names;
    rest.erase(std::find(rest.begin(), rest.end(), *var));
    if (!add(coefficient[*var], Polynomial{{std::move(rest), coeff}}, 1)) return std::nullopt;
  }
  // Digit by digit, least first: the variables of constant coefficient make this digit; the
  // others' coefficients must all be polynomial multiples of one of them, the stride C, and this
  // digit must span at most C - 1. Their quotients are the coefficients of the digits above.
  Delinearized out;
  std::string strides;
  Polynomial scale{{{}, 1}};  // the product of the strides below this digit
  for (size_t level = 0;; ++level) {
    if (level == kMaxFactors + 1) return std::nullopt;
    LinearExpr low, lowest, span;
    std::vector<const Polynomial*> symbolic;
    for (const auto& [var, c] : coefficient) {
      if (c.empty()) continue;
      if (c.size() == 1 && c.begin()->first.empty()) {
        const int64_t k = c.begin()->second;
        if (k == std::numeric_limits<int64_t>::min()) return std::nullopt;  // no |coefficient|
        std::optional<LinearExpr> term = plus(low, LinearExpr{true, 0, {{var, k}}}, 1);
        if (!term) return std::nullopt;
        low = std::move(*term);
      } else {
        symbolic.push_back(&c);
      }
    }
    if (symbolic.empty()) {
      // The top digit: no range needed, nothing above it to be told apart from. Alone, it is
      // an index affine in the loops' variables over a base that is not (i + n·m).
      if (low.terms.empty()) return std::nullopt;  // no loop's variable in the index
      out.digits.push_back(std::move(low));
      break;
    }
    // The stride: a symbolic coefficient every other one is a multiple of (the least degree first).
    std::stable_sort(symbolic.begin(), symbolic.end(), [](const Polynomial* a, const Polynomial* b) { return degree(*a) < degree(*b); });
    const Polynomial* stride = nullptr;
    std::map<std::string, Polynomial> above;
    for (const Polynomial* candidate : symbolic) {
      above.clear();
      for (const auto& [var, c] : coefficient) {
        if (c.empty() || (c.size() == 1 && c.begin()->first.empty())) continue;
        std::optional<Polynomial> q = quotient(c, *candidate);
        if (!q) break;
        above.emplace(var, std::move(*q));
      }
      if (above.size() == symbolic.size()) {
        stride = candidate;
        break;
      }
    }
    if (!stride) return std::nullopt;
    // low over its loops' ranges: its least value and how far above it it reaches.
    for (const auto& [var, k] : low.terms) {
      const LoopRange& l = *loopOf(var);
      if (!l.low.affine || !l.high.affine) return std::nullopt;
      std::optional<LinearExpr> width = plus(l.high, l.low, -1);
      std::optional<LinearExpr> least = plus(lowest, k > 0 ? l.low : l.high, k);
      std::optional<LinearExpr> wider = width ? plus(span, *width, k > 0 ? k : -k) : std::nullopt;
      if (!least || !wider) return std::nullopt;
      lowest = std::move(*least), span = std::move(*wider);
    }
    // C - 1 - span >= 0 whatever the invariant names are: the lows never reach C apart.
    Polynomial slack = *stride;
    if (!add(slack, polynomialOf(span), -1)) return std::nullopt;
    const bool narrow = slack.size() == 1 && slack.begin()->first.empty() && slack.begin()->second >= 1;
    if (!narrow) return std::nullopt;
    // The digit's least value moves into the base: the digit is then 0 .. C - 1 in every reference.
    std::optional<Polynomial> moved = product(scale, polynomialOf(lowest), kMaxBaseFactors);
    std::optional<Polynomial> wider = product(scale, *stride, kMaxBaseFactors);
    std::optional<LinearExpr> shifted = plus(low, lowest, -1);
    if (!moved || !wider || !shifted || !add(base, *moved, 1)) return std::nullopt;
    out.digits.push_back(std::move(*shifted));
    strides += " / " + polynomialText(*stride);
    scale = std::move(*wider);
    coefficient = std::move(above);
  }
  out.key = polynomialText(base) + strides;
  return out;
}

std::string polynomialText(const Polynomial& p) {
  std::string out;
  for (const auto& [names, coeff] : p) {
    if (coeff < 0) out += '-';
    else if (!out.empty()) out += '+';
    const uint64_t magnitude = coeff < 0 ? 0 - static_cast<uint64_t>(coeff) : static_cast<uint64_t>(coeff);
    if (magnitude != 1 || names.empty()) out += std::to_string(magnitude) + (names.empty() ? "" : "*");
    for (size_t i = 0; i < names.size(); ++i) out += (i ? "*" : "") + names[i];
  }
  return out.empty() ? "0" : out;
}

}  // namespace sapfor::analyzer

/// @file Delinearize.cpp
#include "analyzer/Delinearize.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace sapfor::analyzer {

namespace {

constexpr size_t kMaxTerms = 16;   // an index expression has a handful
constexpr size_t kMaxFactors = 3;  // i·nx·ny at most

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

std::optional<Polynomial> product(const Polynomial& a, const Polynomial& b) {
  Polynomial out;
  for (const auto& [x, cx] : a)
    for (const auto& [y, cy] : b) {
      if (x.size() + y.size() > kMaxFactors) return std::nullopt;
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

bool isZero(const LinearExpr& f) { return f.constant == 0 && f.terms.empty(); }

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
  // Each loop variable's coefficient (a form of the invariant names), and the invariant rest.
  Polynomial base;
  std::map<std::string, LinearExpr> coefficient;
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
    if (names.size() > 2) return std::nullopt;  // k·nx·ny: a coefficient that is no form
    LinearExpr term;
    if (names.size() == 1) term.constant = coeff;
    else term.terms.emplace_back(names[0] == *var ? names[1] : names[0], coeff);
    auto [at, added] = coefficient.try_emplace(*var);
    std::optional<LinearExpr> sum = plus(at->second, term, 1);
    if (!sum || std::any_of(sum->terms.begin(), sum->terms.end(),
                            [](const auto& t) { return t.second == std::numeric_limits<int64_t>::min(); }))
      return std::nullopt;  // no |coefficient| to compare
    at->second = std::move(*sum);
  }
  // The stride C: the symbolic coefficient the others are constant multiples of (the one whose
  // leading term is least; those of the others must then be multiples of it).
  const LinearExpr* stride = nullptr;
  for (const auto& [var, c] : coefficient)
    if (!c.terms.empty() && (!stride || std::abs(c.terms.front().second) < std::abs(stride->terms.front().second)))
      stride = &c;
  LinearExpr low, high, lowest, span;
  for (const auto& [var, c] : coefficient) {
    if (isZero(c)) continue;
    if (c.terms.empty()) {
      // low·c over [l.low, l.high]: its least value and how far above it it reaches.
      const LoopRange& l = *loopOf(var);
      if (!l.low.affine || !l.high.affine || c.constant == std::numeric_limits<int64_t>::min()) return std::nullopt;
      std::optional<LinearExpr> width = plus(l.high, l.low, -1);
      std::optional<LinearExpr> least = plus(lowest, c.constant > 0 ? l.low : l.high, c.constant);
      std::optional<LinearExpr> wider = width ? plus(span, *width, std::abs(c.constant)) : std::nullopt;
      std::optional<LinearExpr> term = plus(low, LinearExpr{true, 0, {{var, c.constant}}}, 1);
      if (!least || !wider || !term) return std::nullopt;
      lowest = std::move(*least), span = std::move(*wider), low = std::move(*term);
      continue;
    }
    const auto& [name, first] = stride->terms.front();
    auto same = std::find_if(c.terms.begin(), c.terms.end(), [&](const auto& t) { return t.first == name; });
    if (same == c.terms.end() || same->second % first != 0) return std::nullopt;
    const int64_t multiple = same->second / first;
    std::optional<LinearExpr> rest = plus(c, *stride, -multiple);
    std::optional<LinearExpr> term = plus(high, LinearExpr{true, 0, {{var, multiple}}}, 1);
    if (!rest || !isZero(*rest) || !term) return std::nullopt;
    high = std::move(*term);
  }
  if (!stride) return std::nullopt;
  // C - 1 - span >= 0 whatever the invariant names are: the lows never reach C apart.
  std::optional<LinearExpr> slack = plus(*stride, span, -1);
  if (!slack || !slack->terms.empty() || slack->constant < 1) return std::nullopt;
  std::optional<LinearExpr> shifted = plus(low, lowest, -1);
  if (!shifted) return std::nullopt;
  // The lows' least value moves into the base: low is then 0 .. C - 1 in every reference.
  if (!add(base, polynomialOf(lowest), 1)) return std::nullopt;
  return Delinearized{polynomialText(base) + " / " + polynomialText(polynomialOf(*stride)), std::move(*shifted), std::move(high)};
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

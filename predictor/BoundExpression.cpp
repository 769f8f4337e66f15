/// @file BoundExpression.cpp
/// A recursive-descent evaluator: expr = term {(+|-) term}; term = factor {(*|/) factor};
/// factor = (+|-) factor | primary [** factor]; primary = number | name [(args)] | (expr).
#include "predictor/BoundExpression.hpp"

#include <cctype>
#include <cmath>
#include <vector>

namespace sapfor::predictor {

namespace {

class Evaluator {
 public:
  Evaluator(std::string_view text, const SymbolLookup& lookup, BoundValue& out) : s_(text), lookup_(lookup), out_(out) {}

  std::optional<double> run() {
    std::optional<double> v = expr();
    skip();
    if (pos_ != s_.size()) out_.understood = false;
    return out_.understood && out_.missing.empty() ? v : std::nullopt;
  }

 private:
  void skip() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool eat(std::string_view token) {
    skip();
    if (s_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }
  static bool whole(double v) { return std::floor(v) == v; }

  std::optional<double> expr() {
    std::optional<double> v = term();
    for (;;) {
      if (eat("+")) v = combine(v, term(), '+');
      else if (eat("-")) v = combine(v, term(), '-');
      else return v;
    }
  }
  std::optional<double> term() {
    std::optional<double> v = factor();
    for (;;) {
      skip();
      if (s_.substr(pos_, 2) == "**") return v;
      if (eat("*")) v = combine(v, factor(), '*');
      else if (eat("/")) v = combine(v, factor(), '/');
      else return v;
    }
  }
  std::optional<double> factor() {
    if (eat("-")) {
      std::optional<double> v = factor();
      return v ? std::optional<double>(-*v) : std::nullopt;
    }
    if (eat("+")) return factor();
    std::optional<double> v = primary();
    if (eat("**")) v = combine(v, factor(), '^');
    return v;
  }
  std::optional<double> combine(std::optional<double> a, std::optional<double> b, char op) {
    if (!a || !b) return std::nullopt;
    switch (op) {
      case '+': return *a + *b;
      case '-': return *a - *b;
      case '*': return *a * *b;
      case '/':
        if (*b == 0) return fail();
        return whole(*a) && whole(*b) ? std::trunc(*a / *b) : *a / *b;
      case '^': return std::pow(*a, *b);
    }
    return fail();
  }
  std::optional<double> fail() {
    out_.understood = false;
    return std::nullopt;
  }
  std::optional<double> primary() {
    skip();
    if (eat("(")) {
      std::optional<double> v = expr();
      if (!eat(")")) return fail();
      return v;
    }
    if (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      size_t start = pos_;
      while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      // Not std::stod: a number of 310 digits or more is out of a double's range, and the bound is
      // then not understood (stod threw, and the whole prediction stopped).
      double v = std::strtod(std::string(s_.substr(start, pos_ - start)).c_str(), nullptr);
      if (pos_ < s_.size() && s_[pos_] == '_') {  // a kind suffix: 10_8
        ++pos_;
        while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
      }
      if (!std::isfinite(v)) return fail();
      return v;
    }
    if (pos_ < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) {
      size_t start = pos_;
      while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
      std::string name(s_.substr(start, pos_ - start));
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (eat("(")) return call(name);
      std::optional<double> v = lookup_(name);
      if (!v) out_.missing.insert(name);
      return v;
    }
    return fail();
  }
  std::optional<double> call(const std::string& name) {
    if (name != "min" && name != "max" && name != "abs" && name != "mod") out_.understood = false;
    std::vector<std::optional<double>> args;
    if (!eat(")")) {
      do args.push_back(expr());
      while (eat(","));
      if (!eat(")")) return fail();
    }
    for (const auto& a : args)
      if (!a) return std::nullopt;
    if ((name == "min" || name == "max") && !args.empty()) {
      double v = *args[0];
      for (const auto& a : args) v = name == "min" ? std::min(v, *a) : std::max(v, *a);
      return v;
    }
    if (name == "abs" && args.size() == 1) return std::fabs(*args[0]);
    if (name == "mod" && args.size() == 2 && *args[1] != 0) return std::fmod(*args[0], *args[1]);
    return fail();
  }

  std::string_view s_;
  size_t pos_ = 0;
  const SymbolLookup& lookup_;
  BoundValue& out_;
};

}  // namespace

BoundValue evaluateBound(std::string_view text, const SymbolLookup& lookup) {
  BoundValue out;
  out.value = Evaluator(text, lookup, out).run();
  return out;
}

}  // namespace sapfor::predictor

/// @file BoundExpression.cpp
#include "predictor/BoundExpression.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace sapfor::predictor {

namespace {

using facts::Expression;
using facts::ExpressionKind;

class Evaluator {
 public:
  Evaluator(const SymbolLookup& lookup, const ArrayLookup& arrays, const ElementLookup& elements, BoundValue& out)
      : lookup_(lookup), arrays_(arrays), elements_(elements), out_(out) {}

  std::optional<double> evaluate(const Expression& e) {
    switch (e.kind) {
      case ExpressionKind::Integer: return static_cast<double>(e.value);
      // A named constant's value as the front end folded it (a module's, a host's included).
      case ExpressionKind::Constant:
        if (!e.args.empty() && e.args[0].kind != ExpressionKind::Logical)
          return e.args[0].kind == ExpressionKind::Real ? std::strtod(e.args[0].text.c_str(), nullptr)
                                                        : static_cast<double>(e.args[0].value);
        [[fallthrough]];
      case ExpressionKind::Name: {
        std::optional<double> v = lookup_(e.text);
        if (!v) out_.missing.insert(e.text);
        return v;
      }
      case ExpressionKind::Paren: return evaluate(e.args[0]);
      case ExpressionKind::Operator: return e.args.size() == 1 ? unary(e) : binary(e);
      // min(n, m) as the front end resolved it, or a name it could not resolve (an external
      // module's): the intrinsic by its name either way
      case ExpressionKind::Intrinsic:
      case ExpressionKind::Apply: return intrinsic(e);
      case ExpressionKind::Element: return element(e);
      // chunk%tiles(tile)%t_xmax: a value the symbols know (or --param gives) by that designator.
      case ExpressionKind::Component:
      case ExpressionKind::Subscript: {
        std::optional<std::string> name = designator(e);
        if (!name) return fail();
        std::optional<double> v = lookup_(*name);
        if (!v) out_.missing.insert(*name);
        return v;
      }
      default: return fail();
    }
  }

  /// A component designator's text, as written without blanks (`a%b(i)%c`), when its parts are
  /// names, components and subscripts that are names or integers; nothing otherwise.
  static std::optional<std::string> designator(const Expression& e) {
    switch (e.kind) {
      case ExpressionKind::Name: return e.text;
      case ExpressionKind::Component: {
        if (e.args.empty()) return std::nullopt;
        std::optional<std::string> base = designator(e.args[0]);
        return base ? std::optional<std::string>(*base + "%" + e.text) : std::nullopt;
      }
      case ExpressionKind::Element:
      case ExpressionKind::Subscript: {
        bool element = e.kind == ExpressionKind::Element;
        std::optional<std::string> base = element ? std::optional<std::string>(e.text)
                                          : e.args.empty() ? std::nullopt : designator(e.args[0]);
        if (!base) return std::nullopt;
        std::string text = *base + "(";
        for (size_t i = element ? 0 : 1; i < e.args.size(); ++i) {
          const Expression& s = e.args[i];
          if (s.kind == ExpressionKind::Integer) text += std::to_string(s.value);
          else if (s.kind == ExpressionKind::Name || s.kind == ExpressionKind::Constant) text += s.text;
          else return std::nullopt;
          text += i + 1 < e.args.size() ? "," : ")";
        }
        return e.args.size() > (element ? 0u : 1u) ? std::optional<std::string>(text) : std::nullopt;
      }
      default: return std::nullopt;
    }
  }

 private:
  static bool whole(double v) { return std::floor(v) == v; }

  std::optional<double> fail() {
    out_.understood = false;
    return std::nullopt;
  }

  std::optional<double> unary(const Expression& e) {
    std::optional<double> v = evaluate(e.args[0]);
    if (e.text == "+") return v;
    if (e.text != "-") return fail();
    return v ? std::optional<double>(-*v) : std::nullopt;
  }

  std::optional<double> binary(const Expression& e) {
    std::optional<double> a = evaluate(e.args[0]);
    std::optional<double> b = evaluate(e.args[1]);
    const std::string& op = e.text;
    if (op != "+" && op != "-" && op != "*" && op != "/" && op != "**") return fail();
    if (!a || !b) return std::nullopt;
    if (op == "+") return *a + *b;
    if (op == "-") return *a - *b;
    if (op == "*") return *a * *b;
    if (op == "**") return std::pow(*a, *b);
    if (*b == 0) return fail();
    return whole(*a) && whole(*b) ? std::trunc(*a / *b) : *a / *b;
  }

  std::optional<double> intrinsic(const Expression& e) {
    const std::string& name = e.text;
    if (name == "size" || name == "lbound" || name == "ubound") return inquiry(e);
    if (name != "min" && name != "max" && name != "abs" && name != "mod") return fail();
    std::vector<std::optional<double>> args;
    for (const Expression& a : e.args) args.push_back(evaluate(a));
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

  /// grid_points(1): an element whose subscripts are constants.
  std::optional<double> element(const Expression& e) {
    if (!elements_) return fail();
    std::vector<int64_t> subscripts;
    for (const Expression& d : e.args) {
      if (std::optional<int64_t> v = facts::integerValue(d)) subscripts.push_back(*v);
      else return fail();
    }
    return elements_(e.text, subscripts, out_.missing);
  }

  /// size(a), size(a, d), lbound(a, d), ubound(a, d): from the array's bounds.
  std::optional<double> inquiry(const Expression& e) {
    const bool size = e.text == "size";
    if (!arrays_ || e.args.empty() || e.args.size() > 2 || e.args[0].kind != ExpressionKind::Name || (!size && e.args.size() != 2))
      return fail();
    std::optional<double> dim;
    if (e.args.size() == 2) {
      if (e.args[1].kind == ExpressionKind::Keyword) return fail();  // kind=: not a dimension
      dim = evaluate(e.args[1]);
      if (!dim) return std::nullopt;
    }
    std::optional<std::vector<std::pair<double, double>>> bounds = arrays_(e.args[0].text, out_.missing);
    if (!bounds) return std::nullopt;
    auto extent = [](const std::pair<double, double>& b) { return std::max(0.0, b.second - b.first + 1); };
    if (!dim) {
      double elements = 1;
      for (const auto& b : *bounds) elements *= extent(b);
      return elements;
    }
    if (!whole(*dim) || *dim < 1 || *dim > static_cast<double>(bounds->size())) return fail();
    const auto& b = (*bounds)[static_cast<size_t>(*dim) - 1];
    return size ? extent(b) : e.text == "lbound" ? b.first : b.second;
  }

  const SymbolLookup& lookup_;
  const ArrayLookup& arrays_;
  const ElementLookup& elements_;
  BoundValue& out_;
};

}  // namespace

BoundValue evaluateBound(const Expression& e, const SymbolLookup& lookup, const ArrayLookup& arrays,
                         const ElementLookup& elements) {
  BoundValue out;
  if (e.isNull()) return out;
  std::optional<double> v = Evaluator(lookup, arrays, elements, out).evaluate(e);
  if (out.understood && out.missing.empty()) out.value = v;
  return out;
}

}  // namespace sapfor::predictor

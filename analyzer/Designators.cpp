/// @file Designators.cpp
#include "analyzer/Designators.hpp"

#include <functional>
#include <unordered_map>

namespace sapfor::analyzer {

namespace {

using facts::Expression;
using facts::ExpressionKind;

/// Calls `visit(node, parent)` on every node of the trees, parents before children.
void walk(const facts::StatementExpressions& trees, const std::function<void(const Expression&, const Expression*)>& visit) {
  std::function<void(const Expression&, const Expression*)> node = [&](const Expression& e, const Expression* parent) {
    visit(e, parent);
    for (const Expression& a : e.args) node(a, &e);
  };
  std::function<void(const facts::StatementExpressions&)> statement = [&](const facts::StatementExpressions& s) {
    for (const Expression& e : s.exprs) node(e, nullptr);
    for (const Expression& e : s.items) node(e, nullptr);
    for (const facts::StatementExpressions& a : s.action) statement(a);
  };
  statement(trees);
}

}  // namespace

std::optional<std::vector<DesignatorPart>> designatorParts(const facts::StatementExpressions& trees, const std::string& name) {
  const Expression* found = nullptr;
  walk(trees, [&](const Expression& e, const Expression*) {
    if (!found && e.kind == ExpressionKind::Component && facts::fortranText(e) == name) found = &e;
  });
  if (!found) return std::nullopt;
  // From the last part back to the root: a Subscript's subscripts belong to the part its base names.
  std::vector<DesignatorPart> parts;
  std::vector<const Expression*> pending;
  for (const Expression* e = found;;) {
    switch (e->kind) {
      case ExpressionKind::Component:
        parts.push_back({e->text, std::move(pending)});
        pending.clear();
        e = &e->args[0];
        continue;
      case ExpressionKind::Subscript:
        if (!pending.empty()) return std::nullopt;  // a(i)(j): no such designator
        for (size_t k = 1; k < e->args.size(); ++k) pending.push_back(&e->args[k]);
        e = &e->args[0];
        continue;
      case ExpressionKind::Element:
      case ExpressionKind::Section:
        if (!pending.empty()) return std::nullopt;
        parts.push_back({e->text, {}});
        for (const Expression& s : e->args) parts.back().subscripts.push_back(&s);
        break;
      case ExpressionKind::Name:
        parts.push_back({e->text, std::move(pending)});
        break;
      default:
        return std::nullopt;
    }
    break;
  }
  return std::vector<DesignatorPart>(parts.rbegin(), parts.rend());
}

std::vector<const facts::Expression*> subscriptsOf(const facts::StatementExpressions& trees, const std::string& text) {
  std::vector<const Expression*> out;
  bool found = false;
  walk(trees, [&](const Expression& e, const Expression*) {
    if (found || !(e.kind == ExpressionKind::Subscript || e.kind == ExpressionKind::Element || e.kind == ExpressionKind::Section) ||
        facts::fortranText(e) != text)
      return;
    found = true;
    for (size_t k = e.kind == ExpressionKind::Subscript ? 1 : 0; k < e.args.size(); ++k) out.push_back(&e.args[k]);
  });
  return out;
}

std::vector<std::vector<std::string>> componentsSelected(const facts::StatementExpressions& trees, const std::string& text) {
  // Each component node's parent, to climb from an occurrence to the components selected from it.
  std::vector<std::pair<const Expression*, const Expression*>> occurrences;  // (node, parent)
  std::unordered_map<const Expression*, const Expression*> parents;
  walk(trees, [&](const Expression& e, const Expression* parent) {
    if (e.kind == ExpressionKind::Component) parents.emplace(&e, parent);
    if ((e.kind == ExpressionKind::Subscript || e.kind == ExpressionKind::Element || e.kind == ExpressionKind::Section) &&
        facts::fortranText(e) == text)
      occurrences.emplace_back(&e, parent);
  });
  auto parentOf = [&](const Expression* node) -> const Expression* {
    auto at = parents.find(node);
    return at == parents.end() ? nullptr : at->second;
  };
  std::vector<std::vector<std::string>> out;
  for (auto [node, parent] : occurrences) {
    std::vector<std::string> selected;
    // Components selected in turn (x%a%b): each one the next one's base. A subscript or a
    // substring on a component ends the climb: the part before it is then used whole.
    while (parent && parent->kind == ExpressionKind::Component && &parent->args[0] == node) {
      selected.push_back(parent->text);
      node = parent;
      parent = parentOf(node);
    }
    out.push_back(std::move(selected));
  }
  return out;
}

}  // namespace sapfor::analyzer

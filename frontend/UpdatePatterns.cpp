/// @file UpdatePatterns.cpp
#include "frontend/UpdatePatterns.hpp"

#include "frontend/Semantics.hpp"

#include <set>
#include <tuple>

namespace sapfor::frontend {

namespace {

const Expr* withoutParens(const Expr* e) {
  while (e->kind == ExprKind::Paren) e = e->args[0].get();
  return e;
}

/// Whether `e` names the variable `v` anywhere (as itself, an element, a component...).
bool mentions(const Expr& e, const Symbol* v) {
  if ((e.kind == ExprKind::Name || e.kind == ExprKind::Apply) && e.symbol == v) return true;
  for (const auto& a : e.args)
    if (a && mentions(*a, v)) return true;
  return false;
}

/// `e` is the scalar variable `v` itself.
bool isScalar(const Expr* e, const Symbol* v) {
  e = withoutParens(e);
  return e->kind == ExprKind::Name && e->ref == RefKind::Variable && e->symbol == v;
}

/// The operands of a chain of one associative operation (`a + b - c`: a, b, c with c negated;
/// `Sub` only for sums), parentheses looked through.
void flattenChain(const Expr* e, Op op, bool negated, std::vector<std::pair<const Expr*, bool>>& operands) {
  e = withoutParens(e);
  bool sum = op == Op::Add;
  if (e->kind == ExprKind::Binary && (e->op == op || (sum && e->op == Op::Sub))) {
    flattenChain(e->args[0].get(), op, negated, operands);
    flattenChain(e->args[1].get(), op, e->op == Op::Sub ? !negated : negated, operands);
    return;
  }
  if (sum && e->kind == ExprKind::Unary && (e->op == Op::Neg || e->op == Op::Plus)) {
    flattenChain(e->args[0].get(), op, e->op == Op::Neg ? !negated : negated, operands);
    return;
  }
  operands.push_back({e, negated});
}

std::optional<facts::UpdateOp> reductionOp(Op op) {
  switch (op) {
    case Op::Add: return facts::UpdateOp::Sum;
    case Op::Mul: return facts::UpdateOp::Product;
    case Op::And: return facts::UpdateOp::And;
    case Op::Or: return facts::UpdateOp::Or;
    case Op::Eqv: return facts::UpdateOp::Eqv;
    case Op::Neqv: return facts::UpdateOp::Neqv;
    default: return std::nullopt;
  }
}

/// max/min and their specific names (AMAX1, DMAX1, MAX0 ...): max, min or nullopt.
std::optional<facts::UpdateOp> extremumOf(const std::string& intrinsic) {
  static const std::set<std::string> maxima = {"max", "max0", "max1", "amax0", "amax1", "dmax1"};
  static const std::set<std::string> minima = {"min", "min0", "min1", "amin0", "amin1", "dmin1"};
  if (maxima.count(intrinsic)) return facts::UpdateOp::Max;
  if (minima.count(intrinsic)) return facts::UpdateOp::Min;
  return std::nullopt;
}

/// `v = v op e` (op one associative operation, v once in the chain and not in e) or
/// `v = max(v, e...)`: the operation, and for a sum, its step when constant.
std::optional<std::pair<facts::UpdateOp, std::optional<int64_t>>> updateOf(const Symbol* v, const Expr& rhs, const Scope& scope) {
  const Expr* e = withoutParens(&rhs);
  // A flag set to one constant (`IF (a(i) < 0) found = .TRUE.`): once set it stays so, as
  // `found = found .OR. cond` would leave it; .FALSE. likewise as an .AND.
  if (e->kind == ExprKind::LogicalLiteral && v->type.base == BaseType::Logical)
    return std::make_pair(e->intValue ? facts::UpdateOp::Or : facts::UpdateOp::And, std::optional<int64_t>());
  if (e->kind == ExprKind::Apply && e->ref == RefKind::IntrinsicCall) {
    std::optional<facts::UpdateOp> name = extremumOf(e->text);
    if (!name) return std::nullopt;
    int self = 0;
    for (const auto& a : e->args) {
      if (!a) return std::nullopt;
      if (isScalar(a.get(), v)) ++self;
      else if (mentions(*a, v)) return std::nullopt;
    }
    if (self != 1) return std::nullopt;
    return std::make_pair(*name, std::optional<int64_t>());
  }
  if (e->kind != ExprKind::Binary) return std::nullopt;
  Op op = e->op == Op::Sub ? Op::Add : e->op;
  std::optional<facts::UpdateOp> name = reductionOp(op);
  if (!name) return std::nullopt;
  std::vector<std::pair<const Expr*, bool>> operands;
  flattenChain(e, op, false, operands);
  int self = 0;
  bool constant = true;
  int64_t step = 0;
  for (const auto& [operand, negated] : operands) {
    if (isScalar(operand, v)) {
      if (negated) return std::nullopt;  // s = e - s is no reduction
      ++self;
      continue;
    }
    if (mentions(*operand, v)) return std::nullopt;
    std::optional<int64_t> value = constant ? foldInteger(operand, scope) : std::nullopt;
    if (!value || __builtin_add_overflow(step, negated ? -*value : *value, &step)) constant = false;
  }
  if (self != 1) return std::nullopt;
  return std::make_pair(*name, op == Op::Add && constant ? std::optional<int64_t>(step) : std::nullopt);
}

/// The scalar a statement assigns (`v = ...`), else null.
Symbol* assignedScalar(const Stmt& s) {
  if (s.kind != StmtKind::Assignment || !s.parsed) return nullptr;
  const Expr* lhs = s.exprs[0].get();
  return lhs->kind == ExprKind::Name && lhs->ref == RefKind::Variable ? lhs->symbol : nullptr;
}

/// `x > v` (v a scalar variable): v and whether the test keeps the larger value ("max") or the
/// smaller ("min"), and x.
std::optional<std::tuple<Symbol*, facts::UpdateOp, const Expr*>> comparison(const Expr& condition) {
  const Expr* c = withoutParens(&condition);
  if (c->kind != ExprKind::Binary) return std::nullopt;
  bool greater = c->op == Op::Gt || c->op == Op::Ge;
  bool less = c->op == Op::Lt || c->op == Op::Le;
  if (!greater && !less) return std::nullopt;
  const Expr* left = withoutParens(c->args[0].get());
  const Expr* right = withoutParens(c->args[1].get());
  if (right->kind == ExprKind::Name && right->ref == RefKind::Variable && right->symbol && !mentions(*left, right->symbol))
    return std::make_tuple(right->symbol, greater ? facts::UpdateOp::Max : facts::UpdateOp::Min, left);  // x > v: keep the larger
  if (left->kind == ExprKind::Name && left->ref == RefKind::Variable && left->symbol && !mentions(*right, left->symbol))
    return std::make_tuple(left->symbol, less ? facts::UpdateOp::Max : facts::UpdateOp::Min, right);  // v < x: keep the larger
  return std::nullopt;
}

}  // namespace

std::optional<Update> updateOfStatement(const Stmt& s, const Scope& scope) {
  const Stmt* assignment = &s;
  if (s.kind == StmtKind::If && s.action) {
    assignment = s.action.get();
    Symbol* v = assignedScalar(*assignment);
    if (!v) return std::nullopt;
    // IF (x > v) v = x: a maximum.
    if (auto cmp = comparison(*s.exprs[0]); cmp && std::get<0>(*cmp) == v &&
                                             exprText(*std::get<2>(*cmp)) == exprText(*assignment->exprs[1])) {
      return Update{v, v->name, std::get<1>(*cmp), std::nullopt, "", true};
    }
    if (mentions(*s.exprs[0], v)) return std::nullopt;  // IF (s > 0) s = s + 1 is no reduction
  }
  Symbol* v = assignedScalar(*assignment);
  if (!v) return std::nullopt;
  if (auto shape = updateOf(v, *assignment->exprs[1], scope)) return Update{v, v->name, shape->first, shape->second, ""};
  return std::nullopt;
}

std::vector<std::pair<size_t, Update>> extremumArmUpdates(const Node& arm, const Scope& scope) {
  if (arm.stmt->kind != StmtKind::IfThen || !arm.stmt->parsed) return {};
  auto cmp = comparison(*arm.stmt->exprs[0]);
  if (!cmp) return {};
  auto [v, op, x] = *cmp;
  const std::string value = exprText(*x);
  std::optional<size_t> valueAt;
  std::vector<std::pair<size_t, const Expr*>> locations;
  for (size_t i = 0; i < arm.children.size(); ++i) {
    const Stmt* s = arm.children[i].stmt;
    if (arm.children[i].kind != NodeKind::Statement || s->kind != StmtKind::Assignment || !s->parsed) return {};
    const Expr* lhs = s->exprs[0].get();
    if (isScalar(lhs, v)) {
      if (valueAt || exprText(*s->exprs[1]) != value) return {};
      valueAt = i;
      continue;
    }
    if (mentions(*s->exprs[1], v)) return {};
    bool scalar = lhs->kind == ExprKind::Name && lhs->ref == RefKind::Variable && lhs->symbol;
    bool element = lhs->kind == ExprKind::Apply && lhs->ref == RefKind::ArrayElement && lhs->symbol;
    if (element)
      for (const auto& sub : lhs->args)
        if (!sub || !foldInteger(sub.get(), scope)) element = false;
    if (!scalar && !element) return {};
    if (mentions(*s->exprs[1], lhs->symbol)) return {};  // k = k + 1 counts; it records no location
    locations.push_back({i, lhs});
  }
  if (!valueAt) return {};
  std::vector<std::pair<size_t, Update>> updates{{*valueAt, Update{v, v->name, op, std::nullopt, ""}}};
  for (const auto& [at, lhs] : locations) updates.push_back({at, Update{lhs->symbol, lhs->text, facts::UpdateOp::Loc, std::nullopt, v->name}});
  return updates;
}

}  // namespace sapfor::frontend

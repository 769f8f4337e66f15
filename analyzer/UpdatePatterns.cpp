/// @file UpdatePatterns.cpp
#include "analyzer/UpdatePatterns.hpp"

#include "analyzer/ProgramModel.hpp"
#include "facts/Expression.hpp"

#include <string_view>
#include <tuple>
#include <unordered_map>

namespace sapfor::analyzer {

namespace {

using facts::Expression;
using facts::withoutParens;
using K = facts::ExpressionKind;

/// Whether `e` names `name` anywhere (as itself, an element, a section, a substring...): within one
/// statement a name is one entity.
bool mentions(const Expression& e, const std::string& name) {
  switch (e.kind) {
    case K::Name: case K::Element: case K::Section: case K::Substring: case K::Apply:
      if (e.text == name) return true;
      break;
    default:
      break;
  }
  for (const Expression& a : e.args)
    if (mentions(a, name)) return true;
  return false;
}

/// `e` is the name `name` itself, parentheses looked through.
bool isName(const Expression& e, const std::string& name) {
  const Expression& x = withoutParens(e);
  return x.kind == K::Name && x.text == name;
}

bool isOperator(const Expression& e, std::string_view op, size_t operands) {
  return e.kind == K::Operator && e.text == op && e.args.size() == operands;
}

/// The value of an integer constant expression: literals, named constants the front end folded,
/// + - * / ** of them; nullopt for anything else and on overflow.
std::optional<int64_t> foldInteger(const Expression& e) {
  switch (e.kind) {
    case K::Integer: return e.value;
    case K::Constant: return e.args.empty() ? std::nullopt : foldInteger(e.args[0]);
    case K::Paren: return foldInteger(e.args[0]);
    case K::Operator: break;
    default: return std::nullopt;
  }
  if (e.args.size() == 1) {
    std::optional<int64_t> v = foldInteger(e.args[0]);
    int64_t negated = 0;
    if (!v || (e.text != "+" && e.text != "-")) return std::nullopt;
    if (e.text == "+") return v;
    if (__builtin_sub_overflow(int64_t{0}, *v, &negated)) return std::nullopt;
    return negated;
  }
  std::optional<int64_t> a = foldInteger(e.args[0]), b = foldInteger(e.args[1]);
  if (!a || !b) return std::nullopt;
  int64_t r = 0;
  if (e.text == "+") return __builtin_add_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
  if (e.text == "-") return __builtin_sub_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
  if (e.text == "*") return __builtin_mul_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
  if (e.text == "/") {
    if (*b == 0 || (*a == INT64_MIN && *b == -1)) return std::nullopt;
    return *a / *b;  // Fortran's integer division truncates, as C++'s
  }
  if (e.text == "**") {
    // a**(-n) is 1/a**n in integer division: 0 but for a = ±1.
    if (*a == 0 || *a == 1) return *b < 0 && *a == 0 ? std::nullopt : std::optional<int64_t>(*b == 0 ? 1 : *a);
    if (*a == -1) return *b % 2 ? -1 : 1;
    if (*b < 0) return 0;
    r = 1;
    for (int64_t k = 0; k < *b; ++k)  // |a| >= 2: overflows within 64 steps
      if (__builtin_mul_overflow(r, *a, &r)) return std::nullopt;
    return r;
  }
  return std::nullopt;
}

/// The operands of a chain of one associative operation (`a + b - c`: a, b, c with c negated;
/// "-" only for sums), parentheses looked through.
void flattenChain(const Expression& chain, std::string_view op, bool negated,
                  std::vector<std::pair<const Expression*, bool>>& operands) {
  const Expression& e = withoutParens(chain);
  const bool sum = op == "+";
  if (isOperator(e, op, 2) || (sum && isOperator(e, "-", 2))) {
    flattenChain(e.args[0], op, negated, operands);
    flattenChain(e.args[1], op, e.text == "-" ? !negated : negated, operands);
    return;
  }
  if (sum && (isOperator(e, "-", 1) || isOperator(e, "+", 1))) {
    flattenChain(e.args[0], op, e.text == "-" ? !negated : negated, operands);
    return;
  }
  operands.push_back({&e, negated});
}

std::optional<facts::UpdateOp> reductionOp(std::string_view op) {
  if (op == "+") return facts::UpdateOp::Sum;
  if (op == "*") return facts::UpdateOp::Product;
  if (op == ".and.") return facts::UpdateOp::And;
  if (op == ".or.") return facts::UpdateOp::Or;
  if (op == ".eqv.") return facts::UpdateOp::Eqv;
  if (op == ".neqv.") return facts::UpdateOp::Neqv;
  return std::nullopt;
}

/// max/min and their specific names (AMAX1, DMAX1, MAX0 ...): max, min or nullopt.
std::optional<facts::UpdateOp> extremumOf(const std::string& intrinsic) {
  for (const char* name : {"max", "max0", "max1", "amax0", "amax1", "dmax1"})
    if (intrinsic == name) return facts::UpdateOp::Max;
  for (const char* name : {"min", "min0", "min1", "amin0", "amin1", "dmin1"})
    if (intrinsic == name) return facts::UpdateOp::Min;
  return std::nullopt;
}

/// Whether a statement's tree (JSON) assigns an element whose tree appears again after it: the
/// JSON of `{"exprs":[["element",...], value]}`'s first expression, found again in the value.
bool targetElementAgain(std::string_view json) {
  constexpr std::string_view prefix = R"({"exprs":[)";
  if (!json.starts_with(R"({"exprs":[["element",)")) return false;
  // The target's extent: brackets balanced outside strings.
  size_t at = prefix.size(), depth = 0;
  bool inString = false;
  for (; at < json.size(); ++at) {
    const char c = json[at];
    if (inString) {
      if (c == '\\') ++at;
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[') {
      ++depth;
    } else if (c == ']' && --depth == 0) {
      break;
    }
  }
  if (at >= json.size()) return false;
  const std::string_view target = json.substr(prefix.size(), at + 1 - prefix.size());
  return json.find(target, at + 1) != std::string_view::npos;
}

/// A scalar variable an assignment sets or a comparison tests, as the statement's references
/// place it.
struct Scalar {
  std::string name;
  Id varId = 0;
};

/// The recognizer over one loaded procedure.
class Recognizer {
 public:
  explicit Recognizer(const Program& p) : program_(p) {
    for (const BlockRow& b : p.blocks)
      if (b.constructStmt && b.arm == 1) firstArm_.emplace(b.constructStmt, b.id);
  }

  std::vector<UpdateRow> run() {
    for (const StatementRow& s : program_.statements) {
      if (!s.loopId || s.expr.empty()) continue;
      switch (s.kind) {
        case StatementKind::Assignment:
          // Only a name's or an element's assignment can be an update: its tree begins so, and
          // an element's appears again in the value (most assignments are to elements and are
          // not updates: their trees are not read).
          if (std::string_view(s.expr).starts_with(R"({"exprs":[")") || targetElementAgain(s.expr))
            assignment(s, nullptr, program_.trees(s.id).exprs);
          break;
        case StatementKind::If:
          if (s.action == StatementKind::Assignment) {
            const facts::StatementExpressions& tree = program_.trees(s.id);
            if (!tree.exprs.empty() && !tree.action.empty()) assignment(s, &tree.exprs[0], tree.action[0].exprs);
          }
          break;
        case StatementKind::IfThen:
          if (!extremumArm(s, false)) extremumArm(s, true);
          break;
        default:
          break;
      }
    }
    return std::move(rows_);
  }

 private:

  /// The scalar variable `name` of statement `s` (one it reads or writes), if any.
  std::optional<Scalar> scalar(const StatementRow& s, const std::string& name) const {
    for (const ScalarRefRow& r : s.scalars) {
      const Variable& v = program_.variable(r.varId);
      if (v.name == name && !v.isArray()) return Scalar{name, r.varId};
    }
    return std::nullopt;
  }

  /// The scalar `lhs` names, when it is one.
  std::optional<Scalar> assignedScalar(const StatementRow& s, const Expression& lhs) const {
    return lhs.kind == K::Name ? scalar(s, lhs.text) : std::nullopt;
  }

  /// `x > v` (v a scalar variable of `s`): v, whether the test keeps the larger value (max) or
  /// the smaller (min), and x. Or `g .AND. x > v` (either order, more conjuncts too), where no
  /// other conjunct mentions v: the extremum over the values the guards let through (SCALE's
  /// `var(i,j) /= UNDEF .and. var(i,j) < statval`); `guards` gets the other conjuncts. When
  /// both sides are scalars (`m < ws`), v is the right one, or the left with `leftIsKept`: the
  /// caller tries both, as only the statements the IF guards tell which one is kept.
  std::optional<std::tuple<Scalar, facts::UpdateOp, const Expression*>> comparison(
      const StatementRow& s, const Expression& condition, std::vector<const Expression*>* guards = nullptr,
      bool leftIsKept = false) const {
    const Expression& c = withoutParens(condition);
    if (isOperator(c, ".and.", 2)) {
      std::vector<std::pair<const Expression*, bool>> conjuncts;
      flattenChain(c, ".and.", false, conjuncts);
      for (const auto& [candidate, negated] : conjuncts) {
        auto cmp = comparison(s, *candidate, nullptr, leftIsKept);
        if (!cmp) continue;
        const std::string& v = std::get<0>(*cmp).name;
        std::vector<const Expression*> others;
        for (const auto& [other, unused] : conjuncts)
          if (other != candidate) others.push_back(other);
        if (std::any_of(others.begin(), others.end(), [&](const Expression* g) { return mentions(*g, v); })) return std::nullopt;
        if (guards) *guards = std::move(others);
        return cmp;
      }
      return std::nullopt;
    }
    if (c.kind != K::Operator || c.args.size() != 2) return std::nullopt;
    const bool greater = c.text == ">" || c.text == ">=";
    const bool less = c.text == "<" || c.text == "<=";
    if (!greater && !less) return std::nullopt;
    const Expression& left = withoutParens(c.args[0]);
    const Expression& right = withoutParens(c.args[1]);
    std::optional<Scalar> onRight, onLeft;
    if (right.kind == K::Name && !mentions(left, right.text)) onRight = scalar(s, right.text);
    if (left.kind == K::Name && !mentions(right, left.text)) onLeft = scalar(s, left.text);
    if (onRight && !(leftIsKept && onLeft))  // x > v: keep the larger
      return std::make_tuple(*onRight, greater ? facts::UpdateOp::Max : facts::UpdateOp::Min, &left);
    if (onLeft)  // v < x: keep the larger
      return std::make_tuple(*onLeft, less ? facts::UpdateOp::Max : facts::UpdateOp::Min, &right);
    return std::nullopt;
  }

  /// `v = v op e` (op one associative operation, v once in the chain and not in e),
  /// `v = max(v, e...)`, or a logical v set to a constant: the operation, and for a sum its step
  /// when constant.
  std::optional<std::pair<facts::UpdateOp, std::optional<int64_t>>> updateOf(const Scalar& v, const Expression& rhs) const {
    const Expression& e = withoutParens(rhs);
    // A flag set to one constant (`IF (a(i) < 0) found = .TRUE.`): once set it stays so, as
    // `found = found .OR. cond` would leave it; .FALSE. likewise as an .AND.
    if (e.kind == K::Logical && program_.variable(v.varId).logical)
      return std::make_pair(e.value ? facts::UpdateOp::Or : facts::UpdateOp::And, std::optional<int64_t>());
    return chainUpdate(v.name, [&](const Expression& x) { return isName(x, v.name); }, e);
  }

  /// `self = self op e` or `self = max(self, e...)`, self being what `isSelf` accepts and
  /// `name` in no other operand: the operation, and for a sum its step when constant.
  template <typename IsSelf>
  std::optional<std::pair<facts::UpdateOp, std::optional<int64_t>>> chainUpdate(const std::string& name, const IsSelf& isSelf,
                                                                             const Expression& e) const {
    if (e.kind == K::Intrinsic) {
      std::optional<facts::UpdateOp> op = extremumOf(e.text);
      if (!op) return std::nullopt;
      int self = 0;
      for (const Expression& a : e.args) {
        if (isSelf(a)) ++self;
        else if (mentions(a, name)) return std::nullopt;
      }
      if (self != 1) return std::nullopt;
      return std::make_pair(*op, std::optional<int64_t>());
    }
    if (e.kind != K::Operator || e.args.size() != 2) return std::nullopt;
    const std::string_view chain = e.text == "-" ? "+" : std::string_view(e.text);
    std::optional<facts::UpdateOp> op = reductionOp(chain);
    if (!op) return std::nullopt;
    std::vector<std::pair<const Expression*, bool>> operands;
    flattenChain(e, chain, false, operands);
    int self = 0;
    bool constant = true;
    int64_t step = 0;
    for (const auto& [operand, negated] : operands) {
      if (isSelf(*operand)) {
        if (negated) return std::nullopt;  // s = e - s is no reduction
        ++self;
        continue;
      }
      if (mentions(*operand, name)) return std::nullopt;
      std::optional<int64_t> value = constant ? foldInteger(*operand) : std::nullopt;
      if (!value || __builtin_add_overflow(step, negated ? -*value : *value, &step)) constant = false;
    }
    if (self != 1) return std::nullopt;
    return std::make_pair(*op, *op == facts::UpdateOp::Sum && constant ? std::optional<int64_t>(step) : std::nullopt);
  }

  /// An assignment, alone or as a logical IF's action (`condition`: the IF's).
  void assignment(const StatementRow& s, const Expression* condition, const std::vector<Expression>& exprs) {
    if (exprs.size() != 2) return;
    if (exprs[0].kind == K::Element) {
      elementUpdate(s, condition, exprs[0], exprs[1]);
      return;
    }
    std::optional<Scalar> v = assignedScalar(s, exprs[0]);
    if (!v) return;
    if (condition) {
      // IF (x > v) v = x: a maximum, selected by the IF's own comparison.
      for (bool leftIsKept : {false, true})
        if (auto cmp = comparison(s, *condition, nullptr, leftIsKept);
            cmp && std::get<0>(*cmp).varId == v->varId && *std::get<2>(*cmp) == exprs[1]) {
          add(s.id, *v, std::get<1>(*cmp), std::nullopt, s.id, "");
          return;
        }
      if (mentions(*condition, v->name)) return;  // IF (s > 0) s = s + 1 is no reduction
    }
    if (auto shape = updateOf(*v, exprs[1])) add(s.id, *v, shape->first, shape->second, 0, "");
  }

  /// `s(m) = s(m) + e` (and the other chains, `s(m) = max(s(m), e)`): an update of the element,
  /// which no subscript of the other operands nor the IF's condition mentions. (An array
  /// reduction when every access of the array in a loop is one: LoopAnalysis.)
  void elementUpdate(const StatementRow& s, const Expression* condition, const Expression& lhs, const Expression& rhs) {
    if (condition && mentions(*condition, lhs.text)) return;
    for (const Expression& subscript : lhs.args)
      if (mentions(subscript, lhs.text)) return;
    const Id array = writtenArray(s, lhs.text);
    if (!array) return;
    auto shape = chainUpdate(lhs.text, [&](const Expression& x) { return withoutParens(x) == lhs; }, withoutParens(rhs));
    if (shape) add(s.id, Scalar{lhs.text, array}, shape->first, std::nullopt, 0, "");
  }

  /// IF (x > v) THEN; v = x; k = i; ...; END IF (the construct's only arm, nothing but
  /// assignments in it): v's maximum and its locations (MAXLOC), scalars or array elements with
  /// constant subscripts, each guarded by the IF. Whether it is one (`leftIsKept`: see comparison).
  bool extremumArm(const StatementRow& ifThen, bool leftIsKept) {
    auto construct = program_.constructs.find(ifThen.id);
    auto arm = firstArm_.find(ifThen.id);
    if (construct == program_.constructs.end() || construct->second.arms != 1 || arm == firstArm_.end()) return false;
    const facts::StatementExpressions& condition = program_.trees(ifThen.id);
    if (condition.exprs.empty()) return false;
    std::vector<const Expression*> guards;
    auto cmp = comparison(ifThen, condition.exprs[0], &guards, leftIsKept);
    if (!cmp) return false;
    const auto& [v, op, x] = *cmp;
    std::optional<size_t> valueAt;
    struct Location {
      Id stmtId = 0, varId = 0;
      std::string name;
    };
    std::vector<Location> locations;
    size_t count = 0;
    for (size_t i = program_.statementIndex(ifThen.id) + 1; i < program_.statements.size(); ++i) {
      const StatementRow& s = program_.statements[i];
      if (s.blockId != arm->second) {
        if (s.blockId < arm->second) break;  // past the arm: its END IF is the construct's block's
        continue;
      }
      ++count;
      if (s.kind != StatementKind::Assignment || s.expr.empty()) return false;
      const facts::StatementExpressions& tree = program_.trees(s.id);
      if (tree.exprs.size() != 2) return false;
      const Expression& lhs = tree.exprs[0];
      const Expression& rhs = tree.exprs[1];
      if (isName(lhs, v.name)) {
        if (valueAt || !scalar(s, v.name) || rhs != *x) return false;
        valueAt = locations.size();
        locations.push_back({s.id, v.varId, v.name});
        continue;
      }
      if (mentions(rhs, v.name)) return false;
      Location at{s.id, 0, lhs.text};
      if (std::optional<Scalar> k = assignedScalar(s, lhs)) {
        at.varId = k->varId;
      } else if (lhs.kind == K::Element) {
        for (const Expression& subscript : lhs.args)
          if (!foldInteger(subscript)) return false;
        at.varId = writtenArray(s, lhs.text);
        if (!at.varId) return false;
      } else {
        return false;
      }
      if (mentions(rhs, lhs.text)) return false;  // k = k + 1 counts; it records no location
      locations.push_back(std::move(at));
    }
    if (!valueAt || count == 0) return false;
    // A guard that reads a location (IF (k == 0 .AND. x > v)) takes the order of the iterations.
    for (const Location& at : locations)
      if (std::any_of(guards.begin(), guards.end(), [&](const Expression* g) { return mentions(*g, at.name); })) return false;
    const Location& value = locations[*valueAt];
    add(value.stmtId, v, op, std::nullopt, ifThen.id, "");
    for (size_t k = 0; k < locations.size(); ++k)
      if (k != *valueAt)
        add(locations[k].stmtId, Scalar{locations[k].name, locations[k].varId}, facts::UpdateOp::Loc, std::nullopt, ifThen.id,
            v.name);
    return true;
  }

  /// The array `name` statement `s` writes an element of.
  Id writtenArray(const StatementRow& s, const std::string& name) const {
    for (Id ref : s.arrayRefs) {
      const ArrayRefRow& r = program_.arrayRef(ref);
      if (r.name == name && r.access == Access::Write && r.varId) return r.varId;
    }
    return 0;
  }

  void add(Id stmtId, const Scalar& v, facts::UpdateOp op, std::optional<int64_t> step, Id guard, std::string of) {
    rows_.push_back({stmtId, v.varId, v.name, op, guard, std::move(of), step});
  }

  const Program& program_;
  std::unordered_map<Id, Id> firstArm_;  ///< by the statement opening a construct, its first arm's block
  std::vector<UpdateRow> rows_;
};

}  // namespace

std::vector<UpdateRow> recognizeUpdates(const Program& program) { return Recognizer(program).run(); }

}  // namespace sapfor::analyzer

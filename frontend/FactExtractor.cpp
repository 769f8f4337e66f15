/// @file FactExtractor.cpp
#include "frontend/FactExtractor.hpp"

#include "facts/Intrinsics.hpp"
#include "frontend/CheckedArithmetic.hpp"
#include "frontend/DirectiveFacts.hpp"
#include "frontend/ExpressionJson.hpp"
#include "frontend/Semantics.hpp"
#include "frontend/Subscripts.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

namespace sapfor::frontend {

namespace {

facts::ProcedureKind unitKind(StmtKind kind) {
  switch (kind) {
    case StmtKind::Subroutine: return facts::ProcedureKind::Subroutine;
    case StmtKind::Function: return facts::ProcedureKind::Function;
    case StmtKind::Module: return facts::ProcedureKind::Module;
    case StmtKind::Submodule: return facts::ProcedureKind::Submodule;
    case StmtKind::BlockData: return facts::ProcedureKind::BlockData;
    default: return facts::ProcedureKind::Program;
  }
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

/// Statements that only shape a construct: no row of their own.
bool structural(StmtKind kind) {
  return kind == StmtKind::Else || kind == StmtKind::CaseDefault || kind == StmtKind::Continue ||
         kind == StmtKind::Block || kind == StmtKind::Format || kind == StmtKind::StatementFunction ||
         (kind == StmtKind::ElseWhere);
}

/// Whether `e` mentions one of `names` as a name no symbol resolves (a statement function's dummy).
bool mentionsName(const Expr& e, const std::set<std::string>& names) {
  if (e.kind == ExprKind::Name && !e.symbol && names.count(e.text)) return true;
  for (const auto& a : e.args)
    if (a && mentionsName(*a, names)) return true;
  return false;
}

/// What generic resolution may be sure of about an actual argument: its rank (nullopt: not
/// sure), and whether it is an array element (sequence association may pass one to an array).
struct ActualShape {
  std::optional<int> rank;
  bool element = false;
};

ActualShape shapeOf(const Expr& e) {
  auto rankOf = [](const Symbol* s) -> std::optional<int> {
    if (!s || s->assumedRank()) return std::nullopt;
    return s->rank();
  };
  // A section's rank: its triplets, every other subscript a scalar.
  auto sectionRank = [](const ExprList& subscripts, size_t from) -> std::optional<int> {
    int rank = 0;
    for (size_t k = from; k < subscripts.size(); ++k) {
      if (!subscripts[k]) return std::nullopt;
      if (subscripts[k]->kind == ExprKind::Range) ++rank;
      else if (shapeOf(*subscripts[k]).rank != 0) return std::nullopt;  // a vector subscript, or not known
    }
    return rank;
  };
  switch (e.kind) {
    case ExprKind::IntLiteral: case ExprKind::RealLiteral: case ExprKind::LogicalLiteral: case ExprKind::StringLiteral:
    case ExprKind::BozLiteral: case ExprKind::Complex:
      return {0, false};
    case ExprKind::Name:
      if (e.ref == RefKind::Procedure || e.ref == RefKind::Unresolved) return {};
      return {rankOf(e.symbol), false};
    case ExprKind::Apply:
    case ExprKind::Subscript: {
      const size_t from = e.kind == ExprKind::Subscript ? 1 : 0;
      if (e.ref == RefKind::ArrayElement) return {0, true};
      if (e.ref == RefKind::ArraySection) return {sectionRank(e.args, from), false};
      if (e.ref == RefKind::Substring) return {0, e.symbol && e.symbol->isArray()};
      return {};
    }
    case ExprKind::Component: {
      // p%x: x's rank where p is one object (not an array of them).
      const ActualShape base = shapeOf(*e.args[0]);
      if (base.rank != 0 || !e.symbol) return {};
      return {rankOf(e.symbol), false};
    }
    case ExprKind::Paren:
      return {shapeOf(*e.args[0]).rank, false};
    case ExprKind::Unary:
    case ExprKind::Binary: {
      int rank = 0;
      for (const auto& a : e.args) {
        std::optional<int> r = a ? shapeOf(*a).rank : std::nullopt;
        if (!r) return {};
        rank = std::max(rank, *r);
      }
      return {rank, false};
    }
    default:
      return {};
  }
}

/// The declared variable an actual argument designates (p of p%x(i)); null for an expression or
/// a variable typed only by the implicit rules (its type may be a missing module's guess).
const Symbol* declaredBase(const Expr& e) {
  const Expr* x = &e;
  while ((x->kind == ExprKind::Subscript || x->kind == ExprKind::Component) && !x->args.empty() && x->args[0])
    x = x->args[0].get();
  if (x->kind != ExprKind::Name && x->kind != ExprKind::Apply) return nullptr;
  if (x->kind == ExprKind::Apply && x->ref != RefKind::ArrayElement && x->ref != RefKind::ArraySection &&
      x->ref != RefKind::Substring)
    return nullptr;
  return x->symbol && !x->symbol->implicitType ? x->symbol : nullptr;
}

/// Whether an actual argument certainly cannot be passed to dummy `d` of a specific procedure
/// of a generic (its type, kind or rank disagree); false whenever not sure.
bool disagrees(const Expr& actual, const DummyInfo& d, bool elemental) {
  if (d.procedure) return false;
  const bool literal = actual.kind == ExprKind::IntLiteral || actual.kind == ExprKind::RealLiteral ||
                       actual.kind == ExprKind::LogicalLiteral || actual.kind == ExprKind::StringLiteral;
  const TypeInfo t = typeOf(actual);
  if ((literal || declaredBase(actual)) && t.known() && d.type.known()) {
    const bool derived = t.base == BaseType::Derived;
    if (derived != (d.type.base == BaseType::Derived)) return true;
    if (!derived && (t.base != d.type.base || (t.kind && d.type.kind && t.kind != d.type.kind))) return true;
    if (derived && t.definition && d.type.definition && d.type.derived != "*") {
      if (!d.type.polymorphic && t.definition != d.type.definition) return true;
      if (d.type.polymorphic) {
        const DerivedType* x = t.definition;
        for (int depth = 0; x && x != d.type.definition && !x->extendsUnknown && depth < 64; ++depth) x = x->parent;
        if (!x) return true;  // no ancestor of the actual's type is the dummy's
      }
    }
  }
  const ActualShape s = shapeOf(actual);
  if (elemental || d.assumedRank || !s.rank) return false;
  if (*s.rank == 0 && d.rank > 0) return !s.element || d.assumedShape;  // an element may start a sequence
  if (*s.rank > 0 && d.rank == 0) return true;
  return d.assumedShape && *s.rank != d.rank;
}

/// Whether a specific procedure of a generic may be the one a call with actual arguments
/// args[from..] runs (false only when it certainly is not: too many arguments, a keyword it
/// has no dummy of, a dummy given twice, a required one not given, an argument of another type,
/// kind or rank). `passed`: a type-bound call's object goes to this dummy.
bool mayMatch(const Symbol& specific, const ExprList& args, size_t from, const std::string& passed = {}) {
  if (!specific.interface) return true;
  const ProcedureInterface& i = *specific.interface;
  std::vector<bool> supplied(i.dummies.size());
  auto dummy = [&](const std::string& name) {
    for (size_t k = 0; k < i.dummies.size(); ++k)
      if (i.dummies[k].name == name) return k;
    return i.dummies.size();
  };
  if (!passed.empty()) {
    if (dummy(passed) == i.dummies.size()) return true;  // not described as expected: not sure
    supplied[dummy(passed)] = true;
  }
  size_t next = 0;
  for (size_t k = from; k < args.size(); ++k) {
    if (!args[k]) continue;
    const Expr* value = args[k].get();
    size_t at;
    if (value->kind == ExprKind::Keyword) {
      at = dummy(value->text);
      value = value->args.empty() ? nullptr : value->args[0].get();
    } else {
      while (next < supplied.size() && supplied[next]) ++next;
      at = next++;
    }
    if (at >= supplied.size() || supplied[at]) return false;
    supplied[at] = true;
    if (value && value->kind != ExprKind::AltReturn && disagrees(*value, i.dummies[at], i.elemental)) return false;
  }
  for (size_t k = 0; k < supplied.size(); ++k)
    if (!supplied[k] && !i.dummies[k].optional) return false;
  return true;
}

/// A variable (or part of one) that a procedure may write when passed as an argument.
bool isDesignator(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
      return e.ref == RefKind::Variable || e.ref == RefKind::WholeArray;
    case ExprKind::Apply:
      return e.ref == RefKind::ArrayElement || e.ref == RefKind::ArraySection || e.ref == RefKind::Substring;
    case ExprKind::Subscript:
    case ExprKind::Component:
      return true;
    default:
      return false;
  }
}

class Extractor {
 public:
  Extractor(const ParsedFile& file, const FileScopes& scopes, DiagnosticSink& diagnostics, const FileTable& files)
      : file_(file), scopes_(scopes), diagnostics_(diagnostics), files_(files) {
    facts_.fileIndex = file.fileIndex;
  }

  FileFacts run() {
    for (const auto& unit : file_.units) this->unit(*unit, -1);
    return std::move(facts_);
  }

 private:
  struct LoopContext {
    int loop;
    std::string var;
    std::string construct;
    std::set<int> labels;
  };

  void report(int fileIndex, uint32_t line, uint32_t col, Severity severity, std::string message) {
    diagnostics_.report(fileDiagnostic(files_, fileIndex, {line, col}, severity, std::move(message)));
  }

  // ---- units ----

  void unit(const ProgramUnit& u, int host) {
    const Scope& scope = *scopes_.of(u);
    ProcedureFacts p;
    p.name = u.name;
    p.kind = unitKind(u.kind);
    bool internal = host >= 0 && facts_.procedures[static_cast<size_t>(host)].kind != facts::ProcedureKind::Module &&
                    facts_.procedures[static_cast<size_t>(host)].kind != facts::ProcedureKind::Submodule;
    p.keyBase = internal ? facts_.procedures[static_cast<size_t>(host)].keyBase + "." + u.name : u.name;
    p.fileIndex = u.fileIndex;
    p.line = u.line;
    p.endLine = u.endLine;
    p.host = host;
    if (u.unread) p.unreadLine = u.unread->pos.line;
    if (u.heading) {
      p.prefix = u.heading->prefix;
      for (const std::string& name : u.heading->names) p.parameters.push_back(name);
      if (u.kind == StmtKind::Function) p.result = u.heading->resultName.empty() ? u.name : u.heading->resultName;
    }
    for (const Symbol& s : scope.symbols()) {
      if ((s.procedure && s.storage != Storage::Result) || s.statementFunction) continue;
      p.variables.push_back(const_cast<Symbol*>(&s));
    }
    if (u.host)
      if (Symbol* s = scopes_.of(*u.host)->findLocal(u.name); s && s->procedure && scopes_.of(*u.host)->owns(s)) p.symbol = s;
    for (const TypeDefinition& t : u.types)
      if (t.heading->parsed)
        if (DerivedType* type = scope.findType(t.heading->name); type && type->owner == &scope) p.types.push_back(type);
    facts_.procedures.push_back(std::move(p));
    int self = static_cast<int>(facts_.procedures.size()) - 1;
    for (const Stmt* st : u.specification) {
      if (st->kind != StmtKind::Entry || !st->parsed) continue;
      ProcedureFacts entry;
      entry.name = entry.keyBase = st->name;
      entry.kind = facts::ProcedureKind::Entry;
      entry.fileIndex = st->fileIndex;
      entry.line = entry.endLine = st->pos.line;
      entry.host = self;
      entry.parameters = st->names;
      facts_.procedures.push_back(std::move(entry));
    }

    proc_ = self;
    scope_ = &scope;
    block_ = -1;
    childCount_.clear();
    executables_.clear();
    statementFunctions_.clear();
    placedLabels_.clear();
    namelists_.clear();
    for (const Stmt* st : u.specification) {
      if (st->kind != StmtKind::Namelist || !st->parsed) continue;
      std::vector<Symbol*>* group = nullptr;
      for (const std::string& name : st->names) {
        if (name.front() == '/') group = &namelists_[name.substr(1)];
        else if (Symbol* member = group ? scope.find(name) : nullptr) group->push_back(member);
      }
    }
    for (const Node& node : u.body)
      if (node.kind == NodeKind::Statement && node.stmt->kind == StmtKind::StatementFunction && node.stmt->parsed &&
          node.stmt->exprs[0]->symbol)
        statementFunctions_.emplace(node.stmt->exprs[0]->symbol, node.stmt);
    for (const Node& node : u.body) this->node(node);
    endBlock(-1);
    extractDirectives(u, proc_, *scope_, executables_, facts_, [&](int fileIndex, uint32_t line, uint32_t col, Severity severity,
                                                                    std::string message) {
      report(fileIndex, line, col, severity, std::move(message));
    });
    for (const auto& inner : u.contained) this->unit(*inner, self);
  }

  // ---- the executable tree ----

  int currentLoop() const { return loops_.empty() ? -1 : loops_.back().loop; }

  void node(const Node& n) {
    switch (n.kind) {
      case NodeKind::Statement:
        if (n.stmt->kind == StmtKind::Forall && n.stmt->parsed)
          indexedLoops(*n.stmt, nullptr, facts::LoopKind::Forall);
        else
          statement(*n.stmt, currentLoop());
        return;
      case NodeKind::Do:
        loop(n);
        return;
      case NodeKind::If:
      case NodeKind::Where:
        arms(n, -1);
        return;
      case NodeKind::Select: {
        int construct = static_cast<int>(facts_.statements.size());
        statement(*n.stmt, currentLoop());
        arms(n, construct);
        return;
      }
      case NodeKind::Forall:
        if (n.stmt->parsed) {
          indexedLoops(*n.stmt, &n, facts::LoopKind::Forall);
          return;
        }
        {
          // A FORALL whose header did not parse: its body may run any number of times.
          statement(*n.stmt, currentLoop());
          int saved = block_;
          block_ = newBlock(facts::BlockKind::Arm, -1, -1, 1, false);
          for (const Node& child : n.children) node(child);
          endConstruct(n);
          endBlock(block_);
          block_ = saved;
        }
        return;
      case NodeKind::Block:
      case NodeKind::Arm:
        // BLOCK, ASSOCIATE: the body runs once, as part of the enclosing block.
        statement(*n.stmt, currentLoop());
        for (const Node& child : n.children) node(child);
        endConstruct(n);
        return;
    }
  }

  int newBlock(facts::BlockKind kind, int loop, int constructStmt, int arm, bool complete) {
    BlockFacts b;
    b.proc = proc_;
    b.parent = block_;
    b.kind = kind;
    b.loop = loop;
    b.constructStmt = constructStmt;
    b.arm = arm;
    b.complete = complete;
    facts_.blocks.push_back(std::move(b));
    return static_cast<int>(facts_.blocks.size()) - 1;
  }

  /// The arms of an IF, SELECT CASE or WHERE construct, each a block. An arm's own statement
  /// (ELSE IF, CASE) is evaluated in the enclosing block. `construct` is the SELECT statement's
  /// row; for IF and WHERE it is the first arm's (IF THEN, WHERE).
  void arms(const Node& n, int construct) {
    bool complete = false;
    for (const Node& arm : n.children) {
      StmtKind k = arm.stmt->kind;
      complete |= k == StmtKind::Else || k == StmtKind::CaseDefault || (k == StmtKind::ElseWhere && arm.stmt->exprs.empty());
    }
    int number = 0;
    for (const Node& arm : n.children) {
      size_t before = facts_.statements.size();
      statement(*arm.stmt, currentLoop());
      if (construct < 0 && facts_.statements.size() > before) construct = static_cast<int>(before);
      int saved = block_;
      block_ = newBlock(facts::BlockKind::Arm, -1, construct, ++number, complete);
      for (const Node& child : arm.children) node(child);
      endBlock(block_);
      block_ = saved;
    }
    endConstruct(n);
  }

  /// The last line a construct spans (for one left open by mistake, its last statement's).
  static uint32_t lastLine(const Node& n) {
    uint32_t last = n.end ? n.end->endLine : n.stmt->endLine;
    for (const Node& child : n.children) last = std::max(last, lastLine(child));
    return last;
  }

  static void collectLabels(const Node& n, std::set<int>& labels) {
    if (n.stmt && n.stmt->label) labels.insert(n.stmt->label);
    if (n.end && n.end->label) labels.insert(n.end->label);
    for (const Node& child : n.children) collectLabels(child, labels);
  }

  /// A new loop row inside the current loop.
  int newLoop(const Stmt& s, facts::LoopKind kind, int label, uint32_t endLine) {
    LoopFacts l;
    l.proc = proc_;
    l.parent = currentLoop();
    l.depth = static_cast<int>(loops_.size()) + 1;
    int ordinal = ++childCount_[l.parent];
    l.path = l.parent < 0 ? std::to_string(ordinal) : facts_.loops[static_cast<size_t>(l.parent)].path + "." + std::to_string(ordinal);
    l.fileIndex = s.fileIndex;
    l.line = s.pos.line;
    l.col = s.pos.col;
    l.endLine = endLine;
    l.annotateLine = s.pos.line;
    l.label = label;
    l.construct = s.constructName;
    l.kind = kind;
    l.lowerForm.affine = l.upperForm.affine = false;
    facts_.loops.push_back(std::move(l));
    return static_cast<int>(facts_.loops.size()) - 1;
  }

  /// Makes a loop the innermost one for the statements that follow; `body` gives its labels.
  void enter(int index, const Node* body) {
    LoopContext context{index, facts_.loops[static_cast<size_t>(index)].var,
                        facts_.loops[static_cast<size_t>(index)].construct, {}};
    if (body) {
      for (const Node& child : body->children) collectLabels(child, context.labels);
      if (body->end && body->end->label) context.labels.insert(body->end->label);
    }
    loops_.push_back(std::move(context));
  }

  static bool onlyOneLoopInside(const Node& n) {
    int nested = 0;
    bool onlyLoop = true;
    for (const Node& child : n.children) {
      if (child.kind == NodeKind::Statement && child.stmt->kind == StmtKind::Continue) continue;
      ++nested;
      onlyLoop &= child.kind == NodeKind::Do || child.kind == NodeKind::Forall;
    }
    return nested == 1 && onlyLoop;
  }

  void loop(const Node& n) {
    const Stmt& s = *n.stmt;
    if (s.kind == StmtKind::DoConcurrent && s.parsed) {
      indexedLoops(s, &n, facts::LoopKind::DoConcurrent);
      return;
    }
    const facts::LoopKind kind = s.kind == StmtKind::DoWhile        ? facts::LoopKind::DoWhile
                               : s.kind == StmtKind::DoConcurrent ? facts::LoopKind::DoConcurrent
                               : (s.parsed && s.name.empty())     ? facts::LoopKind::DoForever
                                                                  : facts::LoopKind::Do;
    int index = newLoop(s, kind, n.doLabel, lastLine(n));
    LoopFacts& l = facts_.loops[static_cast<size_t>(index)];
    if (s.kind == StmtKind::DoWhile && s.parsed) l.condition = exprText(*s.exprs[0]);
    if (s.kind == StmtKind::Do && s.parsed && !s.name.empty())
      bounds(l, s.name, s.exprs[0].get(), s.exprs[1].get(), s.exprs.size() > 2 ? s.exprs[2].get() : nullptr);
    l.tightlyNested = onlyOneLoopInside(n);
    if (!s.parsed) {  // its variable and bounds are unknown, to it and to the loops around it
      obstacleForAll(facts::ObstacleKind::Unparsed, s, "DO");
      obstacle(index, facts::ObstacleKind::Unparsed, s, "DO");
    }
    executables_.push_back({s.seq, &s, index});
    // A DO's bounds are evaluated once, in the enclosing loop; a DO WHILE's condition every
    // iteration, in the loop itself.
    int saved = block_;
    int body = newBlock(facts::BlockKind::Loop, index, -1, 0, false);
    if (s.kind == StmtKind::DoWhile) {
      block_ = body;  // the condition is evaluated in every iteration, as part of it
      row(s, index);
    } else {
      row(s, currentLoop());
    }
    facts_.loops[static_cast<size_t>(index)].stmt = static_cast<int>(facts_.statements.size()) - 1;
    enter(index, &n);
    block_ = body;
    for (const Node& child : n.children) node(child);
    endConstruct(n);
    endBlock(body);
    block_ = saved;
    loops_.pop_back();
  }

  /// DO CONCURRENT (i = 1:n, j = 1:m) and FORALL (...): one loop per index, the first outermost,
  /// as the nest they are equivalent to. `body` is null for a FORALL statement, whose action is
  /// the body.
  void indexedLoops(const Stmt& s, const Node* body, facts::LoopKind kind) {
    std::vector<const Expr*> specs;
    for (const auto& e : s.exprs)
      if (e->kind == ExprKind::Keyword && e->args[0]->kind == ExprKind::Range) specs.push_back(e.get());
    row(s, currentLoop());  // the header: bounds and mask
    const int header = static_cast<int>(facts_.statements.size()) - 1;
    uint32_t endLine = body ? lastLine(*body) : s.endLine;
    int saved = block_;
    std::vector<int> bodies;
    for (size_t i = 0; i < specs.size(); ++i) {
      int index = newLoop(s, kind, 0, endLine);
      LoopFacts& l = facts_.loops[static_cast<size_t>(index)];
      const Expr& range = *specs[i]->args[0];
      bounds(l, specs[i]->text, range.args[0].get(), range.args[1].get(), range.args[2].get());
      bool innermost = i + 1 == specs.size();
      l.tightlyNested = !innermost || (body && onlyOneLoopInside(*body));
      if (i == 0) l.stmt = header;
      if (i == 0) executables_.push_back({s.seq, &s, index});
      enter(index, body);
      block_ = newBlock(facts::BlockKind::Loop, index, -1, 0, false);
      bodies.push_back(block_);
    }
    if (body) {
      for (const Node& child : body->children) node(child);
      endConstruct(*body);
    } else if (s.action) {
      statement(*s.action, currentLoop());
    }
    for (auto b = bodies.rbegin(); b != bodies.rend(); ++b) endBlock(*b);
    for (size_t i = 0; i < specs.size(); ++i) loops_.pop_back();
    block_ = saved;
  }

  void bounds(LoopFacts& l, const std::string& var, const Expr* lower, const Expr* upper, const Expr* step) {
    l.var = var;
    l.varSymbol = scope_->find(var);
    if (lower) {
      l.lower = exprText(*lower);
      l.lowerValue = foldInteger(lower, *scope_);
      l.lowerForm = affineForm(*lower);
    }
    if (upper) {
      l.upper = exprText(*upper);
      l.upperValue = foldInteger(upper, *scope_);
      l.upperForm = affineForm(*upper);
    }
    if (step) {
      l.step = exprText(*step);
      l.stepValue = foldInteger(step, *scope_);
    }
    if (lower || upper)
      l.bounds = expressionListJson({lower, upper, step});
    int64_t stride = step ? l.stepValue.value_or(0) : 1;
    if (l.lowerValue && l.upperValue) l.tripCount = tripCount(*l.lowerValue, *l.upperValue, stride);
  }

  void statement(const Stmt& s, int loop) {
    executables_.push_back({s.seq, &s, -1});
    if (structural(s.kind) && s.parsed) {
      if (s.label) pendingLabels_.push_back({s.label, block_});
      return;
    }
    row(s, loop);
  }

  // ---- labels: where a jump lands ----

  /// The label of a construct's END statement (END DO, END IF ...; not a labelled DO's terminal
  /// statement, which is one of its body's statements) stands at the end of the construct: for a
  /// loop the end of its body (the next iteration), else after the construct in its block.
  void endConstruct(const Node& n) {
    if (!n.end || !n.end->label) return;
    for (const Node& child : n.children)
      if (child.stmt == n.end) return;
    pendingLabels_.push_back({n.end->label, block_});
  }

  /// A row of block `block` was just made: the labels waiting in that block, or in a block
  /// around it (a DO WHILE's header is a row of its body), stand before it.
  void labelsBefore(int stmt, int block) {
    if (pendingLabels_.empty()) return;
    auto encloses = [&](int outer) {
      for (int b = block; b >= 0; b = facts_.blocks[static_cast<size_t>(b)].parent)
        if (b == outer) return true;
      return outer < 0;
    };
    auto kept = std::remove_if(pendingLabels_.begin(), pendingLabels_.end(), [&](const std::pair<int, int>& p) {
      if (!encloses(p.second)) return false;
      placeLabel(p.first, p.second, stmt);
      return true;
    });
    pendingLabels_.erase(kept, pendingLabels_.end());
  }

  /// Block `block` ends: the labels still waiting in it stand at its end.
  void endBlock(int block) {
    auto kept = std::remove_if(pendingLabels_.begin(), pendingLabels_.end(), [&](const std::pair<int, int>& p) {
      if (p.second != block) return false;
      placeLabel(p.first, block, -1);
      return true;
    });
    pendingLabels_.erase(kept, pendingLabels_.end());
  }

  /// A label's place (the first, where a unit defines a label twice: an error reported elsewhere).
  void placeLabel(int label, int block, int stmt) {
    if (placedLabels_.insert(label).second) facts_.labels.push_back({proc_, label, block, stmt});
  }

  void jumpTo(int stmt, int label) {
    for (size_t i = facts_.jumps.size(); i-- > 0 && facts_.jumps[i].stmt == stmt;)
      if (facts_.jumps[i].label == label) return;
    facts_.jumps.push_back({stmt, label});
  }

  /// The labels a statement may send control to.
  void jumpTargets(const Stmt& s, int stmt) {
    switch (s.kind) {
      case StmtKind::Goto:
      case StmtKind::ComputedGoto:
      case StmtKind::ArithIf:
      case StmtKind::AssignedGoto:
        for (int label : s.labels) jumpTo(stmt, label);
        return;
      case StmtKind::If:
        if (s.action) jumpTargets(*s.action, stmt);
        break;
      default:
        break;
    }
    if (!s.parsed) return;
    for (const auto& e : s.exprs) {
      if (!e) continue;
      if (e->kind == ExprKind::AltReturn) jumpTo(stmt, static_cast<int>(e->intValue));
      if (e->kind == ExprKind::Keyword && isInputOutput(s.kind) && (e->text == "err" || e->text == "end" || e->text == "eor") &&
          !e->args.empty() && e->args[0] && e->args[0]->kind == ExprKind::IntLiteral)
        jumpTo(stmt, static_cast<int>(e->args[0]->intValue));
    }
  }

  void row(const Stmt& s, int loop) {
    StatementFacts f;
    f.proc = proc_;
    f.loop = loop;
    f.fileIndex = s.fileIndex;
    f.line = s.pos.line;
    f.col = s.pos.col;
    f.endLine = s.endLine;
    f.kind = s.kind;
    if (s.parsed) f.expr = statementJson(s);
    f.ops = countOperations(s);
    if (s.parsed) f.elements = arrayElements(s);
    f.block = block_;
    f.label = s.label;
    f.jumps = jumps(s);
    if (s.action && s.kind != StmtKind::Forall) f.action = s.action->kind;
    if (loop >= 0) {
      LoopFacts& l = facts_.loops[static_cast<size_t>(loop)];
      l.ops += f.ops;
      ++l.statements;
    }
    int index = static_cast<int>(facts_.statements.size());
    labelsBefore(index, block_);
    if (s.label) placeLabel(s.label, block_, index);
    facts_.statements.push_back(std::move(f));
    jumpTargets(s, index);
    if (s.kind != StmtKind::Do && s.kind != StmtKind::DoConcurrent && s.kind != StmtKind::DoWhile) obstacles(s);
    if (!s.parsed) return;
    stmt_ = index;
    rowLoop_ = loop;
    firstScalarRef_ = facts_.scalarRefs.size();
    firstArrayRef_ = facts_.arrayRefs.size();
    references(s);
    calls(s);
  }

  /// Whether a statement may send control to another statement inside the code around it: a GO
  /// TO whose target is not the end of an enclosing loop (that one only ends the iteration, like
  /// CYCLE), an alternate return, an ERR=/END=/EOR= branch. CYCLE, EXIT, RETURN and STOP leave
  /// the rest of the iteration or the procedure and reach no later statement, so they are not.
  bool jumps(const Stmt& s) const {
    auto elsewhere = [&](int label) {
      for (const LoopContext& l : loops_)
        if (facts_.loops[static_cast<size_t>(l.loop)].label == label) return false;
      return true;
    };
    switch (s.kind) {
      case StmtKind::Goto:
      case StmtKind::ComputedGoto:
      case StmtKind::ArithIf:
        return s.labels.empty() || std::any_of(s.labels.begin(), s.labels.end(), elsewhere);
      case StmtKind::AssignedGoto:
        return true;
      case StmtKind::If:
        return s.action && jumps(*s.action);
      default:
        break;
    }
    if (!s.parsed) return false;
    for (const auto& e : s.exprs) {
      if (!e) continue;
      if (e->kind == ExprKind::AltReturn) return true;
      if (e->kind == ExprKind::Keyword && (e->text == "err" || e->text == "end" || e->text == "eor")) return true;
    }
    return false;
  }

  /// How many elements an array-syntax assignment (a = ..., a(:, j) = ...) sets, when the extents
  /// fold; its operation counts are per element.
  std::optional<int64_t> arrayElements(const Stmt& s) const {
    const Stmt* assignment = s.kind == StmtKind::Where && s.action ? s.action.get() : &s;
    if (assignment->kind != StmtKind::Assignment) return std::nullopt;
    const Expr& lhs = *assignment->exprs[0];
    if (lhs.kind == ExprKind::Name && lhs.ref == RefKind::WholeArray && lhs.symbol) return lhs.symbol->elements();
    if (lhs.kind != ExprKind::Apply || lhs.ref != RefKind::ArraySection || !lhs.symbol) return std::nullopt;
    int64_t product = 1;
    for (size_t d = 0; d < lhs.args.size(); ++d) {
      const Expr* arg = lhs.args[d].get();
      if (!arg) return std::nullopt;
      if (arg->kind != ExprKind::Range) {
        if (arg->ref == RefKind::WholeArray || arg->ref == RefKind::ArraySection) return std::nullopt;  // a vector subscript
        continue;
      }
      const DimInfo* dim = d < lhs.symbol->dims.size() ? &lhs.symbol->dims[d] : nullptr;
      // An omitted bound is the array's own.
      auto bound = [&](const ExprPtr& given, std::optional<int64_t> declared) {
        return given ? foldInteger(given.get(), *scope_) : declared;
      };
      std::optional<int64_t> lo = bound(arg->args[0], dim ? dim->lower : std::nullopt);
      std::optional<int64_t> hi = bound(arg->args[1], dim ? dim->upper : std::nullopt);
      std::optional<int64_t> st = bound(arg->args[2], 1);
      if (!lo || !hi || !st) return std::nullopt;
      std::optional<int64_t> count = tripCount(*lo, *hi, *st);  // a triplet counts as a DO does
      if (!count || __builtin_mul_overflow(product, *count, &product)) return std::nullopt;
    }
    return product;
  }

  // ---- obstacles ----

  void obstacle(int loop, facts::ObstacleKind kind, const Stmt& s, std::string detail) {
    facts_.obstacles.push_back({loop, kind, s.pos.line, s.pos.col, std::move(detail)});
  }

  void obstacleForAll(facts::ObstacleKind kind, const Stmt& s, const std::string& detail) {
    for (const LoopContext& l : loops_) obstacle(l.loop, kind, s, detail);
  }

  void jump(const Stmt& s, int label, const std::string& detail) {
    for (const LoopContext& l : loops_)
      if (!l.labels.count(label)) obstacle(l.loop, facts::ObstacleKind::GotoOut, s, detail);
  }

  void obstacles(const Stmt& s) {
    if (loops_.empty()) return;
    if (!s.parsed) {  // a syntax error: what the statement does is unknown
      obstacleForAll(facts::ObstacleKind::Unparsed, s, upper(stmtKindName(s.kind)));
      return;
    }
    if (isInputOutput(s.kind)) {
      obstacleForAll(facts::ObstacleKind::Io, s, upper(s.parsed ? s.unitKeyword : stmtKindName(s.kind)));
      return;
    }
    switch (s.kind) {
      case StmtKind::Stop:
      case StmtKind::Pause:
        obstacleForAll(facts::ObstacleKind::Stop, s, upper(stmtKindName(s.kind)));
        return;
      case StmtKind::Return:
        obstacleForAll(facts::ObstacleKind::Return, s, "RETURN");
        return;
      case StmtKind::Exit: {
        // EXIT leaves the innermost DO, or every DO up to the one it names.
        for (size_t i = loops_.size(); i-- > 0;) {
          obstacle(loops_[i].loop, facts::ObstacleKind::Exit, s, s.name.empty() ? "EXIT" : "EXIT " + s.name);
          if (s.name.empty() || loops_[i].construct == s.name) break;
        }
        return;
      }
      case StmtKind::Cycle: {
        // CYCLE of an outer DO leaves the loops inside it.
        if (s.name.empty()) return;
        for (size_t i = loops_.size(); i-- > 0;) {
          if (loops_[i].construct == s.name) break;
          obstacle(loops_[i].loop, facts::ObstacleKind::Exit, s, "CYCLE " + s.name);
        }
        return;
      }
      case StmtKind::Goto:
      case StmtKind::ComputedGoto:
      case StmtKind::ArithIf:
        for (int label : s.labels) jump(s, label, "GO TO " + std::to_string(label));
        return;
      case StmtKind::AssignedGoto:
        if (s.labels.empty())
          obstacleForAll(facts::ObstacleKind::GotoOut, s, "GO TO " + s.name);
        else
          for (int label : s.labels) jump(s, label, "GO TO " + std::to_string(label));
        return;
      case StmtKind::Call:
        obstacleForAll(facts::ObstacleKind::Call, s, s.name);
        if (s.parsed)  // CALL S(*10): the callee may return to label 10
          for (const auto& e : s.exprs)
            if (e && e->kind == ExprKind::AltReturn) {
              int label = static_cast<int>(e->intValue);
              jump(s, label, "alternate return to " + std::to_string(label));
            }
        break;
      case StmtKind::If:
      case StmtKind::Where:
        if (s.action) obstacles(*s.action);
        break;
      default:
        break;
    }
    if (!s.parsed) return;
    for (const auto& e : s.exprs)
      if (e) functionObstacles(*e, s);
    for (const auto& e : s.items)
      if (e) functionObstacles(*e, s);
  }

  void functionObstacles(const Expr& e, const Stmt& s) {
    if (e.kind == ExprKind::Apply && e.ref == RefKind::FunctionCall) obstacleForAll(facts::ObstacleKind::Call, s, e.text);
    if (e.kind == ExprKind::BindingCall) obstacleForAll(facts::ObstacleKind::Call, s, exprText(*e.args[0]) + "%" + e.text);
    for (const auto& a : e.args)
      if (a) functionObstacles(*a, s);
  }

  // ---- array references ----

  std::set<std::string> loopVars() const {
    std::set<std::string> vars;
    for (const LoopContext& l : loops_)
      if (!l.var.empty()) vars.insert(l.var);
    return vars;
  }

  /// The variable a designator starts from: p for p%x(i), a for a(i)%y.
  static Symbol* rootSymbol(const Expr& e) {
    const Expr* base = &e;
    while (base->kind == ExprKind::Component || base->kind == ExprKind::Subscript) base = base->args[0].get();
    return base->symbol;
  }

  /// A reference of the current statement, its subscripts not filled in.
  ArrayRefFacts newReference(char access, facts::RefContext context, SourcePos pos) const {
    ArrayRefFacts r;
    r.stmt = stmt_;
    r.loop = rowLoop_;
    r.proc = proc_;
    r.access = access;
    r.context = context;
    r.fileIndex = facts_.statements[static_cast<size_t>(stmt_)].fileIndex;
    r.line = pos.line;
    r.col = pos.col;
    return r;
  }

  /// A reference whose subscripts are e.args[firstSubscript...]: a(i, j), or p%x(i) (a Subscript
  /// of an array component, named p%x and attached to p's variable row).
  void record(const Expr& e, char access, facts::RefContext context, bool subscripted, size_t firstSubscript = 0) {
    ArrayRefFacts r = newReference(access, context, e.pos);
    if (e.kind == ExprKind::Subscript) {
      r.symbol = rootSymbol(e);
      r.name = exprText(*e.args[0]);
    } else if (e.kind == ExprKind::Component) {
      r.symbol = rootSymbol(e);
      r.name = exprText(e);
    } else {
      r.symbol = e.symbol;
      r.name = e.text;
    }
    if (r.symbol && r.symbol->blockLocal) subscripted = false;  // which of two arrays: not known
    if (r.symbol && r.symbol->associated) {
      // An ASSOCIATE name: the variable it names. For (part of) an array, where in it is not
      // followed; a scalar's array components (ao%x(i) for ao => cfg%optics) index as its own.
      const Symbol* name = r.symbol;
      r.symbol = r.symbol->associated;
      if (name->isArray() || r.symbol->isArray()) {
        r.name = r.symbol->name;
        subscripted = false;
      }
    }
    r.subscripted = subscripted;
    if (subscripted) {
      std::set<std::string> vars = loopVars();
      for (size_t k = firstSubscript; k < e.args.size(); ++k) {
        const ExprPtr& arg = e.args[k];
        SubscriptFacts sub;
        if (!arg) {
          r.subscripts.push_back(std::move(sub));
          continue;
        }
        sub.text = exprText(*arg);
        if (arg->kind == ExprKind::Range) {
          sub.section = true;
        } else if (statementFunctionDepth_ > 0 && mentionsName(*arg, statementFunctionDummies_)) {
          sub.affine = false;  // a statement function's dummy: what the reference passes, unknown here
        } else {
          AffineForm form = affineForm(*arg);
          sub.affine = form.affine;
          if (form.affine) {
            sub.constant = form.constant;
            for (const auto& [var, coeff] : form.terms) sub.terms.push_back({var, coeff, vars.count(var) > 0});
          }
        }
        r.subscripts.push_back(std::move(sub));
      }
    }
    facts_.arrayRefs.push_back(std::move(r));
  }

  /// A reference in a position that accesses data with `access` (the target of an assignment,
  /// an input item, an expression operand); its subscripts are read.
  /// A scalar variable's read or write; a write of part of it (`partial_`) also reads the rest.
  void scalar(Symbol* symbol, char mode, facts::RefContext context) {
    if (!symbol) return;
    if (mode == 'R' && std::find(impliedDoVariables_.begin(), impliedDoVariables_.end(), symbol) != impliedDoVariables_.end())
      return;  // an implied DO's own value (see ExprKind::ImpliedDo in access())
    if (symbol->blockLocal && mode == 'W' && !partial_) {
      bool saved = partial_;
      partial_ = true;
      scalar(symbol, mode, context);
      partial_ = saved;
      return;
    }
    if (Symbol* variable = symbol->associated) {
      // An ASSOCIATE name: the variable it names, in part (what part is not followed).
      bool saved = partial_;
      partial_ = true;
      const StatementFacts& at = facts_.statements[static_cast<size_t>(stmt_)];
      if (variable->isArray()) wholeVariable(variable, mode, context, {at.line, at.col});
      else scalar(variable, mode, context);
      partial_ = saved;
      return;
    }
    if (mode == 'W' && partial_) scalar(symbol, 'R', context);
    for (size_t i = firstScalarRef_; i < facts_.scalarRefs.size(); ++i) {
      ScalarRefFacts& r = facts_.scalarRefs[i];
      if (r.symbol == symbol && r.access == mode && r.context == context) {
        r.guarded &= guarded_;
        return;
      }
    }
    facts_.scalarRefs.push_back({stmt_, symbol, mode, context, guarded_});
  }

  void access(const Expr& e, char mode, facts::RefContext context) {
    switch (e.kind) {
      case ExprKind::Name:
        if (e.ref == RefKind::WholeArray) record(e, mode, context, false);
        if (e.ref == RefKind::Variable) scalar(e.symbol, mode, context);
        return;
      case ExprKind::Apply:
        if (e.ref == RefKind::Substring && e.symbol && e.symbol->rank() == 0) {
          bool saved = partial_;
          partial_ = true;
          scalar(e.symbol, mode, context);
          partial_ = saved;
          for (const auto& a : e.args)
            if (a) access(*a, 'R', facts::RefContext::Subscript);
          return;
        }
        if (e.ref == RefKind::ArrayElement || e.ref == RefKind::ArraySection) {
          record(e, mode, context, true);
          for (const auto& a : e.args)
            if (a) access(*a, 'R', facts::RefContext::Subscript);
          return;
        }
        if (e.ref == RefKind::FunctionCall || e.ref == RefKind::StatementFunction) {
          for (const auto& a : e.args)
            if (a) actual(a->kind == ExprKind::Keyword ? *a->args[0] : *a);
          // What a statement function's body reads, the statement that references it reads.
          if (e.ref == RefKind::StatementFunction) inStatementFunction(e, [&](const Expr& body) { access(body, 'R', facts::RefContext::Expr); });
          return;
        }
        if (e.ref == RefKind::IntrinsicCall && facts::isInquiry(e.text)) return;  // SIZE(a) reads no element
        for (const auto& a : e.args)
          if (a) access(*a, 'R', context == facts::RefContext::Subscript ? facts::RefContext::Subscript : facts::RefContext::Expr);
        return;
      case ExprKind::Subscript:
        if (e.ref == RefKind::ArrayElement || e.ref == RefKind::ArraySection) {
          record(e, mode, context, true, 1);
          for (size_t i = 1; i < e.args.size(); ++i)
            if (e.args[i]) access(*e.args[i], 'R', facts::RefContext::Subscript);
          innerSubscripts(*e.args[0]);
          return;
        }
        [[fallthrough]];
      case ExprKind::Component:
        if (e.kind == ExprKind::Component && e.ref == RefKind::WholeArray) {
          record(e, mode, context, false);  // p%x as a whole array
          innerSubscripts(e);
          return;
        }
        {
          bool saved = partial_;
          partial_ = true;  // p%x = ... writes part of p
          access(*e.args[0], mode, context);
          partial_ = saved;
        }
        for (size_t i = 1; i < e.args.size(); ++i)
          if (e.args[i]) access(*e.args[i], 'R', facts::RefContext::Subscript);
        return;
      case ExprKind::BindingCall:  // obj%f(x): obj and x passed to f
        for (const auto& a : e.args)
          if (a) actual(a->kind == ExprKind::Keyword ? *a->args[0] : *a);
        return;
      case ExprKind::ImpliedDo: {
        // The items read the implied DO's own values of its variable, which the statement sets
        // (the W below), not the value it had before: (a(i), i = 1, n) after DO i = 1, n does
        // not read that loop's final i. Its bounds are read before it is set.
        Symbol* variable = scope_->find(e.text);
        impliedDoVariables_.push_back(variable);
        for (size_t i = 0; i < e.args.size(); ++i) {
          if (i == e.impliedItems) impliedDoVariables_.pop_back();
          if (e.args[i]) access(*e.args[i], i < e.impliedItems ? mode : 'R', i < e.impliedItems ? context : facts::RefContext::Control);
        }
        if (e.args.size() <= e.impliedItems) impliedDoVariables_.pop_back();
        scalar(variable, 'W', facts::RefContext::Control);  // the implied DO's variable
        return;
      }
      default:
        for (const auto& a : e.args)
          if (a) access(*a, 'R', context);
        return;
    }
  }

  /// The subscripts written on the parts before a component reference's last one (t and k of
  /// c%tiles(t)%a(k)%x(i)): read, as the reference's own are.
  void innerSubscripts(const Expr& designator) {
    for (const Expr* e = &designator;;) {
      if (e->kind == ExprKind::Component) {
        e = e->args[0].get();
      } else if (e->kind == ExprKind::Subscript) {
        for (size_t i = 1; i < e->args.size(); ++i)
          if (e->args[i]) access(*e->args[i], 'R', facts::RefContext::Subscript);
        e = e->args[0].get();
      } else {
        if (e->kind == ExprKind::Apply)  // the root element a(i) of a(i)%x
          for (const auto& a : e->args)
            if (a) access(*a, 'R', facts::RefContext::Subscript);
        return;
      }
      if (!e) return;
    }
  }

  /// What a pointer assignment's target reads: of a variable that is no POINTER (x, a(:, k)),
  /// only the subscripts that pick the part pointed at, not the data; of anything else (q,
  /// s(b-1)%t, a function's result) what it names, taken as read whole: where q points is
  /// q's value, which the loop may change.
  void pointerTarget(const Expr& e) {
    const Symbol* root = rootSymbol(e);
    if (root && !root->pointer && (e.kind == ExprKind::Name || (e.kind == ExprKind::Apply && (e.ref == RefKind::ArrayElement ||
                                                                                           e.ref == RefKind::ArraySection)))) {
      if (e.kind == ExprKind::Apply)
        for (const auto& a : e.args)
          if (a) access(*a, 'R', facts::RefContext::Subscript);
      return;
    }
    access(e, 'R', facts::RefContext::Expr);
  }

  /// What ALLOCATE, DEALLOCATE, NULLIFY and a pointer assignment change: the variable (p, a,
  /// p%next...) as a whole, its shape's expressions read.
  void whole(const Expr& e) {
    Symbol* symbol = rootSymbol(e);
    if (!symbol) return;
    if (e.kind == ExprKind::Apply)  // ALLOCATE (a(n)): the shape is read
      for (const auto& a : e.args)
        if (a) access(*a, 'R', facts::RefContext::Subscript);
    if (e.kind == ExprKind::Name || e.kind == ExprKind::Apply) {
      wholeVariable(symbol, 'W', facts::RefContext::Lhs, e.pos);
      return;
    }
    // A component (ALLOCATE (s(i)%q(n)), p%next => ...): part of the variable, or of the element
    // its base names.
    const Expr* base = &e;
    while (base->kind == ExprKind::Component || base->kind == ExprKind::Subscript) base = base->args[0].get();
    bool saved = partial_;
    partial_ = true;
    if (base->kind == ExprKind::Apply && base->ref == RefKind::ArrayElement) access(*base, 'W', facts::RefContext::Lhs);
    else wholeVariable(symbol, 'W', facts::RefContext::Lhs, e.pos);
    partial_ = saved;
  }

  /// A variable read or written as a whole: an array without subscripts, or a scalar.
  void wholeVariable(Symbol* symbol, char mode, facts::RefContext context, SourcePos pos) {
    if (!symbol->isArray()) {
      scalar(symbol, mode, context);
      return;
    }
    ArrayRefFacts r = newReference(mode, context, pos);
    r.symbol = symbol;
    r.name = symbol->name;
    r.subscripted = false;
    facts_.arrayRefs.push_back(std::move(r));
  }

  /// NAMELIST input or output (NML=group, or the group in the format's place) reads or writes
  /// every variable of the group.
  void namelistItems(const Stmt& s, char mode) {
    for (const auto& e : s.exprs) {
      if (!e) continue;
      const Expr* group = e->kind == ExprKind::Keyword && e->text == "nml" && !e->args.empty() ? e->args[0].get() : e.get();
      if (!group || group->kind != ExprKind::Name) continue;
      auto found = namelists_.find(group->text);
      if (found == namelists_.end()) continue;
      for (Symbol* member : found->second) wholeVariable(member, mode, facts::RefContext::Io, group->pos);
    }
  }

  /// An I/O statement's control list: what it reads, and what it sets (IOSTAT=, IOMSG=, SIZE=,
  /// NEWUNIT=, a WRITE's ID=, INQUIRE's answers, the CHARACTER variable an internal WRITE
  /// writes into).
  void controlList(const Stmt& s) {
    auto written = [&](const std::string& keyword) {
      if (keyword == "iostat" || keyword == "iomsg" || keyword == "newunit") return true;
      if ((s.kind == StmtKind::Read || s.kind == StmtKind::Write) && (keyword == "size" || keyword == "id")) return true;
      return s.kind == StmtKind::Inquire && keyword != "unit" && keyword != "file" && keyword != "id";
    };
    for (size_t k = 0; k < s.exprs.size(); ++k) {
      const Expr* e = s.exprs[k].get();
      if (!e) continue;
      if (e->kind == ExprKind::Keyword) {
        const Expr* value = e->args.empty() ? nullptr : e->args[0].get();
        if (!value) continue;
        const bool internalUnit = e->text == "unit" && s.kind == StmtKind::Write && characterVariable(*value);
        access(*value, written(e->text) || internalUnit ? 'W' : 'R', facts::RefContext::Io);
        continue;
      }
      // The unit, first: a CHARACTER variable is an internal file a WRITE writes into.
      const bool internalUnit = k == 0 && s.kind == StmtKind::Write && characterVariable(*e);
      access(*e, internalUnit ? 'W' : 'R', facts::RefContext::Io);
    }
  }

  /// A designator of a CHARACTER variable (a name, an element, a section, a substring of one).
  static bool characterVariable(const Expr& e) {
    const bool designator = (e.kind == ExprKind::Name && (e.ref == RefKind::Variable || e.ref == RefKind::WholeArray)) ||
                            (e.kind == ExprKind::Apply && (e.ref == RefKind::Substring || e.ref == RefKind::ArrayElement ||
                                                           e.ref == RefKind::ArraySection));
    return designator && e.symbol && e.symbol->type.base == BaseType::Character;
  }

  /// An actual argument: a variable the callee may read or write, or an expression it reads.
  void actual(const Expr& a) { access(a, 'R', isDesignator(a) ? facts::RefContext::CallArg : facts::RefContext::Expr); }

  void references(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Assignment:
        access(*s.exprs[0], 'W', facts::RefContext::Lhs);
        access(*s.exprs[1], 'R', facts::RefContext::Expr);
        return;
      case StmtKind::PointerAssignment:
        whole(*s.exprs[0]);  // p => x changes p, not the data it points at
        pointerTarget(*s.exprs[1]);
        return;
      case StmtKind::Allocate:
      case StmtKind::Deallocate:
      case StmtKind::Nullify:
        // They change the objects themselves (not their elements), and STAT= and ERRMSG=.
        for (const auto& e : s.exprs) {
          if (!e) continue;
          if (e->kind != ExprKind::Keyword) whole(*e);
          else if ((e->text == "stat" || e->text == "errmsg") && e->args[0]) access(*e->args[0], 'W', facts::RefContext::Lhs);
          else if (e->args[0]) access(*e->args[0], 'R', facts::RefContext::Expr);  // SOURCE=, MOLD=
        }
        return;
      case StmtKind::If:
      case StmtKind::Where:
        access(*s.exprs[0], 'R', facts::RefContext::Expr);
        if (s.action) {
          bool saved = guarded_;
          guarded_ = true;
          references(*s.action);
          guarded_ = saved;
        }
        return;
      case StmtKind::Do:
        for (const auto& e : s.exprs)
          if (e) access(*e, 'R', facts::RefContext::Control);
        scalar(scope_->find(s.name), 'W', facts::RefContext::Control);
        return;
      case StmtKind::DoConcurrent:
        for (const auto& e : s.exprs) {
          if (!e) continue;
          access(*e, 'R', facts::RefContext::Control);
          if (e->kind == ExprKind::Keyword) scalar(scope_->find(e->text), 'W', facts::RefContext::Control);
        }
        return;
      case StmtKind::Call:
        for (const auto& e : s.items)  // a type-bound procedure's object, passed to it
          if (e) actual(*e);
        for (const auto& e : s.exprs)
          if (e) actual(e->kind == ExprKind::Keyword ? *e->args[0] : *e);
        return;
      case StmtKind::Read:
        controlList(s);
        for (const auto& e : s.items)
          if (e) access(*e, 'W', facts::RefContext::Io);
        namelistItems(s, 'W');
        return;
      default:
        if (isInputOutput(s.kind)) {
          controlList(s);
        } else {
          for (const auto& e : s.exprs)
            if (e) access(*e, 'R', facts::RefContext::Expr);
        }
        for (const auto& e : s.items)
          if (e) access(*e, 'R', facts::RefContext::Io);
        if (isInputOutput(s.kind)) namelistItems(s, 'R');
        return;
    }
  }

  // ---- calls ----

  CallArgFacts argument(const Expr& a) {
    CallArgFacts arg;
    const Expr* value = &a;
    if (a.kind == ExprKind::Keyword) {
      arg.keyword = a.text;
      value = a.args[0].get();
    }
    arg.text = exprText(*value);
    arg.expr = expressionJson(value);
    if (value->kind == ExprKind::Name || value->kind == ExprKind::Apply || value->kind == ExprKind::Subscript ||
        value->kind == ExprKind::Component) {
      if (value->kind != ExprKind::Apply || value->ref == RefKind::ArrayElement || value->ref == RefKind::ArraySection ||
          value->ref == RefKind::Substring)
        arg.var = baseName(*value);
    }
    // A name a statement function's body gives its dummy is no variable of the procedure.
    if (statementFunctionDepth_ > 0 && mentionsName(*value, statementFunctionDummies_)) arg.var.clear();
    // The array reference the argument is: references() recorded it, at the argument's position.
    for (size_t i = firstArrayRef_; i < facts_.arrayRefs.size(); ++i) {
      const ArrayRefFacts& r = facts_.arrayRefs[i];
      if (r.stmt == stmt_ && r.context == facts::RefContext::CallArg && r.line == value->pos.line && r.col == value->pos.col) {
        arg.ref = static_cast<int>(i);
        break;
      }
    }
    return arg;
  }

  /// A call of `callee` (the symbol the name means here, null: none) with args[from..]; `object`:
  /// a type-bound procedure's object, `binding` its binding.
  void call(const std::string& callee, facts::CallKind kind, const ExprList& args, SourcePos pos, const Symbol* symbol,
            const Expr* object = nullptr, const std::string& binding = {}, size_t from = 0) {
    CallFacts c;
    c.stmt = stmt_;
    c.proc = proc_;
    c.loop = rowLoop_;
    c.callee = callee;
    c.kind = kind;
    c.fileIndex = facts_.statements[static_cast<size_t>(stmt_)].fileIndex;
    c.line = pos.line;
    c.col = pos.col;
    if (object) {
      c.args.push_back(argument(*object));
      c.args.back().object = true;
      c.binding = binding;
      resolveBinding(*object, binding, c, args, from);
    } else if (kind != facts::CallKind::StatementFunction) {
      resolveCallee(symbol, c, args, from);
    }
    for (size_t k = from; k < args.size(); ++k)
      if (args[k]) c.args.push_back(argument(*args[k]));
    facts_.calls.push_back(std::move(c));
  }

  /// Which procedure a name means (Symbols.hpp): a module procedure, those of a generic's
  /// specifics that may match the arguments args[from..] (mayMatch), a dummy procedure or a
  /// procedure pointer (nothing known); else its name decides (an internal or external procedure).
  static void resolveCallee(const Symbol* symbol, CallFacts& c, const ExprList& args, size_t from) {
    if (!symbol || symbol->statementFunction) return;
    auto unknown = [](const Symbol& s) { return s.storage == Storage::Dummy || s.pointer; };
    if (symbol->generic) {
      c.resolution = facts::CallResolution::Generic;
      std::vector<const Symbol*> matching;
      for (const Symbol* specific : symbol->specifics) {
        if (!specific || unknown(*specific)) {
          c.resolution = facts::CallResolution::Unknown;
          return;
        }
        if (mayMatch(*specific, args, from)) matching.push_back(specific);
      }
      // None may be the one called (a CHARACTER argument where every specific takes REAL): what
      // runs is another procedure of that name, not loaded here.
      if (matching.empty()) c.resolution = facts::CallResolution::Unknown;
      for (const Symbol* specific : matching) c.targets.push_back({specific->procedureModule, specific->name, specific});
      return;
    }
    if (unknown(*symbol)) {
      c.resolution = facts::CallResolution::Unknown;
    } else if (!symbol->procedureModule.empty()) {
      c.resolution = facts::CallResolution::Procedure;
      c.targets.push_back({symbol->procedureModule, symbol->name, symbol});
    }
  }

  /// A type-bound procedure `binding` of `object`'s declared type: resolved by the analysis
  /// (with the type's extensions when the object is polymorphic); unknown when the type is not
  /// loaded or binds no such procedure (a procedure pointer component).
  /// A generic binding is resolved here to its one specific binding that may match the
  /// arguments args[from..], when only one may (its overrides are the analysis' to find).
  static void resolveBinding(const Expr& object, const std::string& binding, CallFacts& c, const ExprList& args,
                             size_t from) {
    const TypeInfo type = typeOf(object);
    c.objectType = type.definition;
    c.polymorphic = type.polymorphic;
    bool known = type.definition && type.definition->binding(binding);
    for (const DerivedType* t = type.definition; known && t; t = t->parent) known = !t->extendsUnknown;
    c.resolution = known ? facts::CallResolution::Binding : facts::CallResolution::Unknown;
    if (!known) return;
    // A generic binding's specifics, gathered along the type and its ancestors.
    std::vector<std::string> specifics;
    for (const DerivedType* t = type.definition; t; t = t->parent)
      for (const auto& [name, b] : t->bindings)
        if (name == binding) specifics.insert(specifics.end(), b.generic.begin(), b.generic.end());
    std::vector<std::string> matching;
    for (const std::string& s : specifics) {
      const Binding* b = type.definition->binding(s);
      const Symbol* procedure = b ? b->targetSymbol : nullptr;
      std::string passed;
      if (b && !b->nopass && procedure && procedure->interface && !procedure->interface->dummies.empty())
        passed = b->pass.empty() ? procedure->interface->dummies.front().name : b->pass;
      if (!procedure || (!b->nopass && passed.empty()) || mayMatch(*procedure, args, from, passed)) matching.push_back(s);
    }
    if (matching.size() == 1) c.binding = matching.front();
  }

  void functionCalls(const Expr& e) {
    for (const auto& a : e.args)
      if (a) functionCalls(*a);
    if (e.kind == ExprKind::BindingCall) {
      call(exprText(*e.args[0]) + "%" + e.text, facts::CallKind::Function, e.args, e.pos, nullptr, e.args[0].get(), e.text, 1);
      return;
    }
    if (e.kind != ExprKind::Apply) return;
    if (e.ref == RefKind::FunctionCall) call(e.text, facts::CallKind::Function, e.args, e.pos, e.symbol);
    if (e.ref == RefKind::StatementFunction) {
      call(e.text, facts::CallKind::StatementFunction, e.args, e.pos, e.symbol);
      inStatementFunction(e, [&](const Expr& body) { functionCalls(body); });
    }
  }

  /// Runs `walk` over the body of the statement function `reference` calls (defined in this unit,
  /// referenced at most a few levels deep: a body may use only the ones defined before it), its
  /// dummies marked as no variables of the procedure.
  template <typename Walk>
  void inStatementFunction(const Expr& reference, const Walk& walk) {
    auto found = statementFunctions_.find(reference.symbol);
    if (found == statementFunctions_.end() || statementFunctionDepth_ >= kStatementFunctionDepth) return;
    const Stmt& definition = *found->second;
    std::set<std::string> saved = statementFunctionDummies_;
    for (const auto& dummy : definition.exprs[0]->args)
      if (dummy) statementFunctionDummies_.insert(dummy->text);
    ++statementFunctionDepth_;
    walk(*definition.exprs[1]);
    --statementFunctionDepth_;
    statementFunctionDummies_ = std::move(saved);
  }
  static constexpr int kStatementFunctionDepth = 16;

  void calls(const Stmt& s) {
    if (s.kind == StmtKind::Call && s.parsed) {
      if (!s.items.empty() && s.items[0])
        call(s.name, facts::CallKind::Subroutine, s.exprs, s.pos, nullptr, s.items[0].get(), s.text);
      else
        call(s.name, facts::CallKind::Subroutine, s.exprs, s.pos, scope_->find(s.name));
    } else if (s.kind == StmtKind::Call) {
      call(s.name, facts::CallKind::Subroutine, s.exprs, s.pos, nullptr);
    }
    for (const auto& e : s.exprs)
      if (e) functionCalls(*e);
    for (const auto& e : s.items)
      if (e) functionCalls(*e);
    if (s.action && s.kind != StmtKind::Forall) calls(*s.action);  // a FORALL's action is a row of its own
  }

  const ParsedFile& file_;
  const FileScopes& scopes_;
  DiagnosticSink& diagnostics_;
  const FileTable& files_;
  FileFacts facts_;
  int proc_ = 0;
  const Scope* scope_ = nullptr;
  int stmt_ = 0;
  int rowLoop_ = -1;
  int block_ = -1;                ///< the innermost block of the statements being extracted
  std::vector<std::pair<int, int>> pendingLabels_;  ///< (label, block) waiting for the next row of the block
  std::set<int> placedLabels_;                      ///< the unit's labels placed so far
  std::map<std::string, std::vector<Symbol*>> namelists_;  ///< the unit's NAMELIST groups
  std::unordered_map<const Symbol*, const Stmt*> statementFunctions_;  ///< the unit's, by their symbol
  std::set<std::string> statementFunctionDummies_;  ///< the dummies of the statement function bodies being walked
  int statementFunctionDepth_ = 0;
  size_t firstScalarRef_ = 0;     ///< the current statement's first scalar reference
  size_t firstArrayRef_ = 0;      ///< the current statement's first array reference
  bool partial_ = false;          ///< inside the base of a component or substring reference
  bool guarded_ = false;          ///< inside the action of a logical IF
  std::vector<const Symbol*> impliedDoVariables_;  ///< the implied DOs whose items are being read, innermost last
  std::vector<LoopContext> loops_;
  std::map<int, int> childCount_;
  std::vector<Executable> executables_;
};

}  // namespace

FileFacts extractFacts(const ParsedFile& file, const FileScopes& scopes, DiagnosticSink& diagnostics,
                       const FileTable& files) {
  return Extractor(file, scopes, diagnostics, files).run();
}

}  // namespace sapfor::frontend

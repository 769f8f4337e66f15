/// @file FactExtractor.cpp
#include "lexer/FactExtractor.hpp"

#include "lexer/Semantics.hpp"
#include "lexer/Subscripts.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace sapfor::lexer {

namespace {

const char* unitKindName(StmtKind kind) {
  switch (kind) {
    case StmtKind::Subroutine: return "subroutine";
    case StmtKind::Function: return "function";
    case StmtKind::Module: return "module";
    case StmtKind::Submodule: return "submodule";
    case StmtKind::BlockData: return "block_data";
    default: return "program";
  }
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

/// The variable an expression names: `a` for a, a(i), a(i)%x, a(1:2).
std::string baseName(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
    case ExprKind::Apply:
      return e.text;
    case ExprKind::Subscript:
    case ExprKind::Component:
      return baseName(*e.args[0]);
    default:
      return exprText(e);
  }
}

bool isInquiry(const std::string& name) {
  return name == "size" || name == "lbound" || name == "ubound" || name == "shape" || name == "allocated" ||
         name == "associated" || name == "present" || name == "kind" || name == "len" || name == "rank";
}

/// Statements that only shape a construct: no row of their own.
bool structural(StmtKind kind) {
  return kind == StmtKind::Else || kind == StmtKind::CaseDefault || kind == StmtKind::Continue ||
         kind == StmtKind::Block || kind == StmtKind::Format || kind == StmtKind::StatementFunction ||
         (kind == StmtKind::ElseWhere);
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

  struct Executable {
    uint32_t seq;
    const Stmt* stmt;
    int loop;  ///< the loop a DO statement opens, else -1
  };

  void report(int fileIndex, uint32_t line, uint32_t col, Severity severity, std::string message) {
    diagnostics_.report(fileDiagnostic(files_, fileIndex, {line, col}, severity, std::move(message)));
  }

  // ---- units ----

  void unit(const ProgramUnit& u, int host) {
    const Scope& scope = *scopes_.of(u);
    ProcedureFacts p;
    p.name = u.name;
    p.kind = unitKindName(u.kind);
    const std::string hostKind = host >= 0 ? facts_.procedures[static_cast<size_t>(host)].kind : "";
    bool internal = host >= 0 && hostKind != "module" && hostKind != "submodule";
    p.keyBase = internal ? facts_.procedures[static_cast<size_t>(host)].keyBase + "." + u.name : u.name;
    p.fileIndex = u.fileIndex;
    p.line = u.line;
    p.endLine = u.endLine;
    p.host = host;
    if (u.heading) {
      p.prefix = u.heading->prefix;
      for (const std::string& name : u.heading->names) p.parameters.push_back(name);
      if (u.kind == StmtKind::Function) p.result = u.heading->resultName.empty() ? u.name : u.heading->resultName;
    }
    for (const Symbol& s : scope.symbols()) {
      if ((s.procedure && s.storage != Storage::Result) || s.statementFunction) continue;
      p.variables.push_back(const_cast<Symbol*>(&s));
    }
    facts_.procedures.push_back(std::move(p));
    int self = static_cast<int>(facts_.procedures.size()) - 1;
    for (const Stmt* st : u.specification) {
      if (st->kind != StmtKind::Entry || !st->parsed) continue;
      ProcedureFacts entry;
      entry.name = entry.keyBase = st->name;
      entry.kind = "entry";
      entry.fileIndex = st->fileIndex;
      entry.line = entry.endLine = st->pos.line;
      entry.host = self;
      entry.parameters = st->names;
      facts_.procedures.push_back(std::move(entry));
    }

    proc_ = self;
    scope_ = &scope;
    childCount_.clear();
    executables_.clear();
    for (const Node& node : u.body) this->node(node);
    directives(u);
    for (const auto& inner : u.contained) this->unit(*inner, self);
  }

  // ---- the executable tree ----

  int currentLoop() const { return loops_.empty() ? -1 : loops_.back().loop; }

  void node(const Node& n) {
    switch (n.kind) {
      case NodeKind::Statement:
        if (n.stmt->kind == StmtKind::Forall && n.stmt->parsed)
          indexedLoops(*n.stmt, nullptr, "forall");
        else
          statement(*n.stmt, currentLoop());
        return;
      case NodeKind::Do:
        loop(n);
        return;
      case NodeKind::If:
      case NodeKind::Where:
        for (const Node& arm : n.children) {
          statement(*arm.stmt, currentLoop());
          for (const Node& child : arm.children) node(child);
        }
        return;
      case NodeKind::Select:
        statement(*n.stmt, currentLoop());
        for (const Node& arm : n.children) {
          statement(*arm.stmt, currentLoop());
          for (const Node& child : arm.children) node(child);
        }
        return;
      case NodeKind::Forall:
        if (n.stmt->parsed) {
          indexedLoops(*n.stmt, &n, "forall");
          return;
        }
        [[fallthrough]];
      case NodeKind::Block:
      case NodeKind::Arm:
        statement(*n.stmt, currentLoop());
        for (const Node& child : n.children) node(child);
        return;
    }
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
  int newLoop(const Stmt& s, const char* kind, int label, uint32_t endLine) {
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
      indexedLoops(s, &n, "do_concurrent");
      return;
    }
    const char* kind = s.kind == StmtKind::DoWhile        ? "do_while"
                       : s.kind == StmtKind::DoConcurrent ? "do_concurrent"
                       : (s.parsed && s.name.empty())     ? "do_forever"
                                                          : "do";
    int index = newLoop(s, kind, n.doLabel, lastLine(n));
    LoopFacts& l = facts_.loops[static_cast<size_t>(index)];
    if (s.kind == StmtKind::DoWhile && s.parsed) l.condition = exprText(*s.exprs[0]);
    if (s.kind == StmtKind::Do && s.parsed && !s.name.empty())
      bounds(l, s.name, s.exprs[0].get(), s.exprs[1].get(), s.exprs.size() > 2 ? s.exprs[2].get() : nullptr);
    l.tightlyNested = onlyOneLoopInside(n);
    executables_.push_back({s.seq, &s, index});
    // A DO's bounds are evaluated once, in the enclosing loop; a DO WHILE's condition every
    // iteration, in the loop itself.
    row(s, s.kind == StmtKind::DoWhile ? index : currentLoop());
    enter(index, &n);
    for (const Node& child : n.children) node(child);
    loops_.pop_back();
  }

  /// DO CONCURRENT (i = 1:n, j = 1:m) and FORALL (...): one loop per index, the first outermost,
  /// as the nest they are equivalent to. `body` is null for a FORALL statement, whose action is
  /// the body.
  void indexedLoops(const Stmt& s, const Node* body, const char* kind) {
    std::vector<const Expr*> specs;
    for (const auto& e : s.exprs)
      if (e->kind == ExprKind::Keyword && e->args[0]->kind == ExprKind::Range) specs.push_back(e.get());
    row(s, currentLoop());  // the header: bounds and mask
    uint32_t endLine = body ? lastLine(*body) : s.endLine;
    for (size_t i = 0; i < specs.size(); ++i) {
      int index = newLoop(s, kind, 0, endLine);
      LoopFacts& l = facts_.loops[static_cast<size_t>(index)];
      const Expr& range = *specs[i]->args[0];
      bounds(l, specs[i]->text, range.args[0].get(), range.args[1].get(), range.args[2].get());
      bool innermost = i + 1 == specs.size();
      l.tightlyNested = !innermost || (body && onlyOneLoopInside(*body));
      if (i == 0) executables_.push_back({s.seq, &s, index});
      enter(index, body);
    }
    if (body) {
      for (const Node& child : body->children) node(child);
    } else if (s.action) {
      statement(*s.action, currentLoop());
    }
    for (size_t i = 0; i < specs.size(); ++i) loops_.pop_back();
  }

  void bounds(LoopFacts& l, const std::string& var, const Expr* lower, const Expr* upper, const Expr* step) {
    l.var = var;
    if (lower) {
      l.lower = exprText(*lower);
      l.lowerValue = foldInteger(lower, *scope_);
    }
    if (upper) {
      l.upper = exprText(*upper);
      l.upperValue = foldInteger(upper, *scope_);
    }
    if (step) {
      l.step = exprText(*step);
      l.stepValue = foldInteger(step, *scope_);
    }
    int64_t stride = step ? l.stepValue.value_or(0) : 1;
    if (l.lowerValue && l.upperValue && stride != 0) {
      int64_t trips = (*l.upperValue - *l.lowerValue + stride) / stride;  // Fortran 2008 8.1.6.6.2
      l.tripCount = std::max<int64_t>(0, trips);
    }
  }

  void statement(const Stmt& s, int loop) {
    executables_.push_back({s.seq, &s, -1});
    if (structural(s.kind) && s.parsed) return;
    row(s, loop);
  }

  void row(const Stmt& s, int loop) {
    StatementFacts f;
    f.proc = proc_;
    f.loop = loop;
    f.fileIndex = s.fileIndex;
    f.line = s.pos.line;
    f.col = s.pos.col;
    f.endLine = s.endLine;
    f.kind = stmtKindName(s.kind);
    f.ops = countOperations(s);
    if (s.parsed) f.elements = arrayElements(s);
    if (loop >= 0) {
      LoopFacts& l = facts_.loops[static_cast<size_t>(loop)];
      l.ops += f.ops;
      ++l.statements;
    }
    int index = static_cast<int>(facts_.statements.size());
    facts_.statements.push_back(std::move(f));
    if (s.kind != StmtKind::Do && s.kind != StmtKind::DoConcurrent && s.kind != StmtKind::DoWhile) obstacles(s);
    if (!s.parsed) return;
    stmt_ = index;
    rowLoop_ = loop;
    references(s);
    calls(s);
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
      if (!lo.has_value() || !hi.has_value() || !st.has_value() || st.value() == 0) return std::nullopt;
      int64_t count = std::max<int64_t>(0, (hi.value() - lo.value() + st.value()) / st.value());
      if (__builtin_mul_overflow(product, count, &product)) return std::nullopt;
    }
    return product;
  }

  // ---- obstacles ----

  void obstacle(int loop, const char* kind, const Stmt& s, std::string detail) {
    facts_.obstacles.push_back({loop, kind, s.pos.line, s.pos.col, std::move(detail)});
  }

  void obstacleForAll(const char* kind, const Stmt& s, const std::string& detail) {
    for (const LoopContext& l : loops_) obstacle(l.loop, kind, s, detail);
  }

  void jump(const Stmt& s, int label, const std::string& detail) {
    for (const LoopContext& l : loops_)
      if (!l.labels.count(label)) obstacle(l.loop, "goto_out", s, detail);
  }

  void obstacles(const Stmt& s) {
    if (loops_.empty()) return;
    if (isInputOutput(s.kind)) {
      obstacleForAll("io", s, upper(s.parsed ? s.unitKeyword : stmtKindName(s.kind)));
      return;
    }
    switch (s.kind) {
      case StmtKind::Stop:
      case StmtKind::Pause:
        obstacleForAll("stop", s, upper(stmtKindName(s.kind)));
        return;
      case StmtKind::Return:
        obstacleForAll("return", s, "RETURN");
        return;
      case StmtKind::Exit: {
        // EXIT leaves the innermost DO, or every DO up to the one it names.
        for (size_t i = loops_.size(); i-- > 0;) {
          obstacle(loops_[i].loop, "exit", s, s.name.empty() ? "EXIT" : "EXIT " + s.name);
          if (s.name.empty() || loops_[i].construct == s.name) break;
        }
        return;
      }
      case StmtKind::Cycle: {
        // CYCLE of an outer DO leaves the loops inside it.
        if (s.name.empty()) return;
        for (size_t i = loops_.size(); i-- > 0;) {
          if (loops_[i].construct == s.name) break;
          obstacle(loops_[i].loop, "exit", s, "CYCLE " + s.name);
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
          obstacleForAll("goto_out", s, "GO TO " + s.name);
        else
          for (int label : s.labels) jump(s, label, "GO TO " + std::to_string(label));
        return;
      case StmtKind::Call:
        obstacleForAll("call", s, s.name);
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
    if (e.kind == ExprKind::Apply && e.ref == RefKind::FunctionCall) obstacleForAll("call", s, e.text);
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

  /// A reference whose subscripts are e.args[firstSubscript...]: a(i, j), or p%x(i) (a Subscript
  /// of an array component, named p%x and attached to p's variable row).
  void record(const Expr& e, char access, const char* context, bool subscripted, size_t firstSubscript = 0) {
    ArrayRefFacts r;
    r.stmt = stmt_;
    r.loop = rowLoop_;
    r.proc = proc_;
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
    r.access = access;
    r.context = context;
    r.subscripted = subscripted;
    r.fileIndex = facts_.statements[static_cast<size_t>(stmt_)].fileIndex;
    r.line = e.pos.line;
    r.col = e.pos.col;
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
  void access(const Expr& e, char mode, const char* context) {
    switch (e.kind) {
      case ExprKind::Name:
        if (e.ref == RefKind::WholeArray) record(e, mode, context, false);
        return;
      case ExprKind::Apply:
        if (e.ref == RefKind::ArrayElement || e.ref == RefKind::ArraySection) {
          record(e, mode, context, true);
          for (const auto& a : e.args)
            if (a) access(*a, 'R', "subscript");
          return;
        }
        if (e.ref == RefKind::FunctionCall || e.ref == RefKind::StatementFunction) {
          for (const auto& a : e.args)
            if (a) access(a->kind == ExprKind::Keyword ? *a->args[0] : *a, 'R', "call_arg");
          return;
        }
        if (e.ref == RefKind::IntrinsicCall && isInquiry(e.text)) return;  // SIZE(a) reads no element
        for (const auto& a : e.args)
          if (a) access(*a, 'R', "subscript" == std::string(context) ? "subscript" : "expr");
        return;
      case ExprKind::Subscript:
        if (e.ref == RefKind::ArrayElement || e.ref == RefKind::ArraySection) {
          record(e, mode, context, true, 1);
          for (size_t i = 1; i < e.args.size(); ++i)
            if (e.args[i]) access(*e.args[i], 'R', "subscript");
          return;
        }
        [[fallthrough]];
      case ExprKind::Component:
        if (e.kind == ExprKind::Component && e.ref == RefKind::WholeArray) {
          record(e, mode, context, false);  // p%x as a whole array
          return;
        }
        access(*e.args[0], mode, context);
        for (size_t i = 1; i < e.args.size(); ++i)
          if (e.args[i]) access(*e.args[i], 'R', "subscript");
        return;
      case ExprKind::ImpliedDo:
        for (size_t i = 0; i < e.args.size(); ++i)
          if (e.args[i]) access(*e.args[i], i < e.impliedItems ? mode : 'R', i < e.impliedItems ? context : "control");
        return;
      default:
        for (const auto& a : e.args)
          if (a) access(*a, 'R', context);
        return;
    }
  }

  void references(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Assignment:
        access(*s.exprs[0], 'W', "lhs");
        access(*s.exprs[1], 'R', "expr");
        return;
      case StmtKind::PointerAssignment:
      case StmtKind::Allocate:
      case StmtKind::Deallocate:
      case StmtKind::Nullify:
        return;  // association and allocation touch no element
      case StmtKind::If:
      case StmtKind::Where:
        access(*s.exprs[0], 'R', "expr");
        if (s.action) references(*s.action);
        return;
      case StmtKind::Do:
      case StmtKind::DoConcurrent:
        for (const auto& e : s.exprs)
          if (e) access(*e, 'R', "control");
        return;
      case StmtKind::Call:
        for (const auto& e : s.exprs)
          if (e) access(e->kind == ExprKind::Keyword ? *e->args[0] : *e, 'R', "call_arg");
        return;
      case StmtKind::Read:
        for (const auto& e : s.exprs)
          if (e) access(*e, 'R', "io");
        for (const auto& e : s.items)
          if (e) access(*e, 'W', "io");
        return;
      default:
        for (const auto& e : s.exprs)
          if (e) access(*e, 'R', isInputOutput(s.kind) ? "io" : "expr");
        for (const auto& e : s.items)
          if (e) access(*e, 'R', "io");
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
    if (value->kind == ExprKind::Name || value->kind == ExprKind::Apply || value->kind == ExprKind::Subscript ||
        value->kind == ExprKind::Component) {
      if (value->kind != ExprKind::Apply || value->ref == RefKind::ArrayElement || value->ref == RefKind::ArraySection ||
          value->ref == RefKind::Substring)
        arg.var = baseName(*value);
    }
    return arg;
  }

  void call(const std::string& callee, const char* kind, const ExprList& args, SourcePos pos) {
    CallFacts c;
    c.stmt = stmt_;
    c.proc = proc_;
    c.loop = rowLoop_;
    c.callee = callee;
    c.kind = kind;
    c.fileIndex = facts_.statements[static_cast<size_t>(stmt_)].fileIndex;
    c.line = pos.line;
    c.col = pos.col;
    for (const auto& a : args)
      if (a) c.args.push_back(argument(*a));
    facts_.calls.push_back(std::move(c));
  }

  void functionCalls(const Expr& e) {
    for (const auto& a : e.args)
      if (a) functionCalls(*a);
    if (e.kind != ExprKind::Apply) return;
    if (e.ref == RefKind::FunctionCall) call(e.text, "function", e.args, e.pos);
    if (e.ref == RefKind::StatementFunction) call(e.text, "statement_function", e.args, e.pos);
  }

  void calls(const Stmt& s) {
    if (s.kind == StmtKind::Call) call(s.name, "subroutine", s.exprs, s.pos);
    for (const auto& e : s.exprs)
      if (e) functionCalls(*e);
    for (const auto& e : s.items)
      if (e) functionCalls(*e);
    if (s.action && s.kind != StmtKind::Forall) calls(*s.action);  // a FORALL's action is a row of its own
  }

  // ---- directives ----

  /// The variables of the loop nest from `loop` down its tightly nested first children.
  std::vector<std::string> nestVariables(int loop, size_t depth) const {
    std::vector<std::string> vars;
    int current = loop;
    while (current >= 0 && vars.size() < depth) {
      const LoopFacts& l = facts_.loops[static_cast<size_t>(current)];
      vars.push_back(l.var);
      if (!l.tightlyNested) break;
      int next = -1;
      for (size_t j = static_cast<size_t>(current) + 1; j < facts_.loops.size(); ++j)
        if (facts_.loops[j].parent == current) {
          next = static_cast<int>(j);
          break;
        }
      current = next;
    }
    return vars;
  }

  static std::optional<int64_t> literal(const Expr* e) {
    if (!e) return std::nullopt;
    if (e->kind == ExprKind::IntLiteral) return e->intValue;
    if (e->kind == ExprKind::Unary && e->op == Op::Neg && e->args[0]->kind == ExprKind::IntLiteral) return -e->args[0]->intValue;
    return std::nullopt;
  }

  void listClause(DirectiveFacts& f, const std::string& clause, const std::vector<ClauseItem>& items) {
    for (const ClauseItem& item : items) f.vars.push_back({clause, baseName(*item.expr), exprText(*item.expr)});
  }

  void parallelClauses(DirectiveFacts& f, const DirectiveItem& d) {
    const DirectiveAst& ast = *d.ast;
    for (const std::string& v : ast.loopVars) f.vars.push_back({"loop_var", v, v});
    if (ast.on) {
      f.onArray = baseName(*ast.on);
      f.onText = exprText(*ast.on);
    }
    for (const DirectiveClause& c : ast.clauses) {
      if (c.name == "reduction") {
        for (const ClauseItem& item : c.items) {
          const Expr& e = *item.expr;
          static const std::set<std::string> ops = {"sum", "product", "max", "min", "and", "or",
                                                    "eqv", "neqv", "maxloc", "minloc"};
          if (e.kind != ExprKind::Apply || !ops.count(e.text) || e.args.empty() || !e.args[0]) {
            report(d.fileIndex, c.pos.line, c.pos.col, Severity::Warning,
                   "REDUCTION item '" + exprText(e) + "' is not op(variable) with a DVMH reduction operation");
            continue;
          }
          ReductionFacts r;
          r.op = e.text;
          r.var = baseName(*e.args[0]);
          r.group = item.prefix;
          if ((r.op == "maxloc" || r.op == "minloc") && e.args.size() >= 2 && e.args[1]) {
            r.locVar = baseName(*e.args[1]);
            if (e.args.size() >= 3) r.locCount = literal(e.args[2].get());
          }
          f.reductions.push_back(std::move(r));
        }
      } else if (c.name == "private" || c.name == "new") {
        listClause(f, "private", c.items);
      } else if (c.name == "across") {
        for (const ClauseItem& item : c.items) {
          const Expr& e = *item.expr;
          f.vars.push_back({"across", baseName(e), exprText(e)});
          if (e.kind != ExprKind::Apply) continue;
          bool named = std::any_of(f.across.begin(), f.across.end(), [&](const AcrossFacts& a) { return a.array == e.text; });
          if (named) {
            report(d.fileIndex, c.pos.line, c.pos.col, Severity::Warning, "ACROSS names '" + e.text + "' twice; the first is kept");
            continue;
          }
          for (size_t dim = 0; dim < e.args.size(); ++dim) {
            const Expr* w = e.args[dim].get();
            AcrossFacts a;
            a.array = e.text;
            a.dim = static_cast<int>(dim) + 1;
            a.direction = item.prefix;
            if (w && w->kind == ExprKind::Range) {
              a.low = literal(w->args[0].get());
              a.high = literal(w->args[1].get());
            }
            f.across.push_back(std::move(a));
          }
        }
      } else if (c.name == "cuda_block") {
        for (size_t i = 0; i < c.items.size() && i < 3; ++i) f.cudaBlock[i] = foldInteger(c.items[i].expr.get(), *scope_);
      } else if (c.name == "stage") {
        if (!c.items.empty()) f.stage = foldInteger(c.items[0].expr.get(), *scope_);
      } else {
        if (c.items.empty())
          f.vars.push_back({c.name, "", c.name});
        else
          listClause(f, c.name, c.items);
      }
    }
  }

  void directives(const ProgramUnit& u) {
    std::vector<int> regions;
    for (const DirectiveItem* d : u.directives) {
      DirectiveFacts f;
      f.fileIndex = d->fileIndex;
      f.line = d->line;
      f.endLine = d->endLine;
      f.proc = proc_;
      f.sentinel = d->sentinel;
      f.text = d->display;
      bool dvm = d->sentinel == "dvm";
      f.kind = !dvm ? upper(d->sentinel)
                    : (d->kind == DirectiveKind::OtherDvm ? d->head : std::string(directiveKindName(d->kind)));
      f.region = regions.empty() ? -1 : regions.back();
      int index = static_cast<int>(facts_.directives.size());
      if (dvm) {
        switch (d->kind) {
          case DirectiveKind::Region:
            regions.push_back(index);
            break;
          case DirectiveKind::EndRegion:
            if (regions.empty()) {
              report(d->fileIndex, d->line, 1, Severity::Warning, "END REGION without a REGION");
            } else {
              facts_.directives[static_cast<size_t>(regions.back())].regionEndLine = d->line;
              regions.pop_back();
            }
            break;
          case DirectiveKind::Parallel:
            bindParallel(f, *d);
            break;
          default:
            break;
        }
        if (d->ast) clauses(f, *d);
      }
      facts_.directives.push_back(std::move(f));
    }
    for (int open : regions) {
      const DirectiveFacts& r = facts_.directives[static_cast<size_t>(open)];
      report(r.fileIndex, r.line, 1, Severity::Warning, "REGION has no END REGION in " + u.name);
    }
  }

  void bindParallel(DirectiveFacts& f, const DirectiveItem& d) {
    auto next = std::lower_bound(executables_.begin(), executables_.end(), d.seq,
                                 [](const Executable& e, uint32_t seq) { return e.seq < seq; });
    if (next == executables_.end() || next->loop < 0) {
      report(d.fileIndex, d.line, 1, Severity::Warning,
             next == executables_.end() ? std::string("PARALLEL directive is not followed by a DO loop")
                                        : "PARALLEL directive is followed by a statement at line " +
                                              std::to_string(next->stmt->pos.line) + ", not by a DO loop");
      return;
    }
    f.loop = next->loop;
    facts_.loops[static_cast<size_t>(next->loop)].annotateLine = d.line;
    if (!d.ast) return;
    const std::vector<std::string>& wanted = d.ast->loopVars;
    std::vector<std::string> nest = nestVariables(next->loop, wanted.size());
    if (nest != wanted) {
      std::string have, want;
      for (const std::string& v : nest) have += (have.empty() ? "" : ",") + v;
      for (const std::string& v : wanted) want += (want.empty() ? "" : ",") + v;
      report(d.fileIndex, d.line, 1, Severity::Warning,
             "PARALLEL (" + want + ") does not match the loop nest that follows (" + have + ")");
    }
  }

  void clauses(DirectiveFacts& f, const DirectiveItem& d) {
    const DirectiveAst& ast = *d.ast;
    switch (d.kind) {
      case DirectiveKind::Parallel:
        parallelClauses(f, d);
        return;
      case DirectiveKind::Region:
        for (const DirectiveClause& c : ast.clauses) {
          if (c.items.empty())
            f.vars.push_back({c.name, "", c.name});
          else
            listClause(f, c.name, c.items);
        }
        return;
      case DirectiveKind::Actual:
      case DirectiveKind::GetActual: {
        std::string clause = d.kind == DirectiveKind::Actual ? "actual" : "get_actual";
        for (const auto& e : ast.items) f.vars.push_back({clause, baseName(*e), exprText(*e)});
        return;
      }
      default: {
        std::string clause = directiveKindName(d.kind);
        for (char& c : clause) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (!ast.names.empty()) {
          for (const std::string& n : ast.names) f.vars.push_back({clause, n, n});
        } else if (d.kind == DirectiveKind::Align) {
          if (!ast.items.empty()) f.vars.push_back({clause, baseName(*ast.items[0]), exprText(*ast.items[0])});
        } else {
          for (const auto& e : ast.items) f.vars.push_back({clause, baseName(*e), exprText(*e)});
        }
        return;
      }
    }
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
  std::vector<LoopContext> loops_;
  std::map<int, int> childCount_;
  std::vector<Executable> executables_;
};

}  // namespace

FileFacts extractFacts(const ParsedFile& file, const FileScopes& scopes, DiagnosticSink& diagnostics,
                       const FileTable& files) {
  return Extractor(file, scopes, diagnostics, files).run();
}

}  // namespace sapfor::lexer

/// @file DirectiveFacts.cpp
#include "frontend/DirectiveFacts.hpp"

#include "frontend/Semantics.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace sapfor::frontend {

namespace {

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

/// One program unit's directives, read into its file's facts.
class DirectiveExtractor {
 public:
  DirectiveExtractor(int proc, const Scope& scope, const std::vector<Executable>& executables, FileFacts& facts,
                     const ReportFunction& report)
      : proc_(proc), scope_(&scope), executables_(executables), facts_(facts), report_(report) {}

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

 private:
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

  void report(int fileIndex, uint32_t line, uint32_t col, Severity severity, std::string message) {
    report_(fileIndex, line, col, severity, std::move(message));
  }

  int proc_;
  const Scope* scope_;
  const std::vector<Executable>& executables_;
  FileFacts& facts_;
  const ReportFunction& report_;
};

}  // namespace

void extractDirectives(const ProgramUnit& unit, int proc, const Scope& scope, const std::vector<Executable>& executables,
                       FileFacts& facts, const ReportFunction& report) {
  DirectiveExtractor(proc, scope, executables, facts, report).directives(unit);
}

}  // namespace sapfor::frontend

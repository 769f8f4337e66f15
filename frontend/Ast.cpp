/// @file Ast.cpp
#include "frontend/Ast.hpp"
#include "frontend/AstBuilders.hpp"

#include "frontend/CheckedArithmetic.hpp"

namespace sapfor::frontend {

const char* opSpelling(Op op) {
  switch (op) {
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Pow: return "**";
    case Op::Concat: return "//";
    case Op::Eq: return "==";
    case Op::Ne: return "/=";
    case Op::Lt: return "<";
    case Op::Le: return "<=";
    case Op::Gt: return ">";
    case Op::Ge: return ">=";
    case Op::And: return ".and.";
    case Op::Or: return ".or.";
    case Op::Not: return ".not.";
    case Op::Eqv: return ".eqv.";
    case Op::Neqv: return ".neqv.";
    case Op::Neg: return "-";
    case Op::Plus: return "+";
    case Op::Defined:
    case Op::None: return "";
  }
  return "";
}

// ---- construction ------------------------------------------------------------------------------

ExprPtr makeExpr(ExprKind kind, SourcePos pos) { return std::make_unique<Expr>(kind, pos); }

ExprPtr makeUnary(Op op, ExprPtr operand, SourcePos pos) {
  auto e = makeExpr(ExprKind::Unary, pos);
  e->op = op;
  e->args.push_back(std::move(operand));
  return e;
}

ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, SourcePos pos) {
  auto e = makeExpr(ExprKind::Binary, pos);
  e->op = op;
  e->args.reserve(2);
  e->args.push_back(std::move(lhs));
  e->args.push_back(std::move(rhs));
  return e;
}

ExprPtr makeName(std::string name, SourcePos pos) {
  auto e = makeExpr(ExprKind::Name, pos);
  e->text = std::move(name);
  return e;
}

ExprPtr makeApply(std::string name, ExprList args, SourcePos pos) {
  auto e = makeExpr(ExprKind::Apply, pos);
  e->text = std::move(name);
  e->args = std::move(args);
  return e;
}

ExprPtr makeSubscripted(ExprPtr base, ExprList args, SourcePos pos) {
  if (base->kind == ExprKind::Name) return makeApply(std::move(base->text), std::move(args), pos);
  auto e = makeExpr(ExprKind::Subscript, pos);
  e->args.push_back(std::move(base));
  for (auto& a : args) e->args.push_back(std::move(a));
  return e;
}

ExprPtr makeComponent(ExprPtr base, std::string name, SourcePos pos) {
  auto e = makeExpr(ExprKind::Component, pos);
  e->args.push_back(std::move(base));
  e->text = std::move(name);
  return e;
}

ExprPtr makeKeyword(std::string name, ExprPtr value, SourcePos pos) {
  auto e = makeExpr(ExprKind::Keyword, pos);
  e->text = std::move(name);
  e->args.push_back(std::move(value));
  return e;
}

ExprPtr makeRange(ExprPtr lower, ExprPtr upper, ExprPtr stride, SourcePos pos) {
  auto e = makeExpr(ExprKind::Range, pos);
  e->args.push_back(std::move(lower));
  e->args.push_back(std::move(upper));
  e->args.push_back(std::move(stride));
  return e;
}

ExprPtr makeLiteral(ExprKind kind, const std::string& spelling, SourcePos pos) {
  auto e = makeExpr(kind, pos);
  std::string body = spelling;
  if (kind == ExprKind::StringLiteral && !body.empty() && body[0] != '\'' && body[0] != '"') {
    size_t quote = body.find_first_of("'\"");  // 4_'abc': the kind is 4
    e->kindText = body.substr(0, quote - 1);
    body = body.substr(quote);
  }
  if (kind == ExprKind::IntLiteral || kind == ExprKind::RealLiteral || kind == ExprKind::LogicalLiteral) {
    // The kind follows the first underscore after the value (a kind's name may have more: 50_dbl_kind).
    size_t underscore = kind == ExprKind::LogicalLiteral ? body.find('_', body.rfind('.')) : body.find('_');
    if (underscore != std::string::npos) {
      e->kindText = body.substr(underscore + 1);
      body.resize(underscore);
    }
  }
  e->text = body;
  if (kind == ExprKind::IntLiteral) {
    std::optional<int64_t> value = decimalValue(body);
    if (!value) return nullptr;
    e->intValue = *value;
  } else if (kind == ExprKind::LogicalLiteral) {
    e->intValue = body.find("true") != std::string::npos ? 1 : 0;
  }
  return e;
}

ExprPtr makeParenList(ExprList items, SourcePos pos) {
  auto e = makeExpr(items.size() == 1 ? ExprKind::Paren : ExprKind::Complex, pos);
  e->args = std::move(items);
  return e;
}

ExprPtr makeImpliedDo(ExprList items, std::string var, ExprPtr lower, ExprPtr upper, ExprPtr step, SourcePos pos) {
  auto e = makeExpr(ExprKind::ImpliedDo, pos);
  e->impliedItems = static_cast<uint16_t>(items.size());
  e->args = std::move(items);
  e->text = std::move(var);
  e->args.push_back(std::move(lower));
  e->args.push_back(std::move(upper));
  if (step) e->args.push_back(std::move(step));
  return e;
}

ExprList single(ExprPtr expr) {
  ExprList list;
  list.push_back(std::move(expr));
  return list;
}

namespace {
void addDataObjectNames(const Expr& e, std::vector<std::string>& names) {
  switch (e.kind) {
    case ExprKind::Name: case ExprKind::Apply: case ExprKind::Subscript: case ExprKind::Component:
      names.push_back(baseName(e));
      break;
    case ExprKind::ImpliedDo:
      for (size_t i = 0; i < e.impliedItems && i < e.args.size(); ++i) addDataObjectNames(*e.args[i], names);
      break;
    default: break;  // not a variable (the grammar admits only designators and implied DOs)
  }
}
}  // namespace

std::vector<std::string> dataObjectNames(const ExprList& objects) {
  std::vector<std::string> names;
  for (const ExprPtr& e : objects) addDataObjectNames(*e, names);
  return names;
}

StmtPtr makeStmt(StmtKind kind, SourcePos pos) {
  auto s = std::make_unique<Stmt>();
  s->kind = kind;
  s->pos = pos;
  return s;
}

StmtPtr makeDecl(StmtKind kind, SourcePos pos) {
  auto s = makeStmt(kind, pos);
  s->decl = std::make_unique<DeclData>();
  return s;
}

StmtPtr makeAttrStmt(AttrKind kind, std::vector<Entity> entities, SourcePos pos) {
  auto s = makeDecl(StmtKind::AttrStmt, pos);
  Attr attr;
  attr.kind = kind;
  attr.pos = pos;
  s->decl->attrs.push_back(std::move(attr));
  s->decl->entities = std::move(entities);
  return s;
}

StmtPtr makeDo(StmtKind kind, int label, SourcePos pos) {
  auto s = makeStmt(kind, pos);
  if (label) s->labels.push_back(label);
  return s;
}

StmtPtr makeCall(ExprPtr designator, SourcePos pos) {
  auto s = makeStmt(StmtKind::Call, pos);
  if (designator->kind == ExprKind::Name || designator->kind == ExprKind::Apply) {
    s->name = std::move(designator->text);
    s->exprs = std::move(designator->args);
    return s;
  }
  // A type-bound procedure (`call obj%method(x)`, `call obj%method`): the callee is obj%method,
  // the object passed is obj.
  Expr* binding = designator.get();
  if (designator->kind == ExprKind::Subscript && designator->args[0] && designator->args[0]->kind == ExprKind::Component) {
    binding = designator->args[0].get();
    for (size_t k = 1; k < designator->args.size(); ++k) s->exprs.push_back(std::move(designator->args[k]));
  }
  if (binding->kind != ExprKind::Component || !binding->args[0]) {
    s->name = exprText(*designator);  // not a procedure's designator: left as text
    s->exprs.clear();
    return s;
  }
  s->name = exprText(*binding);
  s->text = binding->text;
  s->items.push_back(std::move(binding->args[0]));
  return s;
}

StmtPtr makeIo(StmtKind kind, const char* keyword, ExprList control, ExprList items, SourcePos pos) {
  auto s = makeStmt(kind, pos);
  s->unitKeyword = keyword;
  s->exprs = std::move(control);
  s->items = std::move(items);
  return s;
}

std::unique_ptr<DirectiveAst> makeDirective(DirectiveKind kind, SourcePos pos) {
  auto d = std::make_unique<DirectiveAst>();
  d->kind = kind;
  d->pos = pos;
  return d;
}

std::vector<std::pair<char, char>> letterRanges(const ExprList& items) {
  std::vector<std::pair<char, char>> ranges;
  for (const auto& item : items) {
    if (!item) continue;
    if (item->kind == ExprKind::Name && item->text.size() == 1) {
      ranges.emplace_back(item->text[0], item->text[0]);
    } else if (item->kind == ExprKind::Binary && item->op == Op::Sub && item->args[0]->kind == ExprKind::Name &&
               item->args[1]->kind == ExprKind::Name && item->args[0]->text.size() == 1 &&
               item->args[1]->text.size() == 1) {
      ranges.emplace_back(item->args[0]->text[0], item->args[1]->text[0]);
    }
  }
  return ranges;
}

void applySelector(TypeSpec& type, ExprList items) {
  bool character = type.base == BaseType::Character;
  for (size_t i = 0; i < items.size(); ++i) {
    ExprPtr& item = items[i];
    if (item->kind == ExprKind::Keyword) {
      if (item->text == "len")
        type.len = std::move(item->args[0]);
      else
        type.kind = std::move(item->args[0]);
    } else if (character && i == 0) {
      type.len = std::move(item);  // CHARACTER(10) is a length, CHARACTER(10, 1) length then kind
    } else {
      type.kind = std::move(item);
    }
  }
}

void applyPrefixes(Stmt& heading, ProcedurePrefix prefix) {
  for (const std::string& word : prefix.words) {
    if (!heading.prefix.empty()) heading.prefix += ' ';
    heading.prefix += word;
  }
  if (prefix.type.base != BaseType::None) {
    heading.decl = std::make_unique<DeclData>();
    heading.decl->type = std::move(prefix.type);
  }
}

void addCommonElement(std::vector<CommonGroup>& groups, CommonElement element) {
  if (element.opensBlock) {
    CommonGroup group;
    group.block = std::move(element.block);
    groups.push_back(std::move(group));
    return;
  }
  if (groups.empty()) groups.emplace_back();  // entities before any /name/ are in blank COMMON
  groups.back().entities.push_back(std::move(element.entity));
}

// ---- printing ----------------------------------------------------------------------------------

namespace {

void print(const Expr* e, std::string& out);

void printList(const ExprList& list, size_t from, size_t to, std::string& out) {
  for (size_t i = from; i < to; ++i) {
    if (i > from) out += ',';
    print(list[i].get(), out);
  }
}

void print(const Expr* e, std::string& out) {
  if (!e) return;
  switch (e->kind) {
    case ExprKind::IntLiteral:
    case ExprKind::RealLiteral:
    case ExprKind::LogicalLiteral:
      out += e->text;
      if (!e->kindText.empty()) out += '_' + e->kindText;
      return;
    case ExprKind::StringLiteral:
    case ExprKind::BozLiteral:
    case ExprKind::Name:
      out += e->text;
      return;
    case ExprKind::Apply:
      out += e->text;
      out += '(';
      printList(e->args, 0, e->args.size(), out);
      out += ')';
      return;
    case ExprKind::Subscript:
      print(e->args[0].get(), out);
      out += '(';
      printList(e->args, 1, e->args.size(), out);
      out += ')';
      return;
    case ExprKind::Component:
      print(e->args[0].get(), out);
      out += '%';
      out += e->text;
      return;
    case ExprKind::BindingCall:
      print(e->args[0].get(), out);
      out += '%';
      out += e->text;
      out += '(';
      printList(e->args, 1, e->args.size(), out);
      out += ')';
      return;
    case ExprKind::Unary:
      out += e->op == Op::Defined ? e->text : opSpelling(e->op);
      print(e->args[0].get(), out);
      return;
    case ExprKind::Binary:
      print(e->args[0].get(), out);
      out += e->op == Op::Defined ? e->text : opSpelling(e->op);
      print(e->args[1].get(), out);
      return;
    case ExprKind::Paren:
      out += '(';
      print(e->args[0].get(), out);
      out += ')';
      return;
    case ExprKind::Complex:
      out += '(';
      printList(e->args, 0, e->args.size(), out);
      out += ')';
      return;
    case ExprKind::Range:
      print(e->args[0].get(), out);
      out += ':';
      print(e->args[1].get(), out);
      if (e->args[2]) {
        out += ':';
        print(e->args[2].get(), out);
      }
      return;
    case ExprKind::Keyword:
      out += e->text;
      out += '=';
      print(e->args[0].get(), out);
      return;
    case ExprKind::ArrayCtor:
      out += '[';
      printList(e->args, 0, e->args.size(), out);
      out += ']';
      return;
    case ExprKind::ImpliedDo:
      out += '(';
      printList(e->args, 0, e->impliedItems, out);
      out += ',';
      out += e->text;
      out += '=';
      printList(e->args, e->impliedItems, e->args.size(), out);
      out += ')';
      return;
    case ExprKind::Star:
      out += '*';
      return;
    case ExprKind::AltReturn:
      out += '*' + std::to_string(e->intValue);
      return;
  }
}

}  // namespace

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

std::string exprText(const Expr& expr) {
  std::string out;
  print(&expr, out);
  return out;
}

}  // namespace sapfor::frontend

/// @file ExpressionJson.cpp
#include "frontend/ExpressionJson.hpp"

#include "facts/Expression.hpp"
#include "frontend/Symbols.hpp"

#include <cmath>


namespace sapfor::frontend {

namespace {

using facts::appendJsonInteger;
using facts::appendJsonString;
using facts::ExpressionKind;
using facts::tagOf;

/// `,KIND` of a literal: folded by the symbol pass, else its suffix as written.
void appendLiteralKind(const Expr& e, std::string& out) {
  if (e.literalKind > 0) {
    out += ',';
    appendJsonInteger(e.literalKind, out);
  } else if (!e.kindText.empty()) {
    out += ',';
    appendJsonString(e.kindText, out);
  }
}

void appendArgs(const ExprList& args, size_t from, size_t to, std::string& out) {
  for (size_t i = from; i < to && i < args.size(); ++i) {
    out += ',';
    appendExpressionJson(args[i].get(), out);
  }
}

void open(ExpressionKind kind, std::string& out) {
  out += '[';
  appendJsonString(tagOf(kind), out);
}

/// `,VALUE` of a named constant the symbol pass folded: an integer of default kind as a number,
/// else a literal node with its kind (a real's value written so that it reads back the same double).
void appendConstantValue(const ConstValue& v, std::string& out) {
  switch (v.kind) {
    case ConstValue::Kind::Integer:
      out += ',';
      if (v.type.kind == 4) {
        appendJsonInteger(v.i, out);
        return;
      }
      open(ExpressionKind::Integer, out);
      out += ',';
      appendJsonInteger(v.i, out);
      out += ',';
      appendJsonInteger(v.type.kind, out);
      out += ']';
      return;
    case ConstValue::Kind::Real:
      if (!std::isfinite(v.r) || v.type.kind <= 0) return;
      out += ',';
      open(ExpressionKind::Real, out);
      out += ',';
      appendJsonString(v.text(), out);  // the shortest digits that read back the same double
      out += ',';
      appendJsonInteger(v.type.kind, out);
      out += ']';
      return;
    case ConstValue::Kind::Logical:
      out += ',';
      open(ExpressionKind::Logical, out);
      out += v.i ? ",1" : ",0";
      if (v.type.kind != 4 && v.type.kind > 0) {
        out += ',';
        appendJsonInteger(v.type.kind, out);
      }
      out += ']';
      return;
    default: return;
  }
}

/// A name with arguments, by what the symbol pass found it to be.
ExpressionKind applied(RefKind ref) {
  switch (ref) {
    case RefKind::ArrayElement: return ExpressionKind::Element;
    case RefKind::ArraySection: return ExpressionKind::Section;
    case RefKind::Substring: return ExpressionKind::Substring;
    case RefKind::IntrinsicCall: return ExpressionKind::Intrinsic;
    case RefKind::FunctionCall: return ExpressionKind::Call;
    case RefKind::StatementFunction: return ExpressionKind::StatementFunction;
    default: return ExpressionKind::Apply;
  }
}

/// The members of a statement's object, each but the first after a comma.
class StatementObject {
 public:
  explicit StatementObject(std::string& out) : out_(out) { out_ += '{'; }
  ~StatementObject() { out_ += '}'; }

  std::string& member(const char* name) {
    if (!first_) out_ += ',';
    first_ = false;
    return out_ += name;
  }

  void list(const char* name, const ExprList& list) {
    if (list.empty()) return;
    member(name) += '[';
    for (size_t i = 0; i < list.size(); ++i) {
      if (i) out_ += ',';
      appendExpressionJson(list[i].get(), out_);
    }
    out_ += ']';
  }

 private:
  std::string& out_;
  bool first_ = true;
};

void appendStatement(const Stmt& s, std::string& out) {
  StatementObject object(out);
  if (!s.name.empty()) appendJsonString(s.name, object.member("\"name\":"));
  object.list("\"exprs\":", s.exprs);
  object.list("\"items\":", s.items);
  if (s.action) appendStatement(*s.action, object.member("\"action\":"));
}

}  // namespace

void appendExpressionJson(const Expr* e, std::string& out) {
  if (!e) {
    out += "null";
    return;
  }
  switch (e->kind) {
    case ExprKind::IntLiteral:
      if (e->literalKind <= 0 && e->kindText.empty()) {
        appendJsonInteger(e->intValue, out);
        return;
      }
      open(ExpressionKind::Integer, out);
      out += ',';
      appendJsonInteger(e->intValue, out);
      appendLiteralKind(*e, out);
      break;
    case ExprKind::RealLiteral:
    case ExprKind::StringLiteral:
      open(e->kind == ExprKind::RealLiteral ? ExpressionKind::Real : ExpressionKind::String, out);
      out += ',';
      appendJsonString(e->text, out);
      appendLiteralKind(*e, out);
      break;
    case ExprKind::LogicalLiteral:
      open(ExpressionKind::Logical, out);
      out += e->intValue ? ",1" : ",0";
      appendLiteralKind(*e, out);
      break;
    case ExprKind::BozLiteral:
      open(ExpressionKind::Boz, out);
      out += ',';
      appendJsonString(e->text, out);
      break;
    case ExprKind::Name:
      if (e->ref != RefKind::NamedConstant) {
        appendJsonString(e->text, out);
        return;
      }
      open(ExpressionKind::Constant, out);
      out += ',';
      appendJsonString(e->text, out);
      if (e->symbol) appendConstantValue(e->symbol->value, out);
      break;
    case ExprKind::Apply:
      open(applied(e->ref), out);
      out += ',';
      appendJsonString(e->text, out);
      appendArgs(e->args, 0, e->args.size(), out);
      break;
    case ExprKind::Subscript:
      open(ExpressionKind::Subscript, out);
      appendArgs(e->args, 0, e->args.size(), out);
      break;
    case ExprKind::Component:
      open(ExpressionKind::Component, out);
      appendArgs(e->args, 0, 1, out);
      out += ',';
      appendJsonString(e->text, out);
      break;
    case ExprKind::BindingCall:
      open(ExpressionKind::Binding, out);
      appendArgs(e->args, 0, 1, out);
      out += ',';
      appendJsonString(e->text, out);
      appendArgs(e->args, 1, e->args.size(), out);
      break;
    case ExprKind::Unary:
    case ExprKind::Binary:
      out += '[';
      appendJsonString(e->op == Op::Defined ? std::string_view(e->text) : std::string_view(opSpelling(e->op)), out);
      appendArgs(e->args, 0, e->args.size(), out);
      break;
    case ExprKind::Paren:
      open(ExpressionKind::Paren, out);
      appendArgs(e->args, 0, e->args.size(), out);
      break;
    case ExprKind::Complex:
      open(ExpressionKind::Complex, out);
      appendArgs(e->args, 0, e->args.size(), out);
      break;
    case ExprKind::Range:
      open(ExpressionKind::Range, out);
      appendArgs(e->args, 0, 3, out);
      break;
    case ExprKind::Keyword:
      open(ExpressionKind::Keyword, out);
      out += ',';
      appendJsonString(e->text, out);
      appendArgs(e->args, 0, 1, out);
      break;
    case ExprKind::ArrayCtor:
      open(ExpressionKind::Array, out);
      appendArgs(e->args, 0, e->args.size(), out);
      break;
    case ExprKind::ImpliedDo: {
      // the syntax tree's args: the items, then lower, upper and an optional step
      open(ExpressionKind::ImpliedDo, out);
      out += ',';
      appendJsonString(e->text, out);
      size_t items = e->impliedItems;
      appendArgs(e->args, items, items + 2, out);
      out += ',';
      appendExpressionJson(e->args.size() > items + 2 ? e->args[items + 2].get() : nullptr, out);
      appendArgs(e->args, 0, items, out);
      break;
    }
    case ExprKind::Star:
      open(ExpressionKind::Star, out);
      break;
    case ExprKind::AltReturn:
      open(ExpressionKind::AltReturn, out);
      out += ',';
      appendJsonInteger(e->intValue, out);
      break;
  }
  out += ']';
}

std::string expressionJson(const Expr* e) {
  std::string out;
  appendExpressionJson(e, out);
  return out;
}

std::string expressionListJson(std::initializer_list<const Expr*> list) {
  std::string out = "[";
  for (const Expr* e : list) {
    if (out.size() > 1) out += ',';
    appendExpressionJson(e, out);
  }
  return out + ']';
}

std::string statementJson(const Stmt& s) {
  if (s.name.empty() && s.exprs.empty() && s.items.empty() && !s.action) return {};
  std::string out;
  out.reserve(128);  // most statements' trees fit: one allocation
  appendStatement(s, out);
  return out;
}

}  // namespace sapfor::frontend

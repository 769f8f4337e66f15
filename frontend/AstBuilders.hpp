/// @file AstBuilders.hpp
/// Small constructors the grammar actions use to build the AST.
#pragma once

#include "frontend/Ast.hpp"

#include <string>
#include <utility>
#include <vector>

namespace sapfor::frontend {

ExprPtr makeName(std::string name, SourcePos pos);
ExprPtr makeApply(std::string name, ExprList args, SourcePos pos);
/// `designator(args)`: an Apply when the designator is a plain name, else a Subscript.
ExprPtr makeSubscripted(ExprPtr base, ExprList args, SourcePos pos);
/// `designator%name`.
ExprPtr makeComponent(ExprPtr base, std::string name, SourcePos pos);
ExprPtr makeKeyword(std::string name, ExprPtr value, SourcePos pos);
ExprPtr makeRange(ExprPtr lower, ExprPtr upper, ExprPtr stride, SourcePos pos);
/// A literal from its spelling: value and `_kind` suffix split off. nullptr for an integer whose
/// value does not fit in 64 bits.
ExprPtr makeLiteral(ExprKind kind, const std::string& spelling, SourcePos pos);
/// `(e)` is a parenthesised expression, `(a, b)` a complex constant.
ExprPtr makeParenList(ExprList items, SourcePos pos);
ExprPtr makeImpliedDo(ExprList items, std::string var, ExprPtr lower, ExprPtr upper, ExprPtr step, SourcePos pos);
ExprList single(ExprPtr expr);
/// The variables a DATA statement's objects name: `a`, `a(3)`, `t%x`, `(b(i), i = 1, 3)`.
std::vector<std::string> dataObjectNames(const ExprList& objects);

StmtPtr makeDecl(StmtKind kind, SourcePos pos);
StmtPtr makeAttrStmt(AttrKind kind, std::vector<Entity> entities, SourcePos pos);
/// A DO statement; `label` is its terminal label (0 for one ended by END DO).
StmtPtr makeDo(StmtKind kind, int label, SourcePos pos);
StmtPtr makeCall(ExprPtr designator, SourcePos pos);
StmtPtr makeIo(StmtKind kind, const char* keyword, ExprList control, ExprList items, SourcePos pos);
std::unique_ptr<DirectiveAst> makeDirective(DirectiveKind kind, SourcePos pos);

/// IMPLICIT letter specifications `a`, `a-h` as character ranges.
std::vector<std::pair<char, char>> letterRanges(const ExprList& items);
/// `(8)`, `(kind=8)`, `(len=10)`, `(10, kind=1)` applied to a type.
void applySelector(TypeSpec& type, ExprList items);
void applyPrefixes(Stmt& heading, ProcedurePrefix prefix);

/// One element of a COMMON statement: a block name (`/blk/`, `//`) or an entity.
struct CommonElement {
  bool opensBlock = false;
  std::string block;
  Entity entity;
};
void addCommonElement(std::vector<CommonGroup>& groups, CommonElement element);

}  // namespace sapfor::frontend

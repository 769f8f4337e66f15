/// @file ExpressionJson.hpp
/// The front end's expressions and statements written as the database's expression trees
/// (facts/Expression.hpp), straight from the syntax tree once the symbol pass has resolved its
/// names (an array element, a function call, an intrinsic), with no intermediate tree.
#pragma once

#include "frontend/Ast.hpp"

#include <initializer_list>
#include <string>

namespace sapfor::frontend {

/// Appends `e` (null: JSON null) as facts::Expression JSON.
void appendExpressionJson(const Expr* e, std::string& out);
std::string expressionJson(const Expr* e);
/// A JSON array of expressions (null ones as null): loop.bounds, dimension.bounds.
std::string expressionListJson(std::initializer_list<const Expr*> list);

/// statement.expr: the statement's name, expressions, items and action as a facts::StatementExpressions
/// object; "" when it has none of them (a CONTINUE, an END DO).
std::string statementJson(const Stmt& s);

}  // namespace sapfor::frontend

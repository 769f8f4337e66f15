/// @file Semantics.hpp
/// Meaning of expressions once names are resolved: constant folding (PARAMETERs, KIND(1.0D0),
/// SELECTED_REAL_KIND, ...), the type of an expression, and type specifiers as types.
#pragma once

#include "frontend/Ast.hpp"
#include "frontend/Symbols.hpp"

namespace sapfor::frontend {

/// The kind a folded value denotes: itself from 1 to 16 (gfortran's widest kinds), else 0
/// (unknown): a negative or huge kind is no kind, and must not be cut down to an int.
int typeKind(std::optional<int64_t> value);

/// The value of a constant expression; `known()` is false when it is not one (or not foldable).
ConstValue foldConstant(const Expr& expr, const Scope& scope);

/// An integer constant expression's value.
std::optional<int64_t> foldInteger(const Expr* expr, const Scope& scope);

/// The type of a resolved expression (after the symbol pass).
TypeInfo typeOf(const Expr& expr);

/// The result type of a resolved intrinsic call whose positional arguments have `argTypes`.
TypeInfo intrinsicResultType(const Expr& call, const std::vector<TypeInfo>& argTypes);

/// True for expressions the compiler evaluates: literals, named constants and operations on them.
bool isConstantExpr(const Expr& expr);

/// The type a type specifier denotes: REAL*8 and DOUBLE PRECISION are REAL(8), real(dp) folds dp.
TypeInfo resolveTypeSpec(const TypeSpec& spec, const Scope& scope);

/// The usual arithmetic promotion of two numeric operand types (integer < real < complex).
TypeInfo promote(const TypeInfo& a, const TypeInfo& b);

/// The kind SELECTED_REAL_KIND(p, r) returns on x86-64 gfortran, -1 when none qualifies.
int selectedRealKind(int64_t precision, int64_t range);
/// The kind SELECTED_INT_KIND(r) returns, -1 when none qualifies.
int selectedIntKind(int64_t range);

}  // namespace sapfor::frontend

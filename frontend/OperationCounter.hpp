/// @file OperationCounter.hpp
/// Operation counts in the classes of README "Operation classes" (FRONTEND.md): arith, div,
/// trans, logic, conv, branch, call, and idx for the address arithmetic inside subscripts.
#pragma once

#include "frontend/Ast.hpp"

#include "facts/Rows.hpp"

#include <cstdint>

namespace sapfor::frontend {

/// Operation counts by class: the facts' type (facts/Rows.hpp).
using OpCounts = facts::OpCounts;

/// What one execution of a resolved statement performs. A logical IF counts its condition, the
/// branch and its action; a DO counts its bounds (evaluated once, before the loop); a DO WHILE its
/// condition (evaluated every iteration); block IF / ELSE IF and CASE count their branch.
OpCounts countOperations(const Stmt& statement);

/// The operations of one resolved expression.
OpCounts countOperations(const Expr& expression);

/// Multiplications in x**n by repeated squaring: floor(log2 n) + popcount(n) - 1.
int64_t powerMultiplications(int64_t n);

}  // namespace sapfor::frontend

/// @file Facts.hpp
/// The facts of one file as the extraction collects them: rows that refer to each other by their
/// index in these vectors and to variables by symbol, with what the annotation needs beside them.
/// FactWriter turns them, once, into the database's rows (facts/Rows.hpp: ids, vocabularies, no
/// pointers), fixing the natural keys (procedure keys must be unique in the database); every later
/// stage sees only those rows.
#pragma once

#include "frontend/OperationCounter.hpp"
#include "frontend/Subscripts.hpp"
#include "frontend/Symbols.hpp"

#include "facts/Vocabulary.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sapfor::frontend {

struct ProcedureFacts {
  std::string name;
  std::string keyBase;  ///< name, or host.name for a procedure internal to a program or procedure
  facts::ProcedureKind kind = facts::ProcedureKind::Subroutine;
  int fileIndex = 0;
  uint32_t line = 0;
  uint32_t endLine = 0;
  int host = -1;
  std::string result;
  std::string prefix;
  uint32_t unreadLine = 0;  ///< ProgramUnit::unread's line (0: none)
  std::vector<std::string> parameters;
  std::vector<Symbol*> variables;  ///< the symbols it declares (or types implicitly), in order
  std::vector<DerivedType*> types; ///< the derived types it defines, in order
  /// A procedure a unit CONTAINS: its name in the host's scope (the writer gives it the
  /// procedure's row id, which calls and bindings resolved to it refer to).
  Symbol* symbol = nullptr;
  std::string key;                 ///< set by the writer
};

struct LoopFacts {
  int proc = 0;
  int parent = -1;
  int depth = 1;
  std::string path;  ///< ordinal path inside the procedure: 2.1
  int fileIndex = 0;
  uint32_t line = 0, col = 0, endLine = 0;
  facts::LoopKind kind = facts::LoopKind::Do;
  std::string var, lower, upper, step, condition;
  std::string bounds;  ///< [lower, upper, step] as expression JSON; "": none (DO WHILE)
  std::optional<int64_t> lowerValue, upperValue, stepValue, tripCount;
  int label = 0;
  std::string construct;
  bool tightlyNested = false;
  Symbol* varSymbol = nullptr;  ///< the DO variable's symbol, when it resolves
  int stmt = -1;                ///< the DO (DO WHILE, FORALL ...) statement's row; -1: none of its own (an inner FORALL index)
  AffineForm lowerForm, upperForm;  ///< the bounds as constant + Σ coeff·var (affine = false: not so)
  OpCounts ops;        ///< one iteration of its own body
  int statements = 0;  ///< statements in its own body
  uint32_t annotateLine = 0;  ///< where the annotation comment goes: above the DO, or above its PARALLEL
  std::string key;     ///< set by the writer
};

/// A part of a procedure's executable code that runs as a unit: a loop's body, or one arm of an
/// IF, SELECT CASE or WHERE construct. Statements outside every block run once per call.
struct BlockFacts {
  int proc = 0;
  int parent = -1;
  facts::BlockKind kind = facts::BlockKind::Loop;
  int loop = -1;          ///< loop: the loop whose body it is
  int constructStmt = -1; ///< arm: the statement opening the construct (IF THEN, SELECT CASE, WHERE)
  int arm = 0;            ///< arm: 1-based
  bool complete = false;  ///< arm: the construct has an ELSE (CASE DEFAULT, ELSEWHERE): some arm always runs
};

struct ObstacleFacts {
  int loop = 0;
  facts::ObstacleKind kind = facts::ObstacleKind::Call;
  uint32_t line = 0, col = 0;
  std::string detail;
};

struct StatementFacts {
  int proc = 0;
  int loop = -1;
  int fileIndex = 0;
  uint32_t line = 0, col = 0, endLine = 0;
  facts::StatementKind kind = facts::StatementKind::Unknown;
  std::string expr;  ///< its expressions as JSON (facts::StatementExpressions); "": none
  OpCounts ops;
  std::optional<int64_t> elements;  ///< array syntax: how many elements (the counts are per element)
  int block = -1;      ///< the innermost block it is in
  int label = 0;
  bool jumps = false;  ///< may send control to another statement of its code (a GO TO, ERR=, ...)
  std::optional<facts::StatementKind> action;  ///< a logical IF's action: its kind
};

/// A scalar variable a statement reads or writes. A write of part of it (a component, a
/// substring) is recorded as a read and a write. One row per (variable, access, context).
struct ScalarRefFacts {
  int stmt = 0;
  Symbol* symbol = nullptr;
  char access = 'R';
  facts::RefContext context = facts::RefContext::Expr;
  bool guarded = false;          ///< only in the action of a logical IF (or WHERE statement)
};

struct SubscriptTerm {
  std::string var;
  int64_t coeff = 0;
  bool loopVar = false;
};

struct SubscriptFacts {
  std::string text;
  bool affine = false;
  std::optional<int64_t> constant;
  bool section = false;
  std::vector<SubscriptTerm> terms;
};

struct ArrayRefFacts {
  int stmt = 0;
  int loop = -1;
  int proc = 0;
  Symbol* symbol = nullptr;
  std::string name;
  char access = 'R';
  facts::RefContext context = facts::RefContext::Expr;
  bool subscripted = true;
  int fileIndex = 0;
  uint32_t line = 0, col = 0;
  std::vector<SubscriptFacts> subscripts;
};

struct CallArgFacts {
  std::string keyword;
  std::string text;
  std::string expr;  ///< the value as expression JSON (facts/Expression.hpp)
  std::string var;
  int ref = -1;  ///< the array reference the argument is (an element, a section, a whole array): its index
  bool object = false;  ///< the object of a type-bound call (obj of obj%p(x))
};

struct CallFacts {
  int stmt = 0;
  int proc = 0;
  int loop = -1;
  std::string callee;
  facts::CallKind kind = facts::CallKind::Subroutine;
  int fileIndex = 0;
  uint32_t line = 0, col = 0;
  facts::CallResolution resolution = facts::CallResolution::Name;
  std::string binding;                       ///< a type-bound call: p of obj%p
  const DerivedType* objectType = nullptr;   ///< its object's declared type
  bool polymorphic = false;
  struct Target {
    std::string module, name;  ///< module "": an external procedure
    const Symbol* symbol = nullptr;  ///< the procedure's symbol (a module's: has its row id once written)
  };
  std::vector<Target> targets;
  std::vector<CallArgFacts> args;
};

/// Where a statement label stands: before row `stmt` of block `block`, or at the end of that block
/// when `stmt` is -1 (a labelled CONTINUE, END DO or END IF with no statement after it in the
/// block); block -1 is the procedure's outermost statements.
struct LabelFacts {
  int proc = 0;
  int label = 0;
  int block = -1;
  int stmt = -1;
};

/// A label a statement may send control to (GO TO, arithmetic IF, ERR=, an alternate return).
struct JumpFacts {
  int stmt = 0;
  int label = 0;
};

struct DirectiveVarFacts {
  std::string clause;
  std::string name;
  std::string text;
};

struct ReductionFacts {
  std::string op;
  std::string var;
  std::string locVar;
  std::optional<int64_t> locCount;
  std::string group;
};

struct AcrossFacts {
  std::string array;
  int dim = 0;
  std::optional<int64_t> low, high;
  std::string direction;
};

struct DirectiveFacts {
  int fileIndex = 0;
  uint32_t line = 0, endLine = 0;
  int proc = -1;
  std::string sentinel;
  std::string kind;
  std::string text;
  int loop = -1;
  int region = -1;  ///< index of the REGION directive around it
  std::optional<uint32_t> regionEndLine;
  std::string onArray, onText;
  std::optional<int64_t> cudaBlock[3];
  std::optional<int64_t> stage;
  std::vector<DirectiveVarFacts> vars;
  std::vector<ReductionFacts> reductions;
  std::vector<AcrossFacts> across;
};

struct FileFacts {
  int fileIndex = 0;
  std::vector<ProcedureFacts> procedures;
  std::vector<LoopFacts> loops;
  std::vector<ObstacleFacts> obstacles;
  std::vector<StatementFacts> statements;
  std::vector<BlockFacts> blocks;
  std::vector<ScalarRefFacts> scalarRefs;
  std::vector<ArrayRefFacts> arrayRefs;
  std::vector<CallFacts> calls;
  std::vector<LabelFacts> labels;
  std::vector<JumpFacts> jumps;
  std::vector<DirectiveFacts> directives;
};

}  // namespace sapfor::frontend

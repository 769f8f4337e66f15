/// @file ProgramModel.hpp
/// The facts of a whole program as the analyzer reads them back from the database: one vector
/// per table, indexed by id − 1 (the front end numbers rows densely from 1), with the links the
/// passes need (a statement's references and calls, a loop's children and statement range).
#pragma once

#include "analyzer/DependenceTest.hpp"

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace sapfor::analyzer {

using Id = int64_t;  ///< a row id; 0 = none

struct FileRow {
  Id id = 0;
  std::string path;
  std::string form;  ///< fixed free
  int64_t lines = 0, bytes = 0;
};

struct ProcedureRow {
  Id id = 0;
  std::string name, key, kind, prefix;
  Id fileId = 0, hostId = 0;
  int line = 0, endLine = 0;
  std::vector<std::string> parameters;
};

struct VariableRow {
  Id id = 0;
  Id procId = 0;
  std::string name, type, storage, common;
  std::optional<int> rank;  ///< unset: assumed rank
  bool save = false;
  std::vector<std::pair<std::string, std::string>> bounds;  ///< per dimension: lower, upper as written ("" unknown)
  bool isArray() const { return !rank || *rank > 0; }
};

struct LoopRow {
  Id id = 0;
  std::string key;
  Id procId = 0, parentId = 0, fileId = 0, varId = 0;
  int depth = 1, line = 0, col = 0, endLine = 0;
  std::string kind, var, lower, upper, step;
  std::optional<int64_t> lowerValue, upperValue, stepValue, tripCount;
  bool tightlyNested = false;
  LinearExpr lowerForm, upperForm;  ///< affine = false when the bound is not affine
  std::vector<Id> children;         ///< loops directly inside, in order
  Id firstStmt = 0, lastStmt = -1;  ///< the statements of its body, nested loops included (ids are contiguous)
  Id bodyBlock = 0;                 ///< the block of its body
  bool counted() const { return kind == "do" || kind == "do_concurrent" || kind == "forall"; }
};

struct BlockRow {
  Id id = 0;
  Id procId = 0, parentId = 0, loopId = 0, constructStmt = 0;
  bool isLoop = false;  ///< a loop's body; else a construct's arm
  int arm = 0;
  bool complete = false;
};

struct ScalarRefRow {
  Id varId = 0;
  char access = 'R';
  std::string context;
  bool guarded = false;
};

struct StatementRow {
  Id id = 0;
  Id procId = 0, loopId = 0, fileId = 0, blockId = 0;
  int line = 0, col = 0, endLine = 0, label = 0;
  std::string kind;
  std::string action;  ///< a logical IF's action: its kind
  bool jumps = false;
  std::vector<ScalarRefRow> scalars;
  std::vector<Id> arrayRefs;
  std::vector<Id> calls;
};

struct ArrayRefRow {
  Id id = 0;
  Id stmtId = 0, loopId = 0, procId = 0, varId = 0, fileId = 0;
  std::string name, context;
  char access = 'R';
  bool subscripted = true;
  bool section = false;  ///< some subscript is a triplet lo:hi
  int line = 0, col = 0;
  std::vector<LinearExpr> subscripts;        ///< per dimension; affine = false: not affine, or a section
  std::vector<std::string> subscriptTexts;   ///< as written, normalized
  /// The reference as written: a(i-1,j).
  std::string text() const;
};

struct CallArgRow {
  std::string keyword, text, var;
};

struct CallRow {
  Id id = 0;
  Id stmtId = 0, procId = 0, loopId = 0;
  std::string callee, kind;
  int line = 0, col = 0;
  std::vector<CallArgRow> args;
};

struct UpdateRow {
  Id stmtId = 0, varId = 0, guardStmt = 0;
  std::string name, op, of;
  std::optional<int64_t> step;
};

struct DirectiveVarRow {
  std::string clause, name, text;
};

struct DirectiveReductionRow {
  std::string op, var, locVar;
  std::optional<int64_t> locCount;
};

struct DirectiveAcrossRow {
  std::string array;
  int dim = 0;
  std::optional<int64_t> low, high;
};

struct DirectiveRow {
  Id id = 0;
  Id fileId = 0, procId = 0, loopId = 0;
  int line = 0, endLine = 0;
  std::string sentinel, kind, text, onArray;
  std::vector<DirectiveVarRow> vars;
  std::vector<DirectiveReductionRow> reductions;
  std::vector<DirectiveAcrossRow> across;
  /// The names a clause lists (loop_var, private, distribute, align, ...), in order.
  std::vector<std::string> names(const std::string& clause) const;
};

struct ObstacleRow {
  Id loopId = 0;
  std::string kind, detail;
  int line = 0, col = 0;
};

struct Program {
  std::string sourceRoot;
  std::vector<FileRow> files;
  std::vector<ProcedureRow> procedures;
  std::vector<VariableRow> variables;
  std::vector<LoopRow> loops;
  std::vector<BlockRow> blocks;
  std::vector<StatementRow> statements;
  std::vector<ArrayRefRow> arrayRefs;
  std::vector<CallRow> calls;
  std::vector<UpdateRow> updates;
  std::vector<DirectiveRow> directives;
  std::vector<ObstacleRow> obstacles;  ///< ordered by loop
  std::vector<std::pair<size_t, size_t>> obstacleRange;  ///< per loop: its obstacles [first, end)
  struct Construct {
    int arms = 0;
    bool complete = false;  ///< one of its arms always runs
  };
  std::unordered_map<Id, Construct> constructs;  ///< by the statement opening it
  /// Per procedure, its statements (the ids are contiguous): first, last (last < first: none).
  std::vector<std::pair<Id, Id>> procedureStatements;

  const FileRow& file(Id id) const { return files[static_cast<size_t>(id - 1)]; }
  const ProcedureRow& procedure(Id id) const { return procedures[static_cast<size_t>(id - 1)]; }
  const VariableRow& variable(Id id) const { return variables[static_cast<size_t>(id - 1)]; }
  const LoopRow& loop(Id id) const { return loops[static_cast<size_t>(id - 1)]; }
  const BlockRow& block(Id id) const { return blocks[static_cast<size_t>(id - 1)]; }
  const StatementRow& statement(Id id) const { return statements[static_cast<size_t>(id - 1)]; }
  const ArrayRefRow& arrayRef(Id id) const { return arrayRefs[static_cast<size_t>(id - 1)]; }
  const CallRow& call(Id id) const { return calls[static_cast<size_t>(id - 1)]; }

  /// Whether loop `inner` is `outer` or nested in it.
  bool within(Id inner, Id outer) const;
  /// The loops around a statement's loop, outermost first, ending with `loopId` itself.
  std::vector<Id> loopChain(Id loopId) const;
};

/// Reads every fact the analyzer uses. Throws std::runtime_error when the rows are not what the
/// front end writes (ids not dense, references to missing rows).
Program loadProgram(SQLite::Database& db);

}  // namespace sapfor::analyzer

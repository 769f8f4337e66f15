/// @file ProgramModel.hpp
/// The facts of a program as the analyzer reads them back from the database. The whole-program
/// tables (files, procedures, variables, directives) stay in memory; the code of one procedure at
/// a time (its loops, blocks, statements, references and calls) is loaded on demand, so that the
/// memory the analysis needs grows with the largest procedure, not with the program. Rows are
/// vectors indexed by id − base: the front end numbers every table densely from 1, and a
/// procedure's rows of each table have consecutive ids.
#pragma once

#include "analyzer/DependenceTest.hpp"

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct sqlite3;

namespace sapfor::analyzer {

using Id = int64_t;  ///< a row id; 0 = none

struct FileRow {
  Id id = 0;
  std::string path;
  std::string form;  ///< fixed free
  int64_t lines = 0, bytes = 0;
};

/// Ids [first, last] of one table's rows that belong to a procedure (last < first: none).
struct IdRange {
  Id first = 0, last = -1;
  bool empty() const { return last < first; }
  size_t size() const { return empty() ? 0 : static_cast<size_t>(last - first + 1); }
};

struct ProcedureRow {
  Id id = 0;
  std::string name, key, kind, prefix;
  Id fileId = 0, hostId = 0;
  int line = 0, endLine = 0;
  std::vector<std::string> parameters;
  IdRange statements, loops, blocks, arrayRefs, calls;
};

enum class Storage : uint8_t { Local, Dummy, Common, Module, Result, Constant };

/// A variable, compact: a program has hundreds of thousands, all kept.
struct VariableRow {
  Id id = 0;
  Id procId = 0;
  std::string name;
  Storage storage = Storage::Local;
  bool integer = false;     ///< of type INTEGER
  bool save = false;
  int16_t rank = 0;         ///< -1: assumed rank
  int32_t common = -1;      ///< its COMMON block: an index into Program::commonBlocks
  bool pointer = false, target = false;
  bool pointerComponents = false;  ///< of a derived type with POINTER components: its elements may be anywhere
  int32_t equivalence = 0;  ///< its EQUIVALENCE group in its procedure (0: none)
  int32_t elementBytes = 0; ///< 0: unknown
  std::optional<int64_t> offset;  ///< storage association: the byte offset in its COMMON block or EQUIVALENCE group
  std::vector<std::pair<std::string, std::string>> bounds;  ///< per dimension: lower, upper as written ("" unknown)
  /// Per dimension, the folded lower bound and extent; kept for COMMON and EQUIVALENCE members
  /// only (what storage association needs), empty when some dimension does not fold.
  std::vector<std::pair<int64_t, int64_t>> layout;
  bool isArray() const { return rank != 0; }
  /// Shares storage with other variables by COMMON or EQUIVALENCE.
  bool associated() const { return common >= 0 || equivalence != 0; }
  /// The bytes it occupies, when its type and shape fold.
  std::optional<int64_t> storageBytes() const;
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
  Id headerStmt = 0;                ///< its DO statement (a DO WHILE's is in its body); 0: an inner FORALL index
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

enum class RefContext : uint8_t { Expr, Lhs, CallArg, Io, Subscript, Control };
/// The database's names of the contexts (expr lhs call_arg io subscript control) and storages
/// (local dummy common module result constant); an unknown name reads as Expr, Local.
RefContext refContextNamed(std::string_view name);
/// A statement between the arms of a construct, read where the construct is: ELSE IF, CASE,
/// ELSEWHERE, TYPE IS / CLASS IS, RANK.
bool isConstructCondition(std::string_view kind);
/// A statement (or a logical IF's action) that sends control somewhere else than the next one:
/// GO TO of every kind, arithmetic IF, CYCLE, EXIT, RETURN, STOP.
bool transfersControl(std::string_view kind);
std::string_view refContextName(RefContext context);
Storage storageNamed(std::string_view name);

struct ScalarRefRow {
  Id varId = 0;
  char access = 'R';
  RefContext context = RefContext::Expr;
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
  std::vector<int> jumpLabels;  ///< the labels it may jump to (jumps with none: any label)
};

/// Where a statement label stands: before statement `stmtId` of block `blockId`, or at the end of
/// that block (stmtId 0); blockId 0: the procedure's outermost statements.
struct LabelRow {
  int label = 0;
  Id blockId = 0, stmtId = 0;
};

struct ArrayRefRow {
  Id id = 0;
  Id stmtId = 0, loopId = 0, procId = 0, varId = 0, fileId = 0;
  std::string name;
  RefContext context = RefContext::Expr;
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
  Id refId = 0;  ///< the array reference it is (an element, a section, a whole array)
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

class Program {
 public:
  // ---- the whole program ----
  std::string sourceRoot;
  std::vector<FileRow> files;
  std::vector<ProcedureRow> procedures;
  std::vector<VariableRow> variables;
  std::vector<std::string> commonBlocks;  ///< the COMMON block names variables refer to
  std::vector<DirectiveRow> directives;  ///< the DVMH PARALLEL, REGION, END REGION, DISTRIBUTE and ALIGN ones
  Id loopCount = 0;  ///< loops in the database

  const FileRow& file(Id id) const { return files[static_cast<size_t>(id - 1)]; }
  const ProcedureRow& procedure(Id id) const { return procedures[static_cast<size_t>(id - 1)]; }
  const VariableRow& variable(Id id) const { return variables[static_cast<size_t>(id - 1)]; }

  // ---- the procedure loaded last (load) ----
  Id current = 0;
  std::vector<LoopRow> loops;
  std::vector<BlockRow> blocks;
  std::vector<StatementRow> statements;
  std::vector<ArrayRefRow> arrayRefs;
  std::vector<CallRow> calls;
  std::vector<UpdateRow> updates;      ///< by statement
  std::vector<ObstacleRow> obstacles;  ///< by loop
  std::vector<LabelRow> labels;
  struct Construct {
    int arms = 0;
    bool complete = false;  ///< one of its arms always runs
  };
  std::unordered_map<Id, Construct> constructs;  ///< by the statement opening it

  size_t loopIndex(Id id) const { return static_cast<size_t>(id - loopBase_); }
  size_t statementIndex(Id id) const { return static_cast<size_t>(id - stmtBase_); }
  size_t blockIndex(Id id) const { return static_cast<size_t>(id - blockBase_); }
  const LoopRow& loop(Id id) const { return loops[loopIndex(id)]; }
  const BlockRow& block(Id id) const { return blocks[static_cast<size_t>(id - blockBase_)]; }
  const StatementRow& statement(Id id) const { return statements[statementIndex(id)]; }
  const ArrayRefRow& arrayRef(Id id) const { return arrayRefs[static_cast<size_t>(id - refBase_)]; }
  const CallRow& call(Id id) const { return calls[static_cast<size_t>(id - callBase_)]; }
  /// A loaded loop's obstacles, [first, end) in `obstacles`.
  std::pair<size_t, size_t> obstaclesOf(Id loopId) const { return obstacleRange_[loopIndex(loopId)]; }

  /// Whether loop `inner` is `outer` or nested in it.
  bool within(Id inner, Id outer) const;
  /// The loops around a statement's loop, outermost first, ending with `loopId` itself.
  std::vector<Id> loopChain(Id loopId) const;
  /// Exchanges the loaded procedure's code with `other`'s (to set one aside and load it again).
  void swapCode(Program& other);

 private:
  friend class ProgramReader;
  friend class FactsReader;
  Id loopBase_ = 1, blockBase_ = 1, stmtBase_ = 1, refBase_ = 1, callBase_ = 1;
  std::vector<std::pair<size_t, size_t>> obstacleRange_;
  std::vector<UpdateRow> allUpdates_;      ///< the whole program's, by statement
  std::vector<ObstacleRow> allObstacles_;  ///< the whole program's, by loop
};

/// The whole program's references and calls, reduced to what the procedure summaries need (read
/// with a few scans instead of procedure by procedure).
struct SummaryFacts {
  std::vector<Id> io, stop;      ///< procedures with an I/O statement, with a STOP
  struct Call {
    Id procId = 0;
    std::string callee, kind;
    std::vector<std::string> keywords;  ///< per argument: its keyword, or ""
    std::vector<Id> argumentVars;       ///< per argument: the caller's variable it names (0: none)
  };
  std::vector<Call> calls;
};

/// Reads a program from a database: the whole-program tables once, then one procedure's code at
/// a time (with statements prepared once: a program has thousands of procedures). It must not
/// outlive the database. Throws std::runtime_error when the rows are not what the front end
/// writes (ids not dense, references to missing rows).
class ProgramReader {
 public:
  explicit ProgramReader(SQLite::Database& db);
  ~ProgramReader();
  ProgramReader(const ProgramReader&) = delete;
  ProgramReader& operator=(const ProgramReader&) = delete;

  /// The whole-program tables and where each procedure's rows are.
  Program read();
  SummaryFacts summaryFacts();
  /// Every scalar and array reference of the program as (procedure, variable, 'R' or 'W').
  void forEachAccess(const std::function<void(Id procId, Id varId, char access)>& visit);
  /// How much of a procedure's code to load.
  enum class Detail {
    Scalars,  ///< blocks, statements and their scalar references (a must-write walk)
    All,      ///< loops, array references with subscripts, calls, too (the loop analysis)
  };
  /// Loads procedure `procId`'s code into `program` in place of the previous one's.
  void load(Program& program, Id procId, Detail detail);
  /// Reads the small tables load() takes from memory (update patterns, loop obstacles) into a
  /// program whose whole-program tables were built elsewhere (FactsReader), so that load() works.
  void readCodeTables(Program& program);

 private:
  struct Statements;
  sqlite3* db_;
  std::unique_ptr<Statements> sql_;
};

}  // namespace sapfor::analyzer

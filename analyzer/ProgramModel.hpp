/// @file ProgramModel.hpp
/// The facts of a program as the analyzer reads them back from the database. The whole-program
/// tables (files, procedures, variables, directives) stay in memory; the code of one procedure at
/// a time (its loops, blocks, statements, references and calls) is loaded on demand, so that the
/// memory the analysis needs grows with the largest procedure, not with the program. Rows are
/// vectors indexed by id − base: the front end numbers every table densely from 1, and a
/// procedure's rows of each table have consecutive ids.
#pragma once

#include "analyzer/DependenceTest.hpp"
#include "analyzer/UpdatePatterns.hpp"

#include "facts/Codecs.hpp"
#include "facts/Expression.hpp"
#include "facts/Rows.hpp"

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct sqlite3;

namespace sapfor::analyzer {

using facts::Id;
using facts::Access;
using facts::BlockKind;
using facts::CallKind;
using facts::DependenceKind;
using facts::LoopKind;
using facts::ObstacleKind;
using facts::ProcedureKind;
using facts::RefContext;
using facts::StatementKind;
using facts::Storage;
using facts::ReasonKind;
using facts::TraitKind;
using facts::UpdateOp;

using facts::BlockRow;
using facts::CallArgRow;
using facts::CallRow;
using facts::DirectiveAcrossRow;
using facts::DirectiveReductionRow;
using facts::DirectiveRow;
using facts::DirectiveVarRow;
using facts::FileRow;
using facts::LabelRow;
using facts::ObstacleRow;
using facts::ScalarRefRow;

/// The fewest iterations a parallel nest must be known to run for the expert to propose it: one
/// warp's threads (MODEL.md §3 maps an iteration to a thread; fewer leave the warp, the smallest
/// unit a GPU schedules, partly idle, and a launch costs more than such a kernel computes). A
/// smaller nest with a parallel loop inside it is left sequential and the loops inside proposed
/// instead (a DO m = 1, 5 around the work, a one-trip DO).
inline constexpr int64_t kMinKernelIterations = 32;

/// Whether a loop is a counted one not known to run fewer than kMinKernelIterations iterations:
/// one that could give a kernel's threads their iterations.
inline bool wideLoop(const facts::LoopRow& loop) {
  return loop.counted() && (!loop.tripCount || *loop.tripCount >= kMinKernelIterations);
}

/// The deepest nest of wide loops among one procedure's loops (facts::LoopRow or derived, parents
/// before their children).
template <class Loops>
int wideNestDepth(const Loops& loops) {
  std::map<Id, int> depth;  // of each loop's nest down to it
  int deepest = 0;
  for (const facts::LoopRow& l : loops) {
    auto parent = depth.find(l.parentId);
    int d = (parent == depth.end() ? 0 : parent->second) + (wideLoop(l) ? 1 : 0);
    depth[l.id] = d;
    deepest = std::max(deepest, d);
  }
  return deepest;
}

/// What a call names (a call row's columns, its arguments aside): enough to resolve it
/// (Effects::resolve) once its procedure's code is gone.
struct CallSpec {
  std::string callee;
  CallKind kind = CallKind::Subroutine;
  facts::CallResolution resolution = facts::CallResolution::Name;
  std::string binding;  ///< a type-bound call's binding
  Id objectTypeId = 0;  ///< its object's declared type
  bool polymorphic = false;
  std::vector<facts::CallTargetRow> targets;  ///< module procedures, a generic's specifics
  static CallSpec of(const facts::CallRow& c) {
    return {c.callee, c.kind, c.resolution, c.binding, c.objectTypeId, c.polymorphic, c.targets};
  }
  bool operator==(const CallSpec&) const = default;
};

/// Ids [first, last] of one table's rows that belong to a procedure (last < first: none).
struct IdRange {
  Id first = 0, last = -1;
  bool empty() const { return last < first; }
  size_t size() const { return empty() ? 0 : static_cast<size_t>(last - first + 1); }
};

/// A procedure's row, and where its rows of the per-procedure tables are.
struct ProcedureRow : facts::ProcedureRow {
  IdRange statements, loops, blocks, arrayRefs, calls;
};

/// What the analysis keeps of a variable's row: a program has hundreds of thousands, all kept
/// (Variable::of makes it from the row).
struct Variable {
  Id id = 0;
  Id procId = 0;
  std::string name;
  Storage storage = Storage::Local;
  bool integer = false;     ///< of type INTEGER
  bool logical = false;     ///< of type LOGICAL
  bool character = false;   ///< of type CHARACTER
  bool typeKnown = true;    ///< its type is known ("unknown": an implicit type the front end could not settle)
  bool intentIn = false;    ///< a dummy declared INTENT(IN): neither it nor a callee it is passed to may define it
  bool save = false;
  int16_t rank = 0;         ///< -1: assumed rank
  int32_t common = -1;      ///< its COMMON block: an index into Program::commonBlocks
  bool pointer = false, target = false;
  bool allocatable = false;  ///< ALLOCATABLE: what it is may change (ALLOCATE, an assignment to it whole)
  bool pointerComponents = false;  ///< of a derived type with POINTER components: its elements may be anywhere
  bool derived = false;     ///< of a derived type: a reference to it may be to one component
  Id typeId = 0;            ///< its derived type's row (0: intrinsic, or not loaded)
  int32_t equivalence = 0;  ///< its EQUIVALENCE group in its procedure (0: none)
  int32_t elementBytes = 0; ///< 0: unknown
  std::optional<int64_t> offset;  ///< storage association: the byte offset in its COMMON block or EQUIVALENCE group
  std::vector<std::pair<std::string, std::string>> bounds;  ///< per dimension: lower, upper as written ("" unknown)
  std::vector<std::string> boundTrees;  ///< per dimension: [lower, upper] as expression JSON ("": none)
  /// Per dimension, the folded lower bound and extent (named constants' values included: what
  /// storage association and a call's region need), empty when some dimension does not fold.
  std::vector<std::pair<int64_t, int64_t>> layout;
  /// A dummy of assumed shape (x(:), y(0:, :)): its extents are the actual argument's.
  bool assumedShape = false;
  bool isArray() const { return rank != 0; }
  /// Shares storage with other variables by COMMON or EQUIVALENCE.
  bool associated() const { return common >= 0 || equivalence != 0; }
  /// The bytes it occupies, when its type and shape fold.
  std::optional<int64_t> storageBytes() const;
  /// Dimension d as declared: its lower bound and extent, constants where the layout folds, else
  /// affine forms of the names in its bounds (lhs(5, 5, 3, 0:size): 0 and size + 1 in the
  /// last); nullopt when a bound is not affine or not declared (x(*), x(:)).
  std::optional<std::pair<LinearExpr, LinearExpr>> declaredDimension(size_t d) const;
  /// What the analysis keeps of `row`; `commonBlocks` gains the row's COMMON block if new.
  static Variable of(const facts::VariableRow& row, std::vector<std::string>& commonBlocks,
                     std::unordered_map<std::string, int32_t>& commonIndex);
};

/// A loop's row, and its relatives in the loaded procedure.
struct LoopRow : facts::LoopRow {
  std::vector<Id> children;         ///< loops directly inside, in order
  Id firstStmt = 0, lastStmt = -1;  ///< the statements of its body, nested loops included (ids are contiguous)
  Id bodyBlock = 0;                 ///< the block of its body
};

using facts::isConstructCondition;
using facts::isInputOutput;
using facts::transfersControl;

/// A statement's row, and what belongs to it in the loaded procedure.
struct StatementRow : facts::StatementRow {
  std::vector<ScalarRefRow> scalars;  ///< by variable, access, context name
  std::vector<Id> arrayRefs;
  std::vector<Id> calls;
  std::vector<int> jumpLabels;  ///< the labels it may jump to (jumps with none: any label)
};

/// A statement's expression trees (facts/Expression.hpp); none when it has none, or when they
/// nest deeper than the readers walk (a sum of 20,000 terms: what is asked of them is then
/// unknown, which is sound).
/// Throws facts::ExpressionFormatError, naming the statement, on malformed JSON (a damaged database).
facts::StatementExpressions treesOf(const facts::StatementRow& s);

/// Whether a reference names every element of its array as an assignment's target would set them:
/// the array unsubscripted (`w = 0`), or a bare colon in every dimension (`w(:, :) = 0`: the
/// declared bounds, no stride). Unlike `w = ...`, `w(:) = ...` never reallocates an allocatable.
bool everyElementNamed(const facts::ArrayRefRow& ref, int16_t rank);

/// An array reference's row, with its subscripts as the dependence tests see them.
struct ArrayRefRow : facts::ArrayRefRow {
  std::vector<LinearExpr> forms;  ///< per dimension; affine = false: not affine, or a section
  bool section = false;           ///< some subscript is a triplet lo:hi
};

class Program {
 public:
  // ---- the whole program ----
  std::string sourceRoot;
  std::vector<FileRow> files;
  std::vector<ProcedureRow> procedures;
  std::vector<Variable> variables;
  std::vector<std::string> commonBlocks;  ///< the COMMON block names variables refer to
  std::vector<DirectiveRow> directives;  ///< the DVMH PARALLEL, REGION, END REGION, DISTRIBUTE and ALIGN ones
  std::vector<facts::DerivedTypeRow> types;  ///< every derived type, by id (type_id − 1)
  Id loopCount = 0;  ///< loops in the database

  const FileRow& file(Id id) const { return files[static_cast<size_t>(id - 1)]; }
  const ProcedureRow& procedure(Id id) const { return procedures[static_cast<size_t>(id - 1)]; }
  const Variable& variable(Id id) const { return variables[static_cast<size_t>(id - 1)]; }
  /// A derived type's data component `name`, its own or inherited (null: none, or the type or
  /// an ancestor not loaded).
  const facts::ComponentRow* component(Id typeId, const std::string& name) const;
  /// The same, and `declaredIn` the type (typeId or an ancestor) that declares it.
  const facts::ComponentRow* component(Id typeId, const std::string& name, Id& declaredIn) const;

  /// Appends the whole-program rows of one file's (its procedures, with where their rows of the
  /// per-procedure tables are, its variables, the DVMH directives the analysis reads: see
  /// isAnalyzedDirective); the rest of `rows` stays.
  void addWholeProgramRows(facts::FileRows& rows);
  /// Appends a variable (ids must come 1, 2, 3...).
  void addVariable(const facts::VariableRow& row);
  /// Whether the analysis reads a directive: a DVMH PARALLEL (checked, replaced by --emit-dvmh),
  /// REGION and END REGION (replaced), DISTRIBUTE and ALIGN (where the data lives).
  static bool isAnalyzedDirective(const DirectiveRow& d);

  // ---- the procedure loaded last ----
  Id current = 0;
  std::vector<LoopRow> loops;
  std::vector<BlockRow> blocks;
  std::vector<StatementRow> statements;
  std::vector<ArrayRefRow> arrayRefs;
  std::vector<CallRow> calls;
  std::vector<UpdateRow> updates;      ///< the statements' in loops (analyzer/UpdatePatterns), by statement
  std::vector<ObstacleRow> obstacles;  ///< by loop
  std::vector<LabelRow> labels;
  struct Construct {
    int arms = 0;
    bool complete = false;  ///< one of its arms always runs
    std::vector<Id> elseIfs;  ///< an IF construct's ELSE IF statements, in order
    bool holdsLoop = false;   ///< a DO loop lies in one of its arms, however deep
  };
  std::unordered_map<Id, Construct> constructs;  ///< by the statement opening it

  /// How much of a procedure's code to load.
  enum class Detail {
    Scalars,  ///< blocks, statements, their scalar references, labels and jumps (a must-write walk)
    All,      ///< loops, array references with subscripts, calls, and the update patterns
              ///< recognized on them, too (the loop analysis)
  };
  /// Makes `code`, the rows of procedure `procId` (of every per-procedure table Detail asks for,
  /// in id order, as facts::Reader and facts::normalize give them), the loaded procedure's code in
  /// place of the previous one's. Throws std::runtime_error on rows that refer to missing ones.
  void loadCode(Id procId, facts::FileRows&& code, Detail detail);
  /// Splits the per-procedure rows of a file (those addWholeProgramRows left) by procedure, for
  /// loadCode: one FileRows for each of the file's `count` procedures, numbered from `firstProc`.
  static std::vector<facts::FileRows> splitByProcedure(facts::FileRows&& rows, Id firstProc, size_t count);

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
  /// A loaded statement's expression trees (treesOf), parsed the first time they are asked for
  /// while its procedure is loaded: the analyses read the same statements' trees many times.
  /// Valid until the next loadCode or swapCode.
  const facts::StatementExpressions& trees(Id stmt) const;
  /// A loaded logical IF whose condition folds (literals and named constants, facts::logicalValue:
  /// `IF (data_spec_int == DATA_SPEC_THERMAL) CALL thermal(...)`): whether its action runs every
  /// time (true) or never (false). Nullopt for any other statement or condition.
  std::optional<bool> actionRuns(const StatementRow& s) const;
  /// The value of a loaded IF, IF THEN or ELSE IF statement's condition when it folds (literals
  /// and named constants only, facts::logicalValue); nullopt otherwise.
  std::optional<bool> conditionValue(const StatementRow& s) const;
  /// A loaded label's row (its statement, or the first kept after it in its block; none: the
  /// block's end); null when the procedure has no such label.
  const LabelRow* label(int value) const;
  /// Arm `arm` (1, 2, ...) of a loaded IF construct whose conditions up to it fold
  /// (facts::logicalValue: `IF (debug) THEN` with debug a .FALSE. named constant): whether it runs
  /// every time the construct does (true) or never (false). Nullopt for any other construct or arm.
  std::optional<bool> foldedArmRuns(Id constructStmt, int arm) const;
  /// foldedArmRuns as the analyses take it: nullopt for a construct holding a DO loop. A loop in an
  /// arm that never runs is analyzed as if it ran (what never runs reads and writes nothing: a
  /// counter there would go unseen), at the price of the loops around the construct seeing all
  /// of it.
  std::optional<bool> armRuns(Id constructStmt, int arm) const;
  /// The IF construct whose arm around a loaded statement never runs (armRuns), however deep; 0
  /// when there is none.
  Id deadArmConstruct(const StatementRow& s) const;
  /// Whether a loaded statement lies in an arm that never runs (as the analyses take it, armRuns).
  bool neverRuns(const StatementRow& s) const { return deadArmConstruct(s) != 0; }
  /// The IF construct whose arm around a loaded statement never runs by its folded conditions
  /// alone (foldedArmRuns), however deep; 0 when there is none: such a loop gets no kernel.
  Id foldedDeadArmConstruct(const StatementRow& s) const;

 private:
  /// The IF construct around s, however deep, whose arm holding it `runs` says never runs; 0: none.
  Id deadArmAround(const StatementRow& s, std::optional<bool> (Program::*runs)(Id, int) const) const;
  Id loopBase_ = 1, blockBase_ = 1, stmtBase_ = 1, refBase_ = 1, callBase_ = 1;
  std::vector<std::pair<size_t, size_t>> obstacleRange_;
  mutable std::vector<std::unique_ptr<facts::StatementExpressions>> trees_;  ///< by statement index, once parsed
  std::unordered_map<std::string, int32_t> commonIndex_;  ///< commonBlocks' positions by name
};

/// The whole program's references and calls, reduced to what the procedure summaries need (read
/// with a few scans instead of procedure by procedure).
struct SummaryFacts {
  /// A statement of a procedure: its kind (a logical IF's action's) and line.
  struct Place {
    Id procId = 0;
    StatementKind kind = StatementKind::Unknown;
    int line = 0;
  };
  std::vector<Place> io, stop;   ///< per procedure with an I/O statement, with a STOP: the first
  std::vector<Id> deallocating;  ///< procedures with a DEALLOCATE statement
  struct Call {
    Id procId = 0;
    Id callId = 0;
    CallSpec spec;
    std::vector<std::string> keywords;  ///< per argument: its keyword, or ""
    std::vector<Id> argumentVars;       ///< per argument: the caller's variable it names (0: none)
    std::vector<bool> objects;          ///< per argument: the object of a type-bound call
    bool errorExit = false;             ///< it ends the program by the severity it passes (isErrorExit)
  };
  std::vector<Call> calls;
  std::vector<std::pair<Id, int>> wideNests;  ///< per procedure with loops: wideNestDepth of its loops
};

/// Reads a program from a database: the whole-program tables once, then one procedure's code at
/// a time (with statements prepared once: a program has thousands of procedures). It must not
/// outlive the database. Throws std::runtime_error when the rows are not what the front end
/// writes (ids not dense, references to missing rows).
class ProgramReader {
 public:
  explicit ProgramReader(SQLite::Database& db);
  ProgramReader(const ProgramReader&) = delete;
  ProgramReader& operator=(const ProgramReader&) = delete;

  /// The whole-program tables and where each procedure's rows are.
  Program read();
  SummaryFacts summaryFacts();
  /// Every scalar and array reference of the program as (procedure, variable, 'R' or 'W').
  void forEachAccess(const std::function<void(Id procId, Id varId, char access)>& visit);
  /// Loads procedure `procId`'s code into `program` in place of the previous one's.
  void load(Program& program, Id procId, Program::Detail detail);
  /// The rows of procedure `procId`'s code (what load() loads, for Program::loadCode).
  facts::FileRows code(const Program& program, Id procId, Program::Detail detail);

 private:
  /// The small table without an index on the column a procedure needs (loop obstacles): read
  /// once, by loop.
  void readCodeTables();

  sqlite3* db_;
  facts::Reader rows_;
  bool codeTablesRead_ = false;
  std::vector<ObstacleRow> obstacles_;  ///< by loop, then as written
};

}  // namespace sapfor::analyzer

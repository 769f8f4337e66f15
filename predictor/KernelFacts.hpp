/// @file KernelFacts.hpp
/// What the predictor reads from the database (MODEL.md §1): the kernels (every user PARALLEL and
/// every nest the DVMH expert proposes) with their loops, statements, references and scalars, and
/// the program-wide facts the whole-program time needs (calls, regions, data directives). The facts
/// are the rows of facts/Rows.hpp, read by facts::Reader; the analysis' verdicts (expert
/// directives, scalar traits) by queries of their own.
#pragma once

#include "facts/Codecs.hpp"
#include "facts/Expression.hpp"
#include "facts/Rows.hpp"
#include "predictor/ModelSettings.hpp"

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <future>
#include <map>
#include <mutex>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sapfor::predictor {

using facts::Id;

/// A statement with the scalar variables it reads and writes (its scalar references).
struct Statement : facts::StatementRow {
  std::vector<Id> reads, writes;
};

struct ReductionFacts {
  std::string op, var;
};

struct AssignmentRows;  // KernelFacts.cpp: what the database says may set a variable once

struct KernelFacts {
  Id loopId = 0;                 ///< the nest's outermost loop
  std::string source;            ///< user directive, analysis
  int rank = 1;
  bool across = false;
  std::optional<Dim3> cudaBlock;
  std::vector<Id> nest;          ///< the parallel loops, outermost first
  std::vector<Id> bodyLoops;     ///< the sequential loops inside the innermost parallel loop
  std::vector<Id> enclosing;     ///< the loops around the nest, innermost first
  // The body (ProgramFacts::readKernelBody):
  std::vector<facts::BlockRow> blocks;         ///< the body's blocks, the innermost parallel loop's first
  std::vector<Statement> statements;          ///< the body's, in source order
  std::vector<facts::ArrayRefRow> references; ///< the body's array references (not call arguments), in source order
  std::map<std::string, std::string> traits;  ///< scalar name -> private reduction induction readonly shared
  std::vector<ReductionFacts> reductions;
};

/// A data directive that moves data between host and device (MODEL.md §1): a REGION's IN/OUT/INOUT
/// arrays, ACTUAL, GET_ACTUAL; the loop it runs in.
struct TransferFacts {
  std::string kind;            ///< region (user), expert_region, actual, get_actual
  Id procId = 0, loopId = 0;   ///< loopId: the innermost loop around it (0: none)
  int line = 0;
  int endLine = 0;             ///< a REGION's END REGION (an expert REGION's: its loop's end); else line
  std::vector<std::pair<std::string, std::string>> arrays;  ///< (in|out|inout|actual|get_actual, name)
};

/// An array reference of a procedure's statements (or of a scalar a data directive names), for
/// following which copy is actual (MODEL.md §12): the host's statements read and write arrays
/// between REGIONs, and a REGION without clauses moves what its statements use.
struct ArrayAccessFacts {
  Id procId = 0, loopId = 0;  ///< loopId: the innermost loop around it (0: none)
  int line = 0;
  std::string name;
  bool write = false;
  bool whole = false;    ///< the whole array (a(:) = ..., a call argument), not an element
  bool callArg = false;  ///< an actual argument of a call
};

/// A scalar's one assignment in the whole program (n = 50 in the main program, a module's
/// ny = 40 wherever it is set): where, and the value's tree.
struct SingleAssignment {
  Id procId = 0;
  facts::Expression value;
};

/// The bounds one ALLOCATE gives an array: per dimension [lower, upper] (an omitted lower is 1).
struct Allocation {
  Id procId = 0;
  std::vector<std::pair<facts::Expression, facts::Expression>> bounds;
};

struct CallSiteFacts {
  Id callerId = 0, loopId = 0;
  int line = 0;
  std::string callee;
  std::vector<std::string> args;  ///< the positional actual arguments' trees (JSON: call_arg.expr)
};

/// The whole program, read once; kernels are built from it one by one.
class ProgramFacts {
 public:
  explicit ProgramFacts(SQLite::Database& db);
  /// Another thread's: the same whole-program facts, kernel bodies read through its own connection
  /// `db` (a connection and its prepared statements belong to one thread).
  ProgramFacts(const ProgramFacts& program, SQLite::Database& db);

  /// The kernels in source order (by the outermost loop's id), without their bodies; only those
  /// whose outermost loop `onlyLoopKeys` names, when it names any.
  std::vector<KernelFacts> kernels(const std::vector<std::string>& onlyLoopKeys = {});
  /// Reads a kernel's body: its blocks, statements and references (one kernel's at a time keeps
  /// the memory small on a large program).
  void readKernelBody(KernelFacts& k);

  SQLite::Database& database() const { return db_; }
  const facts::LoopRow& loop(Id id) const;  ///< throws std::out_of_range for a loop not in the database
  const facts::LoopRow* loopByKey(const std::string& key) const;
  const facts::VariableRow& variable(Id id) const;  ///< throws std::out_of_range likewise
  /// A variable visible in a procedure by name: its own, its host's, then any module's.
  const facts::VariableRow* variableNamed(Id procId, const std::string& name) const;
  /// A named constant's value (PARAMETER) visible in a procedure.
  std::optional<double> constant(Id procId, const std::string& name) const;
  const std::vector<TransferFacts>& transfers() const { return whole_->transfers; }
  const std::vector<CallSiteFacts>& callSites() const { return whole_->calls; }
  /// Every array reference of the program's statements, and every reference of a scalar an ACTUAL
  /// or GET_ACTUAL names (read on first use).
  const std::vector<ArrayAccessFacts>& arrayAccesses() const;
  /// The one assignment that sets a local or module scalar anywhere in the program; null when it
  /// is set otherwise or more than once (another assignment, a DO, READ, a call that may write
  /// it, a pointer, COMMON or EQUIVALENCE storage), or never.
  const SingleAssignment* assignedOnce(Id varId) const;
  /// The one assignment that sets an array element with constant subscripts (grid_points(1) = 64),
  /// when every write of the array is such an assignment outside loops, each element set once,
  /// and no call may write the array; else null.
  const SingleAssignment* elementAssignedOnce(Id varId, const std::vector<int64_t>& subscripts) const;
  /// The ALLOCATE statements of an allocatable array, in source order (empty: none).
  const std::vector<Allocation>& allocations(Id varId) const;
  /// The call sites of a procedure by its name.
  std::vector<const CallSiteFacts*> callSitesOf(const std::string& callee) const;
  /// The position (0-based) of a procedure's dummy argument, or -1.
  int dummyPosition(Id procId, const std::string& name) const;
  const std::map<Id, facts::ProcedureRow>& procedures() const { return whole_->procedures; }

 private:
  bool hasLoop(Id id) const;

  /// What is read once for the whole program; threads share it, read-only.
  struct Whole {
    std::vector<facts::LoopRow> loops;               ///< by id (numbered from 1)
    std::vector<Id> bodies;                          ///< per loop, the block that is its body
    std::map<Id, std::vector<Id>> children;          ///< loop -> child loops
    std::map<Id, std::vector<Id>> procedureLoops;
    std::map<Id, facts::BlockRow> blocks;
    std::map<Id, std::vector<Id>> childBlocks;
    std::map<Id, facts::ProcedureRow> procedures;
    std::vector<facts::DirectiveRow> directives;
    std::vector<facts::VariableRow> variables;       ///< by id (numbered from 1)
    std::map<std::pair<Id, std::string>, Id> variableIds;
    std::map<std::string, std::vector<Id>> moduleVariableIds;
    std::map<std::pair<Id, std::string>, double> constants;
    std::map<std::string, std::vector<double>> moduleConstants;  ///< by name: the values modules give it
    std::map<std::string, std::vector<size_t>> callSitesOf;       ///< callee -> indexes into calls
    std::vector<TransferFacts> transfers;
    std::vector<CallSiteFacts> calls;
    mutable std::once_flag accessesRead;
    mutable std::vector<ArrayAccessFacts> accesses;
    /// The accesses read on a connection of their own while the rest loads (the transfer plan
    /// needs them; reading them alone would otherwise hold up the start).
    mutable std::future<std::vector<ArrayAccessFacts>> accessesAhead;
    std::map<std::pair<Id, std::string>, int> dummies;
    std::map<Id, SingleAssignment> assignedOnce;     ///< by variable
    std::map<std::pair<Id, std::vector<int64_t>>, SingleAssignment> elementsAssignedOnce;  ///< by array and subscripts
    std::map<Id, std::vector<Allocation>> allocations;  ///< by variable
  };
  void readAssignments(Whole& w, const AssignmentRows& rows);

  SQLite::Database& db_;
  facts::Reader rows_;
  std::shared_ptr<const Whole> whole_;
};

}  // namespace sapfor::predictor

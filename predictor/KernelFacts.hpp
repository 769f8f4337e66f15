/// @file KernelFacts.hpp
/// What the predictor reads from the database (MODEL.md §1): the kernels (every user PARALLEL and
/// every nest the DVMH expert proposes) with their loops, statements, references and scalars, and
/// the program-wide facts the whole-program time needs (calls, regions, data directives).
#pragma once

#include "predictor/ModelSettings.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sapfor::predictor {

using Id = int64_t;

struct LoopFacts {
  Id id = 0, parentId = 0, procId = 0, blockId = 0;  ///< blockId: its body
  std::string key, var, lower, upper, step, kind;
  std::optional<int64_t> trip;  ///< folded by sapfor-lex
  int line = 0, endLine = 0;
};

struct BlockFacts {
  Id id = 0, parentId = 0, loopId = 0, constructStmt = 0;
  bool isLoop = false;
  int arm = 0;
  bool complete = false;
};

struct StatementFacts {
  Id id = 0, blockId = 0;
  std::string kind;
  int line = 0;
  int64_t arith = 0, div = 0, trans = 0, logic = 0, conv = 0, branch = 0, call = 0, idx = 0;
  std::optional<int64_t> elements;  ///< array syntax: elements per execution
  std::vector<Id> reads, writes;    ///< scalar variables
};

struct SubscriptFacts {
  std::string text;
  bool affine = false;
  int64_t constant = 0;
  std::vector<std::pair<std::string, int64_t>> terms;  ///< (variable, coefficient)
};

struct ReferenceFacts {
  Id refId = 0, stmtId = 0, varId = 0;
  std::string name;
  char access = 'R';
  int line = 0;
  bool subscripted = true;
  std::vector<SubscriptFacts> subscripts;
};

struct DimensionFacts {
  std::string lower, upper;
  std::optional<int64_t> lowerValue, extent;
};

struct VariableFacts {
  Id id = 0, procId = 0;
  std::string name, type, storage;
  int bytes = 0;      ///< 0 when unknown
  int rank = 0;
  std::optional<int64_t> elements;
  std::vector<DimensionFacts> dims;
};

struct ReductionFacts {
  std::string op, var;
};

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
  std::vector<BlockFacts> blocks;          ///< the body's blocks, the innermost parallel loop's first
  std::vector<StatementFacts> statements;  ///< the body's, in source order
  std::vector<ReferenceFacts> references;  ///< the body's array references, in source order
  std::map<std::string, std::string> traits;  ///< scalar name -> private reduction induction readonly shared
  std::vector<ReductionFacts> reductions;
};

/// A data directive that moves data between host and device (MODEL.md §1): a REGION's IN/OUT/INOUT
/// arrays, ACTUAL, GET_ACTUAL; the loop it runs in.
struct TransferFacts {
  std::string kind;            ///< region (user), expert_region, actual, get_actual
  Id procId = 0, loopId = 0;   ///< loopId: the innermost loop around it (0: none)
  int line = 0;
  std::vector<std::pair<std::string, std::string>> arrays;  ///< (in|out|inout|actual|get_actual, name)
};

struct CallSiteFacts {
  Id callerId = 0, loopId = 0;
  std::string callee;
  std::vector<std::string> args;  ///< the positional actual arguments as text
};

/// The whole program, read once; kernels are built from it one by one.
class ProgramFacts {
 public:
  explicit ProgramFacts(SQLite::Database& db);

  /// The kernels in source order (by the outermost loop's id), without their bodies; `onlyLoop`
  /// restricts to one.
  std::vector<KernelFacts> kernels(const std::string& onlyLoopKey = {});
  /// Reads a kernel's body: its blocks, statements and references (one kernel's at a time keeps
  /// the memory small on a large program).
  void readKernelBody(KernelFacts& k);

  SQLite::Database& database() const { return db_; }
  const LoopFacts& loop(Id id) const { return loops_.at(id); }
  const LoopFacts* loopByKey(const std::string& key) const;
  const VariableFacts& variable(Id id);
  /// A variable visible in a procedure by name: its own, its host's, then any module's.
  const VariableFacts* variableNamed(Id procId, const std::string& name);
  /// A named constant's value (PARAMETER) visible in a procedure.
  std::optional<double> constant(Id procId, const std::string& name) const;
  const std::vector<TransferFacts>& transfers() const { return transfers_; }
  const std::vector<CallSiteFacts>& callSites() const { return calls_; }
  /// The call sites of a procedure by its name.
  std::vector<const CallSiteFacts*> callSitesOf(const std::string& callee) const;
  /// The position (0-based) of a procedure's dummy argument, or -1.
  int dummyPosition(Id procId, const std::string& name) const;
  /// proc_id -> (proc_key, kind, host_id)
  struct ProcedureFacts {
    std::string key, name, kind;
    Id hostId = 0;
  };
  const std::map<Id, ProcedureFacts>& procedures() const { return procedures_; }

 private:
  SQLite::Database& db_;
  /// Prepared once, reset after each use (a kernel's body, a variable).
  SQLite::Statement statementsOfLoop_, scalarsOfStatement_, referencesOfLoop_, subscriptsOfReference_,
      termsOfReference_, variableById_, dimensionsOfVariable_;
  std::map<Id, LoopFacts> loops_;
  std::map<Id, std::vector<Id>> children_;          ///< loop -> child loops
  std::map<Id, std::vector<Id>> procedureLoops_;
  std::map<Id, BlockFacts> blocks_;
  std::map<Id, std::vector<Id>> childBlocks_;
  std::map<Id, ProcedureFacts> procedures_;
  std::map<Id, VariableFacts> variables_;           ///< read on demand
  std::map<std::pair<Id, std::string>, Id> variableIds_;
  std::map<std::string, std::vector<Id>> moduleVariableIds_;
  std::map<std::pair<Id, std::string>, double> constants_;
  std::map<std::string, std::vector<double>> moduleConstants_;  ///< by name: the values modules give it
  std::map<std::string, std::vector<size_t>> callSitesOf_;       ///< callee -> indexes into calls_
  std::vector<TransferFacts> transfers_;
  std::vector<CallSiteFacts> calls_;
  std::map<std::pair<Id, std::string>, int> dummies_;
};

}  // namespace sapfor::predictor

/// @file NestCode.hpp
/// A loop nest's code as the database holds it, for the CUDA writer: the loops, blocks and
/// statements (with their expression trees) of the nest, and the variables its names are. Read from
/// the facts rows alone: no source is parsed again, so no preprocessing option is asked for.
#pragma once

#include "facts/Codecs.hpp"
#include "facts/Expression.hpp"
#include "facts/Rows.hpp"

#include <SQLiteCpp/Database.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sapfor::cuda {

using facts::Id;

/// A statement with its expression trees and the variables its names are (from its scalar and
/// array references: the front end resolved them).
struct CodeStatement {
  facts::StatementRow row;
  facts::StatementExpressions trees;
  bool treesRead = false;  ///< false: its trees nest deeper than a reader walks
  std::map<std::string, Id> variables;  ///< by name
};

/// A loop nest's rows: its outermost loop and every loop inside, the blocks of their bodies and
/// the constructs in them, and the statements (the outermost DO first, then the body's in source
/// order, which is id order).
struct NestCode {
  Id procId = 0;
  std::vector<facts::LoopRow> loops;
  std::vector<facts::BlockRow> blocks;
  std::vector<CodeStatement> statements;

  const facts::LoopRow* loop(Id id) const;
  const facts::BlockRow* block(Id id) const;
  const CodeStatement* statement(Id id) const;
};

/// Reads nests and the variables they use, keeping the variables read (a program's kernels share
/// them). The database must outlive it.
class NestReader {
 public:
  explicit NestReader(SQLite::Database& db);
  ~NestReader();
  NestReader(const NestReader&) = delete;
  NestReader& operator=(const NestReader&) = delete;

  /// The nest whose outermost loop is `loopId`. Throws std::runtime_error on rows that are not
  /// what sapfor-lex writes.
  NestCode read(Id loopId);
  /// A variable's row with its dimensions.
  const facts::VariableRow& variable(Id varId);
  /// The variable `name` is in procedure `procId` (0: not resolved): declared there or in a host;
  /// else USE associated, and then the variable the procedure's statements name so (`stmtInProc`:
  /// one of its statements, 0 if none is known), or the one variable of that name the modules
  /// declare (several alike are one: the writer takes its type or value, the kernel keeps the name).
  Id resolve(Id procId, const std::string& name, Id stmtInProc);

 private:
  Id resolveOnce(Id procId, const std::string& name, Id stmtInProc);

  struct Queries;
  facts::Reader reader_;
  std::unique_ptr<Queries> queries_;
  std::map<Id, facts::VariableRow> variables_;
};

}  // namespace sapfor::cuda

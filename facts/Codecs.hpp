/// @file Codecs.hpp
/// How each facts row is stored: one codec per table, its column list beside the code that binds
/// and reads those columns in that order (the INSERT and the SELECT are both made from the list).
/// Writer writes rows (facts/Rows.hpp); Reader reads them back, a whole table or a range of ids.
/// What one writes the other reads back equal (tests/unit/FactsTest.cpp).
#pragma once

#include "facts/Query.hpp"
#include "facts/Rows.hpp"

#include <SQLiteCpp/Database.h>

#include <functional>
#include <memory>
#include <vector>

namespace sapfor::facts {

/// Writes rows into the facts tables, many per INSERT; flush() before reading them back.
class Writer {
 public:
  explicit Writer(SQLite::Database& db);  ///< the database must outlive the writer
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void write(const FileRows& rows);
  void write(const FileRow& row);
  void write(const DiagnosticRow& row);
  void flush();

 private:
  struct Tables;
  std::unique_ptr<Tables> tables_;
};

/// Reads rows back. Whole-table reads return them in id order (child rows in their key order);
/// range reads return the rows whose ids lie in [first, last], checking that they are numbered
/// first, first + 1, ... (as sapfor-lex numbers every table). Throws std::runtime_error on a
/// database whose rows are not what sapfor-lex writes.
class Reader {
 public:
  /// Which expression trees to read (statement.expr, loop.bounds, dimension.bounds,
  /// call_arg.expr): a reader that does not use them saves their memory and time. Skipped ones
  /// read as empty.
  enum class Expressions {
    Read,
    Skip,
    AllButStatements,  ///< the bounds' and the arguments' trees, not the statements'
    StatementsAndShapes,  ///< the statements' trees and the arrays' bounds (dimension.bounds)
  };
  /// The database must outlive the reader.
  explicit Reader(SQLite::Database& db, Expressions expressions = Expressions::Read);
  ~Reader();
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  std::vector<FileRow> files();
  std::vector<ProcedureRow> procedures();
  /// Every variable in id order, one at a time (a program has hundreds of thousands).
  void forEachVariable(const std::function<void(VariableRow&&)>& visit);
  /// Variables [first, last] with their dimensions.
  void variables(Id first, Id last, std::vector<VariableRow>& out);
  std::vector<DirectiveRow> directives();
  /// Every derived type with its components and bindings, in id order.
  std::vector<DerivedTypeRow> types();
  std::vector<ObstacleRow> obstacles();  ///< as written
  std::vector<DiagnosticRow> diagnostics();
  std::vector<LoopRow> loops();
  std::vector<BlockRow> blocks();
  std::vector<CallRow> calls();

  void loops(Id first, Id last, std::vector<LoopRow>& out);
  void blocks(Id first, Id last, std::vector<BlockRow>& out);
  void statements(Id first, Id last, std::vector<StatementRow>& out);
  /// The statements whose loop (their innermost) lies in [firstLoop, lastLoop], in id order: with
  /// a loop's id and its last nested loop's, the statements of its body (a loop's nested loops are
  /// numbered after it).
  void statementsInLoops(Id firstLoop, Id lastLoop, std::vector<StatementRow>& out);
  /// The scalar references of statements [first, last], by statement, variable, access, context name.
  void scalarRefs(Id first, Id last, std::vector<ScalarRefRow>& out);
  void arrayRefs(Id first, Id last, std::vector<ArrayRefRow>& out);
  /// The array references whose loop lies in [firstLoop, lastLoop], in id order.
  void arrayRefsInLoops(Id firstLoop, Id lastLoop, std::vector<ArrayRefRow>& out);
  void calls(Id first, Id last, std::vector<CallRow>& out);
  /// The labels of procedures [first, last], by procedure and label.
  void labels(Id first, Id last, std::vector<LabelRow>& out);
  /// The jumps of statements [first, last], by statement and label.
  void jumps(Id first, Id last, std::vector<JumpRow>& out);

 private:
  struct Queries;
  sqlite3* db_;
  Expressions expressions_ = Expressions::Read;
  std::unique_ptr<Queries> queries_;
};

/// Puts rows into the order the database keeps them in (the key order of a table without rowid:
/// a statement's scalar references by variable, access and context name, a subscript's terms by
/// variable, a directive's ACROSS items by array and dimension, labels by procedure and label,
/// jumps by statement and label), so that rows handed on in memory equal the rows read back.
void normalize(FileRows& rows);

}  // namespace sapfor::facts

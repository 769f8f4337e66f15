/// @file FactsTest.cpp
/// The facts library: every vocabulary names exactly the values its column's CHECK allows, and
/// what the codecs write they read back equal, for rows made by hand (every field set) and for
/// the rows the front end makes of a real piece of Fortran.
#include "WrittenSnippet.hpp"

#include "facts/Codecs.hpp"
#include "schema/Database.hpp"

#include <doctest/doctest.h>

#include <regex>
#include <set>

using namespace sapfor;
using namespace sapfor::facts;

namespace {

std::unique_ptr<SQLite::Database> emptyDatabase() {
  auto db = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  db->exec(std::string(db::factsSchemaText()));
  return db;
}

/// The values a column's CHECK allows: `column = 'v' OR ...` or `column IN ('v', ...)`.
std::set<std::string> checkedValues(SQLite::Database& db, std::string_view table, std::string_view column) {
  SQLite::Statement q(db, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?");
  q.bind(1, std::string(table));
  REQUIRE(q.executeStep());
  const std::string sql = q.getColumn(0).getString();
  std::set<std::string> values;
  const std::string name(column);
  std::regex equal("\\b" + name + "\\s*=\\s*'([^']*)'");
  for (auto m = std::sregex_iterator(sql.begin(), sql.end(), equal); m != std::sregex_iterator(); ++m) values.insert((*m)[1]);
  std::regex in("\\b" + name + "\\s+IN\\s*\\(([^)]*)\\)");
  std::regex quoted("'([^']*)'");
  for (auto m = std::sregex_iterator(sql.begin(), sql.end(), in); m != std::sregex_iterator(); ++m) {
    const std::string list = (*m)[1];
    for (auto v = std::sregex_iterator(list.begin(), list.end(), quoted); v != std::sregex_iterator(); ++v) values.insert((*v)[1]);
  }
  return values;
}

/// Every row of a database's facts tables, read back with the codecs.
FileRows readBack(SQLite::Database& db, const FileRows& like) {
  Reader reader(db);
  FileRows out;
  out.procedures = reader.procedures();
  out.types = reader.types();
  reader.forEachVariable([&](VariableRow&& v) { out.variables.push_back(std::move(v)); });
  // A range of variables reads the same rows as the whole table, dimensions included.
  std::vector<VariableRow> ranged;
  for (const VariableRow& v : out.variables) reader.variables(v.id, v.id, ranged);
  CHECK(ranged == out.variables);
  if (!out.variables.empty()) {
    ranged.clear();
    reader.variables(out.variables.front().id, out.variables.back().id, ranged);
    CHECK(ranged == out.variables);
  }
  auto range = [](const auto& rows) {
    return rows.empty() ? std::pair<Id, Id>{1, 0} : std::pair<Id, Id>{rows.front().id, rows.back().id};
  };
  auto [loop0, loop1] = range(like.loops);
  reader.loops(loop0, loop1, out.loops);
  out.obstacles = reader.obstacles();
  auto [block0, block1] = range(like.blocks);
  reader.blocks(block0, block1, out.blocks);
  auto [stmt0, stmt1] = range(like.statements);
  reader.statements(stmt0, stmt1, out.statements);
  reader.scalarRefs(stmt0, stmt1, out.scalarRefs);
  auto [ref0, ref1] = range(like.arrayRefs);
  reader.arrayRefs(ref0, ref1, out.arrayRefs);
  auto [call0, call1] = range(like.calls);
  reader.calls(call0, call1, out.calls);
  auto [proc0, proc1] = range(like.procedures);
  reader.labels(proc0, proc1, out.labels);
  reader.jumps(stmt0, stmt1, out.jumps);
  out.directives = reader.directives();
  return out;
}

/// Compares table by table, so that a failure names the table.
void checkEqual(const FileRows& a, const FileRows& b) {
  CHECK(a.procedures == b.procedures);
  CHECK(a.types == b.types);
  CHECK(a.variables == b.variables);
  CHECK(a.loops == b.loops);
  CHECK(a.obstacles == b.obstacles);
  CHECK(a.blocks == b.blocks);
  CHECK(a.statements == b.statements);
  CHECK(a.scalarRefs == b.scalarRefs);
  CHECK(a.arrayRefs == b.arrayRefs);
  CHECK(a.calls == b.calls);
  CHECK(a.labels == b.labels);
  CHECK(a.jumps == b.jumps);
  CHECK(a.directives == b.directives);
}

}  // namespace

TEST_CASE("every vocabulary names exactly the values its column's CHECK allows") {
  auto db = emptyDatabase();
  int checked = 0;
  forEachVocabulary([&](auto vocabulary) {
    using V = decltype(vocabulary);
    if (!V::checked) return;
    ++checked;
    std::set<std::string> names(V::names.begin(), V::names.end());
    INFO(V::table << "." << V::column);
    CHECK(checkedValues(*db, V::table, V::column) == names);
    CHECK(names.size() == V::names.size());  // no name twice
  });
  CHECK(checked == 12);
}

TEST_CASE("a vocabulary's names and values map both ways") {
  CHECK(nameOf(LoopKind::DoConcurrent) == "do_concurrent");
  CHECK(named<LoopKind>("do_while") == LoopKind::DoWhile);
  CHECK(!named<LoopKind>("do while"));
  CHECK(nameOf(Access::Write) == "W");
  CHECK(named<UpdateOp>("loc") == UpdateOp::Loc);
}

TEST_CASE("rows with every field set are read back equal") {
  FileRows rows;
  ProcedureRow p{1, "solve", "m.solve", ProcedureKind::Function, 1, 3, 40, 0, "r", "pure", 7, {"a", "n"}};
  rows.procedures = {p, {2, "m", "m", ProcedureKind::Module, 1, 1, 50, 0, "", "", 0, {}}};
  VariableRow v;
  v.id = 1;
  v.procId = 1;
  v.name = "a";
  v.type = "real";
  v.kind = 8;
  v.bytes = 8;
  v.rank = 2;
  v.elements = 200;
  v.storage = Storage::Common;
  v.intent = "inout";
  v.common = "";  // blank COMMON
  v.allocatable = v.pointer = v.target = v.save = v.implicit = v.pointerComponents = true;
  v.line = 4;
  v.equivalence = 2;
  v.storageOffset = 16;
  v.typeId = 2;
  v.dims = {{"0:n+1", "0", "n+1", 0, std::nullopt, std::nullopt, R"([0,["+","n",1]])"},
            {"10", "1", "10", 1, 10, 10, "[null,10]"}};
  VariableRow w;
  w.id = 2;
  w.procId = 1;
  w.name = "n";
  w.type = "integer";
  w.storage = Storage::Constant;
  w.value = "100";
  w.line = 5;  // rank 0, no bytes, no COMMON: the NULLs
  w.rank = 0;
  rows.variables = {v, w};
  // A parent type and an extension: components, a procedure, a deferred one, a generic, NOPASS,
  // PASS(x), a procedure of a module not loaded (no module) and an external one ("").
  DerivedTypeRow base{1, 2, "shape", 0, false, true, 3, {{"n", "integer", 4, 0, false, false, 0}}, {}};
  base.bindings = {{"area", "", std::nullopt, "", false, true, false}, {"get", "get_one", "m", "", false, false, true}};
  DerivedTypeRow square{2, 2, "square", 1, false, false, 8, {}, {}};
  square.components = {{"side", "real", 8, 1, false, true, 0}, {"next", "type(square)", 0, 0, true, false, 2}};
  square.bindings = {{"area", "square_area", "m", "self", false, false, false, 1},
                     {"count", "counter", "", "", true, false, false},
                     {"peek", "peek", std::nullopt, "", false, false, false}};
  DerivedTypeRow orphan{3, 1, "orphan", 0, true, false, 12, {}, {}};
  rows.types = {base, square, orphan};
  LoopRow l;
  l.id = 1;
  l.key = "m.solve:1";
  l.path = "1";
  l.procId = 1;
  l.fileId = 1;
  l.line = 10;
  l.col = 3;
  l.endLine = 20;
  l.kind = LoopKind::DoConcurrent;
  l.var = "i";
  l.lower = "k+1";
  l.upper = "n";
  l.step = "2";
  l.lowerValue = 2;
  l.upperValue = 100;
  l.stepValue = 2;
  l.tripCount = 50;
  l.label = 10;
  l.construct = "outer";
  l.tightlyNested = true;
  l.condition = "x > 0";
  l.varId = 2;
  l.lowerForm = {true, 1, {{"k", 1}}};
  l.upperForm = {false, 0, {}};
  l.headerStmt = 1;
  l.ops = {1, 2, 3, 4, 5, 6, 7, 8};
  l.statements = 3;
  l.bounds = R"([["+","k",1],"n",2])";
  LoopRow inner = l;
  inner.id = 2;
  inner.key = "m.solve:1.1";
  inner.path = "1.1";
  inner.parentId = 1;
  inner.depth = 2;
  inner.kind = LoopKind::DoWhile;
  inner.lowerForm = {true, -3, {{"i", 2}, {"j", -1}}};
  inner.upperForm = {true, 7, {}};
  inner.headerStmt = 0;
  inner.bounds = "";
  rows.loops = {l, inner};
  rows.obstacles = {{2, ObstacleKind::Io, 12, 5, "write"}, {1, ObstacleKind::GotoOut, 13, 7, "GO TO 99"}};
  rows.blocks = {{1, 1, 0, BlockKind::Loop, 1, 0, 0, false}, {2, 1, 1, BlockKind::Arm, 0, 2, 2, true}};
  rows.statements = {{1, 1, 0, 1, 10, 3, 10, StatementKind::Do, {1, 0, 0, 0, 0, 0, 0, 0}, std::nullopt, 0, 10, false, std::nullopt,
                      R"({"name":"i","exprs":[["+","k",1],"n",2]})"},
                     {2, 1, 1, 1, 11, 5, 12, StatementKind::If, {0, 1, 0, 1, 0, 1, 0, 2}, 64, 1, 0, true, StatementKind::Goto,
                      R"({"exprs":[[">","x",0]],"action":{"exprs":[99]}})"}};
  rows.scalarRefs = {{1, 2, Access::Read, RefContext::Control, false}, {2, 1, Access::Write, RefContext::Lhs, true}};
  ArrayRefRow r;
  r.id = 1;
  r.stmtId = 2;
  r.loopId = 1;
  r.procId = 1;
  r.varId = 1;
  r.name = "a";
  r.access = Access::Write;
  r.context = RefContext::CallArg;
  r.fileId = 1;
  r.line = 11;
  r.col = 9;
  r.subscripts = {{"i-1", true, -1, false, {{"i", 1, true}}}, {"1:n", false, std::nullopt, true, {}}};
  rows.arrayRefs = {r};
  auto callAt = [](Id id, const char* callee, CallKind kind, int line, int col) {
    CallRow c;
    c.id = id;
    c.stmtId = 2;
    c.procId = c.loopId = c.fileId = 1;
    c.callee = callee;
    c.kind = kind;
    c.line = line;
    c.col = col;
    return c;
  };
  CallRow f = callAt(1, "f", CallKind::StatementFunction, 11, 9);
  f.args = {{"x", "a(i-1,1:n)", "a", 1, R"(["section","a",["-","i",1],["range",1,"n",null]])", false}, {"", "2", "", 0, "2", false}};
  CallRow bound = callAt(2, "s%area", CallKind::Function, 11, 20);
  bound.resolution = CallResolution::Binding;
  bound.binding = "area";
  bound.objectTypeId = 1;
  bound.polymorphic = true;
  bound.args = {{"", "s", "s", 0, R"("s")", true}};
  CallRow generic = callAt(3, "solve", CallKind::Subroutine, 12, 7);
  generic.resolution = CallResolution::Generic;
  generic.targets = {{"m", "solve_1d", 1}, {"", "solve_ext", 0}};
  rows.calls = {f, bound, generic};
  rows.labels = {{1, 10, 1, 0}, {1, 99, 0, 2}};
  rows.jumps = {{2, 10}, {2, 99}};
  DirectiveRow d;
  d.id = 1;
  d.fileId = 1;
  d.line = 9;
  d.endLine = 9;
  d.procId = 1;
  d.sentinel = "dvm";
  d.kind = "PARALLEL";
  d.text = "PARALLEL (i) ON a(i, *), REDUCTION(MAX(s))";
  d.loopId = 1;
  d.regionId = 2;
  d.regionEndLine = 30;
  d.onArray = "a";
  d.onText = "a(i, *)";
  d.cudaBlock[0] = 32;
  d.cudaBlock[2] = 1;
  d.stage = 4;
  d.vars = {{"loop_var", "i", "i"}, {"private", "t", "t"}};
  d.reductions = {{"maxloc", "s", "loc", 2, "g"}};
  d.across = {{"a", 1, 1, 0, "in"}, {"a", 2, 0, 1, ""}};
  rows.directives = {d};

  auto db = emptyDatabase();
  {
    Writer writer(*db);
    writer.write(rows);
    writer.flush();
  }
  checkEqual(readBack(*db, rows), rows);
}

TEST_CASE("the rows the front end hands on are the rows read back from the database") {
  test::WrittenSnippet written(R"(module grid
  integer, parameter :: n = 64
  real :: u(n, n), unew(n, n)
  common /work/ w(n), s
end module
subroutine relax(eps, iters)
  use grid
  real, intent(in) :: eps
  integer :: iters, i, j, k, imax
  real :: err, big, t(n)
  equivalence (t(1), err)
!DVM$ REGION
!DVM$ PARALLEL (j, i) ON unew(i, j), REDUCTION(MAX(err))
  do j = 2, n - 1
    do i = 2, n - 1
      unew(i, j) = 0.25 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
      err = max(err, abs(unew(i, j) - u(i, j)))
    end do
  end do
!DVM$ END REGION
  big = 0
  do k = 1, n
    if (w(k) > big) then
      big = w(k)
      imax = k
    end if
    s = s + w(k)
  end do
  do while (err > eps)
    iters = iters + 1
    if (iters > 100) goto 10
    call smooth(u(1:n, 1), n, err)
    err = err / 2
  end do
10 continue
  write (*, *) big, imax
end subroutine
)");
  SQLite::Database* db = written.db.get();
  FileRows& handedOn = written.rows;
  CHECK(handedOn.procedures.size() == 2);
  CHECK(handedOn.loops.size() == 4);
  CHECK(!handedOn.labels.empty());
  CHECK(!handedOn.directives.empty());
  checkEqual(readBack(*db, handedOn), handedOn);
}

TEST_CASE("whole tables and the rows of a range of loops read back as written") {
  test::WrittenSnippet written(R"(subroutine nest(a, b, n)
  integer :: n, i, j, k
  real :: a(n, n), b(n)
  do j = 1, n
    b(j) = 0
    do i = 1, n
      a(i, j) = a(i, j) + b(i) * j
    end do
    b(j) = b(j) + a(1, j)
  end do
  do k = 1, n
    call f(a(1, k), b(k))
  end do
end subroutine
)");
  SQLite::Database* db = written.db.get();
  FileRows& rows = written.rows;
  REQUIRE(rows.loops.size() == 3);
  Reader reader(*db);
  CHECK(reader.loops() == rows.loops);
  CHECK(reader.blocks() == rows.blocks);
  CHECK(reader.calls() == rows.calls);
  // Each loop alone (the outer one's rows lie before and after the inner one's), the nest, all.
  const Id j = rows.loops[0].id, i = rows.loops[1].id, k = rows.loops[2].id;
  for (auto [first, last] : {std::pair{j, j}, std::pair{i, i}, std::pair{k, k}, std::pair{j, i}, std::pair{j, k}}) {
    CAPTURE(first);
    CAPTURE(last);
    auto in = [&](Id loop) { return first <= loop && loop <= last; };
    std::vector<StatementRow> statements, expectedStatements;
    for (const StatementRow& s : rows.statements)
      if (in(s.loopId)) expectedStatements.push_back(s);
    reader.statementsInLoops(first, last, statements);
    CHECK(!statements.empty());
    CHECK(statements == expectedStatements);
    std::vector<ArrayRefRow> refs, expectedRefs;
    for (const ArrayRefRow& r : rows.arrayRefs)
      if (in(r.loopId)) expectedRefs.push_back(r);
    reader.arrayRefsInLoops(first, last, refs);
    CHECK(!refs.empty());
    CHECK(refs == expectedRefs);
  }
}

TEST_CASE("a reader told to skip expression trees reads the rest alike and not those trees") {
  test::WrittenSnippet written(R"(subroutine s(a, n)
  integer :: n, i
  real :: a(0:n)
  do i = 1, n
    call f(a(i), n + 1)
  end do
end subroutine
)");
  SQLite::Database* db = written.db.get();
  FileRows& rows = written.rows;
  {
    // All but the statements' trees: the bounds' and the arguments' are read.
    Reader some(*db, Reader::Expressions::AllButStatements);
    CHECK(some.loops() == rows.loops);
    CHECK(some.calls() == rows.calls);
    std::vector<StatementRow> statements;
    some.statements(rows.statements.front().id, rows.statements.back().id, statements);
    REQUIRE(statements.size() == rows.statements.size());
    for (size_t i = 0; i < statements.size(); ++i) {
      CHECK(statements[i].expr.empty());
      statements[i].expr = rows.statements[i].expr;
    }
    CHECK(statements == rows.statements);
  }
  Reader reader(*db, Reader::Expressions::Skip);
  std::vector<LoopRow> loops = reader.loops();
  std::vector<CallRow> calls = reader.calls();
  std::vector<StatementRow> statements;
  reader.statements(rows.statements.front().id, rows.statements.back().id, statements);
  std::vector<VariableRow> variables;
  reader.forEachVariable([&](VariableRow&& v) { variables.push_back(std::move(v)); });
  // What was written had trees; clear them and the rows read must be the same.
  REQUIRE(!rows.loops[0].bounds.empty());
  REQUIRE(!rows.statements.back().expr.empty());
  for (LoopRow& l : rows.loops) l.bounds.clear();
  for (StatementRow& s : rows.statements) s.expr.clear();
  for (CallRow& c : rows.calls)
    for (CallArgRow& a : c.args) a.expr.clear();
  for (VariableRow& v : rows.variables)
    for (DimensionRow& d : v.dims) d.bounds.clear();
  CHECK(loops == rows.loops);
  CHECK(calls == rows.calls);
  CHECK(statements == rows.statements);
  CHECK(variables == rows.variables);
}

-- Facts loaded by sapfor-lex: what the source says, before any analysis.
--
-- Conventions (see docs/database.md):
--   * tables are singular (one row = one thing); the documented query interface is the plural
--     views in views.sql, whose names and columns are stable;
--   * identifiers are lower case (Fortran is case-insensitive); lines are 1-based physical lines of
--     a statement's first line in its file, columns 1-based;
--   * natural keys (procedure.proc_key, loop.loop_key) identify things across two databases of two
--     revisions; the integer ids are only valid inside one database;
--   * a CHECK on a column's values is a chain of OR, not IN: SQLite (3.40) builds a temporary
--     index for every row it checks against an IN list of three or more values, which doubled
--     the cost of an insert into the analysis tables.

-- Provenance, one row per key (docs/database.md). The preprocessing sapfor-lex was given,
-- so that a tool parsing the sources again (sapfor-cuda) does it alike (frontend/PreprocessingMeta):
--   preprocess.cpp         0 or 1 (--cpp); always written: without it the rows were not recorded
--   preprocess.include.N   the N-th -I folder, N = 1, 2, ... in search order, an absolute path
--                          (made so from sapfor-lex's working folder, symbolic links resolved)
--   preprocess.define.N    NAME=VALUE, the -D macros in name order (VALUE 1 when none was given)
--   preprocess.undefine.N  NAME, the -U names as given (applied after every -D)
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT
) WITHOUT ROWID;

CREATE TABLE file (
  file_id INTEGER PRIMARY KEY,
  path    TEXT NOT NULL UNIQUE,           -- relative to meta.source_root
  form    TEXT NOT NULL CHECK (form IN ('fixed', 'free')),
  lines   INTEGER NOT NULL,
  bytes   INTEGER NOT NULL,
  included_from INTEGER REFERENCES file    -- the file whose INCLUDE brought it in, else NULL
);

-- Program units and the procedures they contain.
CREATE TABLE procedure (
  proc_id  INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  proc_key TEXT NOT NULL UNIQUE,          -- name; host.name for internal procedures; @file on clash
  kind     TEXT NOT NULL CHECK (kind = 'program' OR kind = 'subroutine' OR kind = 'function' OR
                                kind = 'module' OR kind = 'block_data' OR kind = 'entry' OR
                                kind = 'submodule'),
  file_id  INTEGER NOT NULL REFERENCES file,
  line     INTEGER NOT NULL,
  end_line INTEGER,
  host_id  INTEGER REFERENCES procedure,  -- the module or program unit that CONTAINS it (an ENTRY's procedure)
  result   TEXT,                          -- functions: the result variable
  prefix   TEXT,                          -- 'pure', 'elemental recursive', ...
  unread_line INTEGER                     -- its first statement the front end could not parse or skipped
                                          -- (a Cray POINTER): what it does is unknown (NULL: none)
);

CREATE TABLE parameter (                  -- dummy arguments, in order
  proc_id INTEGER NOT NULL REFERENCES procedure,
  pos     INTEGER NOT NULL,
  name    TEXT NOT NULL,
  PRIMARY KEY (proc_id, pos)
) WITHOUT ROWID;

-- Derived types (TYPE name ... END TYPE), their data components and type-bound procedures.
CREATE TABLE derived_type (
  type_id   INTEGER PRIMARY KEY,
  proc_id   INTEGER NOT NULL REFERENCES procedure,  -- the unit that defines it (a module, a procedure)
  name      TEXT NOT NULL,
  parent_id INTEGER REFERENCES derived_type,        -- EXTENDS(parent), when the parent is loaded
  parent_unknown INTEGER NOT NULL DEFAULT 0,        -- 1: EXTENDS a type not loaded
  abstract  INTEGER NOT NULL DEFAULT 0,
  line      INTEGER
);

CREATE TABLE component (                  -- its own data components, in order (a parent's are the parent's)
  type_id     INTEGER NOT NULL REFERENCES derived_type,
  pos         INTEGER NOT NULL,
  name        TEXT NOT NULL,
  type        TEXT NOT NULL,              -- as variable.type
  kind        INTEGER,
  rank        INTEGER,
  pointer     INTEGER NOT NULL DEFAULT 0,
  allocatable INTEGER NOT NULL DEFAULT 0,
  derived_id  INTEGER REFERENCES derived_type,  -- a component of a derived type: that type
  PRIMARY KEY (type_id, pos)
) WITHOUT ROWID;

CREATE TABLE type_binding (               -- PROCEDURE [, attributes] :: name [=> procedure]; GENERIC :: name => bindings
  type_id   INTEGER NOT NULL REFERENCES derived_type,
  pos       INTEGER NOT NULL,
  name      TEXT NOT NULL,                -- the binding (a generic binding: a row per specific)
  procedure TEXT,                         -- the procedure it binds; a generic's specific binding; NULL: deferred
  module    TEXT,                         -- the module that has that procedure; '': external; NULL: not loaded, or a generic
  pass      TEXT,                         -- PASS(x): the passed-object dummy; NULL: the first
  nopass    INTEGER NOT NULL DEFAULT 0,
  deferred  INTEGER NOT NULL DEFAULT 0,
  generic   INTEGER NOT NULL DEFAULT 0,
  proc_id   INTEGER REFERENCES procedure, -- the procedure's row, when the front end knew it
  PRIMARY KEY (type_id, pos)
) WITHOUT ROWID;

CREATE TABLE variable (
  var_id    INTEGER PRIMARY KEY,
  proc_id   INTEGER NOT NULL REFERENCES procedure,  -- where it is declared (a module for module variables)
  name      TEXT NOT NULL,
  type      TEXT NOT NULL,                -- integer real complex logical character type(name) unknown
  kind      INTEGER,                      -- kind parameter (bytes for intrinsic numeric types)
  bytes     INTEGER,                      -- element size in bytes; NULL when unknown
  rank      INTEGER,                      -- NULL for an assumed-rank dummy (DIMENSION(..))
  elements  INTEGER,                      -- product of the folded extents; NULL when one is unknown
  storage   TEXT NOT NULL,                -- local dummy common module result constant
  intent    TEXT,                         -- in out inout
  common    TEXT,                         -- COMMON block name ('' = blank COMMON)
  value     TEXT,                         -- folded value of a named constant (PARAMETER)
  allocatable INTEGER NOT NULL DEFAULT 0,
  pointer   INTEGER NOT NULL DEFAULT 0,
  target    INTEGER NOT NULL DEFAULT 0,
  save      INTEGER NOT NULL DEFAULT 0,
  implicit  INTEGER NOT NULL DEFAULT 0,   -- typed by the implicit rules, not declared
  line      INTEGER,                      -- first declaration (or first use when implicit)
  -- storage association: the EQUIVALENCE group it is in (1, 2... in its procedure), and the byte
  -- offset of its first element in its COMMON block (members laid out in order; a group with a
  -- COMMON member extends the block) or else in its group; NULL when a size does not fold
  equivalence    INTEGER,
  storage_offset INTEGER,
  pointer_components INTEGER NOT NULL DEFAULT 0,  -- of a derived type with a POINTER component (at any depth)
  type_id   INTEGER REFERENCES derived_type,     -- TYPE(name), CLASS(name): its definition, when loaded
  UNIQUE (proc_id, name)
);

CREATE TABLE dimension (                  -- one row per dimension of an array
  var_id  INTEGER NOT NULL REFERENCES variable,
  dim     INTEGER NOT NULL,               -- 1-based
  spec    TEXT NOT NULL,                  -- as declared: 'n', '0:n+1', ':', '*'
  lower   TEXT,                           -- bounds as source text ('1' when omitted)
  upper   TEXT,                           -- NULL for assumed shape/size and deferred shape
  lower_value INTEGER,                    -- folded bounds, NULL when not constant
  upper_value INTEGER,
  extent  INTEGER,
  bounds  TEXT,                           -- [lower, upper] as expression trees (JSON, see statement.expr); null: omitted
  PRIMARY KEY (var_id, dim)
) WITHOUT ROWID;

CREATE TABLE loop (
  loop_id   INTEGER PRIMARY KEY,
  loop_key  TEXT NOT NULL UNIQUE,         -- proc_key:ordinal path, e.g. jacobi:2.1
  path      TEXT NOT NULL,                -- ordinal path inside the procedure
  proc_id   INTEGER NOT NULL REFERENCES procedure,
  parent_id INTEGER REFERENCES loop,
  depth     INTEGER NOT NULL,             -- 1 = outermost in its procedure
  file_id   INTEGER NOT NULL REFERENCES file,
  line      INTEGER NOT NULL,
  col       INTEGER NOT NULL,
  end_line  INTEGER,
  kind      TEXT NOT NULL CHECK (kind = 'do' OR kind = 'do_while' OR kind = 'do_concurrent' OR
                                 kind = 'do_forever' OR kind = 'forall'),
  var       TEXT,
  lower     TEXT,                         -- bounds and step as (normalized) source text
  upper     TEXT,
  step      TEXT,                         -- NULL when omitted (step 1)
  lower_value INTEGER,                    -- folded when constant (PARAMETERs included)
  upper_value INTEGER,
  step_value  INTEGER,
  trip_count  INTEGER,                    -- max(0, (upper - lower + step) / step) when all fold
  label     INTEGER,                      -- DO 10 ... : 10
  construct TEXT,                         -- construct name (name: DO ...)
  tightly_nested INTEGER NOT NULL DEFAULT 0,  -- the body is exactly one DO loop
  condition TEXT,                         -- DO WHILE condition
  var_id    INTEGER REFERENCES variable,  -- the DO variable
  -- the bounds as constant + sum of coeff * var (loop_bound_term), when they are of that form
  lower_affine INTEGER NOT NULL DEFAULT 0,
  lower_const  INTEGER,
  upper_affine INTEGER NOT NULL DEFAULT 0,
  upper_const  INTEGER,
  -- stmt_id: its DO (DO WHILE, FORALL...) statement; NULL: an inner FORALL or DO CONCURRENT index,
  -- which has none of its own. bounds (see statement.expr): a null step when omitted; NULL for
  -- DO WHILE and DO forever
  stmt_id   INTEGER REFERENCES statement,
  bounds    TEXT                          -- lower, upper and step: a JSON array of expression trees
);

CREATE TABLE loop_bound_term (            -- the variable terms of an affine loop bound
  loop_id INTEGER NOT NULL REFERENCES loop,
  bound   TEXT NOT NULL CHECK (bound IN ('lower', 'upper')),
  var     TEXT NOT NULL,
  coeff   INTEGER NOT NULL,
  PRIMARY KEY (loop_id, bound, var)
) WITHOUT ROWID;

-- What in a loop (anywhere in its body, nested loops included) stands in the way of running its
-- iterations in parallel, found syntactically: I/O, STOP, a GOTO out, EXIT/CYCLE of an outer
-- construct, RETURN, calls.
CREATE TABLE loop_obstacle (
  loop_id INTEGER NOT NULL REFERENCES loop,
  kind    TEXT NOT NULL CHECK (kind = 'io' OR kind = 'stop' OR kind = 'goto_out' OR
                               kind = 'exit' OR kind = 'return' OR kind = 'call' OR kind = 'unparsed'),
  line    INTEGER NOT NULL,
  col     INTEGER NOT NULL,
  detail  TEXT                            -- the I/O keyword, the callee, the target label...
);

-- The control structure the analyzer needs: a loop's body, or one arm of an IF, SELECT CASE or
-- WHERE construct. A statement belongs to its innermost block (none: it runs once per call).
CREATE TABLE block (
  block_id  INTEGER PRIMARY KEY,
  proc_id   INTEGER NOT NULL REFERENCES procedure,
  parent_id INTEGER REFERENCES block,
  kind      TEXT NOT NULL CHECK (kind IN ('loop', 'arm')),
  loop_id   INTEGER REFERENCES loop,        -- loop: whose body it is
  construct_stmt INTEGER,                   -- arm: the statement opening the construct (IF THEN, SELECT CASE, WHERE)
  arm       INTEGER,                        -- arm: 1-based
  complete  INTEGER NOT NULL DEFAULT 0      -- arm: the construct has an ELSE / CASE DEFAULT, so one arm always runs
);

-- Executable statements with their operation counts (classes of FRONTEND.md / README).
--
-- What the statement computes, as JSON (facts/Expression.hpp; query it with json_tree): an object
-- with, when not empty, "name" (a DO variable, a callee, the construct of an EXIT), "exprs" (an
-- assignment's target and value; a condition; a DO's lower, upper, step; a call's arguments; an
-- I/O control list; ...), "items" (an I/O data list; a type-bound CALL's object), "action" (a
-- logical IF's action, alike).
-- An expression is a name ("a"), an integer (5), null (omitted), or [TAG, ...]: an operator by
-- its spelling (["+", x, y], ["-", x], [".and.", p, q]); ["element", "a", i, j], "section",
-- "substring", "call" (a user function), "intrinsic", "statement_function", "apply" (not
-- resolved); ["int", 5, kind], ["real", "1.5d0"(, kind)], ["logical", 1], ["string", "'s'"],
-- ["boz", "z'f'"]; ["subscript", base, s...], ["component", base, "x"], ["binding", obj, "f",
-- arg...] (obj%f(arg...), a type-bound function), ["paren", x],
-- ["complex", re, im], ["array", item...], ["range", lo, hi, stride], ["keyword", "kind", v],
-- ["implied_do", "i", lo, hi, step, item...], ["star"], ["alt_return", 10]. NULL: none (CONTINUE).
CREATE TABLE statement (
  stmt_id INTEGER PRIMARY KEY,
  proc_id INTEGER NOT NULL REFERENCES procedure,
  loop_id INTEGER REFERENCES loop,        -- innermost enclosing loop
  file_id INTEGER NOT NULL REFERENCES file,
  line    INTEGER NOT NULL,
  col     INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  kind    TEXT NOT NULL,
  arith INTEGER NOT NULL, div INTEGER NOT NULL, trans INTEGER NOT NULL, logic INTEGER NOT NULL,
  conv INTEGER NOT NULL, branch INTEGER NOT NULL, call INTEGER NOT NULL, idx INTEGER NOT NULL,
  -- array syntax (a(:,j) = ...): the counts are per element; this is how many elements, when the
  -- extents fold (NULL for a scalar statement or unknown extents)
  elements INTEGER,
  block_id INTEGER REFERENCES block,      -- innermost block (loop body or construct arm)
  label    INTEGER,                       -- its statement label
  jumps    INTEGER NOT NULL DEFAULT 0,    -- may send control to another statement of its code: a GO TO not to
                                          -- the end of an enclosing loop, ERR=, an alternate return
  action   TEXT,                          -- a logical IF's (WHERE statement's) action: its kind
  expr     TEXT                           -- what it computes: expression trees as JSON (above)
);

-- Scalar variables a statement reads (R) or writes (W); writing part of one (a component, a
-- substring) is a read and a write. guarded: only in the action of a logical IF.
CREATE TABLE scalar_ref (
  stmt_id INTEGER NOT NULL REFERENCES statement,
  var_id  INTEGER NOT NULL REFERENCES variable,
  access  TEXT NOT NULL CHECK (access IN ('R', 'W')),
  context TEXT NOT NULL,                  -- expr lhs call_arg io subscript control
  guarded INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (stmt_id, var_id, access, context)
) WITHOUT ROWID;

-- One iteration of a loop's own body (nested loops excluded, their DO headers included).
CREATE TABLE loop_op (
  loop_id INTEGER PRIMARY KEY REFERENCES loop,
  arith INTEGER NOT NULL, div INTEGER NOT NULL, trans INTEGER NOT NULL, logic INTEGER NOT NULL,
  conv INTEGER NOT NULL, branch INTEGER NOT NULL, call INTEGER NOT NULL, idx INTEGER NOT NULL,
  statements INTEGER NOT NULL
);

CREATE TABLE array_ref (
  ref_id  INTEGER PRIMARY KEY,
  stmt_id INTEGER NOT NULL REFERENCES statement,
  loop_id INTEGER REFERENCES loop,        -- innermost enclosing loop
  proc_id INTEGER NOT NULL REFERENCES procedure,
  var_id  INTEGER REFERENCES variable,
  name    TEXT NOT NULL,
  access  TEXT NOT NULL CHECK (access IN ('R', 'W')),
  context TEXT NOT NULL,                  -- expr lhs call_arg io subscript control
  subscripted INTEGER NOT NULL,           -- 0: the whole array (a call argument, array syntax)
  file_id INTEGER NOT NULL REFERENCES file,
  line    INTEGER NOT NULL,
  col     INTEGER NOT NULL
);

CREATE TABLE subscript (
  ref_id   INTEGER NOT NULL REFERENCES array_ref,
  dim      INTEGER NOT NULL,
  text     TEXT NOT NULL,
  affine   INTEGER NOT NULL,              -- constant + sum of integer coeff * integer variable
  constant INTEGER,                       -- the constant part of an affine subscript
  section  INTEGER NOT NULL DEFAULT 0,    -- a triplet lo:hi:step
  PRIMARY KEY (ref_id, dim)
) WITHOUT ROWID;

CREATE TABLE subscript_term (
  ref_id   INTEGER NOT NULL,
  dim      INTEGER NOT NULL,
  var      TEXT NOT NULL,
  coeff    INTEGER NOT NULL,
  loop_var INTEGER NOT NULL,              -- 1 when var is the variable of an enclosing DO
  PRIMARY KEY (ref_id, dim, var)
) WITHOUT ROWID;

CREATE TABLE call (
  call_id INTEGER PRIMARY KEY,
  stmt_id INTEGER NOT NULL REFERENCES statement,
  proc_id INTEGER NOT NULL REFERENCES procedure,
  loop_id INTEGER REFERENCES loop,        -- innermost enclosing loop
  callee  TEXT NOT NULL,                  -- as written: f; obj%p for a type-bound procedure
  kind    TEXT NOT NULL CHECK (kind = 'subroutine' OR kind = 'function' OR kind = 'statement_function'),
  nargs   INTEGER NOT NULL,               -- the call_arg rows (a type-bound call's object is one)
  file_id INTEGER NOT NULL REFERENCES file,
  line    INTEGER NOT NULL,
  col     INTEGER NOT NULL,
  -- how the front end resolved the callee: name (an internal or external procedure of that name),
  -- procedure (a module procedure: call_target), generic (a generic interface's specifics:
  -- call_target), binding (binding of object_type_id, or of any extension of it when polymorphic),
  -- unknown (a dummy procedure, a procedure pointer, a type-bound procedure of a type not loaded)
  resolution TEXT NOT NULL DEFAULT 'name' CHECK (resolution = 'name' OR resolution = 'procedure' OR
                                                 resolution = 'generic' OR resolution = 'binding' OR
                                                 resolution = 'unknown'),
  binding    TEXT,                        -- a type-bound call: p of obj%p
  object_type_id INTEGER REFERENCES derived_type,  -- its object's declared type
  polymorphic INTEGER NOT NULL DEFAULT 0  -- the object is CLASS(...)
);

CREATE TABLE call_target (                -- the procedures a call was resolved to, in order
  call_id INTEGER NOT NULL REFERENCES call,
  pos     INTEGER NOT NULL,
  module  TEXT NOT NULL,                  -- '': an external procedure
  name    TEXT NOT NULL,
  proc_id INTEGER REFERENCES procedure,   -- its row, when the front end knew it (a module defined twice:
                                          -- the definition the USE saw)
  PRIMARY KEY (call_id, pos)
) WITHOUT ROWID;

CREATE TABLE call_arg (
  call_id INTEGER NOT NULL REFERENCES call,
  pos     INTEGER NOT NULL,
  keyword TEXT,                           -- name= of a keyword argument
  text    TEXT NOT NULL,
  var     TEXT,                           -- the variable when the argument is one or an element of one
  ref_id  INTEGER REFERENCES array_ref,   -- the array reference it is (an element, a section, a whole array)
  expr    TEXT,                           -- the value as an expression tree (JSON, see statement.expr)
  object  INTEGER NOT NULL DEFAULT 0,     -- 1: the object of a type-bound call (obj of obj%p(x)), pos 1
  PRIMARY KEY (call_id, pos)
) WITHOUT ROWID;

-- Where control goes: the statement labels of a procedure and the labels statements jump to
-- (the analyzer's flow graph). A label stands before statement stmt_id of block block_id, or at
-- the end of that block when stmt_id is NULL (a labelled CONTINUE, END DO or END IF with no
-- statement after it there: the end of a loop's body is its next iteration); block_id NULL: the
-- procedure's outermost statements.
CREATE TABLE label (
  proc_id  INTEGER NOT NULL REFERENCES procedure,
  label    INTEGER NOT NULL,
  block_id INTEGER REFERENCES block,
  stmt_id  INTEGER REFERENCES statement,
  PRIMARY KEY (proc_id, label)
) WITHOUT ROWID;

-- The labels a statement may send control to: GO TO (plain, computed, assigned with a list),
-- arithmetic IF, ERR=, END=, EOR=, alternate returns. A statement that jumps (statement.jumps)
-- with no row here (an assigned GO TO without a list) may reach any label of its procedure.
CREATE TABLE jump (
  stmt_id INTEGER NOT NULL REFERENCES statement,
  label   INTEGER NOT NULL,
  PRIMARY KEY (stmt_id, label)
) WITHOUT ROWID;

-- Directives: DVMH (interpreted) and OpenMP/OpenACC/SAPFOR/HPF (recorded).
CREATE TABLE directive (
  dir_id   INTEGER PRIMARY KEY,
  file_id  INTEGER NOT NULL REFERENCES file,
  line     INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  proc_id  INTEGER REFERENCES procedure,
  sentinel TEXT NOT NULL,                 -- dvm omp acc spf hpf
  kind     TEXT NOT NULL,                 -- PARALLEL REGION END_REGION ACTUAL GET_ACTUAL ...
  text     TEXT NOT NULL,                 -- the directive without its sentinel, lines joined
  loop_id  INTEGER REFERENCES loop,       -- PARALLEL: the outermost loop of the nest it maps
  region_id INTEGER REFERENCES directive, -- the REGION around it (END_REGION: the one it closes)
  region_end_line INTEGER,                -- REGION: the line of its END REGION
  on_array TEXT,                          -- PARALLEL ... ON a(i,j): 'a'
  on_text  TEXT,                          -- 'a(i,j)'
  cuda_block_x INTEGER, cuda_block_y INTEGER, cuda_block_z INTEGER,
  stage    INTEGER
);

CREATE TABLE directive_var (              -- names listed by a directive, per clause
  dir_id INTEGER NOT NULL REFERENCES directive,
  clause TEXT NOT NULL,   -- loop_var private shadow_renew tie remote_access in out inout local
                          -- actual get_actual distribute align ...
  pos    INTEGER NOT NULL,
  name   TEXT NOT NULL,
  text   TEXT NOT NULL,   -- the whole item, e.g. a(i,j) or a(1:2)
  PRIMARY KEY (dir_id, clause, pos)
) WITHOUT ROWID;

CREATE TABLE directive_reduction (
  dir_id INTEGER NOT NULL REFERENCES directive,
  pos    INTEGER NOT NULL,
  op     TEXT NOT NULL,   -- sum product max min and or eqv neqv maxloc minloc
  var    TEXT NOT NULL,
  loc_var   TEXT,         -- MAXLOC/MINLOC: the location array
  loc_count INTEGER,      --   and the number of its elements
  grp    TEXT,            -- REDUCTION(grp: ...)
  PRIMARY KEY (dir_id, pos)
) WITHOUT ROWID;

CREATE TABLE directive_across (
  dir_id INTEGER NOT NULL REFERENCES directive,
  array  TEXT NOT NULL,
  dim    INTEGER NOT NULL,
  low    INTEGER,         -- shadow widths = dependence distances
  high   INTEGER,
  direction TEXT,         -- 'in', 'out' or NULL
  PRIMARY KEY (dir_id, array, dim)
) WITHOUT ROWID;

CREATE TABLE diagnostic (
  diag_id  INTEGER PRIMARY KEY,
  file_id  INTEGER REFERENCES file,
  path     TEXT NOT NULL,
  line     INTEGER NOT NULL,
  col      INTEGER NOT NULL,
  severity TEXT NOT NULL CHECK (severity = 'error' OR severity = 'warning' OR
                                severity = 'unsupported' OR severity = 'note'),
  message  TEXT NOT NULL,
  stage    TEXT NOT NULL DEFAULT 'lex' CHECK (stage IN ('lex', 'analysis'))  -- who found it
);

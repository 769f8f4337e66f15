-- Results of the analyzer (analyzer/): written by `sapfor-analyze DB`, or by sapfor-lex unless
-- --no-analysis; a new run replaces every row. Empty until the analysis has run (meta.analysis).

-- Interprocedural summary: what a call of a procedure may read and write outside itself
-- (transitively through the procedures it calls), and whether it does I/O or STOP.
CREATE TABLE procedure_summary (
  proc_id INTEGER PRIMARY KEY REFERENCES procedure,
  io      INTEGER NOT NULL,               -- does input/output on a path that may return (itself or a
                                          -- callee; an error exit's, which ends the program, not)
  stop    INTEGER NOT NULL,               -- may end the program (a STOP, itself or a callee)
  unknown_calls TEXT,                     -- callees with no body in the database, comma separated
  pure    INTEGER NOT NULL                -- no I/O, no STOP, no unknown call, no write but to its dummies
);

CREATE TABLE procedure_effect (
  proc_id INTEGER NOT NULL REFERENCES procedure,
  name    TEXT NOT NULL,                  -- the dummy argument, or the variable as its owner names it
  var_id  INTEGER REFERENCES variable,
  scope   TEXT NOT NULL CHECK (scope = 'dummy' OR scope = 'common' OR scope = 'module' OR
                               scope = 'host' OR scope = 'save'),  -- save: a local SAVE variable, kept between calls
  position INTEGER,                       -- dummy: its position in the argument list
  reads   INTEGER NOT NULL,
  writes  INTEGER NOT NULL,
  defines INTEGER NOT NULL,               -- written before it is read on every path of a call
  via     TEXT,                           -- the callee it comes through (NULL: the procedure itself)
  PRIMARY KEY (proc_id, scope, name)
) WITHOUT ROWID;

-- Assignments inside loops of a shape that may make a reduction or an induction (whether one
-- does is loop_trait's answer): s = s + e (sum; step = e when an integer constant), s = s * e,
-- s = max(s, e), logical chains, a logical flag set to a constant; IF (x > s) s = x (max;
-- guard_stmt = the IF); the other assignments k = e in such an IF construct's only arm (loc,
-- of_name = s: the location of a MAXLOC/MINLOC). Recognized on the statements' expression trees.
CREATE TABLE update_pattern (
  stmt_id    INTEGER NOT NULL REFERENCES statement,
  var_id     INTEGER REFERENCES variable,
  name       TEXT NOT NULL,
  op         TEXT NOT NULL CHECK (op = 'sum' OR op = 'product' OR op = 'max' OR op = 'min' OR
                                  op = 'and' OR op = 'or' OR op = 'eqv' OR op = 'neqv' OR
                                  op = 'loc'),
  guard_stmt INTEGER REFERENCES statement,
  of_name    TEXT,
  step       INTEGER
);

-- Per loop: can its iterations run in parallel?
CREATE TABLE loop_verdict (
  loop_id  INTEGER PRIMARY KEY REFERENCES loop,
  parallel INTEGER NOT NULL,              -- the analysis proves it, or a user PARALLEL declares it
  analysis_parallel INTEGER NOT NULL,     -- the analysis proves it (across = 1: as a pipeline, with ACROSS)
  across   INTEGER NOT NULL,
  user_directive INTEGER NOT NULL,        -- a user's PARALLEL maps this loop
  source   TEXT NOT NULL CHECK (source = 'analysis' OR source = 'user directive' OR source = 'both')
);

-- Why a loop is not parallel (blocking = 1), or what to know about it (blocking = 0).
CREATE TABLE loop_reason (
  loop_id  INTEGER NOT NULL REFERENCES loop,
  pos      INTEGER NOT NULL,
  kind     TEXT NOT NULL,                 -- flow anti output unknown scalar induction live_after not_counted
                                          -- irregular io stop goto_out exit return call unparsed
                                          -- non_rectangular too_complex too_few_iterations host_only
                                          -- inside_kernel nearly_private never_runs (facts::ReasonKind)
  blocking INTEGER NOT NULL,
  name     TEXT,                          -- the variable or procedure it concerns
  line     INTEGER,
  message  TEXT NOT NULL                  -- (loop_id, pos) is unique
);
-- loop_verdicts gathers each loop's reasons (quadratic without it). Created with the table, not
-- after the load with the facts' indexes: sapfor-lex copies the analysis' rows in one pass, which
-- copies the index too when both sides have it.
CREATE INDEX loop_reason_by_loop ON loop_reason (loop_id, pos);

-- Every scalar a loop (with the loops nested in it) references, classified.
CREATE TABLE loop_trait (                 -- (loop_id, name) is unique
  loop_id  INTEGER NOT NULL REFERENCES loop,
  name     TEXT NOT NULL,
  var_id   INTEGER REFERENCES variable,
  trait    TEXT NOT NULL CHECK (trait = 'readonly' OR trait = 'private' OR trait = 'induction' OR
                                trait = 'reduction' OR trait = 'shared'),  -- the commonest first
  op       TEXT,                          -- reduction: sum product max min and or eqv neqv maxloc minloc
  step     INTEGER,                       -- induction: the increment per iteration
  loc_var  TEXT,                          -- maxloc/minloc: the location variable
  loc_count INTEGER,                      --   and its number of elements
  live_after INTEGER,                     -- its value is read after the loop (private, shared)
  line     INTEGER                        -- its first reference in the loop
);

-- Loop-carried dependences between references to an array: every pair of references is tested;
-- pairs with the same carrying loop, kind and distance vector share a row (source and sink are
-- the first such pair).
CREATE TABLE dependence (
  dep_id    INTEGER PRIMARY KEY,
  loop_id   INTEGER NOT NULL REFERENCES loop,   -- the loop that carries it
  name      TEXT NOT NULL,                      -- the array
  kind      TEXT NOT NULL CHECK (kind = 'flow' OR kind = 'anti' OR kind = 'output'),
  level     INTEGER NOT NULL,                   -- the carrying loop's depth
  distance  INTEGER,                            -- in iterations of the carrying loop; NULL when not one value
  direction TEXT NOT NULL,                      -- '<' the sink runs in a later iteration, '*' later or earlier
  exact     INTEGER NOT NULL,                   -- proven (1), or assumed for want of a proof (0)
  vector    TEXT NOT NULL,                      -- per common loop, outermost first: distances or < = > *
  pairs     INTEGER NOT NULL,                   -- how many reference pairs have this dependence
  source_ref INTEGER REFERENCES array_ref,      -- NULL for an access made by a called procedure
  sink_ref   INTEGER REFERENCES array_ref,
  source_line INTEGER NOT NULL,
  sink_line   INTEGER NOT NULL,
  test      TEXT,                               -- the test that decided
  note      TEXT                                -- why it is not exact
);

-- What the DVMH expert would write: PARALLEL on the outermost parallel nests, REGION ... END
-- REGION around runs of them. line: the directive goes before this line of the file (END REGION:
-- after the last line of the region's last loop).
CREATE TABLE expert_directive (
  expert_id INTEGER PRIMARY KEY,
  loop_id   INTEGER REFERENCES loop,       -- PARALLEL: the nest's outermost loop; REGION, END_REGION: the first or last loop
  file_id   INTEGER NOT NULL REFERENCES file,
  line      INTEGER NOT NULL,
  kind      TEXT NOT NULL CHECK (kind = 'PARALLEL' OR kind = 'REGION' OR kind = 'END_REGION'),
  text      TEXT NOT NULL,                 -- without the sentinel
  rank      INTEGER                        -- PARALLEL: the number of loops in the nest
);

-- The arrays an expert REGION names: clause in, out or inout (what dvmh-predict moves).
CREATE TABLE expert_directive_var (
  expert_id INTEGER NOT NULL REFERENCES expert_directive,
  clause    TEXT NOT NULL CHECK (clause = 'in' OR clause = 'out' OR clause = 'inout'),
  pos       INTEGER NOT NULL,
  name      TEXT NOT NULL,
  PRIMARY KEY (expert_id, clause, pos)
) WITHOUT ROWID;

CREATE VIEW loop_verdicts AS
SELECT v.loop_id, l.loop_key, v.parallel,
       (SELECT group_concat(message, '; ') FROM (SELECT message FROM loop_reason r
         WHERE r.loop_id = v.loop_id AND r.blocking ORDER BY pos)) AS reasons,
       v.source, v.analysis_parallel, v.across, v.user_directive,
       (SELECT group_concat(message, '; ') FROM (SELECT message FROM loop_reason r
         WHERE r.loop_id = v.loop_id AND NOT r.blocking ORDER BY pos)) AS notes
FROM loop_verdict v JOIN loop l USING (loop_id);

CREATE VIEW loop_reasons AS
SELECT r.loop_id, l.loop_key, r.pos, r.kind, r.blocking, r.name, r.line, r.message
FROM loop_reason r JOIN loop l USING (loop_id);

CREATE VIEW loop_traits AS
SELECT t.loop_id, l.loop_key, t.name, t.trait, t.op, t.step, t.loc_var, t.loc_count, t.live_after, t.line
FROM loop_trait t JOIN loop l USING (loop_id);

CREATE VIEW dependences AS
SELECT d.loop_id, l.loop_key, d.name, d.kind, d.level, d.distance, d.exact, d.direction, d.vector, d.pairs,
       d.source_line, d.sink_line, d.source_ref, d.sink_ref, d.test, d.note
FROM dependence d JOIN loop l USING (loop_id);

CREATE VIEW expert_directives AS
SELECT e.loop_id, e.text, l.loop_key, e.kind, f.path AS file, e.line, e.expert_id, e.rank
FROM expert_directive e JOIN file f USING (file_id) LEFT JOIN loop l USING (loop_id);

CREATE VIEW procedure_effects AS
SELECT p.proc_key AS procedure, e.name, e.scope, e.position, e.reads, e.writes, e.defines, e.via
FROM procedure_effect e JOIN procedure p USING (proc_id);

CREATE VIEW procedure_summaries AS
SELECT p.proc_key AS procedure, s.io, s.stop, s.unknown_calls, s.pure
FROM procedure_summary s JOIN procedure p USING (proc_id);

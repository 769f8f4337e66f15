-- The documented query interface (docs/database.md): stable names and columns.

CREATE VIEW procedures AS
SELECT p.proc_id, p.name, p.proc_key, p.kind, f.path AS file, p.line, p.end_line,
       h.proc_key AS host, p.result, p.prefix, p.unread_line,
       (SELECT group_concat(name, ',') FROM (SELECT name FROM parameter
         WHERE parameter.proc_id = p.proc_id ORDER BY pos)) AS parameters
FROM procedure p JOIN file f USING (file_id) LEFT JOIN procedure h ON h.proc_id = p.host_id;

CREATE VIEW loops AS
SELECT l.loop_id, l.loop_key, p.proc_key AS procedure, f.path AS file, l.line, l.end_line,
       l.var, l.depth, l.parent_id, l.lower, l.upper, l.step, l.trip_count, l.kind, l.label,
       l.path, l.tightly_nested,
       EXISTS (SELECT 1 FROM loop_obstacle o WHERE o.loop_id = l.loop_id AND o.kind = 'io') AS has_io,
       EXISTS (SELECT 1 FROM loop_obstacle o WHERE o.loop_id = l.loop_id AND o.kind = 'stop') AS has_stop,
       EXISTS (SELECT 1 FROM loop_obstacle o WHERE o.loop_id = l.loop_id AND o.kind = 'goto_out') AS has_goto_out,
       EXISTS (SELECT 1 FROM loop_obstacle o WHERE o.loop_id = l.loop_id AND o.kind = 'exit') AS has_exit,
       EXISTS (SELECT 1 FROM loop_obstacle o WHERE o.loop_id = l.loop_id AND o.kind = 'return') AS has_return,
       EXISTS (SELECT 1 FROM loop_obstacle o WHERE o.loop_id = l.loop_id AND o.kind = 'call') AS has_call
FROM loop l JOIN procedure p USING (proc_id) JOIN file f ON f.file_id = l.file_id;

CREATE VIEW loop_obstacles AS
SELECT o.loop_id, l.loop_key, o.kind, o.line, o.col, o.detail
FROM loop_obstacle o JOIN loop l USING (loop_id);

CREATE VIEW loop_ops AS
SELECT o.loop_id, l.loop_key, o.arith, o.div, o.trans, o.logic, o.conv, o.branch, o.call, o.idx,
       o.statements
FROM loop_op o JOIN loop l USING (loop_id);

CREATE VIEW statements AS
SELECT s.stmt_id, p.proc_key AS procedure, s.loop_id, f.path AS file, s.line, s.col, s.kind,
       s.arith, s.div, s.trans, s.logic, s.conv, s.branch, s.call, s.idx, s.elements
FROM statement s JOIN procedure p USING (proc_id) JOIN file f ON f.file_id = s.file_id;

CREATE VIEW variables AS
SELECT v.var_id, p.proc_key AS procedure, v.name, v.type, v.kind, v.bytes, v.rank, v.storage,
       v.intent, v.common, v.value, v.allocatable, v.pointer, v.implicit, v.line,
       (SELECT group_concat(spec, ',') FROM (SELECT spec FROM dimension d
         WHERE d.var_id = v.var_id ORDER BY dim)) AS shape,
       v.elements, v.save, v.target, v.equivalence, v.storage_offset, v.pointer_components
FROM variable v JOIN procedure p USING (proc_id);

CREATE VIEW array_refs AS
SELECT r.ref_id, r.loop_id, p.proc_key AS procedure, f.path AS file, r.line, r.col, r.name,
       r.access, r.context, r.subscripted, r.var_id, r.stmt_id
FROM array_ref r JOIN procedure p USING (proc_id) JOIN file f ON f.file_id = r.file_id;

CREATE VIEW subscripts AS
SELECT ref_id, dim, text, affine, constant, section FROM subscript;

CREATE VIEW subscript_terms AS
SELECT ref_id, dim, var, coeff, loop_var FROM subscript_term;

CREATE VIEW calls AS
SELECT c.call_id, p.proc_key AS procedure, c.loop_id, f.path AS file, c.line, c.col, c.callee,
       c.kind, c.nargs, c.resolution, c.binding, t.name AS object_type, c.polymorphic,
       (SELECT group_concat(CASE WHEN x.module = '' THEN x.name ELSE x.module || '::' || x.name END, ' ')
        FROM call_target x WHERE x.call_id = c.call_id) AS targets
FROM call c JOIN procedure p USING (proc_id) JOIN file f ON f.file_id = c.file_id
LEFT JOIN derived_type t ON t.type_id = c.object_type_id;

CREATE VIEW derived_types AS
SELECT t.type_id, p.proc_key AS procedure, t.name, r.name AS parent, t.parent_unknown, t.abstract, t.line,
       (SELECT group_concat(c.name || CASE WHEN c.pointer THEN ' pointer' WHEN c.allocatable THEN ' allocatable' ELSE '' END, ', ')
        FROM component c WHERE c.type_id = t.type_id) AS components
FROM derived_type t JOIN procedure p USING (proc_id) LEFT JOIN derived_type r ON r.type_id = t.parent_id;

CREATE VIEW type_bindings AS
SELECT t.type_id, t.name AS type, b.pos, b.name, b.procedure, b.module, b.pass, b.nopass, b.deferred, b.generic
FROM type_binding b JOIN derived_type t USING (type_id);

CREATE VIEW directives AS
SELECT d.dir_id, f.path AS file, d.line, d.end_line, d.sentinel, d.kind, d.text, d.loop_id,
       l.loop_key, p.proc_key AS procedure, d.region_id, d.region_end_line, d.on_array, d.on_text,
       d.cuda_block_x, d.cuda_block_y, d.cuda_block_z, d.stage
FROM directive d JOIN file f USING (file_id) LEFT JOIN loop l USING (loop_id)
     LEFT JOIN procedure p ON p.proc_id = d.proc_id;

CREATE VIEW directive_vars AS
SELECT dir_id, clause, pos, name, text FROM directive_var;

CREATE VIEW reductions AS
SELECT r.dir_id, d.loop_id, l.loop_key, r.pos, r.op, r.var, r.loc_var, r.loc_count, r.grp
FROM directive_reduction r JOIN directive d USING (dir_id) LEFT JOIN loop l ON l.loop_id = d.loop_id;

CREATE VIEW across AS
SELECT a.dir_id, d.loop_id, l.loop_key, a.array, a.dim, a.low, a.high, a.direction
FROM directive_across a JOIN directive d USING (dir_id) LEFT JOIN loop l ON l.loop_id = d.loop_id;

CREATE VIEW diagnostics AS
SELECT diag_id, path AS file, line, col, severity, message, stage FROM diagnostic;

CREATE VIEW dimensions AS
SELECT d.var_id, p.proc_key AS procedure, v.name, d.dim, d.spec, d.lower, d.upper, d.lower_value,
       d.upper_value, d.extent
FROM dimension d JOIN variable v USING (var_id) JOIN procedure p ON p.proc_id = v.proc_id;

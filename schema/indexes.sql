-- Secondary indexes, built once after a load (cheaper than keeping them up to date row by row).
CREATE INDEX loop_obstacle_by_loop ON loop_obstacle (loop_id);
CREATE INDEX statement_by_loop ON statement (loop_id);
CREATE INDEX array_ref_by_loop ON array_ref (loop_id);
CREATE INDEX call_by_loop ON call (loop_id);

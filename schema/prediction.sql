-- Results of dvmh-predict (predictor/): every run appends one predict_run row and its kernels'
-- and references' rows; earlier runs stay, so one database can hold runs for several GPUs.

CREATE TABLE predict_run (
  run_id     INTEGER PRIMARY KEY,
  time       TEXT NOT NULL,               -- when it ran, ISO 8601 UTC
  tool_version TEXT NOT NULL,
  command    TEXT NOT NULL,               -- the command line
  gpu        TEXT NOT NULL,               -- the profile's key (c2050, h100, ...) or file name
  gpu_name   TEXT NOT NULL,
  options    TEXT NOT NULL,               -- block defaults, cache, transactions, params: as key=value; ...
  kernels    INTEGER NOT NULL,            -- kernels predicted
  unresolved INTEGER NOT NULL,            -- kernels that could not be (an unknown trip count, ...)
  kernel_seconds   REAL,                  -- the whole program: kernels times their launches, NULL when unknown
  reduction_seconds REAL,
  launch_seconds   REAL,
  transfer_seconds REAL,
  transfer_bytes   INTEGER,
  total_seconds    REAL
);

-- One row per kernel (a parallel loop nest) and run. Per-thread counts are for all of a thread's
-- iterations (MODEL.md §4); times are one launch unless named total_.
CREATE TABLE kernel_prediction (
  run_id   INTEGER NOT NULL REFERENCES predict_run,
  loop_id  INTEGER NOT NULL REFERENCES loop,
  source   TEXT NOT NULL,                 -- user directive, analysis
  status   TEXT NOT NULL CHECK (status IN ('ok', 'unknown')),
  missing  TEXT,                          -- unknown: the symbols (or loop keys) --param must give
  rank     INTEGER NOT NULL,
  across   INTEGER NOT NULL,
  iterations INTEGER,                     -- of the parallel nest
  block_x INTEGER, block_y INTEGER, block_z INTEGER,
  blocks   INTEGER,                       -- grid (1-D)
  iters_per_thread INTEGER,
  regs_per_thread INTEGER, regs_per_block INTEGER, smem_per_block INTEGER,
  regs_source TEXT,                       -- where regs_per_thread comes from: heuristic (MODEL.md §6) or 'ptxas sm_90'
  regs_heuristic INTEGER,                 -- the heuristic's figure, whatever regs_per_thread uses
  active_blocks_per_sm INTEGER, active_warps_per_sm INTEGER, occupancy REAL, limiter TEXT,
  coal_accesses REAL, uncoal_accesses REAL, coal_per_access REAL, uncoal_per_access REAL,
  load_bytes_per_warp REAL,
  arith REAL, reciproc REAL, trans REAL, branch REAL, divergent_branch REAL, sync REAL,
  cache_hits REAL, cache_misses REAL,
  l2_hits  REAL,                          -- per thread: memory instructions the L2 serves (MODEL.md §12)
  dram_bytes REAL,                        -- one launch: bytes moved from and to DRAM
  comp_insts REAL, mem_insts REAL,
  mwp REAL, cwp REAL, warps REAL, rep INTEGER,
  comp_cycles REAL, mem_cycles REAL, cycles REAL, seconds REAL,
  bound    TEXT,                          -- memory, compute, latency
  reduction_threads INTEGER,              -- the reduction kernel's block (one block); NULL: none
  reduction_seconds REAL,
  launches REAL,                          -- times the kernel runs in the whole program
  total_seconds REAL,                     -- launches * (seconds + reduction + launch overhead)
  intensity REAL,                         -- operations per byte of DRAM traffic (roofline, seed 001)
  roofline_seconds REAL,
  roofline_bound TEXT,
  PRIMARY KEY (run_id, loop_id)
) WITHOUT ROWID;

-- One row per array reference of a kernel (its scalars are arguments, in the constant bank).
CREATE TABLE access_prediction (
  run_id   INTEGER NOT NULL REFERENCES predict_run,
  loop_id  INTEGER NOT NULL REFERENCES loop,
  pos      INTEGER NOT NULL,
  ref_id   INTEGER REFERENCES array_ref,
  name     TEXT NOT NULL,
  access   TEXT NOT NULL,                 -- R W
  per_thread REAL NOT NULL,               -- accesses per thread
  stride   INTEGER,                       -- bytes between lanes adjacent in X; NULL when unknown
  formula_transactions REAL,              -- per warp, MODEL.md §5 (4)
  exact_transactions REAL,                -- per warp: the first block's warps at every alignment the kernel meets
  transactions REAL,                      -- the one the time uses (--transactions)
  coalesced INTEGER NOT NULL,
  pattern  TEXT NOT NULL CHECK (pattern = 'coalesced' OR pattern = 'misaligned' OR pattern = 'strided' OR
                                pattern = 'gather'),
  cache_hits REAL,                        -- per thread; NULL when the cache emulation is off
  cache_misses REAL,
  l2_hits  REAL NOT NULL,                 -- per thread: of the L1's misses, those the L2 serves
  dram_bytes REAL NOT NULL,               -- per warp access that misses the L1: bytes from DRAM
  PRIMARY KEY (run_id, loop_id, pos)
) WITHOUT ROWID;

-- One row per kernel timed on a real GPU (tools/measure-kernels.sh runs the programs sapfor-cuda
-- --bench writes, at the sizes dvmh-predict used for the GPU profile `gpu`).
CREATE TABLE kernel_measurement (
  loop_id  INTEGER NOT NULL REFERENCES loop,
  gpu      TEXT NOT NULL,                 -- the profile the program was written for (its block, grid, sizes)
  device   TEXT NOT NULL,                 -- the GPU it ran on, as CUDA names it
  seconds  REAL NOT NULL,                 -- one launch: the median of the timed runs
  min_seconds REAL NOT NULL,
  runs     INTEGER NOT NULL,
  time     TEXT NOT NULL,                 -- when it ran, ISO 8601 UTC
  PRIMARY KEY (loop_id, gpu, time)
) WITHOUT ROWID;

CREATE VIEW kernel_measurements AS
SELECT l.loop_key, m.loop_id, m.gpu, m.device, m.seconds, m.min_seconds, m.runs, m.time
FROM kernel_measurement m JOIN loop l USING (loop_id);

CREATE VIEW predict_runs AS
SELECT run_id, time, gpu, gpu_name, options, kernels, unresolved, kernel_seconds, reduction_seconds,
       launch_seconds, transfer_seconds, transfer_bytes, total_seconds, tool_version, command
FROM predict_run;

CREATE VIEW kernel_predictions AS
SELECT k.run_id, r.gpu, k.loop_id, l.loop_key, k.source, k.status, k.missing, k.rank, k.across, k.iterations,
       k.block_x, k.block_y, k.block_z, k.blocks, k.iters_per_thread, k.regs_per_thread, k.regs_per_block,
       k.smem_per_block, k.regs_source, k.regs_heuristic, k.active_blocks_per_sm, k.active_warps_per_sm, k.occupancy, k.limiter,
       k.coal_accesses, k.uncoal_accesses, k.coal_per_access, k.uncoal_per_access, k.load_bytes_per_warp,
       k.arith, k.reciproc, k.trans, k.branch, k.divergent_branch, k.sync, k.cache_hits, k.cache_misses,
       k.l2_hits, k.dram_bytes, k.comp_insts, k.mem_insts, k.mwp, k.cwp, k.warps, k.rep, k.comp_cycles, k.mem_cycles, k.cycles,
       k.seconds, k.bound, k.reduction_threads, k.reduction_seconds, k.launches, k.total_seconds,
       k.intensity, k.roofline_seconds, k.roofline_bound
FROM kernel_prediction k JOIN loop l USING (loop_id) JOIN predict_run r USING (run_id);

-- `col` and `reference` (the reference as written: u(i-1, j)) say which of a line's references a
-- row is.
CREATE VIEW access_predictions AS
SELECT a.run_id, l.loop_key, a.loop_id, a.pos, a.ref_id, a.name, a.access, ar.line, a.per_thread, a.stride,
       a.formula_transactions, a.exact_transactions, a.transactions, a.coalesced, a.pattern, a.cache_hits,
       a.cache_misses, a.l2_hits, a.dram_bytes, ar.col,
       a.name || coalesce((SELECT '(' || group_concat(t.text, ', ') || ')'
                           FROM (SELECT s.text FROM subscript s WHERE s.ref_id = a.ref_id ORDER BY s.dim) t), '') AS reference
FROM access_prediction a JOIN loop l USING (loop_id) LEFT JOIN array_ref ar USING (ref_id);

-- The latest run's rows for each GPU profile: what most questions want, without
-- `run_id = (SELECT max(run_id) ...)` in every query.
CREATE VIEW latest_kernel_predictions AS
SELECT k.* FROM kernel_predictions k
WHERE k.run_id = (SELECT max(r.run_id) FROM predict_run r WHERE r.gpu = k.gpu);

CREATE VIEW latest_access_predictions AS
SELECT r.gpu, a.* FROM access_predictions a JOIN predict_run r USING (run_id)
WHERE a.run_id = (SELECT max(r2.run_id) FROM predict_run r2 WHERE r2.gpu = r.gpu);

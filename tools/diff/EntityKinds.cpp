/// @file EntityKinds.cpp
/// The kinds sapfor-diff compares, each a query over the views of README "The database".
#include "tools/diff/EntityKinds.hpp"

namespace sapfor::diff {
namespace {

Column key(const char* name, bool quotesLines = false) { return {name, ColumnRole::Key, quotesLines}; }
Column field(const char* name, bool quotesLines = false) { return {name, ColumnRole::Field, quotesLines}; }
Column position(const char* name) { return {name, ColumnRole::Position, false}; }
Column time(const char* name) { return {name, ColumnRole::Time, false}; }
Column context(const char* name) { return {name, ColumnRole::Context, false}; }

std::vector<Column> fields(std::initializer_list<const char*> names) {
  std::vector<Column> columns;
  for (const char* n : names) columns.push_back(field(n));
  return columns;
}

std::vector<Column> join(std::initializer_list<std::vector<Column>> parts) {
  std::vector<Column> all;
  for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

// The latest dvmh-predict run for each GPU: a database may hold several runs per GPU (with
// other options); the last one is what its user saw last.
const char* const kLatestRunPerGpu = "(SELECT max(q.run_id) FROM predict_runs q WHERE q.gpu = r.gpu)";

std::vector<EntityKind> makeKinds() {
  std::vector<EntityKind> kinds;
  kinds.push_back({"procedure", "program units and procedures, by proc_key", "SELECT * FROM procedures",
                   join({{key("proc_key")}, fields({"name", "kind", "file", "host", "result", "prefix", "parameters"}),
                         {position("line"), position("end_line")}}),
                   "", "", {"kind", "file", "line"}, "proc_key", ""});
  kinds.push_back({"loop", "loops, by loop_key (procedure and ordinal path)", "SELECT * FROM loops",
                   join({{key("loop_key"), context("procedure")},
                         fields({"file", "kind", "var", "depth", "lower", "upper", "step", "trip_count", "label",
                                 "tightly_nested", "has_io", "has_stop", "has_goto_out", "has_exit", "has_return", "has_call"}),
                         {position("line"), position("end_line")}}),
                   "", "", {"file", "line", "var", "lower", "upper"}, "procedure", "loop_key"});
  kinds.push_back({"loop_ops", "operations in one iteration of a loop's own body", "SELECT * FROM loop_ops",
                   join({{key("loop_key")},
                         fields({"arith", "div", "trans", "logic", "conv", "branch", "call", "idx", "statements"})}),
                   "", "", {"arith", "div", "trans", "statements"}, "", "loop_key"});
  kinds.push_back({"variable", "variables, by procedure and name", "SELECT * FROM variables",
                   join({{key("procedure"), key("name")},
                         fields({"type", "kind", "bytes", "rank", "shape", "elements", "storage", "intent", "common", "value",
                                 "allocatable", "pointer", "implicit"}),
                         {position("line")}}),
                   "", "", {"type", "rank", "shape"}, "procedure", ""});
  // A PARALLEL is anchored at its loop; any other directive at its procedure (or file) and its
  // ordinal among the directives of its kind there, which lines moving do not change.
  kinds.push_back({"directive", "directives: PARALLEL by its loop, the others by procedure, kind and ordinal",
                   "SELECT d.*, coalesce(d.loop_key, coalesce(d.procedure, d.file) || '#' || row_number() OVER ("
                   "PARTITION BY d.procedure, d.file, d.kind, d.loop_key IS NULL ORDER BY d.line, d.dir_id)) AS anchor,"
                   " (SELECT group_concat(x.item, ', ') FROM (SELECT lower(r.op) || '(' || r.var ||"
                   " coalesce(', ' || r.loc_var, '') || ')' AS item FROM reductions r WHERE r.dir_id = d.dir_id"
                   " ORDER BY r.pos) x) AS reductions FROM directives d",
                   join({{key("anchor"), key("kind"), context("procedure"), context("loop_key")},
                         fields({"file", "sentinel", "text", "on_text", "reductions", "cuda_block_x", "cuda_block_y",
                                 "cuda_block_z", "stage"}),
                         {position("line"), position("end_line"), position("region_end_line")}}),
                   "", "", {"file", "line", "text"}, "procedure", "loop_key"});
  // The loop_verdicts view gathers each loop's reasons with a subquery per loop over loop_reason,
  // which has no index by loop: quadratic, minutes on the 77,000 loops of bench/'s corpus. One
  // grouped pass over the reasons gives the same columns.
  kinds.push_back({"verdict", "whether a loop is parallel, and why not",
                   "SELECT v.*, l.loop_key, r.reasons, r.notes FROM loop_verdict v JOIN loop l USING (loop_id) LEFT JOIN"
                   " (SELECT loop_id, group_concat(CASE WHEN blocking THEN message END, '; ') AS reasons,"
                   " group_concat(CASE WHEN NOT blocking THEN message END, '; ') AS notes"
                   " FROM (SELECT * FROM loop_reason ORDER BY loop_id, pos) GROUP BY loop_id) r USING (loop_id)",
                   join({{key("loop_key")},
                         fields({"parallel", "analysis_parallel", "across", "user_directive", "source"}),
                         {field("reasons", true), field("notes", true)}}),
                   "analysis", "", {"parallel", "source", "reasons"}, "", "loop_key"});
  kinds.push_back({"trait", "scalars of a loop: private, reduction, induction, readonly, shared",
                   "SELECT * FROM loop_traits",
                   join({{key("loop_key"), key("name")},
                         fields({"trait", "op", "step", "loc_var", "loc_count", "live_after"}), {position("line")}}),
                   "analysis", "", {"trait", "op"}, "", "loop_key"});
  kinds.push_back({"dependence", "array dependences, by carrying loop, array and kind", "SELECT * FROM dependences",
                   join({{key("loop_key"), key("name"), key("kind")},
                         fields({"level", "distance", "exact", "direction", "vector", "pairs", "test"}),
                         {field("note", true), position("source_line"), position("sink_line")}}),
                   "analysis", "", {"vector", "distance", "exact"}, "", "loop_key"});
  kinds.push_back({"expert_directive", "the directives the DVMH expert would write", "SELECT * FROM expert_directives",
                   join({{key("loop_key"), key("kind")}, fields({"file", "text", "rank"}), {position("line")}}),
                   "analysis", "", {"file", "line", "text"}, "", "loop_key"});
  kinds.push_back({"program_prediction", "the whole program's predicted time, per GPU (latest dvmh-predict run)",
                   std::string("SELECT * FROM predict_runs r WHERE r.run_id = ") + kLatestRunPerGpu,
                   join({{key("gpu")}, fields({"gpu_name", "options", "kernels", "unresolved", "transfer_bytes"}),
                         {time("kernel_seconds"), time("reduction_seconds"), time("launch_seconds"),
                          time("transfer_seconds"), time("total_seconds")}}),
                   "", "gpu", {"kernels", "total_seconds"}, "", ""});
  kinds.push_back({"kernel_prediction", "each kernel's mapping and time, per GPU (latest dvmh-predict run)",
                   std::string("SELECT k.* FROM kernel_predictions k JOIN predict_runs r USING (run_id) WHERE k.run_id = ") +
                       kLatestRunPerGpu,
                   join({{key("gpu"), key("loop_key")},
                         fields({"source", "status", "missing", "rank", "across", "iterations", "block_x", "block_y",
                                 "block_z", "blocks", "iters_per_thread", "regs_per_thread", "regs_per_block",
                                 "smem_per_block", "regs_source", "active_blocks_per_sm", "active_warps_per_sm", "occupancy", "limiter",
                                 "coal_accesses", "uncoal_accesses", "coal_per_access", "uncoal_per_access",
                                 "load_bytes_per_warp", "arith", "reciproc", "trans", "branch", "divergent_branch", "sync",
                                 "cache_hits", "cache_misses", "l2_hits", "dram_bytes", "comp_insts", "mem_insts", "mwp",
                                 "cwp", "warps", "rep",
                                 "bound", "reduction_threads", "launches", "intensity", "roofline_bound"}),
                         {time("comp_cycles"), time("mem_cycles"), time("cycles"), time("seconds"),
                          time("reduction_seconds"), time("total_seconds"), time("roofline_seconds")}}),
                   "", "gpu", {"status", "seconds", "bound"}, "", "loop_key"});
  kinds.push_back({"access_prediction", "each array reference of a kernel: stride, transactions, coalescing, per GPU",
                   // The view's columns but `reference`, which is built per row from the subscripts.
                   std::string("SELECT a.run_id, a.loop_key, a.loop_id, a.pos, a.ref_id, a.name, a.access, a.line, "
                               "a.per_thread, a.stride, a.formula_transactions, a.exact_transactions, a.transactions, "
                               "a.coalesced, a.pattern, a.cache_hits, a.cache_misses, a.l2_hits, a.dram_bytes, a.col, r.gpu "
                               "FROM access_predictions a JOIN predict_runs r USING (run_id) WHERE a.run_id = ") +
                       kLatestRunPerGpu,
                   join({{key("gpu"), key("loop_key"), key("name"), key("access")},
                         fields({"per_thread", "stride", "formula_transactions", "exact_transactions", "transactions",
                                 "coalesced", "pattern", "cache_hits", "cache_misses", "l2_hits", "dram_bytes"}),
                         {position("line")}}),
                   "", "gpu", {"line", "stride", "pattern"}, "", "loop_key"});
  kinds.push_back({"diagnostic", "errors and warnings of the front end and of the directive checks",
                   "SELECT * FROM diagnostics",
                   join({{key("file"), key("stage"), key("severity"), key("message", true)},
                         {position("line"), position("col")}}),
                   "", "", {"line"}, "", ""});
  return kinds;
}

}  // namespace

const std::vector<EntityKind>& entityKinds() {
  static const std::vector<EntityKind> kinds = makeKinds();
  return kinds;
}

const EntityKind* findEntityKind(const std::string& name) {
  for (const EntityKind& k : entityKinds())
    if (k.name == name) return &k;
  return nullptr;
}

}  // namespace sapfor::diff

#!/usr/bin/env bash
# sapfor-lex analyzes each file from the rows it hands on while the load goes on, early where the
# callees' summaries are settled and the rest at the end; sapfor-analyze reads the same rows back
# from the database (facts/Codecs) and analyzes every procedure with the whole program's summaries.
# Both schedules must write the same analysis tables: this loads each
# input with sapfor-lex (with one and two parsing threads), re-analyzes a copy of the database
# with sapfor-analyze, and compares every analysis table row for row (in key order).
# Inputs: the bundled examples, the analysis and soundness golden inputs, settled/ (calls that a later file
# takes to another procedure: what the streamed analysis decided early must be redone), and a
# 20,000-line generated corpus (modules, COMMON, calls across files, DISTRIBUTE/ALIGN, user
# PARALLEL directives).
set -u
sapfor_lex=$1
sapfor_analyze=$2
repo=$3
if ! command -v sqlite3 >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "SKIPPED: sqlite3 or python3 is not installed"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$repo/bench/generate_corpus.py" "$work/corpus" --lines 20000 --seed 3 >/dev/null || exit 1

dump() {
  sqlite3 "$1" \
    "SELECT * FROM procedure_summary ORDER BY proc_id" \
    "SELECT * FROM procedure_effect ORDER BY proc_id, scope, name" \
    "SELECT * FROM loop_verdict ORDER BY loop_id" \
    "SELECT * FROM loop_reason ORDER BY loop_id, pos" \
    "SELECT * FROM loop_trait ORDER BY loop_id, name" \
    "SELECT * FROM dependence ORDER BY dep_id" \
    "SELECT * FROM expert_directive ORDER BY expert_id" \
    "SELECT * FROM expert_directive_var ORDER BY expert_id, clause, pos" \
    "SELECT file_id, path, line, col, severity, message, stage FROM diagnostic ORDER BY diag_id"
}

status=0
for input in "$repo/data/examples" "$repo/tests/golden/inputs/analysis" "$repo/tests/golden/inputs/soundness" "$repo/tests/analysis/settled" "$work/corpus"; do
  for jobs in 1 2; do
    name="$(basename "$input")-j$jobs"
    "$sapfor_lex" -q -j "$jobs" "$input" -o "$work/$name.sqlite" 2>/dev/null
    rc=$?
    if [ "$rc" -gt 1 ]; then echo "FAIL: $name: sapfor-lex exited $rc"; status=1; continue; fi
    cp "$work/$name.sqlite" "$work/$name-reread.sqlite"
    "$sapfor_analyze" -q "$work/$name-reread.sqlite" 2>/dev/null
    rc=$?
    if [ "$rc" -gt 1 ]; then echo "FAIL: $name: sapfor-analyze exited $rc"; status=1; continue; fi
    dump "$work/$name.sqlite" >"$work/$name.streamed"
    dump "$work/$name-reread.sqlite" >"$work/$name.reread"
    rows=$(wc -l <"$work/$name.streamed")
    if [ "$rows" -lt 10 ]; then echo "FAIL: $name: only $rows analysis rows"; status=1; continue; fi
    if ! diff -q "$work/$name.streamed" "$work/$name.reread" >/dev/null; then
      echo "FAIL: $name: the streamed analysis differs from sapfor-analyze's:"
      diff "$work/$name.streamed" "$work/$name.reread" | head -20
      status=1
    else
      echo "ok: $name: $rows rows identical"
    fi
  done
done
if ls "$work"/*-analysis* >/dev/null 2>&1; then echo "FAIL: a results database was left behind"; status=1; fi
exit $status

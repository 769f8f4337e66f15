#!/usr/bin/env bash
# bench/run.sh -- sapfor-lex speed and memory benchmark (a benchmark, not a test).
#
# Builds sapfor-lex in Release mode in a build folder of its own, generates a realistic Fortran
# corpus when it is missing (bench/generate_corpus.py, deterministic), then measures in the same
# run, on the same input:
#   (a) sapfor-lex CORPUS -o DB                      (annotation off)  best of --runs
#   (b) sapfor-lex CORPUS -o DB --annotate-dir DIR   (annotation on)   best of --runs
#   (a') sapfor-lex CORPUS -o DB --no-analysis       (the front end alone, without the analysis)
#   (p) dvmh-predict DB, every kernel (kernels per second)                    best of --runs
#   (d) sapfor-diff DB(a) DB(b): the same sources twice, so no differences    one run
#   (c) gfortran -fsyntax-only on every file, one process per file, sequentially: the module
#       files first in file-name order (module NNNN only USEs modules with smaller numbers) with
#       -J MODDIR, which writes their .mod files; every other file with -J MODDIR too (gfortran
#       searches -J for .mod files). One run; the total wall time of the loop.
# Wall time comes from date +%s.%N around the command, peak resident memory from
# /usr/bin/time -f %M (for the gfortran loop: the largest single gfortran/f951 process, as
# GNU time reports the maximum over the waited-for children). Every run is printed, not only
# the best one, with the exact command. --big repeats (a), (b) and (c) on a 1M-line corpus for the
# memory figure.
#
# Usage: bench/run.sh [--build DIR] [--corpus DIR] [--lines N] [--seed S] [--runs N]
#                     [--work DIR] [--big] [--big-corpus DIR] [--big-lines N] [--no-gfortran]
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)

build=/tmp/sapfor-bench-build
corpus=
lines=500000
seed=1
runs=3
work=/tmp/sapfor-bench-work
big=0
big_corpus=
big_lines=1000000
gfortran_on=1

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --corpus) corpus=$2; shift 2 ;;
    --lines) lines=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --big) big=1; shift ;;
    --big-corpus) big_corpus=$2; shift 2 ;;
    --big-lines) big_lines=$2; shift 2 ;;
    --no-gfortran) gfortran_on=0; shift ;;
    -h|--help) usage 0 ;;
    *) echo "run.sh: unknown argument $1" >&2; usage 2 ;;
  esac
done
[[ -n "$corpus" ]] || corpus=/tmp/sapfor-bench-corpus/$((lines / 1000))k-seed$seed
[[ -n "$big_corpus" ]] || big_corpus=/tmp/sapfor-bench-corpus/$((big_lines / 1000))k-seed$seed

for tool in cmake python3 /usr/bin/time sqlite3; do
  command -v "$tool" >/dev/null || { echo "run.sh: $tool is required" >&2; exit 2; }
done
if [[ $gfortran_on -eq 1 ]] && ! command -v gfortran >/dev/null; then
  echo "run.sh: gfortran not found; the gfortran column is skipped" >&2
  gfortran_on=0
fi

log() { printf '%s\n' "$*"; }
now() { date +%s.%N; }

# ---- build -------------------------------------------------------------------------------------
log "== build: $build (Release)"
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release >"$work.cmake.log" 2>&1 ||
  { mkdir -p "$work"; cat "$work.cmake.log"; exit 2; }
cmake --build "$build" -j"$(nproc)" --target sapfor-lex dvmh-predict sapfor-diff >>"$work.cmake.log" 2>&1 ||
  { tail -40 "$work.cmake.log"; exit 2; }
rm -f "$work.cmake.log"
lex="$build/sapfor-lex"
predict="$build/dvmh-predict"
differ="$build/sapfor-diff"
[[ -x "$lex" ]] || { echo "run.sh: $lex was not built" >&2; exit 2; }

mkdir -p "$work"
work=$(cd "$work" && pwd)

# ---- corpus ------------------------------------------------------------------------------------
ensure_corpus() {  # DIR LINES
  local dir=$1 n=$2 ok=0
  if [[ -f "$dir/corpus.json" ]]; then
    ok=$(python3 - "$dir/corpus.json" "$n" "$seed" <<'EOF'
import json, sys
i = json.load(open(sys.argv[1]))
print(1 if i.get("target_lines") == int(sys.argv[2]) and i.get("seed") == int(sys.argv[3]) else 0)
EOF
)
  fi
  if [[ $ok == 1 ]]; then
    log "== corpus: $dir (present, $(python3 -c "import json;print(json.load(open('$dir/corpus.json'))['lines'])") lines)"
  else
    log "== corpus: generating $n lines (seed $seed) into $dir"
    log "   python3 $here/generate_corpus.py $dir --lines $n --seed $seed --force"
    python3 "$here/generate_corpus.py" "$dir" --lines "$n" --seed "$seed" --force
  fi
}

# ---- measurements ------------------------------------------------------------------------------
# time_cmd OUTPREFIX CMD...: runs CMD with stdout/stderr to OUTPREFIX.out/.err; sets
# T_WALL (seconds), T_RSS_KB, T_USER, T_SYS, T_RC.
time_cmd() {
  local prefix=$1; shift
  local t0 t1
  t0=$(now)
  set +e
  /usr/bin/time -f "%M %U %S" -o "$prefix.time" "$@" >"$prefix.out" 2>"$prefix.err"
  T_RC=$?
  set -e
  t1=$(now)
  T_WALL=$(python3 -c "print(f'{$t1 - $t0:.3f}')")
  read -r T_RSS_KB T_USER T_SYS < <(tail -1 "$prefix.time")
}

declare -a ROWS=() PREDICT_ROWS=()
add_row() {  # name lines files wall_seconds cpu_seconds rss_kb
  ROWS+=("$1|$2|$3|$4|$5|$6")
}
cpu_of() { python3 -c "print(f'{$1 + $2:.2f}')"; }  # user sys -> user+sys
lower() { python3 -c "import sys; sys.exit(0 if $1 < $2 else 1)"; }

bench_corpus() {  # DIR TAG
  local dir=$1 tag=$2
  local files nlines flist="$work/$tag.files" out="$work/$tag"
  mkdir -p "$out"
  # the same file set sapfor-lex loads: every .f and .f90 under the corpus
  (cd "$dir" && find . -type f \( -name '*.f' -o -name '*.f90' \) | sed 's|^\./||' | LC_ALL=C sort) >"$flist"
  files=$(wc -l <"$flist")
  nlines=$(cd "$dir" && tr '\n' '\0' <"$flist" | xargs -0 cat | wc -l)
  log ""
  log "== corpus $tag: $dir: $nlines lines in $files files"
  python3 - "$dir/corpus.json" <<'EOF'
import json, sys
i = json.load(open(sys.argv[1]))
print(f"   fixed form: {i['lines_fixed']} lines in {i['files_fixed']} files; free form: "
      f"{i['lines_free']} lines in {i['files_free']} files ({len(i['modules'])} modules); seed {i['seed']}")
EOF

  local cfg mode label jarg ann_on best best_cpu cpu rss_max i db ann cmd
  for cfg in "${CONFIGS[@]}"; do
    IFS='|' read -r label jarg ann_on <<<"$cfg"
    mode=${label// /}
    mode=${mode//,/}
    best=; best_cpu=; rss_max=0
    db="$out/sapfor-$mode.sqlite"; ann="$out/annotated-$mode"
    cmd=("$lex" "$dir" -o "$db")
    [[ -n "$jarg" ]] && cmd+=($jarg)
    [[ -n "$ann_on" ]] && cmd+=(--annotate-dir "$ann")
    log "-- sapfor-lex, annotation $label: ${cmd[*]}"
    for ((i = 1; i <= runs; i++)); do
      rm -f "$db"; rm -rf "$ann"
      sync
      time_cmd "$out/sapfor-$mode.$i" "${cmd[@]}"
      if [[ $T_RC -ne 0 && $T_RC -ne 1 ]]; then
        log "   run $i: exit status $T_RC (2: nothing written)"; tail -5 "$out/sapfor-$mode.$i.err"; exit 2
      fi
      log "   run $i: ${T_WALL} s wall (user ${T_USER} s, sys ${T_SYS} s), peak ${T_RSS_KB} KB, exit $T_RC; $(grep -h '^sapfor-lex:' "$out/sapfor-$mode.$i.out" "$out/sapfor-$mode.$i.err" | tail -1)"
      cpu=$(cpu_of "$T_USER" "$T_SYS")
      if [[ -z "$best" ]] || lower "$T_WALL" "$best"; then best=$T_WALL; fi
      if [[ -z "$best_cpu" ]] || lower "$cpu" "$best_cpu"; then best_cpu=$cpu; fi
      ((T_RSS_KB > rss_max)) && rss_max=$T_RSS_KB
    done
    log "   best of $runs: $best s wall, $best_cpu s CPU (user+sys); peak memory (largest of the $runs runs): $rss_max KB; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
    add_row "$tag sapfor-lex annotation $label" "$nlines" "$files" "$best" "$best_cpu" "$rss_max"
  done
  log "   database: $(du -k "$out/sapfor-off.sqlite" | cut -f1) KB; annotated copies: $(du -sk "$out/annotated-on" | cut -f1) KB"

  # diagnostics of the (annotation off) database
  log "-- diagnostics sapfor-lex recorded ($out/sapfor-off.sqlite, table diagnostics):"
  sqlite3 "$out/sapfor-off.sqlite" "SELECT '   total: ' || count(*) FROM diagnostics;"
  sqlite3 "$out/sapfor-off.sqlite" "SELECT '   ' || severity || ': ' || count(*) FROM diagnostics GROUP BY severity ORDER BY count(*) DESC;"
  sqlite3 "$out/sapfor-off.sqlite" "SELECT '   ' || count(*) || ' x ' || severity || ': ' || message || '  (' || count(DISTINCT file) || ' files; first: ' || min(file || ':' || line) || ')' FROM diagnostics GROUP BY severity, message ORDER BY count(*) DESC LIMIT 15;"
  sqlite3 "$out/sapfor-off.sqlite" "SELECT '   loaded: ' || (SELECT count(*) FROM procedures) || ' procedures, ' || (SELECT count(*) FROM loops) || ' loops (max depth ' || (SELECT max(depth) FROM loops) || '), ' || (SELECT count(*) FROM directives WHERE kind = 'PARALLEL') || ' PARALLEL directives, ' || (SELECT count(*) FROM array_refs) || ' array references';"

  if [[ -x "$predict" ]]; then
    local pcmd=("$predict" "$out/sapfor-off.sqlite" -q --no-record --registers heuristic --param n1=64 --param n2=64 --param n3=64 --param nv=5)
    log "-- dvmh-predict, every kernel: ${pcmd[*]}"
    local pbest= kernels
    kernels=$(sqlite3 "$out/sapfor-off.sqlite" "SELECT (SELECT count(*) FROM directives WHERE kind = 'PARALLEL' AND loop_id IS NOT NULL) + (SELECT count(*) FROM expert_directives e WHERE kind = 'PARALLEL' AND NOT EXISTS (SELECT 1 FROM directives d WHERE d.kind = 'PARALLEL' AND d.loop_id = e.loop_id))")
    for ((i = 1; i <= runs; i++)); do
      time_cmd "$out/predict.$i" "${pcmd[@]}"
      [[ $T_RC -eq 0 ]] || { log "   run $i: exit status $T_RC"; tail -5 "$out/predict.$i.err"; exit 2; }
      log "   run $i: ${T_WALL} s wall (user ${T_USER} s, sys ${T_SYS} s), peak ${T_RSS_KB} KB"
      if [[ -z "$pbest" ]] || lower "$T_WALL" "$pbest"; then pbest=$T_WALL; fi
    done
    "${pcmd[@]/-q/--format=csv}" | awk -F, 'NR > 1 { n[$3]++ } END { for (s in n) printf "   kernels %s: %d\n", s, n[s] }'
    log "   best of $runs: $pbest s for $kernels kernels: $(python3 -c "print(f'{$kernels / $pbest:.0f}')") kernels/s"
    PREDICT_ROWS+=("$tag|$kernels|$pbest")
  fi

  if [[ -x "$differ" && -f "$out/sapfor-on.sqlite" ]]; then
    # Two databases of the same sources (annotation on and off): every entity compared, none differs.
    local dcmd=("$differ" "$out/sapfor-off.sqlite" "$out/sapfor-on.sqlite" --summary)
    log "-- sapfor-diff, the two databases of this corpus: ${dcmd[*]}"
    time_cmd "$out/diff" "${dcmd[@]}"
    [[ $T_RC -eq 0 ]] || { log "   exit status $T_RC (0 expected: the same sources)"; tail -5 "$out/diff.out" "$out/diff.err"; exit 2; }
    log "   ${T_WALL} s wall (user ${T_USER} s, sys ${T_SYS} s), peak ${T_RSS_KB} KB: $(tail -1 "$out/diff.out")"
  fi

  if [[ $gfortran_on -eq 1 ]]; then
    local moddir="$out/gfortran-mod" fails="$out/gfortran-failures.txt"
    rm -rf "$moddir"; mkdir -p "$moddir"; : >"$fails"
    # module files first (file-name order is dependency order), then everything else
    { grep '^modules/' "$flist" || true; grep -v '^modules/' "$flist" || true; } >"$out/gfortran-order.txt"
    log "-- gfortran -fsyntax-only, one process per file, sequential, modules first:"
    log "   cd $dir && while read f; do gfortran -fsyntax-only -J $moddir \"\$f\" || echo \"\$f\" >>$fails; done <$out/gfortran-order.txt"
    (cd "$dir" && time_cmd "$out/gfortran" bash -c \
      'while IFS= read -r f; do gfortran -fsyntax-only -J "$1" "$f" 2>>"$3.log" || echo "$f" >>"$3"; done <"$2"' \
      _ "$moddir" "$out/gfortran-order.txt" "$fails"
      echo "$T_WALL $T_RSS_KB $T_USER $T_SYS" >"$out/gfortran.result")
    read -r T_WALL T_RSS_KB T_USER T_SYS <"$out/gfortran.result"
    local nfail; nfail=$(wc -l <"$fails")
    log "   run 1: ${T_WALL} s wall (user ${T_USER} s, sys ${T_SYS} s), peak ${T_RSS_KB} KB (largest single process); $nfail of $files files failed to compile"
    [[ $nfail -gt 0 ]] && { log "   failures (first 10):"; head -10 "$fails" | sed 's/^/     /'; }
    log "   load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
    add_row "$tag gfortran -fsyntax-only" "$nlines" "$files" "$T_WALL" "$(cpu_of "$T_USER" "$T_SYS")" "$T_RSS_KB"
  fi
}

log "== machine: $(nproc) CPUs (nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM, $(uname -sr)"
log "== tools: $("$lex" --version); $( [[ $gfortran_on -eq 1 ]] && gfortran --version | head -1)"
log "== work folder (databases, annotated copies, logs): $work"
# sapfor-lex configurations: label|extra arguments|annotate. With -j/--jobs (parallel parsing,
# default: the number of cores) the default is measured and also -j 1, the per-core figure to set
# against gfortran, which runs one file at a time.
CONFIGS=("off||" "on||yes")
# sapfor-lex analyzes the loops after the load unless told not to: the front end alone too.
if grep -q -- '--no-analysis' <<<"$("$lex" --help 2>/dev/null)"; then
  CONFIGS+=("off, no analysis|--no-analysis|")
fi
if grep -q -- '--jobs' <<<"$("$lex" --help 2>/dev/null)"; then
  CONFIGS+=("off -j1|-j 1|" "on -j1|-j 1|yes")
  grep -q -- '--no-analysis' <<<"$("$lex" --help 2>/dev/null)" && CONFIGS+=("off -j1, no analysis|-j 1 --no-analysis|")
  log "   sapfor-lex has -j/--jobs: measured with its default ($(grep -o 'jobs *\] arg (=[0-9]*)' <<<"$("$lex" --help)" | grep -o '[0-9]*' || echo '?') jobs here) and with -j 1; gfortran runs one file at a time"
else
  log "   sapfor-lex is single-threaded (no -j option); gfortran runs one file at a time"
fi

ensure_corpus "$corpus" "$lines"
bench_corpus "$corpus" "$((lines / 1000))k"
if [[ $big -eq 1 ]]; then
  ensure_corpus "$big_corpus" "$big_lines"
  bench_corpus "$big_corpus" "$((big_lines / 1000))k"
fi

# ---- summary -----------------------------------------------------------------------------------
log ""
log "== summary: seconds = wall time (best of $runs for sapfor-lex, 1 run for gfortran); CPU s = user+sys"
log "   (best of $runs; for gfortran all its processes); peak MB = largest resident set (%M)"
log "   load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
printf '%-50s %9s %6s %9s %10s %8s %12s %8s\n' "what" "lines" "files" "seconds" "lines/s" "CPU s" "lines/CPU-s" "peak MB"
declare -A TPUT=() CTPUT=()
for r in "${ROWS[@]}"; do
  IFS='|' read -r name nl nf sec cpu kb <<<"$r"
  tput=$(python3 -c "print(f'{$nl / $sec:.0f}')")
  ctput=$(python3 -c "print(f'{$nl / $cpu:.0f}')")
  TPUT["$name"]=$tput
  CTPUT["$name"]=$ctput
  printf '%-50s %9s %6s %9s %10s %8s %12s %8s\n' "$name" "$nl" "$nf" "$sec" "$tput" "$cpu" "$ctput" \
    "$(python3 -c "print(f'{$kb / 1024:.1f}')")"
done
log ""
for r in "${ROWS[@]}"; do
  IFS='|' read -r name _ <<<"$r"
  case "$name" in
    *"sapfor-lex annotation"*)
      tag=${name%% *}
      g="$tag gfortran -fsyntax-only"
      if [[ -n "${TPUT[$g]:-}" ]]; then
        printf 'ratio %-40s %6.2fx wall, %6.2fx CPU  (target >= 20x)\n' "${name#* }/gfortran ($tag):" \
          "$(python3 -c "print(${TPUT[$name]} / ${TPUT[$g]})")" "$(python3 -c "print(${CTPUT[$name]} / ${CTPUT[$g]})")"
      fi ;;
  esac
done
for r in "${PREDICT_ROWS[@]}"; do
  IFS='|' read -r tag kernels sec <<<"$r"
  printf 'dvmh-predict %-33s %7s kernels in %s s: %.0f kernels/s (sapfor-lex with analysis: %s s)\n' "($tag):" "$kernels" \
    "$sec" "$(python3 -c "print($kernels / $sec)")" \
    "$(for row in "${ROWS[@]}"; do IFS='|' read -r n _ _ s _ <<<"$row"; [[ $n == "$tag sapfor-lex annotation off" ]] && echo "$s"; done)"
done
for r in "${ROWS[@]}"; do
  IFS='|' read -r name nl _ _ _ kb <<<"$r"
  case "$name" in
    *"sapfor-lex annotation"*)
      printf 'peak memory %-34s %7.1f MB at %s lines (target < 200 MB for 1M lines)\n' "${name#* }:" \
        "$(python3 -c "print($kb / 1024)")" "$nl" ;;
  esac
done

#!/usr/bin/env bash
# bench/profile.sh -- where sapfor-lex spends its time, with perf.
#
# Builds sapfor-lex with the Release flags plus -g -fno-omit-frame-pointer in a build folder of its
# own, then:
#   1. perf record -g (frame pointers) of one run on the whole corpus: flat profile (self time);
#   2. perf record --call-graph dwarf of one run on a subset (the first --subset files of the
#      corpus, modules first, copied into OUT/subset), because the system libraries (SQLite,
#      libstdc++, libc) have no frame pointers: inclusive (children) time per phase.
# Prints the top functions by self time, and the inclusive time of the pipeline's entry points
# (parse, prescan, classify, symbols, facts, database writes).
#
# Usage: bench/profile.sh --corpus DIR [--build DIR] [--out DIR] [--subset N] [--top N]
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
build=/tmp/sapfor-bench-build-prof
corpus=
out=/tmp/sapfor-bench-profile
subset=40
top=20
while [[ $# -gt 0 ]]; do
  case "$1" in
    --corpus) corpus=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --subset) subset=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "profile.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -n "$corpus" && -d "$corpus" ]] || { echo "profile.sh: --corpus DIR (a generated corpus) is required" >&2; exit 2; }
command -v perf >/dev/null || { echo "profile.sh: perf is required" >&2; exit 2; }
corpus=$(cd "$corpus" && pwd)
mkdir -p "$out"

echo "== build: $build (Release + -g -fno-omit-frame-pointer)"
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="-g -fno-omit-frame-pointer" >"$out/cmake.log" 2>&1 || { cat "$out/cmake.log"; exit 2; }
cmake --build "$build" -j"$(nproc)" --target sapfor-lex >>"$out/cmake.log" 2>&1 || { tail -40 "$out/cmake.log"; exit 2; }
lex="$build/sapfor-lex"

# Our entry points per phase: every symbol whose name contains one of these is reported with its
# inclusive time (children), so the list survives renames of single functions.
phases='Prescan|prescan|Preprocess|Classif|classify|Parser|parse|yylex|Scanner|Symbol|Semantic|Fact|Operation|Subscript|Annotat|Writer|Database|Loader|load|sqlite3_step|sqlite3_prepare|sqlite3_bind|malloc|free|operator new|operator delete'

report() {  # DATA TITLE
  local data=$1
  echo ""
  echo "-- $2: top $top by self time (perf report --no-children --sort symbol)"
  perf report -i "$data" --stdio --no-children --sort symbol --percent-limit 0.3 2>/dev/null |
    grep -E '^ +[0-9.]+%' | head -"$top"
  echo ""
  echo "-- $2: inclusive time (perf report --children --sort symbol), entries matching the phases"
  perf report -i "$data" --stdio --children --sort symbol --percent-limit 1 -g none 2>/dev/null |
    grep -E '^ +[0-9.]+%' | grep -E "$phases" | head -60
}

echo ""
echo "== 1. frame-pointer call graphs, whole corpus $corpus"
rm -f "$out/full.sqlite"
cmd=(perf record -g -o "$out/perf-full.data" -- "$lex" "$corpus" -o "$out/full.sqlite")
echo "   ${cmd[*]}"
"${cmd[@]}" >"$out/full.out" 2>"$out/full.err" || true
grep -h '^sapfor-lex:' "$out/full.out" "$out/full.err" | sed 's/^/   /'
grep -h 'perf record' "$out/full.err" | sed 's/^/   /'
report "$out/perf-full.data" "whole corpus, -g"

echo ""
echo "== 2. DWARF call graphs, subset: the first $subset files (modules first)"
rm -rf "$out/subset"; mkdir -p "$out/subset"
(cd "$corpus" && { find modules -type f -name '*.f90' | LC_ALL=C sort; find legacy src -type f | LC_ALL=C sort; } |
  head -"$subset" | while IFS= read -r f; do mkdir -p "$out/subset/$(dirname "$f")"; cp "$f" "$out/subset/$f"; done)
echo "   $(find "$out/subset" -type f | wc -l) files, $(find "$out/subset" -type f -print0 | xargs -0 cat | wc -l) lines"
rm -f "$out/subset.sqlite"
cmd=(perf record --call-graph dwarf,32768 -F 2000 -o "$out/perf-dwarf.data" -- "$lex" "$out/subset" -o "$out/subset.sqlite")
echo "   ${cmd[*]}"
"${cmd[@]}" >"$out/subset.out" 2>"$out/subset.err" || true
grep -h '^sapfor-lex:' "$out/subset.out" "$out/subset.err" | sed 's/^/   /'
report "$out/perf-dwarf.data" "subset, dwarf"

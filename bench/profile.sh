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
# sapfor-lex runs with -j 1 by default here (--jobs N to change), so that every phase is on one
# thread and the percentages add up to the whole run.
#
# Usage: bench/profile.sh --corpus DIR [--build DIR] [--out DIR] [--subset N] [--top N] [--jobs N]
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
build=/tmp/sapfor-bench-build-prof
corpus=
out=/tmp/sapfor-bench-profile
subset=150
top=20
jobs=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --corpus) corpus=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --subset) subset=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
jarg=()
if grep -q -- '--jobs' <<<"$("$lex" --help 2>/dev/null)"; then jarg=(-j "$jobs"); fi

# The pipeline's entry points, per phase, reported with their inclusive time (children); a regular
# expression on the symbol, so that it survives renames of single functions.
phases='loadProgram|parseFile|Prescanner::scan\b|Preprocess|StatementClassifier::classify|StatementParser::run|FortranParser::parse\b|yylex|sapfor_lex|resolveSymbols|SymbolPass::analyzeUnit|countOperations|extractFacts|Subscript|[Aa]nnotat|FactWriter::write|BatchedInsert|sqlite3_step|sqlite3VdbeExec|ParsedInput::~|~Expr|~Node|~vector<std::unique_ptr|malloc|_int_free|cfree|operator new|operator delete'

tidy() { sed -e 's/  \+/ /g' -e 's/ - - *$//' | cut -c1-170; }

report() {  # DATA TITLE TAG
  local data=$1 tag=$3
  perf report -i "$data" --stdio --no-children --sort symbol --percent-limit 0.2 >"$out/$tag-self.txt" 2>/dev/null || true
  perf report -i "$data" --stdio --children --sort symbol --percent-limit 0.2 -g none >"$out/$tag-children.txt" 2>/dev/null || true
  echo ""
  echo "-- $2: top $top by self time (perf report --no-children --sort symbol; all: $out/$tag-self.txt)"
  grep -E '^ +[0-9.]+%' "$out/$tag-self.txt" | head -"$top" | tidy || true
  echo ""
  echo "-- $2: inclusive time of the phases (perf report --children --sort symbol; all: $out/$tag-children.txt)"
  echo "   children  self  symbol"
  grep -E '^ +[0-9.]+%' "$out/$tag-children.txt" | grep -E "$phases" | head -50 | tidy || true
}

echo ""
echo "== 1. frame-pointer call graphs, whole corpus $corpus"
rm -f "$out/full.sqlite"
cmd=(perf record -g -o "$out/perf-full.data" -- "$lex" "$corpus" -o "$out/full.sqlite" "${jarg[@]}")
echo "   ${cmd[*]}"
"${cmd[@]}" >"$out/full.out" 2>"$out/full.err" || true
grep -h '^sapfor-lex:' "$out/full.out" "$out/full.err" | sed 's/^/   /'
grep -h 'perf record' "$out/full.err" | sed 's/^/   /'
report "$out/perf-full.data" "whole corpus, -g" full

echo ""
echo "== 2. DWARF call graphs, subset: the first $subset files (modules first)"
rm -rf "$out/subset"; mkdir -p "$out/subset"
(cd "$corpus" && { find modules -type f -name '*.f90' | LC_ALL=C sort; find legacy src -type f | LC_ALL=C sort; } |
  head -"$subset" | while IFS= read -r f; do mkdir -p "$out/subset/$(dirname "$f")"; cp "$f" "$out/subset/$f"; done)
echo "   $(find "$out/subset" -type f | wc -l) files, $(find "$out/subset" -type f -print0 | xargs -0 cat | wc -l) lines"
rm -f "$out/subset.sqlite"
cmd=(perf record --call-graph dwarf,32768 -F 1000 -o "$out/perf-dwarf.data" -- "$lex" "$out/subset" -o "$out/subset.sqlite" "${jarg[@]}")
echo "   ${cmd[*]}"
"${cmd[@]}" >"$out/subset.out" 2>"$out/subset.err" || true
grep -h '^sapfor-lex:' "$out/subset.out" "$out/subset.err" | sed 's/^/   /'
report "$out/perf-dwarf.data" "subset, dwarf" dwarf

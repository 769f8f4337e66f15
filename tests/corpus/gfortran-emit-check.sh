#!/usr/bin/env bash
# Emit check: the copies `sapfor-analyze --emit-dvmh` writes of real programs still compile.
#
#   tests/corpus/gfortran-emit-check.sh BUILD_DIR [WORK_DIR]
#
#   BUILD_DIR  where sapfor-lex and sapfor-analyze are
#   WORK_DIR   the folder gfortran-testsuite.sh wrote (default: ${TMPDIR:-/tmp}/sapfor-corpus):
#              its src/ and results.tsv (run that script first)
#
# Environment: JOBS (parallel runs, default: the number of CPUs), TIMEOUT (seconds per command,
# default 20).
#
# For every file results.tsv lists as clean (loaded without an error), with the options that
# run used: `gfortran -fsyntax-only` on the original (-cpp, -ffixed-form/-ffree-form, -D as
# sapfor-lex was given them); when gfortran accepts it on its own (a file that needs another
# file's module does not count), sapfor-lex loads it, sapfor-analyze --emit-dvmh writes the copy
# with the expert's directives, and gfortran must accept the copy too.
#
# Prints one line per file that fails (ANALYZE: sapfor-analyze refused; EMITTED: gfortran rejects
# the copy, with its first error) and a summary; WORK_DIR/emit-check.tsv has every file's status
# (ok, changed: the copy differs from the original; skipped: gfortran rejects the original alone).
# Exit status: 0 every copy compiles; 1 some do not; 2 usage or setup error.
set -uo pipefail

build=${1:-}
work=${2:-${TMPDIR:-/tmp}/sapfor-corpus}
if [[ -z "$build" || ! -x "$build/sapfor-lex" || ! -x "$build/sapfor-analyze" ]]; then
  echo "usage: $0 BUILD_DIR [WORK_DIR]  (BUILD_DIR holds sapfor-lex and sapfor-analyze)" >&2
  exit 2
fi
if [[ ! -f "$work/results.tsv" || ! -d "$work/src" ]]; then
  echo "$work: no results.tsv or src/: run tests/corpus/gfortran-testsuite.sh first" >&2
  exit 2
fi
command -v gfortran >/dev/null || { echo "gfortran is not installed" >&2; exit 2; }

export LEX=$(cd "$build" && pwd)/sapfor-lex ANALYZE=$(cd "$build" && pwd)/sapfor-analyze
export SRC=$work/src TIMEOUT=${TIMEOUT:-20}
export SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/sapfor-emit.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT

check_one() {
  local file=$1 args=$2 dir flags="" define out status
  dir=$(mktemp -d "$SCRATCH/f.XXXXXX")
  [[ "$args" == *--cpp* ]] && flags+=" -cpp"
  [[ "$args" == *"--form fixed"* ]] && flags+=" -ffixed-form"
  [[ "$args" == *"--form free"* ]] && flags+=" -ffree-form"
  for define in $(grep -o -- '-D *[^ ]*' <<<"$args" | sed 's/^-D *//'); do flags+=" -D$define"; done
  # From the file's own folder (INCLUDE), .mod files into the scratch folder.
  if ! (cd "$(dirname "$SRC/$file")" && timeout "$TIMEOUT" gfortran -fsyntax-only -w -J "$dir" $flags "$SRC/$file") >/dev/null 2>&1; then
    printf '%s\tskipped\n' "$file"; rm -rf "$dir"; return
  fi
  # shellcheck disable=SC2086
  (cd "$(dirname "$SRC/$file")" && timeout "$TIMEOUT" "$LEX" -q $args "$SRC/$file" -o "$dir/db.sqlite") >/dev/null 2>&1
  status=$?
  if (( status > 1 )); then printf '%s\tload\t%s\n' "$file" "sapfor-lex exit $status"; rm -rf "$dir"; return; fi
  if ! timeout "$TIMEOUT" "$ANALYZE" -q "$dir/db.sqlite" --emit-dvmh "$dir/out" >/dev/null 2>"$dir/err"; then
    printf '%s\tanalyze\t%s\n' "$file" "$(head -c 300 "$dir/err" | tr '\n\t' '  ')"; rm -rf "$dir"; return
  fi
  out="$dir/out/$(basename "$file")"
  if [[ ! -f "$out" ]]; then printf '%s\tanalyze\tno copy written\n' "$file"; rm -rf "$dir"; return; fi
  # The copy is elsewhere: INCLUDE files are found in the original's folder (-I).
  if ! (cd "$(dirname "$SRC/$file")" && timeout "$TIMEOUT" gfortran -fsyntax-only -w -J "$dir" -I "$(dirname "$SRC/$file")" $flags "$out") >"$dir/err" 2>&1; then
    printf '%s\temitted\t%s\n' "$file" "$(grep -m1 -i 'error' "$dir/err" | tr '\t' ' ')"; rm -rf "$dir"; return
  fi
  if cmp -s "$SRC/$file" "$out"; then printf '%s\tok\n' "$file"; else printf '%s\tchanged\n' "$file"; fi
  rm -rf "$dir"
}
export -f check_one

awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
            $col["status"] == "clean" { print $col["file"] "\t" $col["sapfor_args"] }' "$work/results.tsv" |
  xargs -P "${JOBS:-$(nproc)}" -d '\n' -n 1 bash -c 'IFS=$'"'"'\t'"'"' read -r f a <<<"$0"; check_one "$f" "$a"' \
  >"$work/emit-check.tsv"

awk -F'\t' '$2 == "load" || $2 == "analyze" || $2 == "emitted" { print toupper($2) ": " $1 ": " $3 }' "$work/emit-check.tsv"
awk -F'\t' '{ n[$2]++ } END {
  tried = n["ok"] + n["changed"] + n["load"] + n["analyze"] + n["emitted"]
  printf "clean files %d; gfortran rejects %d of them alone (skipped)\n", NR, n["skipped"]
  printf "emitted copies that compile: %d of %d (%d with directives changed, %d unchanged)\n",
         n["ok"] + n["changed"], tried, n["changed"], n["ok"]
  printf "failures: %d load, %d analyze, %d copy rejected by gfortran\n", n["load"], n["analyze"], n["emitted"]
  exit (n["load"] + n["analyze"] + n["emitted"] > 0) }' "$work/emit-check.tsv"

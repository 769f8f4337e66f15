#!/usr/bin/env bash
# Regression test for the inputs the fuzzer found (tests/fuzz/README.md):
#   check-crashers.sh SAPFOR_LEX CRASHERS_DIR
# runs sapfor-lex over every file in CRASHERS_DIR, as fixed form and as free form, each also with
# --cpp, each on the calling thread (-j 1) and on a parsing thread (-j 2: a failure there must reach
# the main thread, not leave it waiting), and fails when a run does not end with status 0, 1 or 2
# (a crash, an abort, a timeout),
# prints a sanitizer report, or reports an internal error (an exception that escaped the front
# end). Most of these inputs are memory errors that a normal build may survive by luck: the test
# is only conclusive in a sanitizer build (-DSAPFOR_SANITIZE=ON), where ASan exits with 86 here.
# Each run has 60 seconds (SAPFOR_CRASHER_TIMEOUT to change it).
set -u
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=87:print_stacktrace=1"
sapfor_lex=${1:?usage: check-crashers.sh SAPFOR_LEX CRASHERS_DIR}
dir=${2:?usage: check-crashers.sh SAPFOR_LEX CRASHERS_DIR}
limit=${SAPFOR_CRASHER_TIMEOUT:-60}
if [ ! -x "$sapfor_lex" ]; then echo "FAIL: $sapfor_lex is not an executable"; exit 1; fi
if [ ! -d "$dir" ]; then echo "FAIL: $dir is not a directory"; exit 1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
count=0
shopt -s nullglob
for input in "$dir"/*; do
  [ -f "$input" ] || continue
  name=$(basename "$input")
  case "$name" in README*|*.md) continue ;; esac
  count=$((count + 1))
  for jobs in 1 2; do
    for form in fixed free; do
      for cpp in "" --cpp; do
        mode="-j $jobs --form $form${cpp:+ $cpp}"
        # A copy with a neutral name: the extension must not switch preprocessing on or off.
        cp "$input" "$work/input.txt"
        rm -f "$work/out.sqlite"
        timeout "$limit" "$sapfor_lex" -q -j "$jobs" --form "$form" $cpp "$work/input.txt" -o "$work/out.sqlite" \
          >"$work/stdout" 2>"$work/stderr"
        rc=$?
        if [ "$rc" -gt 2 ]; then
          case "$rc" in
            124) why="timed out after ${limit}s" ;;
            *) why="exit status $rc$( [ "$rc" -gt 128 ] && echo " (signal $((rc - 128)))")" ;;
          esac
          echo "FAIL: $name ($mode): $why"
          grep -m5 -E "ERROR|runtime error|SUMMARY|internal error|terminate" "$work/stderr" | sed 's/^/    /'
          status=1
        elif grep -qE '^==[0-9]+==ERROR: |runtime error: |^SUMMARY: (Address|Undefined|Leak)' "$work/stderr"; then
          echo "FAIL: $name ($mode): sanitizer report"
          grep -m5 -E "ERROR|runtime error|SUMMARY" "$work/stderr" | sed 's/^/    /'
          status=1
        elif grep -q '^sapfor-lex: internal error' "$work/stderr"; then
          echo "FAIL: $name ($mode): $(grep -m1 '^sapfor-lex: internal error' "$work/stderr")"
          status=1
        fi
      done
    done
  done
done
if [ "$count" -eq 0 ]; then echo "FAIL: no inputs in $dir"; exit 1; fi
[ "$status" -eq 0 ] && echo "OK: $count inputs, 8 runs each, no crash"
exit "$status"

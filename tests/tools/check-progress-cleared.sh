#!/usr/bin/env bash
# sapfor-lex on a terminal draws a progress line ("[3/30] f3.f90"); a diagnostic printed while it
# is shown must start on a line of its own, the progress line wiped first ("\r\033[K"), not glued
# to it ("[1/30] f1.f90f10.f90:4:11: error: ..."). Runs sapfor-lex under script(1) for a terminal;
# skipped (exit 77) where script is missing. There the diagnostics are in colour; with NO_COLOR
# set they are not.
set -u
sapfor_lex=$1
command -v script >/dev/null || { echo "SKIPPED: script(1) is not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
for i in $(seq 1 30); do printf 'subroutine s%d(a)\n  real :: a(10)\n  call foo(\nend\n' "$i" >"$work/src/f$i.f90"; done
script -qec "'$sapfor_lex' '$work/src' -o '$work/db.sqlite'" /dev/null >"$work/raw.txt" 2>&1
# On a terminal the diagnostics are in colour (--color auto): the place bold, "error" red.
grep -aq $'\x1b\[1;31merror\x1b\[0m: syntax error' "$work/raw.txt" || { echo "FAIL: no diagnostic in colour on a terminal"; cat -A "$work/raw.txt" | head -3; exit 1; }
# The colours stripped (SGR sequences end in m; the wipe "\033[K" stays), for the checks below.
sed 's/\x1b\[[0-9;]*m//g' "$work/raw.txt" >"$work/out.txt"
errors=$(grep -c 'error: syntax error' "$work/out.txt")
[ "$errors" -eq 30 ] || { echo "FAIL: $errors syntax errors reported, 30 expected"; cat -A "$work/out.txt" | head; exit 1; }
# A progress line is "\r\033[K[n/30] path"; what follows it must be another "\r\033[K" or the end.
if grep -aP '\[[0-9]+/30\] [^\r\x1b]*\.f90[^\r\x1b]' "$work/out.txt" >/dev/null; then
  echo "FAIL: a diagnostic follows the progress line on the same line:"
  grep -aP '\[[0-9]+/30\] [^\r\x1b]*\.f90[^\r\x1b]' "$work/out.txt" | cat -A | head -3
  exit 1
fi
script -qec "NO_COLOR=1 '$sapfor_lex' '$work/src' -o '$work/db2.sqlite'" /dev/null >"$work/plain.txt" 2>&1
if grep -aq $'\x1b\[1' "$work/plain.txt"; then echo "FAIL: colour with NO_COLOR set"; cat -A "$work/plain.txt" | head -3; exit 1; fi
echo "30 diagnostics in colour, none glued to the progress line; none in colour with NO_COLOR"

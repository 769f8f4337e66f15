#!/usr/bin/env bash
# Writes every bundled example with the DVMH expert's directives (sapfor-analyze --emit-dvmh) and
# checks the copies:
#  1. gfortran -fsyntax-only accepts each copy (the directives are comments to it);
#  2. each copy has one PARALLEL directive per PARALLEL the expert proposed for that file;
#  3. the copy differs from the original only in DVM directive lines;
#  4. loading and emitting the copies again reproduces them byte for byte.
set -u
sapfor_lex=$1
sapfor_analyze=$2
examples=$3
if ! command -v gfortran >/dev/null 2>&1; then
  echo "SKIPPED: gfortran is not installed; emitted copies were not compiled"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$sapfor_lex" -q "$examples" -o "$work/first.sqlite" || exit 1
"$sapfor_analyze" -q "$work/first.sqlite" --emit-dvmh "$work/first" || exit 1
"$sapfor_lex" -q "$work/first" -o "$work/second.sqlite" || exit 1
"$sapfor_analyze" -q "$work/second.sqlite" --emit-dvmh "$work/second" || exit 1
directive='^[!cC*]DVM\$'
status=0
count=0
for original in "$examples"/*; do
  name=$(basename "$original")
  copy="$work/first/$name"
  count=$((count + 1))
  if ! (cd "$work" && gfortran -std=legacy -fsyntax-only -J "$work" "$copy"); then
    echo "FAIL: $name: gfortran rejects the copy with the expert's directives"; status=1
  fi
  proposed=$(sqlite3 "$work/first.sqlite" \
    "SELECT count(*) FROM expert_directives WHERE kind = 'PARALLEL' AND file = '$name'" 2>/dev/null || echo "?")
  found=$(grep -ciE "${directive} +PARALLEL" "$copy")
  if [ "$proposed" != "?" ] && [ "$proposed" != "$found" ]; then
    echo "FAIL: $name: $found PARALLEL directives in the copy, $proposed proposed"; status=1
  fi
  if ! diff <(grep -viE "$directive" "$original") <(grep -viE "$directive" "$copy") >/dev/null; then
    echo "FAIL: $name: the copy differs from the original beyond DVM directive lines"; status=1
  fi
  if ! cmp -s "$copy" "$work/second/$name"; then
    echo "FAIL: $name: emitting from the emitted copy changed it"; status=1
  fi
done
echo "checked $count examples written with the expert's directives"
exit $status

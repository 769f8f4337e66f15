#!/usr/bin/env bash
# Annotates every bundled example and checks the copies:
#  1. gfortran -fsyntax-only accepts each copy;
#  2. removing the !SAPFOR$ OPS lines gives back the original byte for byte (only comment lines
#     were added, so the copy compiles exactly like the original);
#  3. annotating the annotated copies changes nothing (annotations are replaced, not duplicated).
set -u
sapfor_lex=$1
examples=$2
if ! command -v gfortran >/dev/null 2>&1; then
  echo "SKIPPED: gfortran is not installed; annotated copies were not compiled"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$sapfor_lex" -q "$examples" -o "$work/first.sqlite" --annotate-dir "$work/first" || exit 1
"$sapfor_lex" -q "$work/first" -o "$work/second.sqlite" --annotate-dir "$work/second" || exit 1
status=0
count=0
for original in "$examples"/*; do
  name=$(basename "$original")
  copy="$work/first/$name"
  count=$((count + 1))
  if ! grep -qi '^ *!SAPFOR\$ OPS' "$copy" && grep -qiE '^ *([0-9]+ +)?do\b' "$original"; then
    echo "FAIL: $name: no annotation in the copy"; status=1
  fi
  if ! (cd "$work" && gfortran -std=legacy -fsyntax-only -J "$work" "$copy"); then
    echo "FAIL: $name: gfortran rejects the annotated copy"; status=1
  fi
  if ! grep -vi '^ *!SAPFOR\$ OPS' "$copy" | cmp -s - "$original"; then
    echo "FAIL: $name: the copy differs from the original beyond the annotation lines"; status=1
  fi
  if ! cmp -s "$copy" "$work/second/$name"; then
    echo "FAIL: $name: annotating the annotated copy changed it"; status=1
  fi
done
echo "checked $count annotated examples"
exit $status

#!/usr/bin/env bash
# Runs every query of the README's cookbook against the databases the cookbook describes and
# compares its output with the one the README prints under it.
#
# Usage: check-cookbook.sh SAPFOR_LEX DVMH_PREDICT REPO [--update]
#   --update rewrites the README's outputs with what the queries print now (review the diff).
# Exit: 0 every query printed what the README says; 1 a query differs or fails, or there are fewer
# than 10; 77 (skipped) without the sqlite3 shell.
set -euo pipefail
lex=$1 predict=$2 repo=$3 update=${4:-}
readme=$repo/README.md
command -v sqlite3 >/dev/null || { echo "SKIPPED: the sqlite3 shell is not installed"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The databases of the cookbook's set-up: the bundled examples predicted on the default GPU (the
# H100) then the C2050, and the previous revision of jacobi2d on the C2050.
"$lex" "$repo/data/examples" -o "$work/examples.sqlite" -q
"$predict" "$work/examples.sqlite" -q
"$predict" "$work/examples.sqlite" --gpu c2050 -q
"$lex" "$repo/tests/cookbook/previous" -o "$work/previous.sqlite" -q
"$predict" "$work/previous.sqlite" --gpu c2050 -q

# Split the cookbook section into query N (a ```sql block) and its expected output (the ```text
# block after it): q.N and expected.N.
awk -v dir="$work" '
  /^## / { inside = ($0 ~ /^## Cookbook/) }
  !inside { next }
  block != "" && /^```$/ { close(out); block = ""; next }
  block != "" { print > out; next }
  /^```sql$/ { n++; block = "sql"; out = dir "/q." n; printf "" > out; next }
  /^```text$/ && n > 0 { block = "text"; out = dir "/expected." n; printf "" > out; next }
' "$readme"

status=0 count=0
for query in "$work"/q.*; do
  n=${query##*.}
  count=$((count + 1))
  (cd "$work" && sqlite3 -box -bail examples.sqlite <"$query") >"$work/actual.$n" 2>&1 || {
    echo "cookbook query $n failed:"; cat "$work/actual.$n"; status=1; continue; }
  if [[ ! -f "$work/expected.$n" ]]; then
    echo "cookbook query $n has no \`\`\`text block with its output"; status=1
  elif ! diff -u "$work/expected.$n" "$work/actual.$n" >"$work/diff.$n"; then
    echo "cookbook query $n prints something else than the README says:"; cat "$work/diff.$n"; status=1
  fi
done

if [[ "$update" == "--update" ]]; then
  # Replace each query's output block with what it printed.
  awk -v dir="$work" '
    /^## / { inside = ($0 ~ /^## Cookbook/) }
    inside && /^```sql$/ { n++ }
    inside && /^```text$/ && n > 0 { print; while ((getline line < (dir "/actual." n)) > 0) print line;
                                     skipping = 1; next }
    skipping && /^```$/ { skipping = 0 }
    skipping { next }
    { print }
  ' "$readme" >"$work/README.new"
  cp "$work/README.new" "$readme"
  echo "updated the outputs of $count cookbook queries in $readme"
  exit 0
fi

if (( count < 10 )); then
  echo "the cookbook has $count queries; it promises at least 10"; status=1
fi
(( status == 0 )) && echo "all $count cookbook queries print what the README says"
exit $status

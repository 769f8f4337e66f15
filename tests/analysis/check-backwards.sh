#!/usr/bin/env bash
# bench/backwards.py on the bundled examples: every loop the analysis proves parallel runs
# backwards and the programs print the same (exactly, without the reductions; with them, to 1e-9,
# the matrix product's rounding-error measure left out); and, as a control that the check can see
# an order, the loops the analysis leaves sequential (the iteration loops) run backwards change
# what they print.
set -u
sapfor_lex=$1
root=$2
if ! command -v gfortran >/dev/null 2>&1; then
  echo "SKIPPED: gfortran is not installed"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$sapfor_lex" -q "$root/data/examples" -o "$work/examples.sqlite" || exit 1
build='for f in *.f90 *.f; do gfortran -O1 -ffree-line-length-none -ffixed-line-length-none -o ${f%.*}.x $f || exit 1; done'
run='for x in *.x; do ./$x || exit 1; done'
backwards() {
  python3 "$root/bench/backwards.py" "$root/data/examples" --db "$work/examples.sqlite" --build "$build" --run "$run" "$@"
}
status=0
parallel=$(backwards)
code=$?
echo "$parallel"
if [ $code -ne 0 ] || ! grep -q '^2[0-9] loops proven parallel run backwards.* in [0-9]* builds; 0 change the output' <<<"$parallel"; then
  echo "FAIL: a loop proven parallel changes the output when it runs backwards (or fewer than 20 ran)"; status=1
fi
reductions=$(backwards --tolerance 1e-9 --ignore 'rel\. error')
code=$?
echo "$reductions"
if [ $code -ne 0 ] || ! grep -q '^4[0-9] loops proven parallel run backwards.* in [0-9]* builds; 0 change the output' <<<"$reductions"; then
  echo "FAIL: a loop proven parallel, reductions included, changes the output when it runs backwards"; status=1
fi
control=$(backwards --control)
code=$?
echo "$control"
if [ $code -ne 1 ] || ! grep -q 'loops left sequential run backwards in [0-9]* builds; [1-9][0-9]* change the output' <<<"$control"; then
  echo "FAIL: no loop left sequential changes the output when it runs backwards: the check sees nothing"; status=1
fi
exit $status

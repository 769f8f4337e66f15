#!/usr/bin/env bash
# bench/backwards.py on the bundled examples: every loop the analysis proves parallel runs
# backwards and the programs print the same (exactly, without the reductions; with them, to 1e-9,
# the matrix product's rounding-error measure left out); and, as a control that the check can see
# an order, the loops the analysis leaves sequential (the iteration loops) run backwards change
# what they print, and a scalar wrongly marked private (by hand) prints the garbage the check
# sets it to.
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
# The spoiling's control: t read before it is written in each iteration, marked private (and the
# loop parallel) by hand, prints the garbage set where each iteration starts.
mkdir "$work/carried"
printf '%s\n' 'program carried' '  integer :: i, t, a(10)' '  t = 5' '  do i = 1, 10' '    a(i) = t' '    t = i' \
  '  end do' '  print *, a' 'end program carried' > "$work/carried/carried.f90"
"$sapfor_lex" -q "$work/carried" -o "$work/carried.sqlite" || exit 1
mark="UPDATE loop_trait SET trait = 'private', live_after = 0 WHERE name = 't';"
mark="$mark UPDATE loop_verdict SET analysis_parallel = 1, parallel = 1;"
python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()' \
  "$work/carried.sqlite" "$mark" || exit 1
spoiled=$(python3 "$root/bench/backwards.py" "$work/carried" --db "$work/carried.sqlite" --build 'gfortran -o c carried.f90' \
  --run ./c --work "$work/carried-work")
code=$?
echo "$spoiled"
if [ $code -ne 1 ] || ! grep -q 'CHANGES THE OUTPUT: carried:1' <<<"$spoiled"; then
  echo "FAIL: a private scalar read before it is written went unseen"; status=1
fi
exit $status

#!/usr/bin/env bash
# tools/measure-kernels.sh on the bundled examples (issue 22, item 5):
#  1. with stand-ins for nvcc and nvidia-smi (tests/cuda/fake: every program "runs" in 2 us on a
#     "Fake GPU"): every program sapfor-cuda --bench lists is compiled and run, its time lands in
#     kernel_measurement for its loop, and dvmh-predict --format html shows measured and error
#     columns, the error of jacobi2d:2.2 being (predicted - 2 us) / 2 us;
#  2. with the real nvcc, when installed: every program compiles; without a GPU the run step is
#     skipped with a message and nothing is loaded (on a GPU machine the times are loaded).
set -u
sapfor_lex=$1
bin=$(dirname "$2")
repo=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
"$sapfor_lex" -q "$repo/data/examples" -o "$work/examples.sqlite" || { echo "FAIL: sapfor-lex"; exit 1; }
cp "$work/examples.sqlite" "$work/fake.sqlite"

# 1. The stand-ins.
PATH="$repo/tests/cuda/fake:$PATH" "$repo/tools/measure-kernels.sh" "$work/fake.sqlite" --bin "$bin" \
  --nvcc "$repo/tests/cuda/fake/nvcc" --keep "$work/fake" >"$work/fake.txt" 2>&1
rc=$?
[ $rc -eq 0 ] || { fail "measure-kernels with the stand-ins exited $rc"; cat "$work/fake.txt"; }
listed=$(grep -vc '^#' "$work/fake/programs/kernels.tsv")
loaded=$(sqlite3 "$work/fake.sqlite" "SELECT count(*) FROM kernel_measurements WHERE gpu = 'h100' AND device = 'Fake GPU' AND seconds = 2e-06")
[ "$loaded" = "$listed" ] && [ "$loaded" -gt 0 ] || fail "$loaded kernels measured, $listed programs listed"
sqlite3 "$work/fake.sqlite" "SELECT 1 FROM kernel_measurements WHERE loop_key = 'jacobi2d:2.2'" | grep -q 1 ||
  fail "jacobi2d:2.2 has no measurement"
SAPFOR_REGISTERS=heuristic "$bin/dvmh-predict" "$work/fake.sqlite" --format html --no-record >"$work/report.html" ||
  fail "dvmh-predict --format html"
grep -q '<th data-sort="measured" data-type="number" class="num">measured</th><th data-sort="error" data-type="number" class="num">error</th>' "$work/report.html" || fail "the report has no measured column"
predicted=$(SAPFOR_REGISTERS=heuristic "$bin/dvmh-predict" "$work/fake.sqlite" --loop jacobi2d:2.2 --format csv --no-record |
            awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "seconds") c = i } NR == 2 { print $c }')
error=$(awk -v p="$predicted" 'BEGIN { e = (p - 2e-06) / 2e-06 * 100; printf "%s%.0f%%", (e >= 0 ? "+" : ""), e }')
grep -A0 'data-loop-key="jacobi2d:2.2"' "$work/report.html" | grep -q "title=\"Fake GPU\">2.00 us</td><td class=\"num error\"[^>]*>$error</td>" ||
  fail "jacobi2d:2.2's row does not show 2.00 us measured and an error of $error"
echo "stand-ins: $loaded kernels measured and loaded; jacobi2d:2.2 predicted $predicted s against 2 us: $error"

# 2. The real nvcc.
nvcc=${NVCC:-$(command -v nvcc || true)}
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  echo "nvcc is not installed: the programs were not compiled"
  exit $status
fi
"$repo/tools/measure-kernels.sh" "$work/examples.sqlite" --bin "$bin" --nvcc "$nvcc" >"$work/real.txt" 2>&1
rc=$?
cat "$work/real.txt"
[ $rc -eq 0 ] || fail "measure-kernels exited $rc"
grep -q "^measure-kernels: $listed of $listed programs compiled for h100" "$work/real.txt" || fail "not every program compiled"
if grep -q "no GPU here: the run step is skipped" "$work/real.txt"; then
  [ "$(sqlite3 "$work/examples.sqlite" 'SELECT count(*) FROM kernel_measurements')" = 0 ] || fail "times loaded without a GPU"
fi
exit $status

#!/usr/bin/env bash
# Compiles the CUDA C that sapfor-cuda writes for every bundled example with nvcc -Xptxas -v and
# compares the registers ptxas allocates per thread with dvmh-predict's regs_per_thread (MODEL.md
# §6), on two GPUs: the thesis' Tesla C2050 (CC 2.0; today's nvcc no longer compiles for sm_20, so
# its kernels go to the oldest architecture this nvcc supports) and the H100 (sm_90).
# Checks:
#  1. nvcc compiles every translated kernel (and its launcher) for both architectures;
#  2. ptxas reports the registers of every translated kernel;
#  3. every kernel sapfor-cuda does not translate is reported on stderr with a reason;
#  4. dvmh-predict --registers ptxas uses those very counts (H100), cached for a second run.
# ACROSS nests are written too (--across): their registers are measured, though such a kernel
# computes the loop only when its iterations run in order.
# Prints the comparison table; the difference is a measurement, not a pass/fail criterion.
# Skipped (exit 77) where nvcc is absent.
set -u
sapfor_lex=$1
dvmh_predict=$2
sapfor_cuda=$3
examples=$4
table_out=${5:-}
nvcc=${NVCC:-$(command -v nvcc || true)}
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  echo "SKIPPED: nvcc is not installed; the kernels were not compiled"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$sapfor_lex" -q "$examples" -o "$work/examples.sqlite" || { echo "FAIL: sapfor-lex"; exit 1; }
oldest=$("$nvcc" --list-gpu-code | grep '^sm_' | sort -t_ -k2 -n | head -1)
status=0

# kernel name <- loop key, from the comment line above each kernel
kernels_of() {
  awk '/^\/\/ [^ ]+: .* lines / { key = substr($2, 1, length($2) - 1) }
       /^extern "C" __global__ void / { name = $5; sub(/\(.*/, "", name); print key, name }' "$1"
}

for pair in "c2050 $oldest" "h100 sm_90"; do
  set -- $pair
  gpu=$1 arch=$2
  cu="$work/kernels-$gpu.cu"
  "$sapfor_cuda" "$work/examples.sqlite" --gpu "$gpu" --across -o "$cu" 2>"$work/untranslated-$gpu.txt"
  rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
    echo "FAIL: sapfor-cuda --gpu $gpu exited with $rc"; cat "$work/untranslated-$gpu.txt"; exit 1
  fi
  untranslated=$(grep -c ': not translatable: ' "$work/untranslated-$gpu.txt")
  commented=$(grep -c '^// .*: not translatable: ' "$cu")
  if [ "$untranslated" != "$commented" ] || { [ $rc -eq 1 ] && [ "$untranslated" -eq 0 ]; }; then
    echo "FAIL: $gpu: $untranslated kernels reported not translatable, $commented marked so in the CUDA file"; status=1
  fi
  kernels_of "$cu" >"$work/names-$gpu.txt"
  if [ ! -s "$work/names-$gpu.txt" ]; then echo "FAIL: $gpu: no kernel translated"; exit 1; fi
  if ! "$nvcc" -arch="$arch" -Xptxas -v -c "$cu" -o "$work/kernels-$gpu.o" >"$work/ptxas-$gpu.txt" 2>&1; then
    echo "FAIL: nvcc -arch=$arch rejects the kernels for $gpu:"; cat "$work/ptxas-$gpu.txt"; exit 1
  fi
  # ptxas: "Compiling entry function 'NAME' for 'sm_90'" then "Used N registers, ..."
  awk '/Compiling entry function/ { name = $0; sub(/.*function .?/, "", name); sub(/.? for .*/, "", name) }
       /Used [0-9]+ registers/ && name != "" { for (i = 1; i <= NF; ++i) if ($i == "Used") print name, $(i + 1); name = "" }' \
    "$work/ptxas-$gpu.txt" >"$work/used-$gpu.txt"
  "$dvmh_predict" "$work/examples.sqlite" --gpu "$gpu" --no-record --format csv >"$work/predicted-$gpu.csv" ||
    { echo "FAIL: dvmh-predict --gpu $gpu"; exit 1; }
  column=$(head -1 "$work/predicted-$gpu.csv" | tr ',' '\n' | grep -nx regs_per_thread | cut -d: -f1)
  # Rows of known kernels have an empty "missing" field, so no quoted commas before the figures.
  awk -F, -v c="$column" 'NR > 1 && $3 == "ok" { print $1, $c }' "$work/predicted-$gpu.csv" >"$work/regs-$gpu.txt"
  while read -r key name; do
    used=$(awk -v n="$name" '$1 == n { print $2 }' "$work/used-$gpu.txt")
    predicted=$(awk -v k="$key" '$1 == k { print $2 }' "$work/regs-$gpu.txt")
    if [ -z "$used" ]; then echo "FAIL: $gpu: ptxas reported no registers for $name ($key)"; status=1; continue; fi
    if [ -z "$predicted" ]; then echo "FAIL: $gpu: dvmh-predict has no regs_per_thread for $key"; status=1; continue; fi
    echo "$key $gpu $arch $predicted $used" >>"$work/rows.txt"
  done <"$work/names-$gpu.txt"
done

# dvmh-predict --registers ptxas compiles the same kernels itself: each known kernel's
# regs_per_thread is then the count ptxas gave sapfor-cuda's file above (on the H100 no kernel
# needs more than a block allows), its regs_source says ptxas sm_90, and a second run finds every
# figure in the cache.
ptxas_run() {
  "$dvmh_predict" "$work/examples.sqlite" --no-record --registers ptxas --nvcc "$nvcc" --ptxas-cache "$work/cache" "$@"
}
ptxas_run --format csv >"$work/ptxas-predicted.csv" 2>"$work/ptxas-predicted.err" ||
  { echo "FAIL: dvmh-predict --registers ptxas:"; cat "$work/ptxas-predicted.err"; exit 1; }
header=$(head -1 "$work/ptxas-predicted.csv" | tr ',' '\n')
regs_col=$(echo "$header" | grep -nx regs_per_thread | cut -d: -f1)
source_col=$(echo "$header" | grep -nx regs_source | cut -d: -f1)
compiled=0
while read -r key name; do
  used=$(awk -v n="$name" '$1 == n { print $2 }' "$work/used-h100.txt")
  row=$(awk -F, -v k="$key" -v r="$regs_col" -v s="$source_col" '$1 == k && $3 == "ok" { print $r, $s, $(s + 1) }' \
        "$work/ptxas-predicted.csv")
  [ -z "$row" ] && continue
  set -- $row
  if [ "$1" != "$used" ] || [ "$2 $3" != "ptxas sm_90" ]; then
    echo "FAIL: dvmh-predict --registers ptxas: $key has $1 registers from '$2 $3'; ptxas allocates $used"; status=1
  fi
  compiled=$((compiled + 1))
done <"$work/names-h100.txt"
[ "$compiled" -gt 0 ] || { echo "FAIL: dvmh-predict --registers ptxas measured no kernel"; status=1; }
summary=$(ptxas_run | grep '^registers per thread:')
case "$summary" in
  *"for $compiled kernels ($compiled cached)"*) ;;
  *) echo "FAIL: a second run should find all $compiled kernels cached: $summary"; status=1 ;;
esac
echo "dvmh-predict --registers ptxas: $compiled kernels with ptxas' own counts; again: $summary"

# One row per kernel: on each GPU the prediction and ptxas' count.
{
  awk '{ k = $1; if (!(k in row)) order[++n] = k
         if (!($2 in seen)) { seen[$2] = 1; head = head sprintf(" %14s %14s", "pred " $2, "ptxas " $3) }
         row[k] = row[k] sprintf(" %14s %14s", $4, $5) }
       END { printf "%-16s%s\n", "loop", head; for (i = 1; i <= n; ++i) printf "%-16s%s\n", order[i], row[order[i]] }' "$work/rows.txt"
  awk '{ d = $5 - $4; sum += d; abs += (d < 0 ? -d : d); near += (d >= -2 && d <= 2); ++n }
       END { printf "%d kernel compilations: ptxas - predicted %+.1f on average, |difference| %.1f on average, within 2 registers %d\n",
                    n, sum / n, abs / n, near }' "$work/rows.txt"
  echo "not translatable:"
  sed 's/^sapfor-cuda: /  /' "$work/untranslated-c2050.txt"
} | tee "$work/table.txt"
[ -n "$table_out" ] && cp "$work/table.txt" "$table_out"
exit $status

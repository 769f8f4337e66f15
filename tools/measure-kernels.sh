#!/usr/bin/env bash
# tools/measure-kernels.sh -- times every kernel of a database on this machine's GPU, at the sizes
# dvmh-predict used, and loads the times into the database (table kernel_measurement) beside the
# predictions; `dvmh-predict --format html` then shows predicted against measured.
#
#   1. sapfor-cuda DB --bench DIR writes one timing program per kernel (see sapfor-cuda --help);
#   2. nvcc -O3 -arch=ARCH compiles each (ARCH: the GPU profile's architecture);
#   3. each runs (one warm-up launch, then --runs timed ones) and prints one JSON line;
#   4. the times go into kernel_measurement, and a table of predicted against measured is printed.
# Without a GPU (no nvidia-smi, or it lists none) steps 1 and 2 still run and step 3 is skipped
# with a message (exit 0): the programs are checked to compile.
#
# Usage: tools/measure-kernels.sh DB [--gpu NAME] [--runs N] [--nvcc PATH] [--bin DIR] [--keep DIR]
#                                 [-- more sapfor-cuda options: --param, --params, --block, ...]
#   --gpu NAME   the profile the programs are written for (default h100): its block, grid, sizes
#   --bin DIR    where sapfor-cuda is (default: beside this script when installed, else build/)
#   --keep DIR   keep the programs and binaries in DIR/programs (replaced; default: a temporary
#                folder, removed)
# Exit status: 0 measured (or compiled, without a GPU); 1 some program failed to compile or run;
# 2 trouble (no database, sapfor-cuda failed, no nvcc, no sqlite3).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
db= gpu=h100 runs=10 nvcc=${NVCC:-} keep= extra=()
# Installed (cmake --install), sapfor-cuda is beside it; in the source tree, in build/.
bin="$here/../build"
[ -x "$here/sapfor-cuda" ] && bin=$here
while [ $# -gt 0 ]; do
  case "$1" in
    --gpu) gpu=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --nvcc) nvcc=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-kernels: unknown option $1 (--help)" >&2; exit 2 ;;
    *) db=$1; shift ;;
  esac
done
trouble() { echo "measure-kernels: $*" >&2; exit 2; }
[ -n "$db" ] || trouble "no database given (--help)"
[ -f "$db" ] || trouble "$db: no such file"
command -v sqlite3 >/dev/null || trouble "the sqlite3 shell is needed to load the times"
[ -z "$nvcc" ] && nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
[ -n "$nvcc" ] || trouble "nvcc is not installed (--nvcc PATH)"
if [ -n "$keep" ]; then
  work=$keep
  mkdir -p "$work" || trouble "--keep $keep: cannot make the folder"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
programs="$work/programs"
rm -rf "$programs"
"$bin/sapfor-cuda" "$db" --gpu "$gpu" --runs "$runs" --bench "$programs" "${extra[@]}" 2>"$work/sapfor-cuda.err"
rc=$?
[ $rc -le 1 ] || { cat "$work/sapfor-cuda.err" >&2; trouble "sapfor-cuda --bench failed ($rc)"; }
[ $rc -eq 1 ] && sed 's/^/  /' "$work/sapfor-cuda.err"
status=0 compiled=0
listed=$(grep -vc '^#' "$programs/kernels.tsv")
while IFS=$'\t' read -r key program arch profile predicted; do
  [[ $key == \#* ]] && continue
  if "$nvcc" -O3 -arch="$arch" -o "$programs/${program%.cu}" "$programs/$program" >"$work/nvcc.txt" 2>&1; then
    compiled=$((compiled + 1))
  else
    echo "measure-kernels: nvcc rejects $program ($key):"; sed 's/^/  /' "$work/nvcc.txt" | head -5; status=1
  fi
done <"$programs/kernels.tsv"
echo "measure-kernels: $compiled of $listed programs compiled for $gpu"
if ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "measure-kernels: no GPU here: the run step is skipped (the programs compile; run this where there is one)"
  exit $status
fi
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
sql="$work/load.sql"
echo "BEGIN;" >"$sql"
printf '%-24s %14s %14s %9s\n' loop predicted measured "pred/meas"
while IFS=$'\t' read -r key program arch profile predicted; do
  [[ $key == \#* ]] && continue
  [ -x "$programs/${program%.cu}" ] || continue
  line=$("$programs/${program%.cu}" 2>&1 | tail -1)
  # {"loop_key": "K", "kernel": "N", "gpu": "G", "device": "D", "runs": R, "seconds": S, "min_seconds": M}
  seconds=$(sed -n 's/.*"seconds": \([0-9.eE+-]*\).*/\1/p' <<<"$line")
  if [ -z "$seconds" ]; then
    echo "measure-kernels: $key: $line"; status=1; continue
  fi
  device=$(sed -n 's/.*"device": "\([^"]*\)".*/\1/p' <<<"$line" | sed "s/'/''/g")
  minimum=$(sed -n 's/.*"min_seconds": \([0-9.eE+-]*\).*/\1/p' <<<"$line")
  count=$(sed -n 's/.*"runs": \([0-9]*\).*/\1/p' <<<"$line")
  echo "INSERT INTO kernel_measurement (loop_id, gpu, device, seconds, min_seconds, runs, time)
        SELECT loop_id, '$profile', '$device', $seconds, $minimum, $count, '$now' FROM loop WHERE loop_key = '$key';" >>"$sql"
  awk -v k="$key" -v p="$predicted" -v m="$seconds" 'BEGIN { printf "%-24s %14.3e %14.3e %9.2f\n", k, p, m, (m > 0 ? p / m : 0) }'
done <"$programs/kernels.tsv"
echo "COMMIT;" >>"$sql"
sqlite3 "$db" <"$sql" || trouble "$db: the times could not be loaded"
echo "measure-kernels: times loaded into $db (SELECT * FROM kernel_measurements)"
exit $status

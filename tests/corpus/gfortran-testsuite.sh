#!/usr/bin/env bash
# Corpus check: runs sapfor-lex over the gfortran test suite shipped by Debian's gcc-12-source.
#
#   tests/corpus/gfortran-testsuite.sh SAPFOR_LEX [WORK_DIR] [FILE_LIMIT]
#
#   SAPFOR_LEX  the sapfor-lex binary to check
#   WORK_DIR    where the test suite is unpacked and the results are written
#               (default: ${TMPDIR:-/tmp}/sapfor-corpus); an unpacked suite there is reused
#   FILE_LIMIT  run only this many files, an evenly spread sample (default 0: all)
#
# Environment: JOBS (parallel runs, default: the number of CPUs), TIMEOUT (seconds per file,
# default 10), MEM_MIB (address-space limit per run, default 4096), ALL_FILES=1 (also run the
# files gfortran rejects, for crashes and hangs only: their statement figures mean little).
#
# What it does:
#   1. unpacks gcc/testsuite/gfortran.dg and gcc/testsuite/gfortran.fortran-torture from
#      /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz (or any /usr/src/gcc-*/gcc-*.tar.*) into
#      WORK_DIR/src (about 25 s, once);
#   2. selects the Fortran files gfortran accepts: every extension gfortran compiles
#      (.f .for .ftn .f77 .f90 .f95 .f03 .f08, the same in upper case, .fpp), minus the files
#      that contain dg-error, dg-excess-errors, dg-ice or "dg-do preprocess";
#   3. runs `sapfor-lex --quiet FILE -o DB` on each file separately (one database per file, in a
#      temporary folder, from the file's own folder so INCLUDE files are found), adding --cpp,
#      --form fixed|free and -D NAME when the test's dg-options ask gfortran for -cpp,
#      -ffixed-form/-ffree-form and -D;
#   4. reads the database (statements loaded, diagnostics by severity) and prints the report:
#      WORK_DIR/report.txt, with every file in WORK_DIR/results.tsv and every diagnostic in
#      WORK_DIR/diagnostics.tsv.
#
# "Statements understood" are the rows of the statements view; "statements not understood" are
# the error + unsupported diagnostics (each one is a statement the front end could not model).
#
# Exit status: 0 no crash and no timeout; 1 at least one crash or timeout; 2 usage or setup error
# (sapfor-lex missing, gcc-*-source not installed: "apt-get install gcc-12-source").
#
# To shrink a file that crashes or hangs sapfor-lex into a small reproduction:
#   python3 tests/corpus/corpus.py shrink --tool SAPFOR_LEX --file F.f90 --out repro.f90
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [[ $# -lt 1 || $# -gt 3 || $1 == -h || $1 == --help ]]; then
    usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }
    if [[ $# -ge 1 && ( $1 == -h || $1 == --help ) ]]; then usage; exit 0; fi
    usage >&2
    exit 2
fi

tool=$1
work=${2:-${TMPDIR:-/tmp}/sapfor-corpus}
limit=${3:-0}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
timeout=${TIMEOUT:-10}
mem=${MEM_MIB:-4096}

if [[ ! -x $tool ]]; then
    echo "gfortran-testsuite.sh: $tool is not an executable sapfor-lex" >&2
    exit 2
fi
tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
if ! [[ $limit =~ ^[0-9]+$ ]]; then
    echo "gfortran-testsuite.sh: FILE_LIMIT must be a number, not '$limit'" >&2
    exit 2
fi
command -v python3 >/dev/null || { echo "gfortran-testsuite.sh: python3 is required" >&2; exit 2; }

mkdir -p "$work"
work=$(cd "$work" && pwd)
src=$work/src
stamp=$src/.unpacked

if [[ ! -f $stamp ]]; then
    tarball=
    for t in /usr/src/gcc-12/gcc-12*.tar.* /usr/src/gcc-*/gcc-*.tar.*; do
        [[ -f $t && $t != *.sig ]] && { tarball=$t; break; }
    done
    if [[ -z $tarball ]]; then
        echo "gfortran-testsuite.sh: no GCC source tarball under /usr/src/gcc-*/;" \
             "install it with: apt-get install gcc-12-source" >&2
        exit 2
    fi
    echo "unpacking the gfortran test suite from $tarball into $src ..." >&2
    rm -rf "$src"
    mkdir -p "$src"
    tar -xf "$tarball" -C "$src" --strip-components=3 --wildcards \
        '*/gcc/testsuite/gfortran.dg/*' '*/gcc/testsuite/gfortran.fortran-torture/*'
    echo "$tarball" >"$stamp"
fi

status=0
python3 "$here/corpus.py" run --tool "$tool" --root "$src" --work "$work" --limit "$limit" \
    --jobs "$jobs" --timeout "$timeout" --mem "$mem" --progress \
    ${ALL_FILES:+--all} || status=$?
if [[ $status -ne 0 ]]; then
    exit 2
fi
# crashes and timeouts fail the check
if awk -F'\t' 'NR > 1 && ($2 == "crash" || $2 == "timeout") { bad = 1 } END { exit !bad }' \
        "$work/results.tsv"; then
    exit 1
fi
exit 0

#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds, loads data/examples/
# into build/examples.sqlite (the loops analyzed: verdicts, traits, dependences, the DVMH
# expert's directives), writes annotated copies into build/annotated/ and copies with the
# expert's directives into build/dvmh/, and predicts every parallel loop on the default GPU, an
# H100 (dvmh-predict; the run is recorded in the same database), also as the page build/report.html.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target sapfor-lex sapfor-analyze dvmh-predict sapfor-diff sapfor-cuda
build/sapfor-lex data/examples -o build/examples.sqlite --force --annotate-dir build/annotated
build/sapfor-analyze build/examples.sqlite --emit-dvmh build/dvmh
echo
build/dvmh-predict build/examples.sqlite
build/dvmh-predict build/examples.sqlite --format html --no-record > build/report.html
echo
echo "The same as a page (open it in a browser): build/report.html"
echo "Query it, e.g.:  sqlite3 build/examples.sqlite 'SELECT loop_key, parallel, reasons FROM loop_verdicts'"
echo "Explain a loop:  build/sapfor-analyze build/examples.sqlite --explain sor:2.1"
echo "Explain a kernel: build/dvmh-predict build/examples.sqlite --explain jacobi2d:2.2 (--gpu c2050: the thesis' card)"

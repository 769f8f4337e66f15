#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds, loads data/examples/
# into build/examples.sqlite and writes annotated copies into build/annotated/.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target sapfor-lex
build/sapfor-lex data/examples -o build/examples.sqlite --force --annotate-dir build/annotated
echo
echo "Query it, e.g.:  sqlite3 build/examples.sqlite 'SELECT loop_key, trip_count FROM loops'"

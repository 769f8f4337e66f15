#!/usr/bin/env bash
# Builds and runs the whole test suite; installs what is missing first (gfortran and the sqlite3
# shell included, for the tests that compile the annotated and the DVMH copies; chromium where the
# archive has it, for the test that renders the HTML report: skipped only where the archive has none).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh gfortran sqlite3 --optional chromium
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"

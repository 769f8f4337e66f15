#!/usr/bin/env bash
# Builds and runs the whole test suite; installs what is missing first (gfortran included, for the
# test that compiles the annotated sources).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh gfortran
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"

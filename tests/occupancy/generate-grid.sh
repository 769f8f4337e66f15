#!/bin/sh
# Writes occupancy-grid.txt: NVIDIA's occupancy calculator over a grid, for check-occupancy-grid.
# The calculator is cuda_occupancy.h of two toolkits, neither in this repository:
#   CUDA_INCLUDE   a current toolkit's include folder (V100, A100, H100, H200 rows)
#   CUDA7_INCLUDE  CUDA 7.0's (the C2050 rows; later toolkits dropped compute capability 2.x)
# Usage: generate-grid.sh [CUDA_INCLUDE] CUDA7_INCLUDE > occupancy-grid.txt
set -eu
here=$(cd "$(dirname "$0")" && pwd)
current=${1:-/usr/local/cuda/include}
fermi=${2:?usage: generate-grid.sh CUDA_INCLUDE CUDA7_INCLUDE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
c++ -std=c++17 -O1 -I"$fermi" "$here/occupancy-oracle.cpp" -o "$work/fermi"
c++ -std=c++17 -O1 -I"$current" "$here/occupancy-oracle.cpp" -o "$work/current"
echo "# Active blocks per SM from NVIDIA's cuda_occupancy.h (tests/occupancy/generate-grid.sh):"
echo "# <profile> <preferred shared KB> <threads> <shared bytes> then <blocks>x<count> runs for 1, 2, ... registers"
"$work/fermi"
"$work/current"

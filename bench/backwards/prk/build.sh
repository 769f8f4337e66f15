#!/bin/bash
set -e
gfortran $COVERAGE -fopenmp -cpp -O1 -c prk_mod.F90
pids=()
for p in nstream stencil transpose transpose-pointer p2p p2p-innerloop dgemm pic pic_soa nstream-openmp stencil-openmp transpose-openmp p2p-innerloop-openmp dgemm-openmp pic-openmp pic_soa-openmp; do
  gfortran $COVERAGE -fopenmp -cpp -DRADIUS=2 -DSTAR -O1 -ffree-line-length-none $p.F90 prk_mod.o -o x-$p &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done  # any compiler's failure fails the build

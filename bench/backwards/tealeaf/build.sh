#!/bin/bash
make -j2 COMPILER=GNU MPI_COMPILER=mpif90 C_MPI_COMPILER=mpicc FLAGS_GNU="$COVERAGE -O1 -g -ffree-line-length-none -fallow-argument-mismatch" CFLAGS_GNU="-O1" LDFLAGS="$COVERAGE" OMP_GNU= >/dev/null

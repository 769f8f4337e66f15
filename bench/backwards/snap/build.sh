#!/bin/bash
cd src && make -j2 MPI=no OPENMP=no FORTRAN=gfortran FFLAGS="$COVERAGE -O1 -g -ffree-line-length-none" FFLAG2="" LDFLAGS="$COVERAGE" >/dev/null

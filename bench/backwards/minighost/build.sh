#!/bin/bash
set -e
D="-D_MG_MPI -D_MG_REAL8 -D_MG_INT4"
# OpenMPI 4 has no MPI_Errhandler_set (removed in MPI 3.0): its successor
sed -i "s/MPI_Errhandler_set *(/MPI_Comm_set_errhandler(/" main.c
mpicc -O1 $D -Df2c_ -c main.c
for f in MG_CONSTANTS MG_OPTIONS MG_UTILS MG_ENV MG_PROFILING MG_GET_FACE MG_BUFINIT MG_PACK MG_IRECV MG_UNPACK_SVAF MG_SEND_BSPMA MG_SEND_SVAF MG_UNPACK_BSPMA MG_BSPMA MG_SVAF MG_FLUX_ACCUMULATE MG_BC MG_STENCIL_COMPS MG_STENCIL MG_BSPMA_DIAGS MG_SVAF_DIAGS MG_SUM_GRID MG_CHECKPOINT DRIVER_BSPMA DRIVER_SVAF DRIVER; do
  mpif90 $COVERAGE -O1 -g -cpp $D -ffree-line-length-none -fallow-argument-mismatch -c $f.F90
done
mpicc $COVERAGE -o miniGhost.x *.o -lmpi_mpifh -lgfortran

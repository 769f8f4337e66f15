#!/bin/bash
set -e
export NICAM_SYS=Linux64-gnu-openmpi
# the test scripts' `[ a == b ]` is a bashism the system's sh (dash) refuses
sed -i 's/ == / = /' test/util/dirname.sh
(cd src && make -j2 FFLAGS="$COVERAGE -O1 -g -x f95-cpp-input -fconvert=big-endian -frecord-marker=4 -ffree-line-length-none -fallow-argument-mismatch" LFLAGS="$COVERAGE -O1" > build.log 2>&1) || { tail -20 src/build.log; exit 1; }
cd test/case/jablonowski
make jobshell > /dev/null 2>&1
cd gl05rl00z40pe10
# 2 large steps, history and budgets every step (0 divides by zero)
sed -i 's/LSTEP_MAX   = 0,/LSTEP_MAX   = 2,/; s/^\(    step *= \)0 /\11 /; s/MNT_INTV = 0/MNT_INTV = 1/' nhm_driver.cnf
sed -i 's/^mpirun -np/mpirun --allow-run-as-root --oversubscribe -np/' run.sh

#!/bin/bash
mpirun --allow-run-as-root --oversubscribe -np 2 ./clover_leaf > /dev/null || exit 1
cat clover.out; md5sum *.vtk

#!/bin/bash
mpirun --allow-run-as-root -np 1 ./ccs_qcd_solver_bench_class1 2>&1 | grep -E "Sum\[|Check sum|Iter =|Res =|YDE"

#!/bin/bash
for comm in 10 11; do for st in 21 22 23 24; do
rm -f results.yaml
mpirun --allow-run-as-root --oversubscribe -np 2 ./miniGhost.x --scaling 1 --comm_method $comm --nx 12 --ny 10 --nz 8 --num_vars 4 --percent_sum 50 --num_spikes 2 --num_tsteps 6 --stencil $st --report_diffusion 2 --npx 2 --npy 1 --npz 1 > out.txt 2>&1 || { cat out.txt; exit 1; }
grep -i "error is\|tolerance" out.txt
done; done

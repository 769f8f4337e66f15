#!/bin/bash
base="*tea
state 1 density=100.0 energy=0.0001
state 2 density=0.1 energy=25.0 geometry=rectangle xmin=0.0 xmax=1.0 ymin=1.0 ymax=2.0
state 3 density=0.1 energy=0.1 geometry=rectangle xmin=1.0 xmax=6.0 ymin=1.0 ymax=2.0
state 4 density=0.1 energy=0.1 geometry=rectangle xmin=5.0 xmax=6.0 ymin=1.0 ymax=8.0
state 5 density=0.1 energy=0.1 geometry=circle xmin=5.0 ymin=7.0 radius=1.5
x_cells=24
y_cells=32
xmin=0.0
ymin=0.0
xmax=10.0
ymax=10.0
initial_timestep=0.004
end_step=3
tl_max_iters=200
tl_eps=1.0e-15
visit_frequency=3
summary_frequency=1"
for solver in "tl_use_cg
halo_depth=2" "tl_use_chebyshev
halo_depth=2" "tl_use_ppcg
halo_depth=2" "tl_use_jacobi" "tl_use_cg
tl_preconditioner_type=jac_diag" "tl_use_cg
tl_preconditioner_type=jac_block" "tl_use_ppcg
tl_preconditioner_type=jac_block"; do
  printf "%s\n%s\n*endtea\n" "$base" "$solver" > tea.in
  for np in 1 2; do  # 2 ranks: the halo exchanges' packing too
    rm -f tea.out *.vtk
    mpirun --allow-run-as-root --oversubscribe -np $np ./tea_leaf > /dev/null || exit 1
    cat tea.out; md5sum *.vtk
  done
done

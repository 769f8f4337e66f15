#!/bin/bash
export OMP_NUM_THREADS=1
for p in nstream nstream-openmp; do ./x-$p 3 1000; done
for p in stencil stencil-openmp; do ./x-$p 3 50; ./x-$p 3 50 16; done
for p in transpose transpose-pointer transpose-openmp; do ./x-$p 3 48; ./x-$p 3 48 16; done
for p in p2p p2p-innerloop p2p-innerloop-openmp; do ./x-$p 3 40 30; ./x-$p 3 40 30 8 8; done
for p in dgemm dgemm-openmp; do ./x-$p 3 40; ./x-$p 3 40 16; done
for p in pic pic_soa pic-openmp pic_soa-openmp; do ./x-$p 5 20 200 1 2 GEOMETRIC 0.99; ./x-$p 5 20 200 0 1 SINUSOIDAL; ./x-$p 5 20 200 1 0 LINEAR 1.0 3.0; ./x-$p 5 20 200 1 1 PATCH 0 10 0 10; done

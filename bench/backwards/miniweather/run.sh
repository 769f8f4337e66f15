#!/bin/bash
mpirun --allow-run-as-root -np 1 ./mw

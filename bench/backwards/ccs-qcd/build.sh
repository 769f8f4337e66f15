#!/bin/bash
make MAKE_INC=make.gfortran.inc CLASS=1 FFLAGS="$COVERAGE -O1 -g -ffixed-line-length-none -ffree-line-length-none -fallow-argument-mismatch -Ima_prof/src" LDFLAGS="$COVERAGE -O1 -Lma_prof/src" >/dev/null 2>build.err || { tail -20 build.err; exit 1; }

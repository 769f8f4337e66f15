#!/bin/bash
mpif90 $COVERAGE -O1 -g -ffree-line-length-none -cpp -D_NX=40 -D_NZ=20 -D_SIM_TIME=40 -D_OUT_FREQ=20 -D_DATA_SPEC=DATA_SPEC_${SPEC:-THERMAL} pnetcdf_stub.f90 miniWeather_serial.F90 -o mw

#!/bin/bash
set -e
cd src/fortran
mpif90 $COVERAGE -O1 -g -ffree-line-length-none $(nf-config --fflags) module_netcdf_utils.f90 module_shallow_water_kind.f90 module_shallow_water_geometry_config.f90 module_shallow_water_model_config.f90 module_shallow_water_geometry.f90 module_shallow_water_state.f90 module_shallow_water_model.f90 shallow_water.f90 -o ../../sw $(nf-config --flibs)

# The optional MPI layer (CuMed::Parallel, Modules/Parallel): CUMED_MPI=AUTO builds it when an MPI
# implementation is found (Debian: openmpi-bin + libopenmpi-dev, which scripts/install-deps.sh
# installs), ON requires it, OFF leaves it out. The single-machine build never needs it.
set(CUMED_MPI AUTO CACHE STRING "Build the MPI layer: AUTO (when MPI is found), ON, OFF")
set_property(CACHE CUMED_MPI PROPERTY STRINGS AUTO ON OFF)
set(CUMED_WITH_MPI OFF)
if(NOT CUMED_MPI STREQUAL "OFF")
  if(CUMED_MPI STREQUAL "ON")
    find_package(MPI REQUIRED COMPONENTS CXX)
  else()
    find_package(MPI QUIET COMPONENTS CXX)
  endif()
  if(MPI_CXX_FOUND)
    set(CUMED_WITH_MPI ON)
  endif()
endif()
message(STATUS "CuMed: MPI layer ${CUMED_WITH_MPI}")

# cumed_add_mpi_test(NAME n RANKS 1 2 3 4 COMMAND exe args... [TIMEOUT s])
# One CTest entry per rank count, n.np<N>, running `mpiexec -n N exe args` on this machine
# (oversubscribed: more ranks than cores is fine for correctness tests; root allowed, as CI runs
# as root). The timeout turns a hang into a failure. Label mpi; skip on exit 77.
function(cumed_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "RANKS;COMMAND" ${ARGN})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  foreach(ranks IN LISTS T_RANKS)
    add_test(NAME ${T_NAME}.np${ranks}
      COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${MPIEXEC_PREFLAGS}
              ${T_COMMAND})
    set_tests_properties(${T_NAME}.np${ranks} PROPERTIES
      LABELS "mpi" TIMEOUT ${T_TIMEOUT} SKIP_RETURN_CODE 77 PROCESSORS ${ranks}
      ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;OMPI_MCA_btl_vader_single_copy_mechanism=none;CUMED_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
  endforeach()
endfunction()

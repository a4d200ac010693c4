# cumed_add_gtest(NAME name [CUDA_CASES] SOURCES ... LIBRARIES ... [ENVIRONMENT k=v ...])
# Builds one GoogleTest executable and registers it with CTest:
#   <name>.cpu  (label cpu): every test except those of suites whose name contains "Cuda"
#   <name>.cuda (label cuda, only with CUDA_CASES): the tests of those suites; they call
#               GTEST_SKIP() without a usable device.
# The executables use CuMed's test main (Testing/GTestMain), which exits 77 when every selected
# test skipped itself: CTest then reports the entry as skipped, never as a silent pass, and a
# failure among skips is still a failure.
function(cumed_add_gtest)
  cmake_parse_arguments(T "CUDA_CASES" "NAME;TIMEOUT" "SOURCES;LIBRARIES;ENVIRONMENT" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBRARIES} cumed_gtest_main)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 600)
  endif()
  # "*Cuda*.*" matches suite names only ("Suite.Test"; a '.' must follow "Cuda").
  add_test(NAME ${T_NAME}.cpu COMMAND ${T_NAME} --gtest_filter=-*Cuda*.*)
  set_tests_properties(${T_NAME}.cpu PROPERTIES LABELS cpu TIMEOUT ${T_TIMEOUT} SKIP_RETURN_CODE 77
                       ENVIRONMENT "CUMED_SOURCE_DIR=${PROJECT_SOURCE_DIR};${T_ENVIRONMENT}")
  if(NOT T_CUDA_CASES)
    return()
  endif()
  add_test(NAME ${T_NAME}.cuda COMMAND ${T_NAME} --gtest_filter=*Cuda*.*)
  set_tests_properties(${T_NAME}.cuda PROPERTIES LABELS cuda TIMEOUT ${T_TIMEOUT} SKIP_RETURN_CODE 77
                       ENVIRONMENT "CUMED_SOURCE_DIR=${PROJECT_SOURCE_DIR};${T_ENVIRONMENT}")
endfunction()

# cumed_add_gtest(NAME name [CUDA_CASES] SOURCES ... LIBRARIES ... [ENVIRONMENT k=v ...])
# Builds one GoogleTest executable and registers it twice with CTest:
#   <name>.cpu  (label cpu):  every test case except the CUDA ones
#   <name>.cuda (label cuda, only with CUDA_CASES): the test cases whose suite name contains "Cuda"; they call
#                             GTEST_SKIP() without a usable device, which CTest reports as skipped.
function(cumed_add_gtest)
  cmake_parse_arguments(T "CUDA_CASES" "NAME;TIMEOUT" "SOURCES;LIBRARIES;ENVIRONMENT" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBRARIES} GTest::gtest GTest::gtest_main)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 600)
  endif()
  add_test(NAME ${T_NAME}.cpu COMMAND ${T_NAME} --gtest_filter=-*Cuda*)
  set_tests_properties(${T_NAME}.cpu PROPERTIES LABELS cpu TIMEOUT ${T_TIMEOUT}
                       ENVIRONMENT "CUMED_SOURCE_DIR=${PROJECT_SOURCE_DIR};${T_ENVIRONMENT}")
  if(NOT T_CUDA_CASES)
    return()
  endif()
  add_test(NAME ${T_NAME}.cuda COMMAND ${T_NAME} --gtest_filter=*Cuda*)
  set_tests_properties(${T_NAME}.cuda PROPERTIES LABELS cuda TIMEOUT ${T_TIMEOUT}
                       SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]"
                       ENVIRONMENT "CUMED_SOURCE_DIR=${PROJECT_SOURCE_DIR};${T_ENVIRONMENT}")
endfunction()

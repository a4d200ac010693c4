# cumed_module_library(TARGET name EXPORT_NAME n OUTPUT_NAME o SOURCES ...)
# A CuMed library: alias CuMed::<EXPORT_NAME>, public headers in include/ (installed), C++17,
# installed and exported with the CuMedTargets set.
function(cumed_module_library)
  cmake_parse_arguments(M "" "TARGET;EXPORT_NAME;OUTPUT_NAME" "SOURCES" ${ARGN})
  add_library(${M_TARGET} ${M_SOURCES})
  add_library(CuMed::${M_EXPORT_NAME} ALIAS ${M_TARGET})
  set_target_properties(${M_TARGET} PROPERTIES EXPORT_NAME ${M_EXPORT_NAME} OUTPUT_NAME ${M_OUTPUT_NAME})
  target_include_directories(${M_TARGET} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${M_TARGET} PUBLIC cxx_std_17)
  install(TARGETS ${M_TARGET} EXPORT CuMedTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(DIRECTORY include/cumed DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h" PATTERN "*.hxx" PATTERN "*.cuh")
endfunction()

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

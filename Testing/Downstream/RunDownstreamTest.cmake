# cmake -DBUILD_DIR=... -DWORK_DIR=... -DPROJECT_DIR=... [-DCONFIGURE_ARGS=a|b|...]
#       [-DEXPECT_FAILURE=<regex>] [-DCTEST_EXPECT=<regex>] -P RunDownstreamTest.cmake
# Installs the CuMed build into a fresh prefix, configures the downstream project against it
# (find_package(CuMed)) with CONFIGURE_ARGS ('|'-separated: ';' does not survive add_test), builds
# it and runs its program `downstream` with WORK_DIR as argument. With EXPECT_FAILURE the configure
# must fail with output matching the regex, and nothing is built. With CTEST_EXPECT the run step is
# the project's own CTest suite instead (ctest -V): it must pass and its output match the regex.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
string(REPLACE "|" ";" configure_args "${CONFIGURE_ARGS}")
foreach(step IN ITEMS install configure build run)
  if(step STREQUAL "install")
    set(command ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")
  elseif(step STREQUAL "configure")
    set(command ${CMAKE_COMMAND} -S "${PROJECT_DIR}" -B "${WORK_DIR}/build"
                -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release ${configure_args})
  elseif(step STREQUAL "build")
    set(command ${CMAKE_COMMAND} --build "${WORK_DIR}/build" -j2)
  elseif(DEFINED CTEST_EXPECT)
    set(command ${CMAKE_CTEST_COMMAND} --test-dir "${WORK_DIR}/build" -V)
  else()
    set(command "${WORK_DIR}/build/downstream" "${WORK_DIR}")
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}")
  if(step STREQUAL "configure" AND DEFINED EXPECT_FAILURE)
    if(result EQUAL 0)
      message(FATAL_ERROR "downstream configure succeeded; expected a failure matching '${EXPECT_FAILURE}'")
    elseif(NOT "${out}${err}" MATCHES "${EXPECT_FAILURE}")
      message(FATAL_ERROR "downstream configure failed without '${EXPECT_FAILURE}':\n${err}")
    endif()
    message("${err}\ndownstream configure failed as expected")
    return()
  endif()
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "downstream ${step} failed (${result}):\n${err}")
  endif()
  if(step STREQUAL "run" AND DEFINED CTEST_EXPECT)
    if(NOT out MATCHES "${CTEST_EXPECT}")
      message(FATAL_ERROR "downstream ctest passed, but its output lacks '${CTEST_EXPECT}'")
    endif()
    message("downstream ctest OK")
  endif()
endforeach()

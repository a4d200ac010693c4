# cmake -DBUILD_DIR=... -DWORK_DIR=... -DPROJECT_DIR=... -P RunDownstreamTest.cmake
# Installs the CuMed build into a fresh prefix, builds the downstream project against it with
# find_package(CuMed), and runs it.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
foreach(step IN ITEMS install configure build run)
  if(step STREQUAL "install")
    set(command ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")
  elseif(step STREQUAL "configure")
    set(command ${CMAKE_COMMAND} -S "${PROJECT_DIR}" -B "${WORK_DIR}/build"
                -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
  elseif(step STREQUAL "build")
    set(command ${CMAKE_COMMAND} --build "${WORK_DIR}/build" -j2)
  else()
    set(command "${WORK_DIR}/build/downstream")
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "downstream ${step} failed (${result}):\n${err}")
  endif()
endforeach()

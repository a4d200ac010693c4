# cmake -DDOXYGEN=... -DDOXYFILE=... -DOUTPUT=... [-DPYTHON=... -DPYTHONPATH=...] -P BuildApiDocs.cmake
# The API reference: Doxygen for the C++ headers (OUTPUT/cpp/html), pydoc for the Python package
# (OUTPUT/python/*.html). Fails on a Doxygen error (its exit status, or "error:" in its log) and on
# a module pydoc cannot document; prints the number of Doxygen warnings (doc errors such as a
# \param naming no parameter), which are listed in OUTPUT/doxygen-warnings.txt.
file(REMOVE_RECURSE "${OUTPUT}")
file(MAKE_DIRECTORY "${OUTPUT}/python")
execute_process(COMMAND "${DOXYGEN}" "${DOXYFILE}" RESULT_VARIABLE result ERROR_VARIABLE err)
set(log "")
if(EXISTS "${OUTPUT}/doxygen-warnings.txt")
  file(READ "${OUTPUT}/doxygen-warnings.txt" log)
endif()
string(REGEX MATCHALL "[^\n]*: warning: [^\n]*" warnings "${log}")
string(REGEX MATCHALL "[^\n]*: error: [^\n]*" errors "${log}${err}")
list(LENGTH warnings warning_count)
if(NOT result EQUAL 0 OR errors)
  message(FATAL_ERROR "doxygen failed (${result}):\n${errors}\n${err}")
endif()
if(NOT EXISTS "${OUTPUT}/cpp/html/index.html")
  message(FATAL_ERROR "doxygen wrote no ${OUTPUT}/cpp/html/index.html")
endif()
message("api docs: C++ reference in ${OUTPUT}/cpp/html/index.html, ${warning_count} doxygen warnings "
        "(${OUTPUT}/doxygen-warnings.txt)")

# pydoc imports each module: the package built in the build tree (PYTHONPATH).
if(NOT PYTHON)
  return()
endif()
foreach(module IN ITEMS cumed cumed.io cumed.morphology cumed.surface cumed.piv cumed.deform
                        cumed.registration)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env "PYTHONPATH=${PYTHONPATH}" "${PYTHON}" -m pydoc -w ${module}
                  WORKING_DIRECTORY "${OUTPUT}/python" RESULT_VARIABLE result OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT result EQUAL 0 OR NOT EXISTS "${OUTPUT}/python/${module}.html")
    message(FATAL_ERROR "pydoc could not document ${module}: ${out}${err}")
  endif()
endforeach()
message("api docs: Python reference in ${OUTPUT}/python/cumed.html")

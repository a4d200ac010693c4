# cumed_add_regression_test(NAME <name> COMMAND <program> [<args>...] COMPARE <output> <baseline>
#                           [TOLERANCE_INTENSITY t] [TOLERANCE_VOXELS n] [TOLERANCE_GEOMETRY g]
#                           [TOLERANCE_DISTANCE d] [TOLERANCE_COUNT_FRACTION f]
#                           [TOLERANCE_PIXELS_FRACTION f] [SHIFT_RADIUS r] [KIND k]
#                           [DIFF_IMAGE <path>] [REQUIRES_CUDA] [LABELS <label>...]
#                           [WORKING_DIRECTORY <dir>])
# One CTest test: cumed-compare deletes <output>, runs the command, then compares <output> with
# <baseline> (image, mesh or rendering; see Documentation/regression-testing.md). A <program> that
# is a target is replaced by its file. Exit 77 means skipped (REQUIRES_CUDA without a usable
# device): SKIP_RETURN_CODE is set. Labels: "regression" and LABELS. Installed next to
# CuMedConfig.cmake, which includes it; CuMed's own tests use it too.
function(cumed_add_regression_test)
  set(tolerances TOLERANCE_INTENSITY TOLERANCE_VOXELS TOLERANCE_GEOMETRY TOLERANCE_DISTANCE
                 TOLERANCE_COUNT_FRACTION TOLERANCE_PIXELS_FRACTION SHIFT_RADIUS KIND DIFF_IMAGE)
  cmake_parse_arguments(PARSE_ARGV 0 R "REQUIRES_CUDA" "NAME;WORKING_DIRECTORY;${tolerances}"
                        "COMMAND;COMPARE;LABELS")
  if(NOT R_NAME OR NOT R_COMMAND)
    message(FATAL_ERROR "cumed_add_regression_test: NAME and COMMAND are required")
  endif()
  list(LENGTH R_COMPARE compare_count)
  if(NOT compare_count EQUAL 2)
    message(FATAL_ERROR "cumed_add_regression_test(${R_NAME}): COMPARE takes <output> <baseline>")
  endif()
  if(R_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cumed_add_regression_test(${R_NAME}): unknown arguments ${R_UNPARSED_ARGUMENTS}")
  endif()
  if(TARGET CuMed::cumed-compare)
    set(driver $<TARGET_FILE:CuMed::cumed-compare>)
  else()
    message(FATAL_ERROR "cumed_add_regression_test(${R_NAME}): this CuMed has no cumed-compare "
                        "(it was built with CUMED_BUILD_APPLICATIONS=OFF)")
  endif()

  set(options "")
  foreach(option IN LISTS tolerances)
    if(DEFINED R_${option})
      string(TOLOWER "--${option}" flag)
      string(REPLACE "_" "-" flag "${flag}")
      list(APPEND options ${flag} "${R_${option}}")
    endif()
  endforeach()
  if(R_REQUIRES_CUDA)
    list(APPEND options --requires-cuda)
  endif()
  list(POP_FRONT R_COMMAND program)
  if(TARGET ${program})
    set(program $<TARGET_FILE:${program}>)
  endif()
  set(directory "")
  if(R_WORKING_DIRECTORY)
    set(directory WORKING_DIRECTORY "${R_WORKING_DIRECTORY}")
  endif()
  add_test(NAME ${R_NAME} COMMAND ${driver} ${options} --test ${program} ${R_COMMAND}
                                  --compare ${R_COMPARE} ${directory})
  set_tests_properties(${R_NAME} PROPERTIES SKIP_RETURN_CODE 77 LABELS "regression;${R_LABELS}")
endfunction()

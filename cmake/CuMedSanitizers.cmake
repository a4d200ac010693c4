# The sanitizer build's split between checked and unchecked code (the asan preset).
#
# CMAKE_CXX_FLAGS carries -fsanitize=... for every file. With CUMED_INSTRUMENT_TEST_CODE=OFF,
# cumed_leave_test_code_uninstrumented() compiles the test programs' own files without the
# instrumentation (-fno-sanitize=all after the global flags) and still links them with the
# sanitizer runtimes (CMAKE_EXE_LINKER_FLAGS). What stays checked is CuMed: every module library,
# program and data generator. Heap memory is checked wherever it was allocated, because the runtime
# replaces malloc and operator new for the whole process; a library writing past a buffer the test
# allocated is still reported. What is given up: stack and global buffers and undefined behaviour
# inside the tests themselves. What is gained: the tests' files are GoogleTest and the ITK/VTK
# references they instantiate, and instrumenting those costs five times their plain compile time
# (RandomizedVsItkTest.cxx on the 2-core development machine: 129 s with
# -fsanitize=address,undefined, 26 s without, same -O1 -g1), time the CI budget cannot spare.
option(CUMED_INSTRUMENT_TEST_CODE
       "In a sanitizer build (-fsanitize in CMAKE_CXX_FLAGS), instrument the test programs' own files too; OFF (the asan preset) compiles them plain and links them with the sanitizer runtimes"
       ON)

# The source directories whose targets are test code: <module>/test, Testing/ (but not the fuzz
# targets, which are the sanitizers' own harness) and Documentation/examples.
function(_cumed_is_test_code_directory dir out)
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${dir}")
  if(rel MATCHES "(^|/)test(/|$)" OR (rel MATCHES "^Testing(/|$)" AND NOT rel MATCHES "^Testing/Fuzz")
     OR rel MATCHES "^Documentation/examples")
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# CUMED_TEST_CODE_OPTIONS: C++ options appended for the test programs' own files. The default,
# -O1, halves their compile time in a Release build (RandomizedVsItkTest.cxx: 59.6 s of CPU at
# -O3, 29.1 s at -O1) without changing results (no -ffast-math: the same IEEE arithmetic); CuMed's
# libraries and programs keep the build type's optimisation.
set(CUMED_TEST_CODE_OPTIONS "-O1" CACHE STRING
    "C++ compile options appended for the test programs' own files (empty: the build type's)")

function(_cumed_test_code_options dir options)
  _cumed_is_test_code_directory("${dir}" is_test)
  if(is_test)
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(t IN LISTS targets)
      get_target_property(type ${t} TYPE)
      if(type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|OBJECT_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY)$")
        foreach(option IN LISTS options)
          set_property(TARGET ${t} APPEND PROPERTY COMPILE_OPTIONS
                       "$<$<COMPILE_LANGUAGE:CXX>:${option}>")
        endforeach()
      endif()
    endforeach()
  endif()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _cumed_test_code_options("${sub}" "${options}")
  endforeach()
endfunction()

# Called once, after every target is defined (the top-level CMakeLists.txt).
function(cumed_leave_test_code_uninstrumented)
  set(options ${CUMED_TEST_CODE_OPTIONS})
  if(NOT CUMED_INSTRUMENT_TEST_CODE AND CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
    list(APPEND options -fno-sanitize=all)
    message(STATUS "CuMed: test programs' own files compiled without sanitizer instrumentation "
                   "(CUMED_INSTRUMENT_TEST_CODE=OFF); the libraries and programs are instrumented")
  endif()
  if(options)
    _cumed_test_code_options("${PROJECT_SOURCE_DIR}" "${options}")
  endif()
endfunction()

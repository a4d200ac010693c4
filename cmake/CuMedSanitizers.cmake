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

function(_cumed_uninstrument_directory dir)
  _cumed_is_test_code_directory("${dir}" is_test)
  if(is_test)
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(t IN LISTS targets)
      get_target_property(type ${t} TYPE)
      if(type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|OBJECT_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY)$")
        set_property(TARGET ${t} APPEND PROPERTY COMPILE_OPTIONS -fno-sanitize=all)
      endif()
    endforeach()
  endif()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _cumed_uninstrument_directory("${sub}")
  endforeach()
endfunction()

# Called once, after every target is defined (the top-level CMakeLists.txt).
function(cumed_leave_test_code_uninstrumented)
  if(CUMED_INSTRUMENT_TEST_CODE OR NOT CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
    return()
  endif()
  _cumed_uninstrument_directory("${PROJECT_SOURCE_DIR}")
  message(STATUS "CuMed: test programs' own files compiled without sanitizer instrumentation "
                 "(CUMED_INSTRUMENT_TEST_CODE=OFF); the libraries and programs are instrumented")
endfunction()

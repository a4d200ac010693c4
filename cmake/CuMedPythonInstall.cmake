# Run by `cmake --install` for the python component (install(CODE) in Wrapping/Python): installs the
# cumed package and its cumed-<version>.dist-info. The directory is chosen here, at install time,
# because `cmake --install --prefix P` and CPack change the prefix after configuring:
#   CUMED_PYTHON_INSTALL_DIR set:  that directory (relative: under the prefix);
#   prefix /usr (the Debian package): lib/python3/dist-packages, Debian's place for packaged modules;
#   the interpreter's own local site directory lies under the prefix (/usr/local for Debian's
#   python3: /usr/local/lib/python3.11/dist-packages; a virtual environment's prefix): that one, so
#   the interpreter imports it with no PYTHONPATH (scripts/install-python.sh relies on it);
#   any other prefix P: P/lib/python3/dist-packages (add it to PYTHONPATH).
# With shared CuMed libraries the extension loads them from <prefix>/lib (RUNPATH $ORIGIN/../../..).
# Expects CUMED_PYTHON_RUNTIME_LIBRARY (the SONAME of libcumed_core when shared, else empty),
# CUMED_PYTHON_BUILD_LIBDIR (the build's library folder), CUMED_PYTHON_FILES, CUMED_PYTHON_INSTALL_DIR, CUMED_PYTHON_LOCAL_SITE,
# CUMED_PYTHON_EXECUTABLE, CUMED_PYTHON_NATIVE, CUMED_SOURCE_DIR, CUMED_VERSION.
set(_prefix "${CMAKE_INSTALL_PREFIX}")
if(CUMED_PYTHON_INSTALL_DIR)
  set(_site "${CUMED_PYTHON_INSTALL_DIR}")
  if(NOT IS_ABSOLUTE "${_site}")
    set(_site "${_prefix}/${_site}")
  endif()
elseif(_prefix STREQUAL "/usr")
  set(_site "/usr/lib/python3/dist-packages")
else()
  string(FIND "${CUMED_PYTHON_LOCAL_SITE}" "${_prefix}/" _at)
  if(_at EQUAL 0)
    set(_site "${CUMED_PYTHON_LOCAL_SITE}")
  else()
    set(_site "${_prefix}/lib/python3/dist-packages")
  endif()
endif()
# Another version's dist-info would make pip list two cumed.
file(GLOB _old LIST_DIRECTORIES true "$ENV{DESTDIR}${_site}/cumed-*.dist-info")
list(FILTER _old EXCLUDE REGEX "/cumed-${CUMED_VERSION}\\.dist-info$")
if(_old)
  file(REMOVE_RECURSE ${_old})
endif()
file(INSTALL DESTINATION "${_site}/cumed" TYPE FILE FILES ${CUMED_PYTHON_FILES})
# The extension finds CuMed's shared libraries three levels up (lib/python3*/dist-packages/cumed ->
# lib), where they are installed, instead of the build tree.
get_filename_component(_native "${CUMED_PYTHON_NATIVE}" NAME)
set(_native "$ENV{DESTDIR}${_site}/cumed/${_native}")
file(READ_ELF "${_native}" RUNPATH _runpath RPATH _rpath)
if(_runpath OR _rpath)
  file(RPATH_SET FILE "${_native}" NEW_RPATH "$ORIGIN/../../..")
endif()
execute_process(
  COMMAND "${CUMED_PYTHON_EXECUTABLE}" "${CUMED_SOURCE_DIR}/cmake/CuMedPythonDistInfo.py"
          "$ENV{DESTDIR}${_site}" "${CUMED_VERSION}" "${CUMED_SOURCE_DIR}/pyproject.toml"
  RESULT_VARIABLE _result OUTPUT_VARIABLE _written ERROR_VARIABLE _error)
if(NOT _result EQUAL 0)
  message(FATAL_ERROR "cumed's dist-info was not written in ${_site}: ${_error}")
endif()
message(STATUS "Installing: ${_site}/cumed-${CUMED_VERSION}.dist-info")
string(REPLACE "\n" ";" _written "${_written}")
list(APPEND CMAKE_INSTALL_MANIFEST_FILES ${_written})

# A shared build's python component brings the CuMed libraries the extension loads (resolved from
# the build tree) into <prefix>/lib, RUNPATH $ORIGIN, so a python-only install
# (`cmake --install build --component python`, as scripts/install-python.sh runs after the main
# job's partial build, which does not build the whole runtime component) imports. Always, so a
# rebuilt library replaces an older copy of the same SONAME (with the runtime component too, the
# same files: copied once). Not under CPack, which stages each component apart (python3-cumed
# depends on the cumed package, which holds them).
if(CUMED_PYTHON_RUNTIME_LIBRARY AND NOT "$ENV{DESTDIR}" MATCHES "/_CPack_Packages/")
  get_filename_component(_libdir "${_site}/../.." ABSOLUTE)
  file(GET_RUNTIME_DEPENDENCIES MODULES "${CUMED_PYTHON_NATIVE}"
       RESOLVED_DEPENDENCIES_VAR _needed UNRESOLVED_DEPENDENCIES_VAR _unresolved
       PRE_INCLUDE_REGEXES "^libcumed_" PRE_EXCLUDE_REGEXES ".*"
       DIRECTORIES "${CUMED_PYTHON_BUILD_LIBDIR}")
  if(_unresolved OR NOT _needed)
    message(FATAL_ERROR "cumed's extension needs CuMed libraries not found in "
                        "${CUMED_PYTHON_BUILD_LIBDIR}: ${_unresolved}")
  endif()
  message(STATUS "Installing into ${_libdir} the CuMed libraries cumed's extension loads")
  foreach(_library IN LISTS _needed)
    file(INSTALL DESTINATION "${_libdir}" TYPE SHARED_LIBRARY FOLLOW_SYMLINK_CHAIN FILES "${_library}")
    get_filename_component(_name "${_library}" NAME)
    file(RPATH_SET FILE "$ENV{DESTDIR}${_libdir}/${_name}" NEW_RPATH "$ORIGIN")
  endforeach()
endif()

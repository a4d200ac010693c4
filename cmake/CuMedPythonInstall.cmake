# Run by `cmake --install` for the python component (install(CODE) in Wrapping/Python): installs the
# cumed package and its cumed-<version>.dist-info. The directory is chosen here, at install time,
# because `cmake --install --prefix P` and CPack change the prefix after configuring:
#   CUMED_PYTHON_INSTALL_DIR set:  that directory (relative: under the prefix);
#   prefix /usr (the Debian package): lib/python3/dist-packages, Debian's place for packaged modules;
#   the interpreter's own local site directory lies under the prefix (/usr/local for Debian's
#   python3: /usr/local/lib/python3.11/dist-packages; a virtual environment's prefix): that one, so
#   the interpreter imports it with no PYTHONPATH (scripts/install-python.sh relies on it);
#   any other prefix P: P/lib/python3/dist-packages (add it to PYTHONPATH).
# With shared CuMed libraries the extension needs the runtime component in the same prefix
# (RUNPATH $ORIGIN/../../.. is <prefix>/lib): a python-only install without it is warned about.
# Expects CUMED_PYTHON_RUNTIME_LIBRARY (the SONAME of libcumed_core when shared, else empty),
# CUMED_PYTHON_FILES, CUMED_PYTHON_INSTALL_DIR, CUMED_PYTHON_LOCAL_SITE,
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

# CPack installs each component into a staging folder of its own: there the libraries are in the
# cumed package, not beside this one.
if(CUMED_PYTHON_RUNTIME_LIBRARY AND NOT "$ENV{DESTDIR}" MATCHES "/_CPack_Packages/")
  get_filename_component(_lib "${_site}/../../${CUMED_PYTHON_RUNTIME_LIBRARY}" ABSOLUTE)
  if(NOT EXISTS "$ENV{DESTDIR}${_lib}")
    message(WARNING "cumed's extension needs CuMed's shared libraries in ${_prefix}/lib, where "
            "there is no ${CUMED_PYTHON_RUNTIME_LIBRARY}: install the runtime component as well "
            "(cmake --install <build> --component runtime), or `import cumed` fails")
  endif()
endif()

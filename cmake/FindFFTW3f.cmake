# FindFFTW3f: single-precision FFTW 3 (libfftw3f), which ships no CMake package on Debian.
# Defines the imported target FFTW3f::fftw3f and FFTW3f_FOUND. pkg-config (fftw3f.pc) gives
# hints when present; the header and library are then found by name.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_FFTW3f QUIET fftw3f)
endif()
find_path(FFTW3f_INCLUDE_DIR fftw3.h HINTS ${PC_FFTW3f_INCLUDE_DIRS})
find_library(FFTW3f_LIBRARY NAMES fftw3f HINTS ${PC_FFTW3f_LIBRARY_DIRS})
set(FFTW3f_VERSION ${PC_FFTW3f_VERSION})
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(FFTW3f REQUIRED_VARS FFTW3f_LIBRARY FFTW3f_INCLUDE_DIR
                                  VERSION_VAR FFTW3f_VERSION)
if(FFTW3f_FOUND AND NOT TARGET FFTW3f::fftw3f)
  add_library(FFTW3f::fftw3f UNKNOWN IMPORTED)
  set_target_properties(FFTW3f::fftw3f PROPERTIES
    IMPORTED_LOCATION "${FFTW3f_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${FFTW3f_INCLUDE_DIR}")
endif()
mark_as_advanced(FFTW3f_INCLUDE_DIR FFTW3f_LIBRARY)

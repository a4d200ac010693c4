# Debian packages of this build, one per install component (CPack DEB):
#   cumed          runtime: the shared module libraries and the programs
#   cumed-dev      dev: headers, the CMake package (lib/cmake/CuMed), static libraries and object
#                  files when built, the examples (share/cumed/examples); Depends cumed (= version)
#   python3-cumed  python: the cumed package with its dist-info in /usr/lib/python3/dist-packages;
#                  Depends cumed (= version)
#   cmake --build build --target package     (or: cd build && cpack -G DEB)
# Every install() names one of these components; the package test (Testing/Packages) checks that
# nothing is left in CMake's "Unspecified" component.
# A CUDA build's libraries hold the CUDA runtime (static cudart) but load libcufft.so.12 (the PIV
# module) from the CUDA toolkit, which Debian does not package: dpkg-shlibdeps is shown the
# toolkit's library folder and told to ignore missing package information, so libcufft is not in
# Depends; Documentation/building.md says to install it (cuda-cufft-12-x or the toolkit).
# One version: pyproject.toml's (the wheel's, the dist-info's fields) must be project(VERSION).
file(STRINGS "${PROJECT_SOURCE_DIR}/pyproject.toml" _cumed_pyproject_version REGEX "^version = ")
if(NOT _cumed_pyproject_version STREQUAL "version = \"${PROJECT_VERSION}\"")
  message(FATAL_ERROR "pyproject.toml says '${_cumed_pyproject_version}', CMakeLists.txt's project() "
                      "says ${PROJECT_VERSION}: make them equal")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME cumed)
set(CPACK_PACKAGE_VENDOR "CuMed")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_CONTACT "CuMed maintainers <cumed@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Package files in the build tree's own folder (build/packages), beside CPack's staging tree.
set(CPACK_PACKAGE_DIRECTORY "${CMAKE_BINARY_DIR}/packages")

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
if(TARGET cumed_python_native)
  list(APPEND CPACK_COMPONENTS_ALL python)
endif()
set(CPACK_COMPONENT_DEV_DEPENDS runtime)
set(CPACK_COMPONENT_PYTHON_DEPENDS runtime)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME cumed)
set(CPACK_DEBIAN_DEV_PACKAGE_NAME cumed-dev)
set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-cumed)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION science)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
    "GPU-accelerated medical imaging for ITK and VTK: libraries and programs")
set(CPACK_COMPONENT_DEV_DESCRIPTION
    "GPU-accelerated medical imaging for ITK and VTK: headers, CMake package, examples")
set(CPACK_COMPONENT_PYTHON_DESCRIPTION
    "GPU-accelerated medical imaging for ITK and VTK: the Python package cumed")
# <name>_<version>-<release>_<architecture>.deb
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
# CI builds the packages: zstd (dpkg >= 1.21.18, Debian 12) is fast and small.
set(CPACK_DEBIAN_COMPRESSION_TYPE zstd)

# Library dependencies from the binaries themselves (dpkg-shlibdeps). CuMed's own libraries
# (python3-cumed's extension links them) and, in a CUDA build, cuFFT are found in these folders and
# have no Debian package information: CPack passes --ignore-missing-info.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${CMAKE_LIBRARY_OUTPUT_DIRECTORY}")
if(CUMED_WITH_CUDA AND CUDAToolkit_LIBRARY_DIR)
  list(APPEND CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${CUDAToolkit_LIBRARY_DIR}")
endif()

# What dpkg-shlibdeps cannot see: find_package(CuMed) finds these development packages (the
# headers and CMake files of the components this build has), and the extension's Python.
# CPack's component dependencies (CPACK_COMPONENT_<C>_DEPENDS) are not Debian Depends by themselves:
# the exact version of cumed is written here.
set(_cumed_exact "cumed (= ${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE})")
set(_cumed_dev_depends "${_cumed_exact}" "cmake (>= 3.25)" "g++" zlib1g-dev libexpat1-dev libfftw3-dev)
if(CUMED_WITH_ITK)
  list(APPEND _cumed_dev_depends libinsighttoolkit5-dev libdcmtk-dev libgdcm-dev)
endif()
if(CUMED_WITH_VTK)
  list(APPEND _cumed_dev_depends libvtk9-dev libx11-dev libgl-dev libegl-dev)
endif()
if(CUMED_WITH_MPI)
  list(APPEND _cumed_dev_depends libopenmpi-dev)
endif()
string(REPLACE ";" ", " CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${_cumed_dev_depends}")
if(TARGET cumed_python_native)
  # The extension is built for one CPython minor version (its file name says which).
  execute_process(COMMAND ${CUMED_PYTHON_EXECUTABLE} -c
                  "import sys; print('%d.%d %d.%d' % (sys.version_info[:2] + (sys.version_info[0], sys.version_info[1] + 1)))"
                  OUTPUT_VARIABLE _cumed_py OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REPLACE " " ";" _cumed_py "${_cumed_py}")
  list(GET _cumed_py 0 _cumed_py_this)
  list(GET _cumed_py 1 _cumed_py_next)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS
      "${_cumed_exact}, python3 (>= ${_cumed_py_this}), python3 (<< ${_cumed_py_next}), python3-numpy")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_RECOMMENDS "python3-vtk9")
endif()

include(CPack)

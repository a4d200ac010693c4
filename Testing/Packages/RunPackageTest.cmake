# cmake -DBUILD_DIR=<build> -DWORK_DIR=<dir> -DSOURCE_DIR=<source> -DVERSION=<x.y.z>
#       [-DWITH_PYTHON=ON] [-DPYTHON=/usr/bin/python3] -P RunPackageTest.cmake
# The Debian packages as a user gets them: cpack -G DEB from the build tree, each .deb checked
# (name, version, Depends) and unpacked with dpkg-deb -x into an empty root; then, against that root
# alone (CMAKE_PREFIX_PATH=<root>/usr, the CUDA toolkit made unfindable), Testing/Downstream/project,
# building.md's template (Testing/Downstream/template) and the installed examples (usr/share/cumed/examples) are configured, built and run, an installed
# program prints its version, and the extracted Python package imports from the root with
# cumed.__version__ and pip's listing equal to VERSION. Every step's time is printed.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(root "${WORK_DIR}/root")
set(release "${VERSION}-1")
string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" root_re "${root}")

# <what> must load every CuMed library it loads from the root (ldd's output in <out>).
function(expect_root_libraries what out)
  string(REGEX MATCHALL "libcumed[^ ]* => [^ ]*" loaded "${out}")
  if(NOT loaded)
    message(FATAL_ERROR "package test: ${what} loads no shared CuMed library:\n${out}")
  endif()
  foreach(line IN LISTS loaded)
    string(REGEX REPLACE ".* => " "" path "${line}")
    file(REAL_PATH "${path}" path) # ldd may say <root>/usr/bin/../lib/...
    string(FIND "${path}" "${root}/usr/lib/" at)
    if(NOT at EQUAL 0)
      message(FATAL_ERROR "package test: ${what} loads ${line}, not the root's")
    endif()
  endforeach()
  if(out MATCHES "not found")
    message(FATAL_ERROR "package test: ${what} misses libraries:\n${out}")
  endif()
endfunction()

function(step name)
  string(TIMESTAMP start "%s")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY "${WORK_DIR}")
  string(TIMESTAMP end "%s")
  math(EXPR seconds "${end} - ${start}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "package test: ${name} failed (${result}) after ${seconds} s:\n${out}\n${err}")
  endif()
  message("package test: ${name}: ${seconds} s")
  set(out "${out}" PARENT_SCOPE)
endfunction()

function(expect what text regex)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "package test: ${what} is '${text}', expected to match '${regex}'")
  endif()
endfunction()

# Nothing may be installed outside the packaged components (an install() without COMPONENT).
step("install of the Unspecified component" ${CMAKE_COMMAND} --install "${BUILD_DIR}"
     --component Unspecified --prefix "${WORK_DIR}/unspecified")
file(GLOB_RECURSE stray "${WORK_DIR}/unspecified/*")
if(stray)
  message(FATAL_ERROR "package test: install() rules without a COMPONENT (in no package):\n${stray}")
endif()

step(cpack ${CMAKE_CPACK_COMMAND} -G DEB --config "${BUILD_DIR}/CPackConfig.cmake"
     -B "${WORK_DIR}/packages")
execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE arch OUTPUT_STRIP_TRAILING_WHITESPACE)
set(packages cumed cumed-dev)
if(WITH_PYTHON)
  list(APPEND packages python3-cumed)
endif()
file(GLOB debs RELATIVE "${WORK_DIR}/packages" "${WORK_DIR}/packages/*.deb")
list(SORT debs)
set(expected "")
foreach(package IN LISTS packages)
  list(APPEND expected "${package}_${release}_${arch}.deb")
endforeach()
list(SORT expected)
if(NOT debs STREQUAL expected)
  message(FATAL_ERROR "package test: cpack made '${debs}', expected '${expected}'")
endif()

# Control fields: exact-version dependencies on the runtime package, the library dependencies
# dpkg-shlibdeps found, and no CUDA toolkit package.
foreach(package IN LISTS packages)
  set(deb "${WORK_DIR}/packages/${package}_${release}_${arch}.deb")
  execute_process(COMMAND dpkg-deb -f "${deb}" Package Version Architecture Depends
                  OUTPUT_VARIABLE fields RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "package test: dpkg-deb -f ${deb} failed")
  endif()
  message("${package}:\n${fields}")
  expect("${package}'s Package" "${fields}" "Package: ${package}\n")
  expect("${package}'s Version" "${fields}" "Version: ${release}\n")
  expect("${package}'s Architecture" "${fields}" "Architecture: ${arch}\n")
  if(fields MATCHES "cuda")
    message(FATAL_ERROR "package test: ${package} depends on a CUDA package Debian does not have")
  endif()
  if(package STREQUAL "cumed")
    expect("cumed's Depends" "${fields}" "Depends:.*libc6.*libstdc\\+\\+6")
    expect("cumed's Depends" "${fields}" "Depends:.*libinsighttoolkit5")
  else()
    expect("${package}'s Depends" "${fields}" "Depends:.*cumed \\(= ${release}\\)")
  endif()
  if(package STREQUAL "cumed-dev")
    expect("cumed-dev's Depends" "${fields}" "Depends:.*libvtk9-dev")
  elseif(package STREQUAL "python3-cumed")
    expect("python3-cumed's Depends" "${fields}" "Depends:.*python3-numpy")
  endif()
  step("dpkg-deb -x ${package}" dpkg-deb -x "${deb}" "${root}")
endforeach()

# The packages hold what they say: libraries and programs in cumed, headers and the CMake package
# in cumed-dev.
foreach(file IN ITEMS usr/lib/libcumed_core.so.${VERSION} usr/bin/cumed-isosurface
                      usr/include/cumed/core/Version.h usr/lib/cmake/CuMed/CuMedConfig.cmake
                      usr/share/cumed/examples/CMakeLists.txt usr/share/doc/cumed/LICENSE)
  if(NOT EXISTS "${root}/${file}")
    message(FATAL_ERROR "package test: the packages have no ${file}")
  endif()
endforeach()

# An installed program runs from the root and finds its libraries there ($ORIGIN/../lib).
step("cumed-isosurface --version" "${root}/usr/bin/cumed-isosurface" --version)
expect("cumed-isosurface --version" "${out}" "^cumed-isosurface ${VERSION}\n")
step("ldd cumed-isosurface" ldd "${root}/usr/bin/cumed-isosurface")
expect_root_libraries(cumed-isosurface "${out}")

# Downstream projects against the root only; CUDAToolkit unfindable (a CUDA build's packages must
# not need the toolkit downstream).
set(configure_args -DCMAKE_PREFIX_PATH=${root}/usr -DCMAKE_BUILD_TYPE=Release
                   -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON)
step("configure Testing/Downstream/project" ${CMAKE_COMMAND} -S "${SOURCE_DIR}/Testing/Downstream/project"
     -B "${WORK_DIR}/downstream" ${configure_args})
step("build Testing/Downstream/project" ${CMAKE_COMMAND} --build "${WORK_DIR}/downstream" -j2)
step("run downstream" "${WORK_DIR}/downstream/downstream" "${WORK_DIR}")
expect("downstream's output" "${out}" "CuMed ${VERSION} downstream OK")
step("ldd downstream" ldd "${WORK_DIR}/downstream/downstream")
expect_root_libraries(downstream "${out}")

# The template of Documentation/building.md, as it is written there.
step("configure the building.md template" ${CMAKE_COMMAND} -S "${SOURCE_DIR}/Testing/Downstream/template"
     -B "${WORK_DIR}/template" ${configure_args})
step("build the building.md template" ${CMAKE_COMMAND} --build "${WORK_DIR}/template" -j2)
step("run the building.md template" "${WORK_DIR}/template/myapp")
expect("myapp's output" "${out}" "myapp OK, CuMed ${VERSION}\n")

step("configure the installed examples" ${CMAKE_COMMAND} -S "${root}/usr/share/cumed/examples"
     -B "${WORK_DIR}/examples" ${configure_args})
step("build the installed examples" ${CMAKE_COMMAND} --build "${WORK_DIR}/examples" -j2)
file(GLOB sources RELATIVE "${root}/usr/share/cumed/examples" "${root}/usr/share/cumed/examples/*.cxx")
list(LENGTH sources count)
if(count LESS 1)
  message(FATAL_ERROR "package test: no examples installed")
endif()
foreach(source IN LISTS sources)
  get_filename_component(name "${source}" NAME_WE)
  step("run example ${name}" "${WORK_DIR}/examples/${name}")
endforeach()
message("package test: ${count} installed examples built and ran")

if(WITH_PYTHON)
  set(site "${root}/usr/lib/python3/dist-packages")
  # The extension finds CuMed's libraries in the root (RUNPATH $ORIGIN/../../..), not the build's.
  # (A script file: a ';' inside one argument would split it in CMake.)
  file(WRITE "${WORK_DIR}/import_cumed.py" [[
import cumed
print(cumed.__version__)
print(cumed.__file__)
with open("/proc/self/maps") as maps:
    print("\n".join(sorted({line.split()[-1] for line in maps if "libcumed" in line})))
]])
  step("import cumed" ${CMAKE_COMMAND} -E env "PYTHONPATH=${site}" ${PYTHON} "${WORK_DIR}/import_cumed.py")
  expect("cumed.__version__ and cumed.__file__" "${out}"
         "^${VERSION}\n${root_re}/usr/lib/python3/dist-packages/cumed/__init__.py\n")
  string(REGEX MATCHALL "[^\n]*libcumed[^\n]*" loaded "${out}")
  if(NOT loaded)
    message(FATAL_ERROR "package test: import cumed loaded no shared CuMed library:\n${out}")
  endif()
  foreach(line IN LISTS loaded)
    if(NOT line MATCHES "^${root_re}/usr/lib/")
      message(FATAL_ERROR "package test: cumed loads ${line}, not the root's")
    endif()
  endforeach()
  step("pip list" ${PYTHON} -m pip list --path "${site}")
  expect("pip list --path ${site}" "${out}" "\ncumed +${VERSION}\n")
endif()
message("package test OK")

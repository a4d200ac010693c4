# cumed_module(NAME <Component> TARGET <target> [OUTPUT_NAME <name>] [INTERFACE | OBJECT]
#              [INCLUDE_DIR <dir>]
#              [SOURCES ...] [DEPENDS <CuMed components>] [PACKAGES "<find_package arguments>" ...]
#              [ITK_MODULES ...] [VTK_MODULES ...] [VTK_PRIVATE_MODULES ...]
#              [LINK_PUBLIC ...] [LINK_PRIVATE ...])
# Declares one CuMed component, the module's only statement of what it needs: the library (or an
# INTERFACE target), alias and export name CuMed::<Component>, headers in <INCLUDE_DIR> (default
# include/) installed, and its links: CuMed::<dep> for DEPENDS, the libraries and include dirs of
# the ITK modules (computed by ITK itself, never touching ITK_LIBRARIES), VTK::<module> for the VTK
# modules. PACKAGES are found here and again, with the ITK and VTK modules, by CuMedConfig.cmake
# when a downstream project asks for the component (CuMedInstall.cmake writes them into it).
# Installed in its own export set CuMed<Component>Targets. Declare dependencies first.
# The library is SHARED when CUMED_SHARED_LIBS is ON (versioned SONAME), else STATIC.
# OBJECT: an object library (objects installed under lib/cumed-objects/, no headers of its own),
# for definitions that must be in the user's executable: CMake links an object library's objects
# into each target that links it directly.
function(cumed_module)
  cmake_parse_arguments(M "INTERFACE;OBJECT" "NAME;TARGET;OUTPUT_NAME;INCLUDE_DIR"
    "SOURCES;DEPENDS;PACKAGES;ITK_MODULES;VTK_MODULES;VTK_PRIVATE_MODULES;LINK_PUBLIC;LINK_PRIVATE"
    ${ARGN})
  if(NOT M_INCLUDE_DIR)
    set(M_INCLUDE_DIR include)
  endif()
  set(public PUBLIC)
  if(M_INTERFACE)
    add_library(${M_TARGET} INTERFACE)
    set(public INTERFACE)
  elseif(M_OBJECT)
    add_library(${M_TARGET} OBJECT ${M_SOURCES})
    set_target_properties(${M_TARGET} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  elseif(CUMED_SHARED_LIBS)
    add_library(${M_TARGET} SHARED ${M_SOURCES})
    # 0.x: any minor release may change the ABI, so the SONAME carries major.minor.
    set_target_properties(${M_TARGET} PROPERTIES OUTPUT_NAME ${M_OUTPUT_NAME}
      VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
    if(CUMED_WITH_CUDA)
      # Each shared library keeps its copy of the static CUDA runtime to itself: without this,
      # the first library loaded would interpose its cuda* symbols on the others' and the runtime
      # state each library sees would depend on load order. The copies share the driver's primary
      # context, so device pointers, streams and events pass between libraries.
      target_link_options(${M_TARGET} PRIVATE "LINKER:--exclude-libs,libcudart_static.a")
    endif()
  else()
    add_library(${M_TARGET} STATIC ${M_SOURCES})
    set_target_properties(${M_TARGET} PROPERTIES OUTPUT_NAME ${M_OUTPUT_NAME})
  endif()
  add_library(CuMed::${M_NAME} ALIAS ${M_TARGET})
  set_target_properties(${M_TARGET} PROPERTIES EXPORT_NAME ${M_NAME})
  target_include_directories(${M_TARGET} ${public}
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/${M_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${M_TARGET} ${public} cxx_std_17)

  foreach(spec IN LISTS M_PACKAGES)
    string(REPLACE " " ";" args "${spec}")
    list(INSERT args 1 REQUIRED)
    find_package(${args})
  endforeach()
  foreach(dep IN LISTS M_DEPENDS)
    target_link_libraries(${M_TARGET} ${public} CuMed::${dep})
  endforeach()
  if(M_ITK_MODULES)
    if(NOT CUMED_WITH_ITK)
      message(FATAL_ERROR "CuMed::${M_NAME} needs ITK: configure with CUMED_WITH_ITK=ON")
    endif()
    # ITK's own resolution of modules to libraries, in a namespace of ours (see ITKModuleAPI.cmake).
    # ITK 5.2's library targets carry no include directories, so the module's do.
    itk_module_config(_cumed_itk ${M_ITK_MODULES})
    target_link_libraries(${M_TARGET} ${public} ${_cumed_itk_LIBRARIES})
    target_include_directories(${M_TARGET} SYSTEM ${public} ${_cumed_itk_INCLUDE_DIRS})
  endif()
  list(TRANSFORM M_VTK_MODULES PREPEND VTK:: OUTPUT_VARIABLE vtk_public)
  list(TRANSFORM M_VTK_PRIVATE_MODULES PREPEND VTK:: OUTPUT_VARIABLE vtk_private)
  target_link_libraries(${M_TARGET} ${public} ${vtk_public} ${M_LINK_PUBLIC})
  if(NOT M_INTERFACE)
    target_link_libraries(${M_TARGET} PRIVATE ${vtk_private} ${M_LINK_PRIVATE})
  endif()

  # What CuMedConfig.cmake finds for this component (a static library's private links included).
  set_property(GLOBAL APPEND PROPERTY CUMED_COMPONENTS ${M_NAME})
  set_property(GLOBAL PROPERTY CUMED_COMPONENT_${M_NAME}_DEPENDS ${M_DEPENDS})
  set_property(GLOBAL PROPERTY CUMED_COMPONENT_${M_NAME}_PACKAGES ${M_PACKAGES})
  set_property(GLOBAL PROPERTY CUMED_COMPONENT_${M_NAME}_ITK ${M_ITK_MODULES})
  set_property(GLOBAL PROPERTY CUMED_COMPONENT_${M_NAME}_VTK ${M_VTK_MODULES} ${M_VTK_PRIVATE_MODULES})

  # Install components (the Debian packages, cmake/CuMedPackaging.cmake): what a program needs at
  # run time is "runtime" (package cumed), what a build needs is "dev" (cumed-dev).
  install(TARGETS ${M_TARGET} EXPORT CuMed${M_NAME}Targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime
    OBJECTS DESTINATION ${CMAKE_INSTALL_LIBDIR}/cumed-objects COMPONENT dev)
  if(NOT M_OBJECT)
    install(DIRECTORY ${M_INCLUDE_DIR}/cumed DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
            FILES_MATCHING PATTERN "*.h" PATTERN "*.hxx" PATTERN "*.cuh")
  endif()
endfunction()

# cumed_itk_reference_sources(file...): sources of the current directory whose bulk is ITK's own
# filters instantiated as a reference or a demonstration (the tests' ITK references, programs
# written in ITK's names). In a build with UndefinedBehaviorSanitizer (the asan preset) they are
# compiled with AddressSanitizer alone: UBSan's instrumentation of ITK's filter templates took
# minutes per file and checks ITK, not CuMed. Every other file keeps both sanitizers.
function(cumed_itk_reference_sources)
  if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=[^ ]*undefined")
    set_source_files_properties(${ARGN} PROPERTIES COMPILE_OPTIONS "-fno-sanitize=undefined")
  endif()
endfunction()

# cumed_add_gtest(NAME name [CUDA_CASES] SOURCES ... LIBRARIES ... [ENVIRONMENT k=v ...])
# Builds one GoogleTest executable and registers it with CTest:
#   <name>.cpu  (label cpu): every test except those of suites whose name contains "Cuda"
#   <name>.cuda (label cuda, only with CUDA_CASES): the tests of those suites; they call
#               GTEST_SKIP() without a usable device.
# The executables use CuMed's test main (Testing/GTestMain), which exits 77 when every selected
# test skipped itself: CTest then reports the entry as skipped, never as a silent pass, and a
# failure among skips is still a failure.
function(cumed_add_gtest)
  cmake_parse_arguments(T "CUDA_CASES" "NAME;TIMEOUT" "SOURCES;LIBRARIES;ENVIRONMENT" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBRARIES} cumed_gtest_main)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 600)
  endif()
  # "*Cuda*.*" matches suite names only ("Suite.Test"; a '.' must follow "Cuda").
  add_test(NAME ${T_NAME}.cpu COMMAND ${T_NAME} --gtest_filter=-*Cuda*.*)
  set_tests_properties(${T_NAME}.cpu PROPERTIES LABELS cpu TIMEOUT ${T_TIMEOUT} SKIP_RETURN_CODE 77
                       ENVIRONMENT "CUMED_SOURCE_DIR=${PROJECT_SOURCE_DIR};${T_ENVIRONMENT}")
  if(NOT T_CUDA_CASES)
    return()
  endif()
  add_test(NAME ${T_NAME}.cuda COMMAND ${T_NAME} --gtest_filter=*Cuda*.*)
  set_tests_properties(${T_NAME}.cuda PROPERTIES LABELS cuda TIMEOUT ${T_TIMEOUT} SKIP_RETURN_CODE 77
                       ENVIRONMENT "CUMED_SOURCE_DIR=${PROJECT_SOURCE_DIR};${T_ENVIRONMENT}")
endfunction()

# A CTest entry that needs an OpenGL context: COMMAND runs under xvfb-run (a virtual X server)
# where it is installed, else as it is (a display or EGL of the machine). Such entries never run
# at the same time (RESOURCE_LOCK cumed_xvfb: two `xvfb-run -a` started at once can pick the same
# display), skip on exit 77, label cpu.
#   cumed_add_display_test(NAME n COMMAND exe args... [TIMEOUT s] [ENVIRONMENT "A=1;B=2"])
function(cumed_add_display_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "COMMAND;ENVIRONMENT" ${ARGN})
  find_program(CUMED_XVFB_RUN xvfb-run DOC "xvfb-run, for rendering tests on machines without a display")
  set(command ${T_COMMAND})
  if(CUMED_XVFB_RUN)
    set(command ${CUMED_XVFB_RUN} -a -s "-screen 0 1280x1024x24" ${command})
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  add_test(NAME ${T_NAME} COMMAND ${command})
  set_tests_properties(${T_NAME} PROPERTIES LABELS cpu TIMEOUT ${T_TIMEOUT} SKIP_RETURN_CODE 77
                       RESOURCE_LOCK cumed_xvfb)
  if(T_ENVIRONMENT)
    set_tests_properties(${T_NAME} PROPERTIES ENVIRONMENT "${T_ENVIRONMENT}")
  endif()
endfunction()

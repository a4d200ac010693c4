# Installs CuMedConfig.cmake and one exported-targets file per component, so a downstream project
# can do   find_package(CuMed REQUIRED COMPONENTS Morphology)
#          target_link_libraries(app PRIVATE CuMed::Morphology)
# The component table in CuMedConfig.cmake is written from the cumed_module() declarations.
include(CMakePackageConfigHelpers)
set(CUMED_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/CuMed)

get_property(CUMED_COMPONENTS GLOBAL PROPERTY CUMED_COMPONENTS)
set(CUMED_COMPONENT_TABLE "")
foreach(component IN LISTS CUMED_COMPONENTS)
  install(EXPORT CuMed${component}Targets NAMESPACE CuMed:: DESTINATION ${CUMED_INSTALL_CMAKEDIR}
          COMPONENT dev)
  foreach(field IN ITEMS DEPENDS PACKAGES ITK VTK)
    get_property(value GLOBAL PROPERTY CUMED_COMPONENT_${component}_${field})
    string(APPEND CUMED_COMPONENT_TABLE "set(_CuMed_${component}_${field} \"${value}\")\n")
  endforeach()
endforeach()

configure_package_config_file(cmake/CuMedConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/CuMedConfig.cmake INSTALL_DESTINATION ${CUMED_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/CuMedConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/CuMedConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/CuMedConfigVersion.cmake
              cmake/CuMedRegression.cmake
              cmake/FindFFTW3f.cmake
        DESTINATION ${CUMED_INSTALL_CMAKEDIR} COMPONENT dev)

# The regression-test driver: an imported executable CuMed::cumed-compare, not a component (it
# needs no find_package of ITK or VTK in the user's project).
if(TARGET cumed-compare)
  install(EXPORT CuMedCompareTargets NAMESPACE CuMed:: DESTINATION ${CUMED_INSTALL_CMAKEDIR}
          COMPONENT dev)
endif()

# The documentation's C++ examples with a project that builds them against the installed CuMed
# (Documentation/examples/installed/CMakeLists.txt); the package test builds them.
install(FILES Documentation/examples/CoreExecution.cxx
        DESTINATION ${CMAKE_INSTALL_DATADIR}/cumed/examples COMPONENT dev)
if(CUMED_WITH_ITK)
  install(FILES Documentation/examples/MorphologyFromItk.cxx Documentation/examples/RegistrationFromItk.cxx
          DESTINATION ${CMAKE_INSTALL_DATADIR}/cumed/examples COMPONENT dev)
endif()
if(CUMED_WITH_VTK)
  install(FILES Documentation/examples/SurfaceFromVtk.cxx Documentation/examples/DeformationFromVtk.cxx
                Documentation/examples/PivGlyphsFromVtk.cxx
          DESTINATION ${CMAKE_INSTALL_DATADIR}/cumed/examples COMPONENT dev)
endif()
install(FILES Documentation/examples/installed/CMakeLists.txt
        DESTINATION ${CMAKE_INSTALL_DATADIR}/cumed/examples COMPONENT dev)
install(FILES LICENSE CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/cumed COMPONENT runtime)

# Debian packages of the install components (cpack -G DEB, target package).
include(CuMedPackaging)

# Installs CuMedConfig.cmake and the exported targets, so a downstream project can do
#   find_package(CuMed REQUIRED)   target_link_libraries(app PRIVATE CuMed::Core)
include(CMakePackageConfigHelpers)
set(CUMED_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/CuMed)

install(EXPORT CuMedTargets NAMESPACE CuMed:: DESTINATION ${CUMED_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/CuMedConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/CuMedConfig.cmake INSTALL_DESTINATION ${CUMED_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/CuMedConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/CuMedConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/CuMedConfigVersion.cmake
        DESTINATION ${CUMED_INSTALL_CMAKEDIR})

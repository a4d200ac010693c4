# ITK and VTK from Debian's packages (ITK 5.2, VTK 9.1) for CuMed's own build: the modules, the
# applications and the tests. Only the components the build uses, so translation units stay lean.
# What a downstream project finds is not this list: each module declares its own (cumed_module)
# and CuMedConfig.cmake finds only those of the components asked for.
if(CUMED_WITH_ITK)
  set(CUMED_ITK_COMPONENTS
    ITKCommon ITKIOImageBase ITKIOGDCM ITKIOMeta ITKIONRRD ITKIONIFTI
    ITKMathematicalMorphology ITKImageGrid ITKThresholding)
  find_package(ITK 5.2 REQUIRED COMPONENTS ${CUMED_ITK_COMPONENTS})
endif()

# ITK's UseITK for a directory of programs (applications, tests, benchmarks) that read images by
# file name: include dirs and the IO factory registration of the list above. Never for a CuMed
# library's directory: a static library compiled with it references every listed IO factory, so
# each user would get CuMed's registration and have to link those IO modules.
macro(cumed_use_itk_file)
  if(CUMED_WITH_ITK)
    include(${ITK_USE_FILE})
  endif()
endmacro()

if(CUMED_WITH_VTK)
  set(CUMED_VTK_COMPONENTS
    CommonCore CommonDataModel CommonExecutionModel CommonTransforms
    FiltersCore FiltersGeneral FiltersModeling FiltersSources IOXML IOGeometry IOImage IOPLY ImagingCore
    RenderingCore RenderingOpenGL2 InteractionStyle)
  find_package(VTK 9.1 REQUIRED COMPONENTS ${CUMED_VTK_COMPONENTS})
endif()

# The command-line programs' option tables (CLI11) and JSON summaries (nlohmann/json), both
# header-only (Debian: libcli11-dev, nlohmann-json3-dev). Only the programs use them; no CuMed
# library's interface does, so CuMedConfig.cmake does not look for them. Found here, at the top,
# so Data/ (cumed-make-phantom) sees the imported targets as Applications/ does.
if(CUMED_BUILD_APPLICATIONS)
  find_package(CLI11 2.1 CONFIG REQUIRED)
  find_package(nlohmann_json 3 REQUIRED)
endif()

# ITK, VTK and DCMTK from Debian's packages (ITK 5.2, VTK 9.1, DCMTK 3.6.7), with only the
# components CuMed uses, so translation units stay lean.
# The lists are also written into CuMedConfig.cmake, so downstream projects find the same.
set(CUMED_ITK_COMPONENTS
  ITKCommon ITKIOImageBase ITKIOGDCM ITKIOMeta ITKIONRRD ITKIONIFTI
  ITKMathematicalMorphology ITKImageGrid ITKThresholding)
set(CUMED_VTK_COMPONENTS
  CommonCore CommonDataModel CommonExecutionModel CommonTransforms
  FiltersCore FiltersGeneral FiltersModeling IOXML IOGeometry IOImage IOPLY ImagingCore
  RenderingCore RenderingOpenGL2 InteractionStyle)

find_package(ITK 5.2 REQUIRED COMPONENTS ${CUMED_ITK_COMPONENTS})
include(${ITK_USE_FILE})

find_package(VTK 9.1 REQUIRED COMPONENTS ${CUMED_VTK_COMPONENTS})

find_package(DCMTK REQUIRED CONFIG)
find_package(OpenGL REQUIRED COMPONENTS OpenGL EGL)

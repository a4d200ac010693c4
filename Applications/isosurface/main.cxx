// cumed-isosurface: isosurfaces or label surfaces of a volume (DICOM series, image file, .vti)
// with CuMed's VTK filters, on the CPU or CUDA GPUs, written as .vtp, .stl or .ply.
#include "Arguments.h"
#include "Pipeline.h"
#include "Summary.h"

#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"

#include <itkMacro.h> // itk::ExceptionObject

#include <string>

int main(int argc, char** argv) {
  using namespace cumed::isosurfaceapp;
  return cumed::app::RunCommandLine<itk::ExceptionObject>(
      kProgramName, argc, argv, ParseArguments, HelpText,
      cumed::app::ListingOrRun(cumed::app::FormattedSummary(RunPipeline),
                               [](const Arguments& a) { return a.input; }),
      [](const itk::ExceptionObject& e) { return std::string(e.GetDescription()); });
}

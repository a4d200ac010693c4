// cumed-ct-surface: CT series -> closed bone surface (.vtp, .stl) and a picture of it (.png).
#include "Arguments.h"
#include "Pipeline.h"
#include "Summary.h"

#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"

#include <itkMacro.h> // itk::ExceptionObject

#include <string>

int main(int argc, char** argv) {
  using namespace cumed::ctsurface;
  return cumed::app::RunCommandLine<itk::ExceptionObject>(
      kProgramName, argc, argv, ParseArguments, HelpText,
      cumed::app::ListingOrRun(cumed::app::FormattedSummary(RunPipeline),
                               [](const Arguments& a) { return a.inputDirectory; }),
      [](const itk::ExceptionObject& e) { return std::string(e.GetDescription()); });
}

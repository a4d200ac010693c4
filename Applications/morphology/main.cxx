// cumed-morphology: grayscale and binary morphology of a CT series or an image file, on the CPU
// or a CUDA GPU, equal to ITK's filters.
#include "Arguments.h"
#include "Pipeline.h"
#include "Summary.h"
#include "cumed/io/ImageFiles.h"

#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"

int main(int argc, char** argv) {
  using namespace cumed::morphologyapp;
  return cumed::app::RunCommandLine<itk::ExceptionObject>(
      kProgramName, argc, argv, ParseArguments, HelpText,
      cumed::app::ListingOrRun(cumed::app::FormattedSummary(RunPipeline),
                               [](const Arguments& a) { return a.input; }),
      cumed::io::ItkErrorText);
}

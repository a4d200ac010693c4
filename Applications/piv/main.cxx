// cumed-piv: particle image velocimetry of an image pair or a sequence, on the CPU or a CUDA
// GPU: per pair a text field and a VTK image of the field, optionally an ensemble field and
// pathlines.
#include "Arguments.h"
#include "Pipeline.h"
#include "Summary.h"

#include "cumed/io/ImageFiles.h"
#include "cumed/app/ProgramMain.h"

int main(int argc, char** argv) {
  using namespace cumed::pivapp;
  return cumed::app::RunCommandLine<itk::ExceptionObject>(
      kProgramName, argc, argv, ParseArguments, HelpText,
      [](const Arguments& arguments) {
        const RunSummary summary = RunPipeline(arguments);
        return arguments.tool.json ? FormatSummaryJson(summary) : FormatSummary(summary);
      },
      cumed::io::ItkErrorText);
}

// cumed-piv: particle image velocimetry of an image pair or a sequence, on the CPU or a CUDA
// GPU: per pair a text field and a VTK image of the field, optionally an ensemble field and
// pathlines.
#include "Arguments.h"
#include "Pipeline.h"
#include "Summary.h"

#include "cumed/app/ProgramMain.h"
#include "cumed/io/ImageFiles.h"

int main(int argc, char** argv) {
  using namespace cumed::pivapp;
  return cumed::app::RunCommandLine<itk::ExceptionObject>(
      kProgramName, argc, argv, ParseArguments, HelpText, cumed::app::FormattedSummary(RunPipeline),
      cumed::io::ItkErrorText);
}

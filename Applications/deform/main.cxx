// cumed-deform: free-form deformation of a mesh, frame after frame, timed (CPU or CUDA).
#include "Arguments.h"
#include "Run.h"

#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/core/Error.h"

#include <string>

int main(int argc, char** argv) {
  using namespace cumed::deformapp;
  return cumed::app::RunCommandLine<cumed::Error>(
      kProgramName, argc, argv, ParseArguments, HelpText,
      cumed::app::ListingOrRun(cumed::app::FormattedSummary(RunDeformation),
                               [](const Arguments& a) { return a.input; }),
      [](const cumed::Error& e) { return std::string(e.what()); });
}

// cumed-register: B-spline free-form deformation registration of two CT series or image files,
// on the CPU or a CUDA GPU, with ITK's transform, field and Jacobian outputs and a QA summary.
#include "ApplyTransform.h"
#include "Arguments.h"
#include "Pipeline.h"
#include "Summary.h"

#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/io/ImageFiles.h"

int main(int argc, char** argv) {
  using namespace cumed::registerapp;
  return cumed::app::RunCommandLine<itk::ExceptionObject>(
      kProgramName, argc, argv, ParseArguments, HelpText,
      [](const Arguments& arguments) {
        if (arguments.dicomSeries.listSeries) // FIXED's series, then MOVING's
          return cumed::app::ListSeriesText(arguments.fixed, arguments.tool.json,
                                            arguments.tool.threads) +
                 "\n" +
                 cumed::app::ListSeriesText(arguments.moving, arguments.tool.json,
                                            arguments.tool.threads);
        if (!arguments.applyTransform.empty()) return RunApplyTransform(arguments);
        const RunSummary summary = RunPipeline(arguments);
        return arguments.tool.json ? FormatSummaryJson(summary) : FormatSummary(summary);
      },
      cumed::io::ItkErrorText);
}

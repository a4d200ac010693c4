#include "Pipeline.h"

#include "OutputFiles.h"
#include "RunRegistration.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/Messages.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/registration/ElastixFiles.h"
#include "cumed/registration/itk/RegistrationInputs.h"

#include <filesystem>
#include <optional>

namespace cumed::registerapp {
using namespace cumed::registration;
namespace {

/// A mask option's file (none when `path` is empty), of `image`'s dimension.
std::optional<InputImage> LocateMask(const char* option, const std::string& path,
                                     const InputImage& image) {
  if (path.empty()) return std::nullopt;
  InputImage mask = LocateImage(option, path);
  if (mask.dicom)
    throw cumed::Error(std::string(option) + " '" + path +
                       "' is a directory; expected an image file");
  CheckSameDimension(mask, image);
  return mask;
}

} // namespace

RunSummary RunPipeline(const Arguments& arguments) {
  const cumed::Stopwatch total;
  if (!arguments.ignoredParameters.empty()) {
    std::string list;
    for (const std::string& key : arguments.ignoredParameters)
      list += (list.empty() ? "" : ", ") + key;
    app::Note(kProgramName, "--params '" + arguments.parameterFile +
                                "': keys that do not apply to cumed-register: " + list);
  }
  for (const std::string& warning : arguments.parameterWarnings)
    app::Warn(kProgramName, "--params " + warning);
  // Nothing is read beyond headers and nothing is written before these pass.
  InputImage fixed = LocateImage("FIXED", arguments.fixed);
  InputImage moving = LocateImage("MOVING", arguments.moving);
  app::CheckSeriesApplies(arguments.dicomSeries, fixed.dicom || moving.dicom, arguments.fixed);
  for (InputImage* input : {&fixed, &moving})
    if (input->dicom) input->series = arguments.dicomSeries.series;
  CheckSameDimension(fixed, moving);
  const std::optional<InputImage> mask = LocateMask("--mask", arguments.mask, fixed);
  const std::optional<InputImage> movingMask =
      LocateMask("--moving-mask", arguments.movingMask, moving);
  if (!arguments.initialTransform.empty() &&
      !std::filesystem::is_regular_file(arguments.initialTransform))
    throw cumed::Error("--initial-transform '" + arguments.initialTransform +
                       "' does not exist or is not a file");
  if (!arguments.initialTransform.empty())
    RefuseElastixTransformParameters(arguments.initialTransform, "--initial-transform");
  const OutputFiles outputs =
      PlanOutputFiles(arguments.outputDirectory, arguments.png, arguments.force,
                      ProtectedInputsOf(fixed, moving,
                                        {arguments.mask, arguments.movingMask,
                                         arguments.initialTransform, arguments.parameterFile}),
                      arguments.transformFormat);
  RegistrationRun run{arguments,
                      fixed,
                      moving,
                      mask,
                      movingMask,
                      outputs,
                      app::ResolveRequestedBackend(arguments.options.backend)};

  RunSummary summary =
      fixed.dimension == 2 ? RunRegistration<2>(run, total) : RunRegistration<3>(run, total);
  return summary;
}

} // namespace cumed::registerapp

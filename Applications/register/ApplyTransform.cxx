#include "ApplyTransform.h"

#include "cumed/app/Json.h"
#include "cumed/core/Error.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/registration/ElastixFiles.h"
#include "cumed/registration/itk/ApplyTransform.h"
#include "cumed/registration/itk/RegistrationOutputs.h"

#include <filesystem>
#include <optional>

namespace fs = std::filesystem;

namespace cumed::registerapp {
using namespace cumed::registration;
namespace {

/// --image resampled onto --reference through the transform, written to `staged`.
template <unsigned D>
void ResampleImage(const Arguments& arguments, const TransformBaseType& transform,
                   const InputImage& image, const InputImage& reference, const fs::path& staged,
                   const fs::path& output) {
  const auto moving = ReadFloatImage<D>(image);
  const auto grid = ReadFloatImage<D>(reference);
  typename FloatImage<D>::Pointer resampled;
  try {
    resampled =
        ResampleOntoReference<D>(transform, moving, grid, arguments.options.defaultPixelValue);
  } catch (const InvalidArgument& e) {
    throw Error("--apply-transform holds " + std::string(e.what()));
  }
  WriteFloatImage(resampled, staged, output, arguments.compress);
}

} // namespace

std::string RunApplyTransform(const Arguments& arguments) {
  const fs::path transformFile = arguments.applyTransform;
  const std::string name = "--apply-transform '" + transformFile.string() + "'";
  if (!fs::is_regular_file(transformFile))
    throw cumed::Error(name + " does not exist or is not a file");
  RefuseElastixTransformParameters(transformFile, "--apply-transform");
  std::optional<InputImage> image, reference;
  if (!arguments.image.empty()) {
    image = LocateImage("--image", arguments.image);
    reference = LocateImage("--reference", arguments.reference);
    CheckSameDimension(*image, *reference);
  }
  // Output checks before the work, as for a registration.
  const fs::path directory = output::OutputName(arguments.outputDirectory);
  const fs::path pointsOut = directory / "points.txt", imageOut = directory / "warped.mha";
  output::ProtectedInputs inputs;
  inputs.files = {transformFile};
  if (!arguments.points.empty()) inputs.files.push_back(arguments.points);
  if (image) {
    const output::ProtectedInputs images = ProtectedInputsOf(*image, *reference, {});
    inputs.files.insert(inputs.files.end(), images.files.begin(), images.files.end());
    inputs.directories = images.directories;
  }
  output::CheckNotInput("--output", directory, inputs);
  if (!arguments.points.empty())
    output::CheckReplaceable("output file", pointsOut, arguments.force, inputs);
  if (image) output::CheckReplaceable("output file", imageOut, arguments.force, inputs);

  const TransformBaseType::ConstPointer transform =
      ReadTransformFile(transformFile, "--apply-transform");
  const unsigned dimension = transform->GetInputSpaceDimension();
  const std::string type = transform->GetTransformTypeAsString();
  if (image && image->dimension != dimension)
    throw cumed::Error("--image '" + arguments.image + "' is " + std::to_string(image->dimension) +
                       "D but " + name + " maps " + std::to_string(dimension) + "D points");
  PointList points;
  if (!arguments.points.empty()) {
    try {
      points = ReadPointsFile(arguments.points, dimension);
    } catch (const Error& e) {
      throw Error("--points " + std::string(e.what()));
    }
    try {
      MapPoints(*transform, points);
    } catch (const InvalidArgument& e) {
      throw Error(name + " holds " + e.what());
    }
  }

  output::CreatedDirectories created;
  created.Create(directory);
  output::StagedFiles staged(arguments.force);
  if (!arguments.points.empty()) WritePointsFile(staged.Stage(pointsOut), points, dimension);
  if (image) {
    if (dimension == 2)
      ResampleImage<2>(arguments, *transform, *image, *reference, staged.Stage(imageOut), imageOut);
    else
      ResampleImage<3>(arguments, *transform, *image, *reference, staged.Stage(imageOut), imageOut);
  }
  staged.Commit();
  created.Keep();

  if (arguments.tool.json) {
    app::JsonObject json;
    json.Add("program", "cumed-register")
        .Add("mode", "apply-transform")
        .Add("transform", transformFile.string())
        .Add("transform_type", type)
        .Add("dimension", int(dimension))
        .AddPathOrNull("points", arguments.points)
        .Add("point_count", std::int64_t(points.size()))
        .AddPathOrNull("points_output", arguments.points.empty() ? "" : pointsOut.string())
        .AddPathOrNull("image", arguments.image)
        .AddPathOrNull("image_output", image ? imageOut.string() : "");
    return json.Text();
  }
  std::string text = "cumed-register: through '" + transformFile.string() + "' (" + type +
                     ", fixed -> moving space)";
  if (!arguments.points.empty())
    text += "\n  " + std::to_string(points.size()) + " points of '" + arguments.points +
            "' mapped into '" + pointsOut.string() + "'";
  if (image)
    text += "\n  '" + arguments.image + "' resampled onto the grid of '" + arguments.reference +
            "' into '" + imageOut.string() + "'";
  return text;
}

} // namespace cumed::registerapp

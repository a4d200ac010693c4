#include "ApplyTransform.h"

#include "ApplyToImage.h"
#include "ElastixTransformFile.h"
#include "InputImages.h"
#include "PointsFile.h"

#include "cumed/io/ImageFiles.h"
#include "cumed/app/Json.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/core/Error.h"

#include <itkTransform.h>
#include <itkTransformFileReader.h>

#include <filesystem>
#include <optional>

namespace fs = std::filesystem;

namespace cumed::registerapp {
namespace {

/// The points through `transform` if it maps D-dimensional points; false otherwise.
template <unsigned D>
bool MapPoints(const itk::TransformBaseTemplate<double>* base, PointList& points) {
  const auto* transform = dynamic_cast<const itk::Transform<double, D, D>*>(base);
  if (!transform) return false;
  for (auto& p : points) {
    typename itk::Transform<double, D, D>::InputPointType in;
    for (unsigned a = 0; a < D; ++a) in[a] = p[a];
    const auto out = transform->TransformPoint(in);
    for (unsigned a = 0; a < D; ++a) p[a] = out[a];
  }
  return true;
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

  auto reader = itk::TransformFileReaderTemplate<double>::New();
  reader->SetFileName(transformFile.string());
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read " + name + ": " + io::ItkErrorText(e));
  }
  const auto* list = reader->GetTransformList();
  if (list->empty()) throw cumed::Error(name + " holds no transform");
  // A composite file lists the composite first, then its parts: the first is the whole.
  const itk::TransformBaseTemplate<double>* transform = list->front().GetPointer();
  const unsigned dimension = transform->GetInputSpaceDimension();
  const std::string type = transform->GetTransformTypeAsString();
  if ((dimension != 2 && dimension != 3) || transform->GetOutputSpaceDimension() != dimension)
    throw cumed::Error(name + " holds a " + type + "; expected a transform of 2D or 3D points");
  if (image && image->dimension != dimension)
    throw cumed::Error("--image '" + arguments.image + "' is " + std::to_string(image->dimension) +
                       "D but " + name + " maps " + std::to_string(dimension) + "D points");
  PointList points;
  if (!arguments.points.empty()) {
    points = ReadPointsFile(arguments.points, dimension);
    if (!(dimension == 2 ? MapPoints<2>(transform, points) : MapPoints<3>(transform, points)))
      throw cumed::Error(name + " holds a " + type + ", which cannot map points");
  }

  output::CreatedDirectories created;
  created.Create(directory);
  output::StagedFiles staged(arguments.force);
  if (!arguments.points.empty()) WritePointsFile(staged.Stage(pointsOut), points, dimension);
  if (image) {
    const ImageApplication job{transform, *image, *reference, arguments.options.defaultPixelValue,
                               arguments.compress};
    if (dimension == 2)
      ApplyToImage<2>(job, staged.Stage(imageOut), imageOut);
    else
      ApplyToImage<3>(job, staged.Stage(imageOut), imageOut);
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

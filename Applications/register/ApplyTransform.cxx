#include "ApplyTransform.h"

#include "ElastixTransformFile.h"
#include "PointsFile.h"

#include "cumed/app/ItkFiles.h"
#include "cumed/app/Json.h"
#include "cumed/app/SafeOutput.h"
#include "cumed/core/Error.h"

#include <itkTransform.h>
#include <itkTransformFileReader.h>

#include <filesystem>

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
  // Output checks before the work, as for a registration.
  const fs::path directory = app::OutputName(arguments.outputDirectory);
  const fs::path output = directory / "points.txt";
  app::ProtectedInputs inputs;
  inputs.files = {transformFile, arguments.points};
  app::CheckNotInput("--output", directory, inputs);
  app::CheckReplaceable("output file", output, arguments.force, inputs);

  auto reader = itk::TransformFileReaderTemplate<double>::New();
  reader->SetFileName(transformFile.string());
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read " + name + ": " + app::ItkErrorText(e));
  }
  const auto* list = reader->GetTransformList();
  if (list->empty()) throw cumed::Error(name + " holds no transform");
  // A composite file lists the composite first, then its parts: the first is the whole.
  const itk::TransformBaseTemplate<double>* transform = list->front().GetPointer();
  const unsigned dimension = transform->GetInputSpaceDimension();
  if ((dimension != 2 && dimension != 3) || transform->GetOutputSpaceDimension() != dimension)
    throw cumed::Error(name + " holds a " + transform->GetTransformTypeAsString() +
                       "; expected a transform of 2D or 3D points");
  PointList points = ReadPointsFile(arguments.points, dimension);
  if (!(dimension == 2 ? MapPoints<2>(transform, points) : MapPoints<3>(transform, points)))
    throw cumed::Error(name + " holds a " + transform->GetTransformTypeAsString() +
                       ", which cannot map points");

  app::CreatedDirectories created;
  created.Create(directory);
  app::StagedFiles staged(arguments.force);
  WritePointsFile(staged.Stage(output), points, dimension);
  staged.Commit();
  created.Keep();

  if (arguments.tool.json) {
    app::JsonObject json;
    json.Add("program", "cumed-register")
        .Add("mode", "apply-transform")
        .Add("transform", transformFile.string())
        .Add("transform_type", transform->GetTransformTypeAsString())
        .Add("points", arguments.points)
        .Add("count", std::int64_t(points.size()))
        .Add("dimension", int(dimension))
        .Add("output", output.string());
    return json.Text();
  }
  return "cumed-register: " + std::to_string(points.size()) + " points of '" + arguments.points +
         "' mapped through '" + transformFile.string() + "' (" +
         transform->GetTransformTypeAsString() + ", fixed -> moving space) into '" +
         output.string() + "'";
}

} // namespace cumed::registerapp

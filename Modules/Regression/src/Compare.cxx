#include "cumed/regression/Compare.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace cumed::regression {
namespace {

bool IsPicture(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".png";
}

} // namespace

const char* ToString(Kind kind) {
  switch (kind) {
  case Kind::Image:
    return "image";
  case Kind::Mesh:
    return "mesh";
  case Kind::Rendering:
    return "rendering";
  }
  return "unknown";
}

Kind KindOfFiles(const std::string& output, const std::string& baseline) {
  if (IsMeshFile(output) != IsMeshFile(baseline)) {
    const std::string& mesh = IsMeshFile(output) ? output : baseline;
    const std::string& other = IsMeshFile(output) ? baseline : output;
    throw InvalidArgument("'" + mesh + "' is a mesh but '" + other +
                          "' is not: nothing to compare");
  }
  if (IsMeshFile(baseline)) return Kind::Mesh;
  return IsPicture(baseline) ? Kind::Rendering : Kind::Image;
}

Comparison CompareFiles(Kind kind, const std::string& output, const std::string& baseline,
                        const Tolerances& tolerances, const std::string& differencePicture,
                        const ProgressCallback& progress) {
  switch (kind) {
  case Kind::Mesh:
    return CompareMeshes(output, baseline, tolerances, progress);
  case Kind::Rendering:
    return ComparePictures(output, baseline, tolerances, differencePicture);
  case Kind::Image:
    break;
  }
  return CompareImages(output, baseline, tolerances);
}

} // namespace cumed::regression

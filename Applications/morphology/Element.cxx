#include "Element.h"

#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

#include <cmath>
#include <cstdio>

namespace cumed::morphologyapp {
using app::UsageError;
namespace {

std::string SpacingText(const std::array<double, 3>& spacing) {
  char text[96];
  std::snprintf(text, sizeof text, "%gx%gx%g", spacing[0], spacing[1], spacing[2]);
  return text;
}

} // namespace

const char* ToString(ElementShape shape) noexcept {
  switch (shape) {
  case ElementShape::Ball:
    return "ball";
  case ElementShape::Box:
    return "box";
  case ElementShape::Cross:
    return "cross";
  }
  return "unknown";
}

std::optional<ElementShape> ParseElementShape(std::string_view text) {
  for (ElementShape shape : {ElementShape::Ball, ElementShape::Box, ElementShape::Cross}) {
    if (text == ToString(shape)) return shape;
  }
  return std::nullopt;
}

std::string RequestText(const RadiusRequest& request) {
  if (request.millimetres) {
    char text[48];
    std::snprintf(text, sizeof text, "--radius-mm %g", *request.millimetres);
    return text;
  }
  if (!request.voxels) return "the radius";
  const std::array<int, 3>& v = *request.voxels;
  return "--radius-vox " +
         (request.voxelsPerAxis
              ? std::to_string(v[0]) + " " + std::to_string(v[1]) + " " + std::to_string(v[2])
              : std::to_string(v[0]));
}

std::string RadiusText(const std::array<int, 3>& radius) {
  return std::to_string(radius[0]) + "x" + std::to_string(radius[1]) + "x" +
         std::to_string(radius[2]);
}

std::array<int, 3> VoxelRadius(const RadiusRequest& request, const std::array<double, 3>& spacing,
                               unsigned dimension) {
  const bool flat = request.flat || dimension == 2;
  std::array<int, 3> radius{0, 0, 0};
  if (request.voxels) {
    radius = *request.voxels;
    if (dimension == 2 && request.voxelsPerAxis && radius[2] != 0) {
      throw UsageError("--radius-vox " + RadiusText(radius) +
                       ": the input is a 2D image, its z radius must be 0");
    }
  } else if (request.millimetres) {
    for (int i = 0; i < 3; ++i) {
      const double voxels = std::round(*request.millimetres / spacing[i]);
      if (voxels > kMaxRadiusVoxels) {
        char message[200];
        std::snprintf(message, sizeof message,
                      "--radius-mm %g is %g voxels along axis %d (spacing %g mm); at most %d",
                      *request.millimetres, voxels, i, spacing[i], kMaxRadiusVoxels);
        throw UsageError(message);
      }
      radius[i] = static_cast<int>(voxels);
    }
  }
  if (flat) radius[2] = 0;
  if (radius[0] == 0 && radius[1] == 0 && radius[2] == 0) {
    if (request.millimetres) {
      char message[240];
      std::snprintf(message, sizeof message,
                    "--radius-mm %g is under half a voxel on every axis used (spacing %s mm): "
                    "the element would be a single voxel and the operation would change nothing",
                    *request.millimetres, SpacingText(spacing).c_str());
      throw UsageError(message);
    }
    throw UsageError("the radius is 0 on every axis used: the element would be a single voxel "
                     "and the operation would change nothing");
  }
  return radius;
}

cumed::morphology::StructuringElement MakeElement(ElementShape shape,
                                                  const std::array<int, 3>& radius) {
  // The library's limits (a byte mask of at most 2^27 voxels), as a usage error.
  try {
    cumed::morphology::StructuringElement::CheckRadius(radius);
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError(std::string("--element ") + ToString(shape) + ": " + e.what());
  }
  using cumed::morphology::StructuringElement;
  switch (shape) {
  case ElementShape::Box:
    return StructuringElement::Box(radius);
  case ElementShape::Cross:
    return StructuringElement::Cross(radius);
  case ElementShape::Ball:
    break;
  }
  return StructuringElement::Ball(radius);
}

} // namespace cumed::morphologyapp

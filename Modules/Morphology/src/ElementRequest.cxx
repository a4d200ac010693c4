#include "cumed/morphology/ElementRequest.h"

#include "cumed/core/Error.h"

#include <cmath>
#include <cstdio>

namespace cumed::morphology {
namespace {

std::string SpacingText(const std::array<double, 3>& spacing) {
  char text[96];
  std::snprintf(text, sizeof text, "%gx%gx%g", spacing[0], spacing[1], spacing[2]);
  return text;
}

std::string NameOf(const RadiusRequest& request) {
  if (!request.name.empty()) return request.name;
  if (request.millimetres) {
    char text[48];
    std::snprintf(text, sizeof text, "radius %g mm", *request.millimetres);
    return text;
  }
  return request.voxels ? "radius " + RadiusText(*request.voxels) + " voxels" : "the radius";
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
      throw InvalidArgument(NameOf(request) + ": the input is a 2D image, its z radius must be 0");
    }
  } else if (request.millimetres) {
    for (int i = 0; i < 3; ++i) {
      const double voxels = std::round(*request.millimetres / spacing[i]);
      if (voxels > request.maxVoxels) {
        char message[160];
        std::snprintf(message, sizeof message,
                      " is %g voxels along axis %d (spacing %g mm); at most %d", voxels, i,
                      spacing[i], request.maxVoxels);
        throw InvalidArgument(NameOf(request) + message);
      }
      radius[i] = static_cast<int>(voxels);
    }
  }
  if (flat) radius[2] = 0;
  if (radius[0] == 0 && radius[1] == 0 && radius[2] == 0) {
    if (request.millimetres) {
      throw InvalidArgument(NameOf(request) +
                            " is under half a voxel on every axis used (spacing " +
                            SpacingText(spacing) +
                            " mm): the element would be a single voxel and the operation would "
                            "change nothing");
    }
    throw InvalidArgument("the radius is 0 on every axis used: the element would be a single "
                          "voxel and the operation would change nothing");
  }
  return radius;
}

StructuringElement MakeElement(ElementShape shape, const std::array<int, 3>& radius) {
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

} // namespace cumed::morphology

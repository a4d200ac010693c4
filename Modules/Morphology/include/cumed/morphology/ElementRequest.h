#pragma once
// A structuring element as people describe it: a shape (ball, box or cross) and a radius in
// millimetres or in voxels (the same on every axis or per axis), resolved against an image's
// spacing and dimension into a radius in voxels per axis and then into a StructuringElement.
#include "cumed/morphology/StructuringElement.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace cumed::morphology {

enum class ElementShape { Ball, Box, Cross };
/// "ball", "box" or "cross".
const char* ToString(ElementShape shape) noexcept;
/// ball, box or cross; nullopt otherwise.
std::optional<ElementShape> ParseElementShape(std::string_view text);

/// The default of RadiusRequest::maxVoxels: far beyond any radius that means what was intended
/// (and well inside StructuringElement::kMaxRadius).
inline constexpr int kDefaultMaxRadiusVoxels = 1000;

struct RadiusRequest {
  std::optional<double> millimetres;        ///< one radius in mm: round(mm / spacing) per axis
  std::optional<std::array<int, 3>> voxels; ///< radius in voxels per axis
  bool voxelsPerAxis = false;               ///< `voxels` was given per axis (not one value)
  bool flat = false;                        ///< z radius 0 (slice by slice)
  int maxVoxels = kDefaultMaxRadiusVoxels;  ///< largest radius along an axis after conversion
  /// How messages name the request (e.g. the option that gave it: "--radius-mm 2"); empty:
  /// "radius 2 mm", "radius 1x2x3 voxels".
  std::string name;
};

/// Radius in voxels per axis: `voxels` as given, or round(mm / spacing) per axis; z is 0 when
/// `flat` or for a 2D image (`dimension` 2). Throws InvalidArgument naming the request (its
/// `name`) and the problem when a 2D image gets an explicit non-zero z radius per axis, when a
/// radius in mm is more than `maxVoxels` voxels along an axis, or when every axis is 0 (the
/// operation would change nothing, which is almost always a mistake in the radius or the
/// spacing).
std::array<int, 3> VoxelRadius(const RadiusRequest& request, const std::array<double, 3>& spacing,
                               unsigned dimension);

/// The element of `shape` and `radius`, as itk::FlatStructuringElement makes it. Throws
/// InvalidArgument (StructuringElement::CheckRadius) for a radius its factories refuse.
StructuringElement MakeElement(ElementShape shape, const std::array<int, 3>& radius);

/// "2x2x1".
std::string RadiusText(const std::array<int, 3>& radius);

} // namespace cumed::morphology

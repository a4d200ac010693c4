#pragma once
// The structuring element the command line asks for: its shape, and its radius in voxels per
// axis, resolved against the input's spacing (--radius-mm) and dimension (2D: z radius 0).
#include "cumed/morphology/StructuringElement.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace cumed::morphologyapp {

enum class ElementShape { Ball, Box, Cross };
const char* ToString(ElementShape shape) noexcept;
/// ball, box or cross; nullopt otherwise.
std::optional<ElementShape> ParseElementShape(std::string_view text);

/// Largest radius accepted along one axis, in voxels (after --radius-mm is converted too).
constexpr int kMaxRadiusVoxels = 1000;

struct RadiusRequest {
  std::optional<double> millimetres;        ///< --radius-mm R
  std::optional<std::array<int, 3>> voxels; ///< --radius-vox R (repeated) or RX RY RZ
  bool voxelsPerAxis = false;               ///< --radius-vox gave three values
  bool flat = false;                        ///< --2d: z radius 0 (slice by slice)
};

/// Radius in voxels per axis: voxels as given, or round(mm / spacing) per axis; z is 0 with
/// --2d or for a 2D image. Throws UsageError when a 2D image gets an explicit non-zero z radius,
/// when an axis exceeds kMaxRadiusVoxels, or when every axis is 0 (the operation would change
/// nothing, which is almost always a mistake in the radius or the spacing).
std::array<int, 3> VoxelRadius(const RadiusRequest& request, const std::array<double, 3>& spacing,
                               unsigned dimension);

/// The element of `shape` and `radius`, as ITK's FlatStructuringElement makes it. Throws
/// UsageError when its bounding box is too large to allocate sensibly (more than
/// StructuringElement::kMaxBoxVoxels, 2^27).
cumed::morphology::StructuringElement MakeElement(ElementShape shape,
                                                  const std::array<int, 3>& radius);

/// "--radius-mm 2" or "--radius-vox 250" / "--radius-vox 1 2 3": the request as the user gave it,
/// for messages.
std::string RequestText(const RadiusRequest& request);

/// "2x2x1".
std::string RadiusText(const std::array<int, 3>& radius);

} // namespace cumed::morphologyapp

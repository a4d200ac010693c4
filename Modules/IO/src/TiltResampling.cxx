#include "TiltResampling.h"

#include "NumberText.h"
#include "cumed/core/Log.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace cumed::io::detail {
namespace {

std::string TiltDescription(const SliceStackGeometry& geometry, const DicomFileHeader& first) {
  std::string text = "a gantry/detector tilt of " +
                     FormatNumber(std::round(geometry.tiltDegrees * 100) / 100) +
                     " degrees, measured from " + Describe(kImagePositionPatient);
  if (first.Has(kGantryDetectorTilt))
    text +=
        " (" + Describe(kGantryDetectorTilt) + " says '" + first.Text(kGantryDetectorTilt) + "')";
  return text;
}

// Bilinear interpolation of one slice at continuous index (x, y); false outside the slice.
bool Interpolate(const std::int16_t* slice, long columns, long rows, double x, double y,
                 double& value) {
  constexpr double kEdge = 1e-9; // a point on the last row or column is inside
  if (x < -kEdge || y < -kEdge || x > columns - 1 + kEdge || y > rows - 1 + kEdge) return false;
  const long x0 = std::clamp(long(std::floor(x)), 0L, columns - 1);
  const long y0 = std::clamp(long(std::floor(y)), 0L, rows - 1);
  const long x1 = std::min(x0 + 1, columns - 1);
  const long y1 = std::min(y0 + 1, rows - 1);
  const double fx = std::clamp(x - double(x0), 0.0, 1.0);
  const double fy = std::clamp(y - double(y0), 0.0, 1.0);
  const auto at = [&](long i, long j) { return double(slice[j * columns + i]); };
  value = (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x1, y0)) +
          fy * ((1 - fx) * at(x0, y1) + fx * at(x1, y1));
  return true;
}

} // namespace

void HandleTilt(const SliceStackGeometry& geometry, const DicomFileHeader& first,
                TiltHandling handling) {
  if (geometry.tiltDegrees == 0) return;
  if (handling == TiltHandling::Refuse)
    throw DicomError("slices are not stacked along the slice normal: " +
                     TiltDescription(geometry, first) + ", first file '" + first.path +
                     "' (TiltHandling::Resample reads it resampled onto an untilted grid)");
  Log(LogLevel::Warning, "the series has " + TiltDescription(geometry, first) +
                             "; resampled onto an untilted grid (the first slice's plane " +
                             "stepped along its normal), first file '" + first.path + "'");
}

HounsfieldImage::Pointer ResampleTiltedStack(HounsfieldImage::Pointer stack,
                                             const SliceStackGeometry& geometry) {
  if (geometry.tiltDegrees == 0) return stack;
  const long slices = long(geometry.size[2]);
  // The shear per slice in voxels along the row and column directions (direction columns 0, 1).
  double shift[2] = {0, 0};
  for (int axis = 0; axis < 2; ++axis) {
    for (int r = 0; r < 3; ++r)
      shift[axis] += geometry.shearPerSlice[r] * geometry.direction[r * 3 + axis];
    shift[axis] /= geometry.spacing[axis];
  }
  // Slice k covers indices k x shift .. k x shift + size - 1 of the first slice's grid: widen the
  // grid by whole voxels to their union (1e-6 voxel: a last slice that ends on a grid line does
  // not add a voxel).
  constexpr double kWhole = 1e-6;
  long first[2], size[2];
  for (int axis = 0; axis < 2; ++axis) {
    const double end = (slices - 1) * shift[axis];
    first[axis] = long(std::floor(std::min(0.0, end) + kWhole));
    const long last = long(std::ceil(std::max(0.0, end) - kWhole)) + long(geometry.size[axis]) - 1;
    size[axis] = last - first[axis] + 1;
  }
  HounsfieldImage::IndexType cornerIndex = {{first[0], first[1], 0}};
  HounsfieldImage::PointType origin;
  stack->TransformIndexToPhysicalPoint(cornerIndex, origin);
  auto volume = HounsfieldImage::New();
  volume->SetRegions(HounsfieldImage::RegionType(
      HounsfieldImage::SizeType{{std::size_t(size[0]), std::size_t(size[1]), geometry.size[2]}}));
  volume->SetSpacing(stack->GetSpacing());
  volume->SetDirection(stack->GetDirection());
  volume->SetOrigin(origin);
  volume->Allocate();

  const long columns = long(geometry.size[0]);
  const long rows = long(geometry.size[1]);
  const std::size_t sliceSize = std::size_t(columns) * std::size_t(rows);
  const std::int16_t* in = stack->GetBufferPointer();
  const std::int16_t fill = *std::min_element(in, in + sliceSize * std::size_t(slices));
  std::int16_t* out = volume->GetBufferPointer();
#pragma omp parallel for schedule(dynamic, 1)
  for (long k = 0; k < slices; ++k) {
    const std::int16_t* slice = in + std::size_t(k) * sliceSize;
    std::int16_t* resampled = out + std::size_t(k) * std::size_t(size[0] * size[1]);
    // Grid voxel (i, j) is at index (i, j) - k x shift of slice k.
    for (long j = 0; j < size[1]; ++j)
      for (long i = 0; i < size[0]; ++i) {
        double value = 0;
        const bool inside = Interpolate(slice, columns, rows, double(i + first[0]) - k * shift[0],
                                        double(j + first[1]) - k * shift[1], value);
        resampled[j * size[0] + i] = inside ? std::int16_t(std::lround(value)) : fill;
      }
  }
  return volume;
}

} // namespace cumed::io::detail

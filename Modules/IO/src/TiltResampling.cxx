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

void ResampleTiltedStack(HounsfieldImage& volume, const SliceStackGeometry& geometry) {
  if (geometry.tiltDegrees == 0) return;
  const long columns = long(geometry.size[0]);
  const long rows = long(geometry.size[1]);
  const long slices = long(geometry.size[2]);
  const std::size_t sliceSize = std::size_t(columns) * std::size_t(rows);
  std::int16_t* voxels = volume.GetBufferPointer();
  const std::int16_t fill = *std::min_element(voxels, voxels + sliceSize * std::size_t(slices));
  // The shear in index units of the row and column directions (direction columns 0 and 1).
  double shift[2] = {0, 0};
  for (int axis = 0; axis < 2; ++axis) {
    for (int r = 0; r < 3; ++r)
      shift[axis] += geometry.shearPerSlice[r] * geometry.direction[r * 3 + axis];
    shift[axis] /= geometry.spacing[axis];
  }
#pragma omp parallel for schedule(dynamic, 1)
  for (long k = 1; k < slices; ++k) { // slice 0 is on the grid
    std::int16_t* slice = voxels + std::size_t(k) * sliceSize;
    const std::vector<std::int16_t> decoded(slice, slice + sliceSize);
    // Grid voxel (i, j) is at index (i, j) - k x shift of decoded slice k.
    for (long j = 0; j < rows; ++j)
      for (long i = 0; i < columns; ++i) {
        double value = 0;
        const bool inside = Interpolate(decoded.data(), columns, rows, double(i) - k * shift[0],
                                        double(j) - k * shift[1], value);
        slice[j * columns + i] = inside ? std::int16_t(std::lround(value)) : fill;
      }
  }
}

} // namespace cumed::io::detail

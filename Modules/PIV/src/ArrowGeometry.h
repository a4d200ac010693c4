#pragma once
// One arrow's points, normals and triangles: the formula the CPU loop and the CUDA kernel share
// (host+device), so both backends write the same floats.
#include "cumed/core/HostDevice.h"
#include "cumed/piv/ArrowGlyphs.h"

#include <cstdint>

namespace cumed::piv::detail {

/// The shape in float, checked (CheckArrowOptions) and ready for the device.
struct ArrowShape {
  float scale, headLength, headHalfWidth, shaftHalfWidth, z, normalZ;
};

CUMED_HOST_DEVICE bool ArrowIsVisible(std::uint8_t flags, float u, float v, float scalar) {
  if (flags & Masked) return false;
  if ((flags & kOutlierFlags) && !(flags & Replaced)) return false;
  // x - x == 0 is false for infinities and NaN alike, and stays so under nvcc's and gcc's flags.
  return u - u == 0.f && v - v == 0.f && scalar - scalar == 0.f;
}

/// Writes arrow `i`: points[21 i ..], normals[21 i ..], scalars[7 i ..], triangles[9 i ..].
CUMED_HOST_DEVICE void WriteArrow(std::int64_t i, float x, float y, float u, float v,
                                  std::uint8_t flags, float scalar, const ArrowShape& shape,
                                  float* points, float* normals, float* scalars,
                                  std::int64_t* triangles) {
  const bool visible = ArrowIsVisible(flags, u, v, scalar);
  const float dx = visible ? shape.scale * u : 0.f;
  const float dy = visible ? shape.scale * v : 0.f;
  // Offsets along (dx, dy) and across it, (-dy, dx): both scale with the length, so no
  // normalisation (and no division by a zero length) is needed.
  const float neck = 1.f - shape.headLength;
  const float along[kArrowPoints] = {0.f, 0.f, neck, neck, neck, neck, 1.f};
  const float across[kArrowPoints] = {shape.shaftHalfWidth,
                                      -shape.shaftHalfWidth,
                                      -shape.shaftHalfWidth,
                                      shape.shaftHalfWidth,
                                      shape.headHalfWidth,
                                      -shape.headHalfWidth,
                                      0.f};
  const std::int64_t first = i * kArrowPoints;
  for (int p = 0; p < kArrowPoints; ++p) {
    float* point = points + 3 * (first + p);
    point[0] = x + along[p] * dx - across[p] * dy;
    point[1] = y + along[p] * dy + across[p] * dx;
    point[2] = shape.z;
    float* normal = normals + 3 * (first + p);
    normal[0] = 0.f;
    normal[1] = 0.f;
    normal[2] = shape.normalZ;
    scalars[first + p] = visible ? scalar : 0.f;
  }
  // Counter-clockwise seen from where the normals point (VTK's two-sided lighting flips the
  // normals of faces it sees from behind, which would leave the arrows unlit).
  const int up[3 * kArrowTriangles] = {0, 1, 2, 0, 2, 3, 4, 5, 6};
  const int down[3 * kArrowTriangles] = {0, 2, 1, 0, 3, 2, 4, 6, 5};
  const int* corners = shape.normalZ > 0 ? up : down;
  for (int c = 0; c < 3 * kArrowTriangles; ++c)
    triangles[i * 3 * kArrowTriangles + c] = first + corners[c];
}

} // namespace cumed::piv::detail

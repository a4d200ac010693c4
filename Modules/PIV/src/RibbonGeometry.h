#pragma once
// One pathline segment as a flat quad: the formula the CPU loop and the CUDA kernel share
// (host+device), so both backends write the same floats.
#include "cumed/core/HostDevice.h"
#include "cumed/piv/PathlineRibbons.h"

#include <cmath>
#include <cstdint>

namespace cumed::piv::detail {

/// The checked ribbon options and the lines' shape, ready for the device.
struct RibbonShape {
  float halfWidth, z, normalZ, timeStep;
  bool colourByTime;
  int pointsPerLine;
};

/// Writes segment `n` of line `s` (see kRibbonPoints): points[12 m ..], normals[12 m ..],
/// scalars[4 m ..], triangles[6 m ..].
CUMED_HOST_DEVICE void WriteRibbonSegment(int s, int n, const float* x, const float* y,
                                          const float* speed, const int* length,
                                          const RibbonShape& shape, float* points, float* normals,
                                          float* scalars, std::int64_t* triangles) {
  const std::int64_t segments = shape.pointsPerLine - 1;
  const std::int64_t m = std::int64_t(s) * segments + n;
  const std::int64_t a = std::int64_t(s) * shape.pointsPerLine + n; // the segment's start
  const bool inside = n + 1 < length[s];
  const float x0 = x[a], y0 = y[a];
  const float dx = inside ? x[a + 1] - x0 : 0.f, dy = inside ? y[a + 1] - y0 : 0.f;
  const float norm = sqrtf(dx * dx + dy * dy);
  const bool drawn = inside && norm > 0.f;
  // Across the segment, (-dy, dx) scaled to half the width.
  const float across = drawn ? shape.halfWidth / norm : 0.f;
  const float ox = -dy * across, oy = dx * across;
  const float ex = drawn ? dx : 0.f, ey = drawn ? dy : 0.f;
  const float corners[kRibbonPoints][2] = {{x0 + ox, y0 + oy},
                                           {x0 - ox, y0 - oy},
                                           {x0 + ex - ox, y0 + ey - oy},
                                           {x0 + ex + ox, y0 + ey + oy}};
  const float startValue = shape.colourByTime ? float(n) * shape.timeStep : speed[a];
  const float endValue = shape.colourByTime ? float(n + 1) * shape.timeStep : speed[a + 1];
  for (int p = 0; p < kRibbonPoints; ++p) {
    float* point = points + 3 * (4 * m + p);
    point[0] = corners[p][0];
    point[1] = corners[p][1];
    point[2] = shape.z;
    float* normal = normals + 3 * (4 * m + p);
    normal[0] = 0.f;
    normal[1] = 0.f;
    normal[2] = shape.normalZ;
    scalars[4 * m + p] = !drawn ? 0.f : (p < 2 ? startValue : endValue);
  }
  // Counter-clockwise seen from where the normals point (see ArrowGeometry.h).
  const int up[3 * kRibbonTriangles] = {0, 1, 2, 0, 2, 3};
  const int down[3 * kRibbonTriangles] = {0, 2, 1, 0, 3, 2};
  const int* order = shape.normalZ > 0 ? up : down;
  for (int c = 0; c < 3 * kRibbonTriangles; ++c) triangles[6 * m + c] = 4 * m + order[c];
}

} // namespace cumed::piv::detail

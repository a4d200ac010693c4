#pragma once
// Generated meshes for the deformation's tests and benchmark (not installed).
#include "cumed/core/Mesh.h"

#include <array>

namespace cumed::deformation::samples {

/// A closed, consistently wound (outward) triangulated sphere of latitude/longitude rings
/// (`rings` >= 2, `segments` >= 3: 2 + (rings - 1) * segments points, 2 * (rings - 1) * segments
/// triangles), radius ~1 around `center`, its radius perturbed per point by up to `jitter`
/// (uniform random, seeded).
SurfaceMesh BumpySphere(int rings, int segments, double jitter, unsigned seed,
                        const std::array<double, 3>& center = {0, 0, 0});

} // namespace cumed::deformation::samples

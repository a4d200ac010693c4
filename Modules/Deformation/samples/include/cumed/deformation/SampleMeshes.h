#pragma once
// Generated meshes for the deformation's tests and benchmark (not installed).
#include "cumed/core/Mesh.h"
#include "cumed/deformation/Lattice.h"

#include <array>
#include <vector>

namespace cumed::deformation::samples {

/// A closed, consistently wound (outward) triangulated sphere of latitude/longitude rings
/// (`rings` >= 2, `segments` >= 3: 2 + (rings - 1) * segments points, 2 * (rings - 1) * segments
/// triangles), radius ~1 around `center`, its radius perturbed per point by up to `jitter`
/// (uniform random, seeded).
SurfaceMesh BumpySphere(int rings, int segments, double jitter, unsigned seed,
                        const std::array<double, 3>& center = {0, 0, 0});

/// The lattice's control points twisted about the axis through its centre parallel to U, by an
/// angle growing from -amount/2 at the bottom layer to +amount/2 at the top (radians), plus a bend
/// along S of 0.1 * amount * |S| * h^2 (h: height in [0, 1]), so every control point moves.
std::vector<double> TwistedControlPoints(const Lattice& lattice, double amount);

} // namespace cumed::deformation::samples

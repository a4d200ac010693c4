#pragma once
// The control lattice of a Sederberg-Parry free-form deformation: a parallelepiped (origin X0 and
// edge vectors S, T, U, which may be rotated and of any lengths, but not coplanar) holding
// l+1 x m+1 x n+1 control points, where l, m, n >= 1 are the degrees of the Bernstein polynomials
// along S, T and U. "A 3x3x3 lattice" means 3x3x3 control points (degree 2 along each axis), as in
// the reference study; the default.
//
// Control points are ordered as VTK orders structured points: i (along S) fastest, then j (T),
// then k (U): point (i, j, k) is index (k * ny + j) * nx + i, and at rest it lies at
// X0 + i/l S + j/m T + k/n U.
#include "cumed/core/Mesh.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cumed::deformation {

/// The most control points along one axis (degree 15), and in all (the moved control points
/// travel to the GPU as kernel parameters, which hold at most ~32 KiB).
constexpr int kMaxControlPointsPerAxis = 16;
constexpr int kMaxControlPoints = 2048;

struct Lattice {
  /// Control points along S, T and U (degree + 1 each, so at least 2).
  std::array<int, 3> dimensions{3, 3, 3};
  std::array<double, 3> origin{0, 0, 0}; ///< X0
  std::array<double, 3> s{1, 0, 0};      ///< edge vector S
  std::array<double, 3> t{0, 1, 0};      ///< edge vector T
  std::array<double, 3> u{0, 0, 1};      ///< edge vector U

  std::int64_t numberOfControlPoints() const noexcept {
    return std::int64_t{dimensions[0]} * dimensions[1] * dimensions[2];
  }
  /// x,y,z of every control point at rest, in the order above.
  std::vector<double> restPoints() const;
};

/// Throws InvalidArgument naming the problem: fewer than 2 control points along an axis
/// (degree 0), more than the limits above, a non-finite origin or axis, coplanar axes.
void ValidateLattice(const Lattice& lattice);

/// Axis-aligned bounds {xmin, xmax, ymin, ymax, zmin, zmax} of a mesh's points (VTK's order).
/// Throws InvalidArgument for a mesh without points or with a non-finite coordinate (naming the
/// point). The device version reduces on the GPU and downloads the 6 numbers only.
std::array<double, 6> MeshBounds(const SurfaceMesh& mesh);
std::array<double, 6> MeshBounds(const DeviceSurfaceMesh& mesh);

/// An axis-aligned lattice of `dimensions` control points around `bounds`, grown on every side by
/// `margin` times the largest extent of the box (so that a flat mesh still gets a proper box;
/// a box of a single point gets edges of 1). Margin 0 puts the extreme points on the lattice's
/// faces. Throws InvalidArgument for a negative or non-finite margin.
Lattice LatticeAroundBounds(const std::array<double, 6>& bounds,
                            const std::array<int, 3>& dimensions = {3, 3, 3}, double margin = 0.05);

} // namespace cumed::deformation

#pragma once
// A registration's transform applied to points (what transformix -def does with a point file):
// the fixed-space point x goes to A(x + u(x)) in moving space, u the B-spline of `grid`, A the
// affine, exactly as Register's displacement field maps voxel centres (and as ITK's
// CompositeTransform of the two, B-spline first, maps the point). Outside the grid's support u
// is 0, as in ITK.
#include "cumed/registration/BSplineGrid.h"
#include "cumed/registration/Registration.h"

#include <array>
#include <vector>

namespace cumed::registration {

using Point3d = std::array<double, 3>; ///< mm, physical space

/// The moving-space points of `fixedPoints` under x -> A(x + u(x)). Host only; no backend (a
/// point costs 64 coefficient reads).
std::vector<Point3d> TransformPoints(const BSplineGrid& grid, const AffineTransform& affine,
                                     const std::vector<Point3d>& fixedPoints);

/// The same for a finished registration (its grid and affine).
std::vector<Point3d> TransformPoints(const RegistrationResult& result,
                                     const std::vector<Point3d>& fixedPoints);

} // namespace cumed::registration

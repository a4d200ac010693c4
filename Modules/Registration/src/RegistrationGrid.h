#pragma once
// The control grids of a registration. Every level's grid is aligned with the fixed image (same
// direction) and has its nodes at the fixed image's first voxel centre plus whole multiples of
// its spacing along each axis, two nodes before the first voxel and enough after the last for
// ITK's valid region; so a grid of spacing 2h has every one of its nodes on a node of the grid
// of spacing h, and refinement is exact B-spline subdivision.
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"

namespace cumed::registration::detail {

/// The identity grid of control spacing `spacing` (mm, all axes) covering `fixed`. Throws
/// InvalidArgument naming the axis when the spacing is below the fixed voxel spacing along an
/// axis of more than one voxel, or is not finite and positive.
BSplineGrid MakeRegistrationGrid(const ImageGeometry& fixed, double spacing);

/// `coarse` (made by MakeRegistrationGrid with spacing 2h) represented exactly on the grid of
/// spacing h covering `fixed`: the cubic B-spline's two-scale relation, per axis, each node the
/// (1, 6, 1)/8 or (1, 1)/2 combination of the coarse nodes around it.
BSplineGrid RefineRegistrationGrid(const BSplineGrid& coarse, const ImageGeometry& fixed);

} // namespace cumed::registration::detail

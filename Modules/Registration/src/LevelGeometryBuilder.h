#pragma once
// From a level's grid, images and affine pre-alignment to the plain numbers its kernels use.
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"
#include "cumed/registration/Registration.h"
#include "src/LevelGeometry.h"
#include "src/LevelTables.h"

namespace cumed::registration::detail {

/// The warp part of a level's geometry (sizes and the moving-index map; no control grid, no
/// tables): all that WarpCpu/WarpCuda and the affine stage's kernels read.
LevelGeometry DescribeWarp(const ImageGeometry& fixed, const ImageGeometry& moving,
                           const AffineTransform& affine);

/// The level's geometry; `tables` receives the per-axis supports it points to (keep it alive).
LevelGeometry DescribeLevel(const BSplineGrid& grid, const ImageGeometry& fixed,
                            const ImageGeometry& moving, const AffineTransform& affine,
                            LevelTables& tables);

/// Throws InvalidArgument when no fixed voxel centre maps inside the moving image under
/// `affine` (the images do not overlap: nothing to register).
void CheckOverlap(const ImageGeometry& fixed, const ImageGeometry& moving,
                  const AffineTransform& affine);

} // namespace cumed::registration::detail

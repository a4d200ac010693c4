#pragma once
// The registration's own affine pre-alignment (RegistrationOptions::affineStage): L-BFGS over 12
// parameters at the coarse pyramid levels, on the chosen backend, before the B-spline levels.
//
// The stage optimises a displacement u(x) = L (x - c) + t applied before the initial affine A0
// (moving point = A0(x + u(x)); c: the finest fixed image's physical centre) and folds the result
// into one affine A = A0 o (x -> (I + L) x + t - L c). The matrix part is preconditioned by R,
// half the fixed image's physical diagonal: the optimiser sees p = (R L, t), all in mm, so one
// step bound (a voxel of the level, as for the B-spline levels) suits both parts.
#include "cumed/core/Backend.h"
#include "cumed/registration/Registration.h"
#include "src/AffineKernelMath.h"
#include "src/LevelImage.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

/// The pyramid the stage runs on ([0] = coarsest; masks empty without a fixed mask; movingMasks
/// null, or one per level on the moving levels' grids, empty without a moving mask).
struct AffinePyramid {
  const std::vector<LevelImage>& fixed;
  const std::vector<LevelImage>& moving;
  const std::vector<std::vector<std::uint8_t>>& masks;
  const std::vector<std::vector<std::uint8_t>>* movingMasks = nullptr;
};

struct AffineStageResult {
  AffineTransform affine;      ///< A
  std::vector<int> iterations; ///< per stage level, coarsest first
  /// The similarity at the finest level under the initial affine (u = 0): Register()'s
  /// similarityBefore.
  double similarityBefore = 0.0;
};

/// The levels the stage runs on: all but the finest (the finest alone with one level).
int AffineStageLevels(int pyramidLevels);

/// The frame of u = L (x - c) + t on a level's fixed grid, c the centre of `finest`.
AffineFrame AffineFrameOf(const ImageGeometry& level, const ImageGeometry& finest);

/// The preconditioning length R of the fixed image `finest` (mm).
double AffinePreconditioning(const ImageGeometry& finest);

/// A0 o (x -> (I + L) x + t - L c): the single affine of the stage's parameters.
AffineTransform ComposeAffine(const AffineTransform& initial, const AffineParameters& a,
                              const ImageGeometry& finest);

/// Runs the stage from `initial` (A0) with options' metric, iterations, tolerance and observer
/// (IterationReport::affine = true). Throws cumed::Cancelled when the observer stops it,
/// InvalidArgument when no voxel is counted at the start of a level.
AffineStageResult RunAffineStage(const AffinePyramid& pyramid, const AffineTransform& initial,
                                 const RegistrationOptions& options, Backend backend);

} // namespace cumed::registration::detail

#pragma once
// The check every registration ends with, so that a wrong answer is not a silent one:
//   - folding: the fraction of counted voxels where the Jacobian determinant of the final
//     transform is <= 0 (JacobianStatistics, from JacobianDeterminant);
//   - worse than the start: Pearson's correlation (global NCC) between the fixed image and the
//     moving image seen through the final transform, against the same correlation through the
//     initial transform alone (initialAffine or the identity).
// Why global NCC: it is not what the default (local NCC), SSD or NMI runs minimise, and it is
// measured at full resolution on the original intensities, so it is a second opinion rather than
// the optimiser's own score; it ignores a linear intensity change (CT scanners, SSD's
// normalisation); and both values are taken over the same voxels (counted by the fixed mask, and
// inside the moving image and its mask under both transforms), so a shrinking overlap cannot
// fake a gain.
// For a run with metric NCC it is the optimised quantity itself and only catches gross failures.
#include "cumed/core/Image.h"
#include "cumed/registration/Jacobian.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cumed::registration {

struct AffineTransform;

struct RegistrationQuality {
  bool folded = false;             ///< some counted voxel has det <= 0
  double foldedPercent = 0.0;      ///< 100 * folded voxels / counted voxels
  bool correlationChecked = false; ///< false when fewer than 2 voxels overlap or one is flat
  double nccBefore = 0.0;          ///< correlation through the initial transform, -1..1
  double nccAfter = 0.0;           ///< through the final transform
  std::size_t voxelsCompared = 0;
  bool worseThanStart = false; ///< nccAfter < nccBefore - kWorseThanStartMargin
  /// One sentence per problem found (empty when none), as logged at warning level.
  std::vector<std::string> warnings;
  bool ok() const noexcept { return warnings.empty(); }
};

/// A drop of the correlation smaller than this is rounding and interpolation noise, not a
/// worse result (a fold-free run that changed nothing stays within it).
inline constexpr double kWorseThanStartMargin = 1e-3;

/// The check for a finished registration: `fixed` and `moving` as given to Register (scalar,
/// host or device), `totalField` its displacementField (Float32 x3 on the fixed grid),
/// `initialAffine` the transform the run started from, `jacobian` its statistics, `fixedMask`
/// UInt8 on the fixed geometry (may be null), `movingMask` UInt8 as Register takes it (may be
/// null: a voxel mapped outside it under either transform is not compared). Does not log;
/// Register logs the warnings.
RegistrationQuality
AssessRegistration(const Image& fixed, const Image& moving, const Image& totalField,
                   const AffineTransform& initialAffine, const JacobianStatistics& jacobian,
                   const Image* fixedMask = nullptr, const Image* movingMask = nullptr);

} // namespace cumed::registration

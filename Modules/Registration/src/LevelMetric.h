#pragma once
// The similarity metric's settings at one pyramid level, from the user's options: the same for
// the B-spline levels and the affine stage.
#include "cumed/registration/Registration.h"
#include "src/LevelImage.h"
#include "src/SimilarityMetrics.h"

namespace cumed::registration::detail {

/// The metric, the level's size, LocalNCC's window in voxels, NMI's bins and the intensity ranges
/// of the level's images.
MetricSettings LevelMetricSettings(const RegistrationOptions& options, const LevelImage& fixed,
                                   const LevelImage& moving);

} // namespace cumed::registration::detail

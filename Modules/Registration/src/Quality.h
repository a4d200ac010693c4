#pragma once
// AssessRegistration on the images Register already holds as host floats.
#include "cumed/registration/Quality.h"
#include "cumed/registration/Registration.h"
#include "src/LevelImage.h"

#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

/// `mask` empty = every voxel counts; `movingMask` empty = none, else one byte per voxel of
/// `moving` (src/MovingMask.h); `totalField` a host field on fixed's geometry.
RegistrationQuality AssessQuality(const LevelImage& fixed, const LevelImage& moving,
                                  const Image& totalField, const AffineTransform& initialAffine,
                                  const JacobianStatistics& jacobian,
                                  const std::vector<std::uint8_t>& mask,
                                  const std::vector<std::uint8_t>& movingMask = {});

} // namespace cumed::registration::detail

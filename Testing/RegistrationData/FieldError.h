#pragma once
// How far an estimated displacement field is from the true one, over a mask (the body).
#include "cumed/core/Image.h"

#include <cstddef>

namespace cumed::regdata {

struct FieldErrorStatistics {
  double rmsMm = 0.0;     ///< sqrt(mean |est - true|^2) over the mask
  double meanMm = 0.0;    ///< mean |est - true|
  double maxMm = 0.0;     ///< largest |est - true|
  double trueRmsMm = 0.0; ///< sqrt(mean |true|^2): the error of the identity (before registration)
  std::size_t voxels = 0;
};

/// Both fields host Float32 x3 on one grid (size equal; spacing, origin within 1e-3 mm; direction
/// within 1e-6), the mask host UInt8 of the same size. Throws InvalidArgument naming what differs.
FieldErrorStatistics CompareFields(const Image& estimated, const Image& truth, const Image& mask);

} // namespace cumed::regdata

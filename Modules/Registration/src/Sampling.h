#pragma once
// The plain numbers of a grid evaluated on a fixed image's voxels (host side).
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"
#include "src/BSplineMath.h"

namespace cumed::registration::detail {

Sampling DescribeSampling(const BSplineGrid& grid, const ImageGeometry& fixed);

} // namespace cumed::registration::detail

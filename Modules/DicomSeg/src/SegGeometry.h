#pragma once
// The grid checks both directions of the SEG need: a label image on its source's grid, and a
// frame's plane on a grid.
#include <itkImageBase.h>

#include <string>

namespace cumed::seg::detail {

/// "" when `a` and `b` have the same size and spacing, origin and direction within `tolerance`;
/// else what differs, with both values ("spacing 0.7 x 0.7 x 2.5 vs 0.7 x 0.7 x 2").
std::string GridDifference(const itk::ImageBase<3>& a, const itk::ImageBase<3>& b,
                           double tolerance);

} // namespace cumed::seg::detail

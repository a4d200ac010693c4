#pragma once
// The moving-image mask (Register's `movingMask`, elastix's moving mask): a fixed voxel counts in
// the similarity only where its mapped position falls on a nonzero voxel of this mask. It is
// brought onto the moving image's grid once, so every level's warp reads it at the same index as
// the moving image (the pyramid halves it like the fixed mask, HalveMask).
#include "cumed/core/Image.h"

#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

/// The moving mask as one byte per moving voxel (nonzero = counted). A mask on the moving image's
/// geometry is taken as it is; a mask on another grid is read at every moving voxel's centre at
/// its nearest mask voxel, 0 outside the mask image (a spatial mask, as elastix and ITK's
/// ImageMaskSpatialObject read one). Throws InvalidArgument when the mask is not scalar UInt8,
/// when one of mask and moving image is 2D (one slice) and the other 3D, when the mask's
/// direction is singular, or when no moving voxel falls on a nonzero mask voxel.
std::vector<std::uint8_t> ToMovingLevelMask(const Image& mask, const ImageGeometry& moving);

} // namespace cumed::registration::detail

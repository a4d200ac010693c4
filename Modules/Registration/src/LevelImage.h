#pragma once
// Host float images for the registration's pyramid: the inputs converted once (any scalar pixel
// type, host or device) and block-averaged per level.
#include "cumed/core/Image.h"

#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

struct LevelImage {
  ImageGeometry geometry;
  std::vector<float> pixels; ///< x fastest
};

/// Range, mean and standard deviation of an image's pixels, summed in fixed chunks in a fixed
/// order (the same bits for any thread count); `finite` is false when a pixel is NaN or infinite.
struct PixelStatistics {
  float minimum = 0.0f, maximum = 0.0f;
  double mean = 0.0, deviation = 0.0;
  bool finite = true;
};
PixelStatistics Summarize(const std::vector<float>& pixels);

/// The scalar image as float on the host. Throws InvalidArgument naming `what` and the first
/// voxel index when a pixel is NaN or infinite, or when the image has more than one component.
LevelImage ToLevelImage(const Image& image, const char* what);

/// The fixed mask as one byte per voxel (nonzero = counted). Throws InvalidArgument when its
/// geometry differs from `fixed` (naming both sizes) or when no voxel is set.
std::vector<std::uint8_t> ToLevelMask(const Image& mask, const ImageGeometry& fixed);

/// The image at half resolution: each voxel the mean of a 2x2x2 block (2x2 on a one-slice image)
/// of `finer`, placed at the block's centre. An odd last row/column/slice is dropped; an axis of
/// one voxel stays one voxel.
LevelImage HalveResolution(const LevelImage& finer);

/// A mask halved the same way: a coarse voxel is counted when at least half its block is, or
/// with `wholeBlock` only when all of it is (a moving mask: a coarse moving voxel averages its
/// whole block, so one excluded voxel in it is in its value).
std::vector<std::uint8_t> HalveMask(const std::vector<std::uint8_t>& finer,
                                    const ImageGeometry& finerGeometry, bool wholeBlock = false);

/// The geometry HalveResolution gives.
ImageGeometry HalvedGeometry(const ImageGeometry& finer);

} // namespace cumed::registration::detail

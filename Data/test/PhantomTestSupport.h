#pragma once
// Small helpers shared by the phantom tests.
#include "cumed/data/CtPhantom.h"

#include <algorithm>
#include <cstdint>

namespace cumed::data::test {

/// HU of the voxel nearest to a physical point (the point must lie inside the image).
inline int HuAt(const CtPhantomImage& image, const PhysicalPoint& point) {
  CtPhantomImage::IndexType index;
  if (!image.TransformPhysicalPointToIndex(point, index)) return -100000; // fails any range check
  return image.GetPixel(index);
}

/// Largest HU within `depth` voxels of any of the six faces.
inline int MaximumHuNearFaces(const CtPhantomImage& image, unsigned depth) {
  const auto size = image.GetLargestPossibleRegion().GetSize();
  int maximum = -100000;
  for (unsigned k = 0; k < size[2]; ++k) {
    for (unsigned j = 0; j < size[1]; ++j) {
      for (unsigned i = 0; i < size[0]; ++i) {
        const bool nearFace = i < depth || j < depth || k < depth || i >= size[0] - depth ||
                              j >= size[1] - depth || k >= size[2] - depth;
        if (nearFace) maximum = std::max<int>(maximum, image.GetPixel({{i, j, k}}));
      }
    }
  }
  return maximum;
}

} // namespace cumed::data::test

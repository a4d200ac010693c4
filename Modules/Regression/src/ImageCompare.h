#pragma once
// Images read as double vectors (ImageFiles.h): size, components, geometry, then voxel values.
// Internal: the public API is cumed/regression/Compare.h.
#include "ImageFiles.h"

#include "cumed/regression/Compare.h"

#include <string>

namespace cumed::regression {

Comparison CompareLoadedImages(const LoadedImage& output, const LoadedImage& baseline,
                               const Tolerances& tolerances);

/// "AxBxC" (or "AxB" for a 2D file).
std::string SizeText(const LoadedImage& image);

} // namespace cumed::regression

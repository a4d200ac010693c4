#pragma once
// Renderings (2D pictures): per-pixel colour difference, forgiving 1-pixel shifts and
// antialiasing through a small neighbourhood search, against an allowed fraction of pixels.
#include "Arguments.h"
#include "Comparison.h"
#include "ImageFiles.h"

namespace cumed::compareapp {

/// Writes the difference picture to `diffImage` unless it is empty.
Comparison CompareRenderings(const LoadedImage& output, const LoadedImage& baseline,
                             const Tolerances& tolerances, const std::string& diffImage);

} // namespace cumed::compareapp

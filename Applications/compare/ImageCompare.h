#pragma once
// Images: size, components, geometry, then voxel values.
#include "Arguments.h"
#include "Comparison.h"
#include "ImageFiles.h"

namespace cumed::compareapp {

Comparison CompareImages(const LoadedImage& output, const LoadedImage& baseline,
                         const Tolerances& tolerances);

/// "AxBxC" (or "AxB" for a 2D file).
std::string SizeText(const LoadedImage& image);

} // namespace cumed::compareapp

#pragma once
// The OpenMP backend: the same count -> scan -> emit -> points passes as the CUDA backend, one
// slab after another on the host.
#include "cumed/surface/Isosurface.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace cumed::surface::detail {

template <class T>
SurfaceMesh ContourOnCpu(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                         const std::vector<ImageView<const float>>& attributes, int slabs);

/// The same for the plane ranges `ranges` of a volume of geometry `whole` of which `planes` (and
/// the attributes) hold planes [firstPlane, firstPlane + planes.geometry.size[2]): every plane
/// the ranges' passes read must be among them (the caller checks).
template <class T>
SurfaceMesh ContourRangesOnCpu(const ImageView<const T>& planes, std::int64_t firstPlane,
                               const ImageGeometry& whole, const IsosurfaceOptions& options,
                               const std::vector<ImageView<const float>>& attributes,
                               const std::vector<std::pair<std::int64_t, std::int64_t>>& ranges);

} // namespace cumed::surface::detail

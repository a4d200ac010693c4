#pragma once
// The OpenMP backend: the same count -> scan -> emit -> points passes as the CUDA backend, one
// slab after another on the host.
#include "cumed/surface/Isosurface.h"

namespace cumed::surface::detail {

template <class T>
SurfaceMesh ContourOnCpu(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                         const std::vector<ImageView<const float>>& attributes, int slabs);

} // namespace cumed::surface::detail

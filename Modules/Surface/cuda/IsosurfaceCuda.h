#pragma once
// The CUDA backend: z-slabs spread over one or more devices (one host thread per device); a
// device with several slabs runs them in turn ("virtual GPUs").
#include "cumed/surface/Isosurface.h"

namespace cumed::surface::detail {

template <class T>
void ContourOnCuda(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                   const std::vector<ImageView<const float>>& attributes, IsosurfaceResult& result);

} // namespace cumed::surface::detail

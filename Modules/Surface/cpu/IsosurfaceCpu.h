#pragma once
// The OpenMP backend: the same count -> scan -> emit -> points passes as the CUDA backend, one
// slab after another on the host.
#include "cumed/surface/Isosurface.h"
#include "src/ContourEngine.h"

#include <algorithm>

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

/// The CPU engine (src/ContourEngine.h): the request is checked, the volume is on the host and
/// no device mesh is asked for.
template <class T> class ContourEngineCpu final : public ContourEngine<T> {
public:
  Backend backend() const noexcept override { return Backend::CPU; }
  void contour(const ImageView<const T>& volume, const IsosurfaceOptions& options,
               const std::vector<ImageView<const float>>& attributes,
               IsosurfaceResult& result) override {
    result.slabsUsed = std::max(1, options.numberOfSlabs);
    result.mesh = ContourOnCpu(volume, options, attributes, result.slabsUsed);
  }
  void contourRange(const ImageView<const T>& planes, std::int64_t firstPlane,
                    const ImageGeometry& whole, std::int64_t zBegin, std::int64_t zEnd,
                    const IsosurfaceOptions& options,
                    const std::vector<ImageView<const float>>& attributes,
                    IsosurfaceResult& result) override {
    result.mesh =
        ContourRangesOnCpu(planes, firstPlane, whole, options, attributes, {{zBegin, zEnd}});
  }
};

} // namespace cumed::surface::detail

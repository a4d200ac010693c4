#pragma once
// The CUDA backend: z-slabs spread over one or more devices (one host thread per device); a
// device with several slabs runs them in turn ("virtual GPUs").
#include "cumed/surface/Isosurface.h"
#include "src/ContourEngine.h"

#include <cstdint>

namespace cumed::surface::detail {

template <class T>
void ContourOnCuda(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                   const std::vector<ImageView<const float>>& attributes, IsosurfaceResult& result);

/// The same for planes [zBegin, zEnd) of a volume of geometry `whole` of which `planes` (and the
/// attributes) hold planes [firstPlane, firstPlane + planes.geometry.size[2]): the piece
/// ContourRangesOnCpu makes of the range, bit for bit. Every plane the range's passes read must
/// be among them (the caller checks); zBegin < zEnd.
template <class T>
void ContourRangeOnCuda(const ImageView<const T>& planes, std::int64_t firstPlane,
                        const ImageGeometry& whole, std::int64_t zBegin, std::int64_t zEnd,
                        const IsosurfaceOptions& options,
                        const std::vector<ImageView<const float>>& attributes,
                        IsosurfaceResult& result);

/// The CUDA engine (src/ContourEngine.h).
template <class T> class ContourEngineCuda final : public ContourEngine<T> {
public:
  Backend backend() const noexcept override { return Backend::CUDA; }
  void contour(const ImageView<const T>& volume, const IsosurfaceOptions& options,
               const std::vector<ImageView<const float>>& attributes,
               IsosurfaceResult& result) override {
    ContourOnCuda(volume, options, attributes, result);
  }
  void contourRange(const ImageView<const T>& planes, std::int64_t firstPlane,
                    const ImageGeometry& whole, std::int64_t zBegin, std::int64_t zEnd,
                    const IsosurfaceOptions& options,
                    const std::vector<ImageView<const float>>& attributes,
                    IsosurfaceResult& result) override {
    ContourRangeOnCuda(planes, firstPlane, whole, zBegin, zEnd, options, attributes, result);
  }
};

} // namespace cumed::surface::detail

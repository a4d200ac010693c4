#pragma once
// Internal: the marching-cubes work of one backend, in the pattern every CuMed module follows
// (Documentation/platform.md, "One CPU/CUDA pattern"): this interface, the CPU engine
// (cpu/IsosurfaceCpu.h: OpenMP, the reference), the CUDA engine (cuda/IsosurfaceCuda.h: kernels,
// CUB scans, several devices) and MakeContourEngine (src/ContourEngine.cxx), the one place that
// picks. ExtractIsosurface and ExtractIsosurfaceSlab check the request, resolve the backend and
// hand the checked work to an engine.
#include "cumed/core/Backend.h"
#include "cumed/core/Image.h"
#include "cumed/surface/Isosurface.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::surface::detail {

template <class T> class ContourEngine {
public:
  virtual ~ContourEngine() = default;
  virtual Backend backend() const noexcept = 0;
  /// The whole volume: the mesh (the host mesh, or with keepOnDevice the device mesh), the
  /// devices and slabs used, into `result`.
  virtual void contour(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                       const std::vector<ImageView<const float>>& attributes,
                       IsosurfaceResult& result) = 0;
  /// Planes [zBegin, zEnd) of `whole`, whose planes from `firstPlane` on `planes` holds.
  virtual void contourRange(const ImageView<const T>& planes, std::int64_t firstPlane,
                            const ImageGeometry& whole, std::int64_t zBegin, std::int64_t zEnd,
                            const IsosurfaceOptions& options,
                            const std::vector<ImageView<const float>>& attributes,
                            IsosurfaceResult& result) = 0;
};

/// The engine of `backend` (CPU or CUDA, resolved). CudaError naming the missing backend when
/// CUDA is asked for in a build without it.
template <class T> std::unique_ptr<ContourEngine<T>> MakeContourEngine(Backend backend);

} // namespace cumed::surface::detail

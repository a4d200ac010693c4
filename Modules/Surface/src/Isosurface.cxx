#include "cumed/surface/Isosurface.h"

#include "cpu/IsosurfaceCpu.h"
#include "cumed/core/Error.h"
#include "src/ContourPlan.h"

#include <cstdint>

#if CUMED_SURFACE_WITH_CUDA
#include "cuda/IsosurfaceCuda.h"
#endif

namespace cumed::surface {

template <class T>
IsosurfaceResult ExtractIsosurface(const ImageView<const T>& volume,
                                   const IsosurfaceOptions& options,
                                   const std::vector<ImageView<const float>>& attributes) {
  if (volume.components != 1)
    throw InvalidArgument("isosurface: the volume must be scalar, but it has " +
                          std::to_string(volume.components) + " components per pixel");
  std::vector<ImageGeometry> attributeGeometries;
  std::vector<MemoryLocation> attributeLocations;
  for (const auto& attribute : attributes) {
    attributeGeometries.push_back(attribute.geometry);
    attributeLocations.push_back(attribute.location);
  }
  detail::ValidateRequest(volume.geometry, volume.location, options, attributeGeometries,
                          attributeLocations);
  ExecutionScope scope(options, volume.geometry.numberOfPixels());
  IsosurfaceResult result;
  result.backendUsed = ResolveBackend(options.backend);
  if (result.backendUsed == Backend::CUDA) {
#if CUMED_SURFACE_WITH_CUDA
    detail::ContourOnCuda(volume, options, attributes, result);
    scope.finish(Backend::CUDA, result.devicesUsed, result.slabsUsed);
    return result;
#endif
  }
  if (volume.location == MemoryLocation::Device) {
    throw InvalidArgument("isosurface: the volume is in device memory but the CPU backend runs; "
                          "copy it to the host (Image::toHost) or use the CUDA backend");
  }
  if (options.keepOnDevice) {
    throw InvalidArgument("isosurface: keepOnDevice needs the CUDA backend, and the CPU one runs");
  }
  result.slabsUsed = std::max(1, options.numberOfSlabs);
  result.mesh = detail::ContourOnCpu(volume, options, attributes, result.slabsUsed);
  scope.finish(Backend::CPU, 0, result.slabsUsed);
  return result;
}

namespace {
template <class T>
IsosurfaceResult ExtractTyped(const Image& volume, const IsosurfaceOptions& options,
                              const std::vector<const Image*>& attributes) {
  std::vector<ImageView<const float>> views;
  for (std::size_t a = 0; a < attributes.size(); ++a) {
    if (attributes[a] == nullptr || attributes[a]->pixelType() != PixelType::Float32) {
      throw InvalidArgument("isosurface: attribute volume " + std::to_string(a) +
                            " must be a float image");
    }
    views.push_back(attributes[a]->view<float>());
  }
  return ExtractIsosurface(volume.view<T>(), options, views);
}
} // namespace

IsosurfaceResult ExtractIsosurface(const Image& volume, const IsosurfaceOptions& options,
                                   const std::vector<const Image*>& attributes) {
  switch (volume.pixelType()) {
  case PixelType::UInt8:
    return ExtractTyped<std::uint8_t>(volume, options, attributes);
  case PixelType::Int16:
    return ExtractTyped<std::int16_t>(volume, options, attributes);
  case PixelType::UInt16:
    return ExtractTyped<std::uint16_t>(volume, options, attributes);
  case PixelType::Float32:
    return ExtractTyped<float>(volume, options, attributes);
  }
  throw InvalidArgument("isosurface: unsupported pixel type");
}

#define CUMED_INSTANTIATE_EXTRACT(T)                                                               \
  template IsosurfaceResult ExtractIsosurface<T>(const ImageView<const T>&,                        \
                                                 const IsosurfaceOptions&,                         \
                                                 const std::vector<ImageView<const float>>&);
CUMED_INSTANTIATE_EXTRACT(std::uint8_t)
CUMED_INSTANTIATE_EXTRACT(std::int16_t)
CUMED_INSTANTIATE_EXTRACT(std::uint16_t)
CUMED_INSTANTIATE_EXTRACT(float)

} // namespace cumed::surface

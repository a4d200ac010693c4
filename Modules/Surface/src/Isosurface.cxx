#include "cumed/surface/Isosurface.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "src/ContourEngine.h"
#include "src/ContourPlan.h"
#include "src/TypedVolume.h"

#include <cstdint>
#include <type_traits>

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
  numbers::RequireWorldCoordinates(volume.geometry, "isosurface: volume ");
  ExecutionScope scope(options, volume.geometry.numberOfPixels());
  IsosurfaceResult result;
  result.backendUsed = ResolveBackend(options.backend);
  if (result.backendUsed == Backend::CPU && volume.location == MemoryLocation::Device) {
    throw InvalidArgument("isosurface: the volume is in device memory but the CPU backend runs; "
                          "copy it to the host (Image::toHost) or use the CUDA backend");
  }
  if (result.backendUsed == Backend::CPU && options.keepOnDevice) {
    throw InvalidArgument("isosurface: keepOnDevice needs the CUDA backend, and the CPU one runs");
  }
  detail::MakeContourEngine<T>(result.backendUsed)->contour(volume, options, attributes, result);
  // Outputs hold inf/NaN only where the input did (NumberRules.h), and then say how many.
  if constexpr (std::is_floating_point_v<T>) {
    result.nonFiniteVoxels =
        volume.location == MemoryLocation::Host
            ? std::int64_t(numbers::CountNonFinite(volume.data, volume.geometry.numberOfPixels()))
            : -1;
  }
  // A mesh kept on the device is not scanned here (-1): its caller counts it there, if at all.
  result.nonFinitePoints = result.deviceMesh
                               ? -1
                               : std::int64_t(numbers::CountNonFinite(result.mesh.points.data(),
                                                                      result.mesh.points.size()));
  if (result.nonFinitePoints > 0 && result.nonFiniteVoxels == 0)
    throw InvalidArgument("isosurface: " + std::to_string(result.nonFinitePoints) +
                          " point coordinates are not finite though the volume has no "
                          "non-finite voxel (its spacing, origin or direction overflow float)");
  scope.finish(result.backendUsed, result.devicesUsed, result.slabsUsed);
  return result;
}

IsosurfaceResult ExtractIsosurface(const Image& volume, const IsosurfaceOptions& options,
                                   const std::vector<const Image*>& attributes) {
  const auto views = detail::FloatAttributeViews(attributes);
  return detail::VisitPixelType(
      volume, [&](const auto& view) { return ExtractIsosurface(view, options, views); });
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

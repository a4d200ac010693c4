#include "cumed/surface/SlabIsosurface.h"

#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "src/ContourEngine.h"
#include "src/ContourPlan.h"
#include "src/TypedVolume.h"

#include <algorithm>
#include <string>

namespace cumed::surface {

SlabHalo SlabHaloOf(const IsosurfaceOptions& options) {
  // Two planes above either way: the plane above holds the top cells' corners, and its rows'
  // z-edge points (read from the plane after it) come before the next row's in VTK's numbering.
  return options.computeNormals ? SlabHalo{1, 2} : SlabHalo{0, 2};
}

namespace {

/// Throws InvalidArgument unless the slab lies in the volume and `planes` (of `size`) holds
/// every plane its passes read.
void CheckSlabPlanes(const std::array<std::size_t, 3>& size, const VolumeSlab& slab,
                     const IsosurfaceOptions& options) {
  const auto& whole = slab.whole.size;
  const auto nz = static_cast<std::int64_t>(whole[2]);
  if (slab.zBegin < 0 || slab.zEnd < slab.zBegin || slab.zEnd > nz) {
    throw InvalidArgument("isosurface slab: planes [" + std::to_string(slab.zBegin) + ", " +
                          std::to_string(slab.zEnd) + ") are not a slab of a volume of " +
                          std::to_string(nz) + " planes");
  }
  if (size[0] != whole[0] || size[1] != whole[1]) {
    throw InvalidArgument("isosurface slab: the image's planes are " + std::to_string(size[0]) +
                          "x" + std::to_string(size[1]) + " but the volume's are " +
                          std::to_string(whole[0]) + "x" + std::to_string(whole[1]));
  }
  const SlabHalo halo = SlabHaloOf(options);
  const std::int64_t first = std::max<std::int64_t>(0, slab.zBegin - halo.below);
  const std::int64_t end = std::min<std::int64_t>(nz, slab.zEnd + halo.above);
  const std::int64_t heldEnd = slab.firstPlane + static_cast<std::int64_t>(size[2]);
  if (slab.firstPlane > first || heldEnd < end) {
    throw InvalidArgument(std::string("isosurface slab: the slab [") + std::to_string(slab.zBegin) +
                          ", " + std::to_string(slab.zEnd) + ") reads planes [" +
                          std::to_string(first) + ", " + std::to_string(end) +
                          ") but the image holds planes [" + std::to_string(slab.firstPlane) +
                          ", " + std::to_string(heldEnd) + ")");
  }
}

/// The piece of an empty slab: no points, no triangles, the arrays of the request (on the
/// device with keepOnDevice).
void MakeEmptyPiece(const IsosurfaceOptions& options, std::size_t attributeCount,
                    IsosurfaceResult& result) {
  const std::size_t values = options.values.size();
  if (options.keepOnDevice) {
    DeviceSurfaceMesh mesh;
    mesh.device = CurrentDevice();
    mesh.attributes.resize(attributeCount);
    mesh.pointOffsets.assign(values + 1, 0);
    mesh.triangleOffsets.assign(values + 1, 0);
    result.deviceMesh = std::move(mesh);
    return;
  }
  result.mesh.pointOffsets.assign(values + 1, 0);
  result.mesh.triangleOffsets.assign(values + 1, 0);
  result.mesh.attributes.assign(attributeCount, MeshArray<float>());
}

} // namespace

template <class T>
IsosurfaceResult ExtractIsosurfaceSlab(const ImageView<const T>& planes, const VolumeSlab& slab,
                                       const IsosurfaceOptions& options,
                                       const std::vector<ImageView<const float>>& attributes) {
  std::vector<ImageGeometry> attributeGeometries;
  std::vector<MemoryLocation> attributeLocations;
  for (std::size_t a = 0; a < attributes.size(); ++a) {
    if (attributes[a].geometry.size != planes.geometry.size) {
      throw InvalidArgument("isosurface slab: attribute volume " + std::to_string(a) +
                            " holds other planes than the image (" +
                            std::to_string(attributes[a].geometry.size[2]) + " planes, not " +
                            std::to_string(planes.geometry.size[2]) + ")");
    }
    attributeGeometries.push_back(slab.whole); // same planes as the image: the volume's checks
    attributeLocations.push_back(attributes[a].location);
  }
  detail::ValidateRequest(slab.whole, planes.location, options, attributeGeometries,
                          attributeLocations);
  IsosurfaceResult result;
  result.backendUsed = ResolveBackend(options.backend);
  const bool onCpu = result.backendUsed == Backend::CPU;
  if (onCpu && planes.location == MemoryLocation::Device) {
    throw InvalidArgument("isosurface slab: the planes are in device memory but the CPU backend "
                          "runs; copy them to the host (Image::toHost) or use the CUDA backend");
  }
  if (onCpu && options.keepOnDevice) {
    throw InvalidArgument(
        "isosurface slab: keepOnDevice needs the CUDA backend, and the CPU one runs");
  }
  if (slab.zBegin == slab.zEnd && slab.zBegin >= 0 &&
      slab.zEnd <= static_cast<std::int64_t>(slab.whole.size[2])) {
    MakeEmptyPiece(options, attributes.size(), result); // an empty slab reads nothing
    return result;
  }
  if (planes.components != 1) {
    throw InvalidArgument("isosurface slab: the volume must be scalar, but it has " +
                          std::to_string(planes.components) + " components per pixel");
  }
  CheckSlabPlanes(planes.geometry.size, slab, options);
  ExecutionScope scope(options, planes.geometry.numberOfPixels());
  detail::MakeContourEngine<T>(result.backendUsed)
      ->contourRange(planes, slab.firstPlane, slab.whole, slab.zBegin, slab.zEnd, options,
                     attributes, result);
  scope.finish(result.backendUsed, result.devicesUsed, result.slabsUsed);
  return result;
}

IsosurfaceResult ExtractIsosurfaceSlab(const Image& planes, const VolumeSlab& slab,
                                       const IsosurfaceOptions& options,
                                       const std::vector<const Image*>& attributes) {
  const auto views = detail::FloatAttributeViews(attributes);
  return detail::VisitPixelType(
      planes, [&](const auto& view) { return ExtractIsosurfaceSlab(view, slab, options, views); });
}

void NumberSlabPiece(SurfaceMesh& piece, const std::vector<std::int64_t>& firstPointIds) {
  const std::size_t values = piece.pointOffsets.empty() ? 0 : piece.pointOffsets.size() - 1;
  if (firstPointIds.size() != values || piece.triangleOffsets.size() != values + 1) {
    throw InvalidArgument("isosurface slab: " + std::to_string(firstPointIds.size()) +
                          " first point ids for a piece of " + std::to_string(values) +
                          " contour values");
  }
  for (std::size_t v = 0; v < values; ++v) {
    const std::int64_t shift = firstPointIds[v] - piece.pointOffsets[v];
    const std::int64_t end = 3 * piece.triangleOffsets[v + 1];
#pragma omp parallel for schedule(static)
    for (std::int64_t n = 3 * piece.triangleOffsets[v]; n < end; ++n) {
      piece.triangles[static_cast<std::size_t>(n)] += shift;
    }
  }
}

#define CUMED_INSTANTIATE_SLAB(T)                                                                  \
  template IsosurfaceResult ExtractIsosurfaceSlab<T>(const ImageView<const T>&, const VolumeSlab&, \
                                                     const IsosurfaceOptions&,                     \
                                                     const std::vector<ImageView<const float>>&);
CUMED_INSTANTIATE_SLAB(std::uint8_t)
CUMED_INSTANTIATE_SLAB(std::int16_t)
CUMED_INSTANTIATE_SLAB(std::uint16_t)
CUMED_INSTANTIATE_SLAB(float)

} // namespace cumed::surface

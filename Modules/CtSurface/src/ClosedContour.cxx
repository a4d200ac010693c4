// The contour stage and the whole job: the closed surface of the (closed) HU volume, computed
// where the volume is, and only the mesh comes back.
#include "cumed/ctsurface/CtSurface.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/core/Timer.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/surface/ClosedSurface.h"

#include <utility>

namespace cumed::ctsurface {

ContourResult ContourClosedVolume(const ClosedImage* image, double isoHu, cumed::Backend backend,
                                  bool keepDeviceMesh) {
  const bool onDevice = backend == cumed::Backend::CUDA;
  const cumed::ImageView<const std::int16_t> volume =
      onDevice ? image->GetDeviceView() : cumed::HostView(*image);
  cumed::surface::IsosurfaceOptions options;
  options.values = {isoHu};
  options.computeNormals = true;
  options.backend = backend;
  options.keepOnDevice = keepDeviceMesh && onDevice;
  cumed::surface::ClosedSurfaceResult contour =
      cumed::surface::ExtractClosedSurface(volume, options);
  ContourResult result;
  result.voxelsAtOrAboveIso = contour.voxelsInside;
  result.implementation = std::string("cumed-") + cumed::ToString(contour.backendUsed);
  if (contour.deviceMesh) {
    // The host mesh is the device mesh's one download; the device copy stays for drawing.
    result.deviceMesh = std::make_shared<cumed::DeviceSurfaceMesh>(std::move(*contour.deviceMesh));
    result.mesh = result.deviceMesh->toHost();
  } else {
    result.mesh = std::move(contour.mesh);
  }
  return result;
}

CtSurfaceResult ExtractCtSurface(HounsfieldImage* image, const CtSurfaceOptions& options) {
  numbers::RequireFinite("isoHu", options.isoHu); // before the closing's minutes of work
  ExecutionScope scope(options);
  const cumed::Backend backend = cumed::ResolveBackend(options.backend);
  CtSurfaceResult result;
  result.voxelVolumeMm3 = VoxelVolumeMm3(image);
  result.closingRadiusVoxels = ClosingRadiusVoxels(image, options.closingRadiusMm);
  ClosedImage::Pointer closed;
  if (IsZeroRadius(result.closingRadiusVoxels)) {
    closed = WithoutClosing(image);
    result.closingImplementation = "skipped";
  } else {
    const cumed::Stopwatch closing;
    const ClosingResult closedResult =
        CloseWithBall(image, result.closingRadiusVoxels, backend, [&](double fraction) {
          if (options.progress) options.progress(0.9 * fraction);
        });
    closed = closedResult.image;
    result.closingImplementation = std::string("cumed-") + cumed::ToString(closedResult.backend);
    result.closingSeconds = closing.elapsedSeconds();
  }
  scope.checkCancelled();
  const cumed::Stopwatch contour;
  result.surface = ContourClosedVolume(closed, options.isoHu, backend, options.keepDeviceMesh);
  result.contourSeconds = contour.elapsedSeconds();
  scope.finish(backend);
  return result;
}

} // namespace cumed::ctsurface

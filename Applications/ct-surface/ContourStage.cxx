#include "ContourStage.h"

#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/morphology/BinaryThreshold.h"
#include "cumed/morphology/Pad.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkPolyData.h>

#include <cstdio>
#include <limits>
#include <utility>

namespace cumed::ctsurface {
namespace {

double Determinant(const std::array<double, 9>& m) {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
         m[2] * (m[3] * m[7] - m[4] * m[6]);
}

/// A reflection in the direction cosines turns the triangles inside out (the normals, mapped
/// through the direction, stay right): restore outward winding.
void ReverseWinding(cumed::SurfaceMesh& mesh) {
  const auto triangles = static_cast<long>(mesh.numberOfTriangles());
#pragma omp parallel for
  for (long t = 0; t < triangles; ++t)
    std::swap(mesh.triangles[3 * t + 1], mesh.triangles[3 * t + 2]);
}

} // namespace

ContourResult ExtractIsosurface(const ClosedImage* image, double isoHu, cumed::Backend backend,
                                bool keepDeviceMesh) {
  const bool onDevice = backend == cumed::Backend::CUDA;
  const cumed::ImageView<const std::int16_t> volume =
      onDevice ? image->GetDeviceView() : cumed::HostView(*image);
  ContourResult result;
  result.voxelsAtOrAboveIso =
      cumed::morphology::CountInRange(volume, isoHu, std::numeric_limits<double>::max());
  if (result.voxelsAtOrAboveIso == 0) {
    char message[160];
    std::snprintf(message, sizeof message,
                  "no voxel reaches --iso %g HU: the surface would be empty (try a lower --iso)",
                  isoHu);
    throw cumed::Error(message);
  }
  // The lowest int16 lies below every accepted --iso, so the padding is always outside.
  const std::array<int, 3> pad{1, 1, 1};
  cumed::Image padded = cumed::Image::Allocate(
      cumed::PixelType::Int16, cumed::morphology::PaddedGeometry(volume.geometry, pad),
      volume.location);
  cumed::morphology::PadConstant(volume, padded.view<std::int16_t>(), pad,
                                 std::numeric_limits<std::int16_t>::lowest());
  cumed::surface::IsosurfaceOptions options;
  options.values = {isoHu};
  options.computeNormals = true;
  options.backend = backend;
  options.keepOnDevice = keepDeviceMesh && onDevice;
  cumed::surface::IsosurfaceResult contour = cumed::surface::ExtractIsosurface(padded, options);
  if (contour.deviceMesh) {
    // The files and the measures need the host mesh: its one download. The picture is drawn
    // from the device copy, which stays.
    result.deviceMesh = std::make_shared<cumed::DeviceSurfaceMesh>(std::move(*contour.deviceMesh));
    contour.mesh = result.deviceMesh->toHost();
  }
  if (Determinant(volume.geometry.direction) < 0.0) ReverseWinding(contour.mesh);
  result.surface = vtkSmartPointer<vtkPolyData>::New();
  cumed::ToVtkPolyData(contour.mesh, result.surface);
  result.implementation = std::string("cumed-") + cumed::ToString(contour.backendUsed);
  return result;
}

} // namespace cumed::ctsurface

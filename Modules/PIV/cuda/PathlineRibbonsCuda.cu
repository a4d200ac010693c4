#include "cuda/PathlineRibbonsCuda.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

namespace cumed::piv::detail {
namespace {

__global__ void RibbonKernel(const float* x, const float* y, const float* speed, const int* length,
                             int seeds, RibbonShape shape, float* points, float* normals,
                             float* scalars, std::int64_t* triangles) {
  const int segments = shape.pointsPerLine - 1;
  const std::int64_t m = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (m >= std::int64_t(seeds) * segments) return;
  WriteRibbonSegment(int(m / segments), int(m % segments), x, y, speed, length, shape, points,
                     normals, scalars, triangles);
}

} // namespace

std::shared_ptr<DeviceSurfaceMesh> BuildPathlineRibbonsCuda(const DevicePathlines& lines, int seeds,
                                                            const RibbonShape& shape) {
  CUMED_CUDA_CHECK(cudaSetDevice(lines.device));
  // The process stream: vtkCuMedDeviceMeshMapper reads device meshes on it.
  const Stream& stream = ProcessStream(lines.device);
  const std::int64_t segments = std::int64_t(seeds) * (shape.pointsPerLine - 1);
  auto mesh = std::make_shared<DeviceSurfaceMesh>();
  mesh->device = lines.device;
  mesh->numberOfPoints = segments * kRibbonPoints;
  mesh->numberOfTriangles = segments * kRibbonTriangles;
  mesh->pointOffsets = {0, mesh->numberOfPoints};
  mesh->triangleOffsets = {0, mesh->numberOfTriangles};
  mesh->attributes.resize(1); // the colour, as on the CPU
  if (segments == 0) return mesh;
  mesh->points = DeviceBuffer(std::size_t(mesh->numberOfPoints) * 3 * sizeof(float));
  mesh->normals = DeviceBuffer(std::size_t(mesh->numberOfPoints) * 3 * sizeof(float));
  mesh->triangles = DeviceBuffer(std::size_t(mesh->numberOfTriangles) * 3 * sizeof(std::int64_t));
  mesh->attributes[0] = DeviceBuffer(std::size_t(mesh->numberOfPoints) * sizeof(float));
  constexpr int kThreads = 256;
  const auto blocks = static_cast<unsigned>((segments + kThreads - 1) / kThreads);
  RibbonKernel<<<blocks, kThreads, 0, stream.native()>>>(
      lines.x.as<float>(), lines.y.as<float>(), lines.speed.as<float>(), lines.length.as<int>(),
      seeds, shape, mesh->points.as<float>(), mesh->normals.as<float>(),
      mesh->attributes[0].as<float>(), mesh->triangles.as<std::int64_t>());
  CUMED_CUDA_CHECK(cudaGetLastError());
  stream.synchronize();
  return mesh;
}

} // namespace cumed::piv::detail

#include "cuda/ArrowGlyphsCuda.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

namespace cumed::piv::detail {
namespace {

struct FieldOnDevice {
  const float *x, *y, *u, *v, *scalars;
  const std::uint8_t* flags;
};

__global__ void ArrowGlyphsKernel(FieldOnDevice field, std::int64_t count, ArrowShape shape,
                                  float* points, float* normals, float* scalars,
                                  std::int64_t* triangles) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= count) return;
  WriteArrow(i, field.x[i], field.y[i], field.u[i], field.v[i], field.flags[i], field.scalars[i],
             shape, points, normals, scalars, triangles);
}

/// A device copy of a host array, queued on `stream` (counted).
template <class T> DeviceBuffer Upload(const std::vector<T>& host, const Stream& stream) {
  DeviceBuffer buffer(host.size() * sizeof(T), stream);
  buffer.upload(host.data(), host.size() * sizeof(T), &stream);
  return buffer;
}

} // namespace

std::shared_ptr<DeviceSurfaceMesh> BuildArrowGlyphsCuda(const PivField& field,
                                                        const std::vector<float>& scalars,
                                                        const ArrowShape& shape) {
  int device = 0;
  CUMED_CUDA_CHECK(cudaGetDevice(&device));
  // The process stream: vtkCuMedDeviceMeshMapper reads device meshes on it.
  const Stream& stream = ProcessStream(device);
  const auto count = static_cast<std::int64_t>(field.size());
  auto mesh = std::make_shared<DeviceSurfaceMesh>();
  mesh->device = device;
  mesh->numberOfPoints = count * kArrowPoints;
  mesh->numberOfTriangles = count * kArrowTriangles;
  mesh->pointOffsets = {0, mesh->numberOfPoints};
  mesh->triangleOffsets = {0, mesh->numberOfTriangles};
  mesh->attributes.resize(1); // the colour, as on the CPU
  if (count == 0) return mesh;
  mesh->points = DeviceBuffer(std::size_t(mesh->numberOfPoints) * 3 * sizeof(float));
  mesh->normals = DeviceBuffer(std::size_t(mesh->numberOfPoints) * 3 * sizeof(float));
  mesh->triangles = DeviceBuffer(std::size_t(mesh->numberOfTriangles) * 3 * sizeof(std::int64_t));
  mesh->attributes[0] = DeviceBuffer(std::size_t(mesh->numberOfPoints) * sizeof(float));

  const DeviceBuffer x = Upload(field.x, stream), y = Upload(field.y, stream),
                     u = Upload(field.u, stream), v = Upload(field.v, stream),
                     values = Upload(scalars, stream), flags = Upload(field.flags, stream);
  const FieldOnDevice input{x.as<float>(), y.as<float>(),      u.as<float>(),
                            v.as<float>(), values.as<float>(), flags.as<std::uint8_t>()};
  constexpr int kThreads = 256;
  const auto blocks = static_cast<unsigned>((count + kThreads - 1) / kThreads);
  ArrowGlyphsKernel<<<blocks, kThreads, 0, stream.native()>>>(
      input, count, shape, mesh->points.as<float>(), mesh->normals.as<float>(),
      mesh->attributes[0].as<float>(), mesh->triangles.as<std::int64_t>());
  CUMED_CUDA_CHECK(cudaGetLastError());
  stream.synchronize();
  return mesh;
}

} // namespace cumed::piv::detail

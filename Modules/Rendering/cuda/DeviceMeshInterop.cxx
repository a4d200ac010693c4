// CUDA-OpenGL interop for vtkCuMedDeviceMeshMapper: OpenGL buffers registered with CUDA, mapped,
// written on the mesh's device and unmapped before OpenGL draws them. Runtime calls only here;
// the kernels are in MeshBufferKernels.cu.
#include "../src/DeviceMeshInterop.h"

#include "MeshBufferKernels.h"

#include "cumed/core/Backend.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"

#include <cuda_gl_interop.h>

#include <cstdint>
#include <limits>
#include <string>

namespace cumed::rendering::detail {
namespace {

/// Makes `device` current for a scope and restores the previous one.
class CurrentDevice {
public:
  explicit CurrentDevice(int device) {
    CUMED_CUDA_CHECK(cudaGetDevice(&previous_));
    if (device != previous_) CUMED_CUDA_CHECK(cudaSetDevice(device));
  }
  ~CurrentDevice() { cudaSetDevice(previous_); }
  CurrentDevice(const CurrentDevice&) = delete;
  CurrentDevice& operator=(const CurrentDevice&) = delete;

private:
  int previous_ = 0;
};

std::string CudaMessage(cudaError_t status) {
  return std::string(cudaGetErrorName(status)) + " (" + cudaGetErrorString(status) + ")";
}

} // namespace

std::string InteropUnavailableReason(const DeviceSurfaceMesh& mesh) {
  if (!CudaUsable()) return "no usable CUDA device: " + DescribeDevices();
  if (mesh.numberOfPoints > static_cast<std::int64_t>(std::numeric_limits<std::uint32_t>::max())) {
    return "the mesh has " + std::to_string(mesh.numberOfPoints) +
           " points; OpenGL's 32-bit indices address at most 4294967295";
  }
  // The CUDA devices behind the current OpenGL context. Where the driver cannot tell (the query
  // fails, e.g. for some EGL contexts), the registration decides: the mapper draws through the
  // host if it fails.
  unsigned int count = 0;
  int devices[16] = {};
  if (cudaGLGetDevices(&count, devices, 16, cudaGLDeviceListAll) != cudaSuccess) {
    cudaGetLastError(); // not sticky; must not leak into later checks
    return {};
  }
  for (unsigned int i = 0; i < count; ++i) {
    if (devices[i] == mesh.device) return {};
  }
  std::string list;
  for (unsigned int i = 0; i < count; ++i) list += (i ? ", " : "") + std::to_string(devices[i]);
  return "the OpenGL context is not on the mesh's CUDA device " + std::to_string(mesh.device) +
         " (it is on CUDA device(s): " + (list.empty() ? "none" : list) + ")";
}

RegisteredGlBuffer::RegisteredGlBuffer(unsigned glBuffer, std::size_t bytes)
    : glBuffer_(glBuffer), bytes_(bytes) {
  cudaGraphicsResource_t resource = nullptr;
  const cudaError_t status =
      cudaGraphicsGLRegisterBuffer(&resource, glBuffer, cudaGraphicsRegisterFlagsWriteDiscard);
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw CudaError("cudaGraphicsGLRegisterBuffer failed for OpenGL buffer " +
                        std::to_string(glBuffer) + " (" + std::to_string(bytes) +
                        " bytes): " + CudaMessage(status),
                    static_cast<int>(status));
  }
  resource_ = resource;
}

RegisteredGlBuffer::~RegisteredGlBuffer() {
  if (resource_) cudaGraphicsUnregisterResource(static_cast<cudaGraphicsResource_t>(resource_));
}

namespace {

/// The device pointer of a mapped resource, checked against the size the buffer was made with.
void* MappedPointer(const RegisteredGlBuffer& buffer, std::size_t needed) {
  void* pointer = nullptr;
  std::size_t size = 0;
  CUMED_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(
      &pointer, &size, static_cast<cudaGraphicsResource_t>(buffer.resource())));
  if (size < needed) {
    throw CudaError("OpenGL buffer " + std::to_string(buffer.glBuffer()) + " maps " +
                        std::to_string(size) + " bytes; the mesh needs " + std::to_string(needed),
                    0);
  }
  return pointer;
}

/// Throws unless `colours` names an attribute of the mesh with a value per point and a table of
/// bins + 3 RGBA entries.
void CheckColourFill(const DeviceSurfaceMesh& mesh, const ColourFill& colours) {
  const int attribute = colours.attribute;
  const std::size_t pointBytes = static_cast<std::size_t>(mesh.numberOfPoints) * sizeof(float);
  const bool attributeOk = attribute >= 0 && attribute < static_cast<int>(mesh.attributes.size()) &&
                           mesh.attributes[attribute].size() >= pointBytes;
  const DeviceColourTable* table = colours.table;
  const bool tableOk = table && table->bins > 0 &&
                       table->rgba.size() == 4 * static_cast<std::size_t>(table->bins + 3);
  if (attributeOk && tableOk && colours.buffer && colours.tableCopy) return;
  std::string what = "colouring a device mesh: attribute " + std::to_string(attribute) + " of " +
                     std::to_string(mesh.attributes.size());
  if (attribute >= 0 && attribute < static_cast<int>(mesh.attributes.size())) {
    what += " (" + std::to_string(mesh.attributes[attribute].size()) + " bytes; " +
            std::to_string(pointBytes) + " expected for " + std::to_string(mesh.numberOfPoints) +
            " points)";
  }
  what += table ? ", a table of " + std::to_string(table->rgba.size()) + " bytes for " +
                      std::to_string(table->bins) + " bins (4 (bins + 3) expected)"
                : ", no colour table";
  if (!colours.buffer) what += ", no colour buffer";
  if (!colours.tableCopy) what += ", nowhere to keep the table on the device";
  throw Error(what);
}

/// The table on the mesh's device, uploaded (a few KiB; counted) only when it changed.
const std::uint8_t* TableOnDevice(const DeviceSurfaceMesh& mesh, const DeviceColourTable& table,
                                  DeviceColourTableCopy& copy, const Stream& stream) {
  if (copy.device != mesh.device || copy.buffer.size() != table.rgba.size() ||
      copy.rgba != table.rgba) {
    copy.rgba.clear(); // forgotten first: should the upload fail, the next fill uploads again
    copy.buffer = DeviceBuffer(table.rgba.size());
    copy.buffer.upload(table.rgba.data(), table.rgba.size(), &stream);
    copy.device = mesh.device;
    copy.rgba = table.rgba;
  }
  return copy.buffer.as<std::uint8_t>();
}

} // namespace

void FillGlBuffers(const DeviceSurfaceMesh& mesh, RegisteredGlBuffer& points,
                   RegisteredGlBuffer* normals, RegisteredGlBuffer* indices,
                   const ColourFill* colours, InteropFillTimes* times) {
  if (colours) CheckColourFill(mesh, *colours);
  CurrentDevice current(mesh.device);
  // The process stream of the device: the mesh's producer queued its work there.
  const Stream& stream = ProcessStream(mesh.device);
  // The sampled lookup table goes up when it changed; the scalars never come down.
  const std::uint8_t* table =
      colours ? TableOnDevice(mesh, *colours->table, *colours->tableCopy, stream) : nullptr;
  cudaGraphicsResource_t resources[4];
  int count = 0;
  resources[count++] = static_cast<cudaGraphicsResource_t>(points.resource());
  if (indices) resources[count++] = static_cast<cudaGraphicsResource_t>(indices->resource());
  if (normals) resources[count++] = static_cast<cudaGraphicsResource_t>(normals->resource());
  if (colours)
    resources[count++] = static_cast<cudaGraphicsResource_t>(colours->buffer->resource());
  Stopwatch watch;
  // One call for every buffer: each call synchronises with OpenGL (the graphics work issued
  // before it completes before CUDA's work after it), so one costs less than several.
  CUMED_CUDA_CHECK(cudaGraphicsMapResources(count, resources, stream.native()));
  InteropFillTimes spent;
  spent.mapSeconds = watch.elapsedSeconds();
  watch.restart();
  try {
    const std::int64_t floats = mesh.numberOfPoints * 3;
    const std::size_t pointBytes = static_cast<std::size_t>(floats) * sizeof(float);
    // Points and normals in one kernel (rather than two copies).
    LaunchCopyVertexArrays(
        mesh.points.as<float>(), static_cast<float*>(MappedPointer(points, pointBytes)),
        normals ? mesh.normals.as<float>() : nullptr,
        normals ? static_cast<float*>(MappedPointer(*normals, pointBytes)) : nullptr, floats,
        stream.native());
    if (indices) {
      const std::int64_t ids = mesh.numberOfTriangles * 3;
      LaunchTriangleIdsToIndices(
          mesh.triangles.as<std::int64_t>(),
          static_cast<std::uint32_t*>(MappedPointer(*indices, ids * sizeof(std::uint32_t))), ids,
          stream.native());
    }
    if (colours) {
      const DeviceColourTable& sampled = *colours->table;
      const double scale =
          sampled.high > sampled.low ? sampled.bins / (sampled.high - sampled.low) : 0.0;
      LaunchScalarsToColours(
          mesh.attributes[colours->attribute].as<float>(), mesh.numberOfPoints, table, sampled.low,
          sampled.high, scale, sampled.bins,
          static_cast<std::uint8_t*>(
              MappedPointer(*colours->buffer, 4 * static_cast<std::size_t>(mesh.numberOfPoints))),
          stream.native());
    }
  } catch (...) {
    cudaGraphicsUnmapResources(count, resources, stream.native());
    throw;
  }
  spent.writeSeconds = watch.elapsedSeconds();
  watch.restart();
  // Unmapping orders OpenGL's later use of the buffers after the work queued on the stream. The
  // host waits for the copies too: the mesh's producer may write its next frame into the same
  // arrays on a stream of its own as soon as this returns.
  CUMED_CUDA_CHECK(cudaGraphicsUnmapResources(count, resources, stream.native()));
  stream.synchronize();
  spent.unmapSeconds = watch.elapsedSeconds();
  if (times) *times = spent;
}

std::array<double, 6> DeviceMeshBounds(const DeviceSurfaceMesh& mesh, BoundsScratch& scratch) {
  CurrentDevice current(mesh.device);
  const Stream& stream = ProcessStream(mesh.device);
  if (scratch.device != mesh.device || scratch.buffer.empty()) {
    scratch.buffer = DeviceBuffer((6 * kBoundsBlocks + 6) * sizeof(float));
    scratch.device = mesh.device;
  }
  float* partial = scratch.buffer.as<float>();
  float* result = partial + 6 * kBoundsBlocks;
  LaunchPointBounds(mesh.points.as<float>(), mesh.numberOfPoints, partial, result, stream.native());
  float host[6];
  CopyDeviceToHost(host, result, sizeof(host), &stream);
  stream.synchronize();
  return {host[0], host[1], host[2], host[3], host[4], host[5]};
}

} // namespace cumed::rendering::detail

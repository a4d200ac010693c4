#include "cuda/PathlineTracingCuda.h"

#include "cuda/HostUpload.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/core/Stream.h"

namespace cumed::piv::detail {
namespace {

__global__ void TraceSeedsKernel(FlowGrid<float> grid, Stepping<float> stepping, const float* seeds,
                                 int count, int pointsPerLine, float* x, float* y, float* speed,
                                 int* length) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= count) return;
  const std::int64_t first = std::int64_t(s) * pointsPerLine;
  length[s] = TraceSeed(grid, stepping, seeds[2 * s], seeds[2 * s + 1], x + first, y + first,
                        speed + first);
}

} // namespace

void TracePathlinesCuda(const FlowArrays& flow, const std::vector<std::array<float, 2>>& seeds,
                        const Stepping<float>& stepping, PathlineSet& lines) {
  int device = 0;
  CUMED_CUDA_CHECK(cudaGetDevice(&device));
  // The process stream: vtkCuMedDeviceMeshMapper reads the ribbons built from these on it.
  const Stream& stream = ProcessStream(device);
  auto onDevice = std::make_shared<DevicePathlines>();
  onDevice->device = device;
  const std::size_t points = std::size_t(lines.seeds) * std::size_t(lines.pointsPerLine);
  const std::size_t values = flow.u.size();
  DeviceBuffer u(values * sizeof(float), stream), v(values * sizeof(float), stream);
  DeviceBuffer blocked(values, stream), seedBuffer(seeds.size() * 2 * sizeof(float), stream);
  // The fields go up once, together.
  UploadThroughStaging({{u.data(), flow.u.data(), u.size()},
                        {v.data(), flow.v.data(), v.size()},
                        {blocked.data(), flow.blocked.data(), blocked.size()},
                        {seedBuffer.data(), seeds.data(), seedBuffer.size()}},
                       stream);
  onDevice->x = DeviceBuffer(points * sizeof(float), stream);
  onDevice->y = DeviceBuffer(points * sizeof(float), stream);
  onDevice->speed = DeviceBuffer(points * sizeof(float), stream);
  onDevice->length = DeviceBuffer(seeds.size() * sizeof(int), stream);
  // Points past a line's end are 0, as on the CPU.
  onDevice->x.fillZero(&stream);
  onDevice->y.fillZero(&stream);
  onDevice->speed.fillZero(&stream);
  FlowGrid<float> grid = flow.grid();
  grid.u = u.as<float>();
  grid.v = v.as<float>();
  grid.blocked = blocked.as<std::uint8_t>();
  constexpr int kThreads = 128;
  const auto blocks = static_cast<unsigned>((lines.seeds + kThreads - 1) / kThreads);
  TraceSeedsKernel<<<blocks, kThreads, 0, stream.native()>>>(
      grid, stepping, seedBuffer.as<float>(), lines.seeds, lines.pointsPerLine,
      onDevice->x.as<float>(), onDevice->y.as<float>(), onDevice->speed.as<float>(),
      onDevice->length.as<int>());
  CUMED_CUDA_CHECK(cudaGetLastError());
  lines.x.resize(points);
  lines.y.resize(points);
  lines.speed.resize(points);
  lines.length.resize(seeds.size());
  onDevice->x.download(lines.x.data(), points * sizeof(float), &stream);
  onDevice->y.download(lines.y.data(), points * sizeof(float), &stream);
  onDevice->speed.download(lines.speed.data(), points * sizeof(float), &stream);
  onDevice->length.download(lines.length.data(), seeds.size() * sizeof(int), &stream);
  stream.synchronize();
  lines.device = std::move(onDevice);
  lines.backendUsed = Backend::CUDA;
}

} // namespace cumed::piv::detail

#include "GrayscaleCuda.h"

#include "../src/CompositeOperations.h"
#include "CudaEngine.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/Log.h"
#include "cumed/core/Transfer.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace cumed::morphology::cuda {
namespace {

/// Scratch volumes (besides input and output) an operation allocates, at padded size.
int ScratchVolumes(GrayscaleOperation operation) {
  switch (operation) {
  case GrayscaleOperation::Dilate:
  case GrayscaleOperation::Erode: return 0;
  case GrayscaleOperation::Open:
  case GrayscaleOperation::Close: return 2;
  default: return 3;
  }
}

std::size_t Budget(const GrayscaleOptions& options) {
  if (options.deviceMemoryBudget) return options.deviceMemoryBudget;
  std::size_t freeBytes = 0, totalBytes = 0;
  QueryDeviceMemory(freeBytes, totalBytes);
  const std::size_t margin = std::size_t(512) << 20; // cuFFT/driver headroom
  return freeBytes > 2 * margin ? freeBytes - margin : freeBytes / 2;
}

template <class T>
void RunOnDevice(const T* in, T* out, const detail::Size3& size, const StructuringElement& element,
                 GrayscaleOperation operation, const GrayscaleOptions& options,
                 const Stream& stream) {
  CudaEngine<T> engine(stream);
  detail::RunOperation(engine, in, out, size, element, operation, options);
  stream.synchronize();
}

} // namespace

std::size_t DeviceBytesPerSlice(const std::array<std::size_t, 3>& size, std::size_t pixelBytes,
                                const StructuringElement& element, GrayscaleOperation operation) {
  const std::array<int, 3> reach = element.reach();
  const std::size_t paddedPlane = (size[0] + 2 * std::size_t(reach[0])) *
                                  (size[1] + 2 * std::size_t(reach[1]));
  return (2 * size[0] * size[1] + ScratchVolumes(operation) * paddedPlane) * pixelBytes;
}

template <class T>
void RunGrayscale(const ImageView<const T>& input, const ImageView<T>& output,
                  const StructuringElement& element, GrayscaleOperation operation,
                  const GrayscaleOptions& options) {
  const detail::Size3 size = input.geometry.size;
  Stream stream;
  if (input.location == MemoryLocation::Device) {
    RunOnDevice(input.data, output.data, size, element, operation, options, stream);
    return;
  }

  // Host images: as many z slices per slab as the budget allows; each slab carries a halo of
  // (passes x reach_z) slices on each side, which makes its interior exact.
  const std::size_t plane = size[0] * size[1];
  const int halo = detail::FilterPasses(operation) * element.reach()[2];
  const std::size_t perSlice = DeviceBytesPerSlice(size, sizeof(T), element, operation);
  const std::size_t budget = Budget(options);
  const std::size_t fitting = budget / perSlice;
  const std::size_t padSlices = 2 * std::size_t(element.reach()[2]) * ScratchVolumes(operation);
  if (fitting <= 2 * std::size_t(halo) + padSlices + 1)
    throw CudaError("morphology: a device memory budget of " + std::to_string(budget) +
                        " bytes cannot hold one slab of " + std::to_string(2 * halo + 1) +
                        " slices of " + std::to_string(size[0]) + "x" + std::to_string(size[1]),
                    0);
  const std::size_t interior = std::min(size[2], fitting - 2 * std::size_t(halo) - padSlices);
  if (interior < size[2])
    Log(LogLevel::Info, "morphology: " + std::to_string(size[2]) + " slices processed in slabs of " +
                            std::to_string(interior) + " (+" + std::to_string(halo) +
                            " halo) to fit " + std::to_string(budget >> 20) + " MiB of device memory");

  const std::size_t maxSlab = std::min(size[2], interior + 2 * std::size_t(halo));
  DeviceBuffer deviceIn(maxSlab * plane * sizeof(T)), deviceOut(maxSlab * plane * sizeof(T));
  ProgressReporter progress(options.progress, size[2]);
  for (std::size_t z0 = 0; z0 < size[2]; z0 += interior) {
    const std::size_t z1 = std::min(size[2], z0 + interior);
    const std::size_t s0 = z0 >= std::size_t(halo) ? z0 - halo : 0;
    const std::size_t s1 = std::min(size[2], z1 + halo);
    const detail::Size3 slab{size[0], size[1], s1 - s0};
    CopyHostToDevice(deviceIn.data(), input.data + s0 * plane, (s1 - s0) * plane * sizeof(T),
                     &stream);
    RunOnDevice(deviceIn.as<T>(), deviceOut.as<T>(), slab, element, operation, options, stream);
    CopyDeviceToHost(output.data + z0 * plane, deviceOut.as<T>() + (z0 - s0) * plane,
                     (z1 - z0) * plane * sizeof(T), &stream);
    stream.synchronize();
    progress.step(z1 - z0);
  }
}

#define CUMED_INSTANTIATE(T)                                                                      \
  template void RunGrayscale<T>(const ImageView<const T>&, const ImageView<T>&,                   \
                                const StructuringElement&, GrayscaleOperation,                    \
                                const GrayscaleOptions&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

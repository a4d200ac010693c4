#pragma once
// Internal: runs a whole-volume device operation on a host or device image. Device images are
// processed where they are (no transfer). Host images are uploaded and downloaded (counted), in
// overlapping z slabs when the volume and its scratch buffers exceed the device memory budget:
// each slab carries `halo` extra slices on each side, which makes its interior exact.
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Event.h"
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/core/Log.h"
#include "cumed/core/Progress.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"
#include "cumed/core/TransferPipeline.h"

#include <algorithm>
#include <array>
#include <string>
#include <type_traits>
#include <vector>

namespace cumed::morphology::cuda {

/// The slices [begin, end) of a (sub)volume handed to `run` whose results are kept: the slab's
/// interior (its halo slices only feed it), or the whole volume.
struct KeptSlices {
  std::size_t begin, end;
};

/// Calls run(in, out, size, stream, kept) when `run` takes the kept slices (it may then skip the
/// work that only the discarded halo slices need), else run(in, out, size, stream).
template <class T, class Run>
void InvokeRun(Run& run, const T* in, T* out, const std::array<std::size_t, 3>& size,
               const Stream& stream, KeptSlices kept) {
  if constexpr (std::is_invocable_v<Run&, const T*, T*, const std::array<std::size_t, 3>&,
                                    const Stream&, KeptSlices>)
    run(in, out, size, stream, kept);
  else
    run(in, out, size, stream);
}

/// `budget` 0: the free device memory less a margin.
inline std::size_t DeviceBudget(std::size_t budget) {
  if (budget) return budget;
  std::size_t freeBytes = 0, totalBytes = 0;
  QueryDeviceMemory(freeBytes, totalBytes);
  const std::size_t margin = std::size_t(512) << 20;
  return freeBytes > 2 * margin ? freeBytes - margin : freeBytes / 2;
}

/// Host images whose whole working set fits on the device: z slabs flow through three streams so
/// that copies and kernels overlap. Core's TransferPipeline stages each slab into page-locked
/// memory with all host threads and uploads it while the next one is staged; a slab is computed
/// (with `halo` extra input slices on each side) as soon as its input has been queued; its
/// interior is downloaded into staging while later slabs compute and is spread into the output by
/// the host. Returns the number of slabs.
template <class T, class Run>
int RunPipelined(const ImageView<const T>& input, const ImageView<T>& output, int halo,
                 const ExecutionOptions& execution, Run& run) {
  const std::array<std::size_t, 3> size = input.geometry.size;
  const std::size_t plane = size[0] * size[1], depth = size[2], h = std::size_t(halo);
  // Slabs of at least four halos, so the recomputed halo stays at most half the work, and about
  // eight of them, so one slab's transfers hide behind the others' work.
  const std::size_t slabPlanes = std::max<std::size_t>({(depth + 7) / 8, 4 * h, 1});
  const int slabs = static_cast<int>((depth + slabPlanes - 1) / slabPlanes);
  const auto first = [&](int k) { return std::size_t(k) * slabPlanes; };
  const auto last = [&](int k) { return std::min(depth, first(k) + slabPlanes); };

  Stream upload, compute, download;
  DeviceBuffer in(depth * plane * sizeof(T), upload); // freed after DrainOnExit
  std::vector<DeviceBuffer> results(slabs);
  std::vector<const Event*> uploaded(slabs); // owned by the pipeline
  // One slab per staging slot, so each slab is one chunk.
  TransferPipeline transfers(slabPlanes * plane * sizeof(T), &upload, &download);
  // Whatever happens, no kernel may outlive the buffers it reads (the pipeline waits for its
  // own copies).
  struct DrainOnExit {
    const Stream* streams[3];
    ~DrainOnExit() {
      for (const Stream* s : streams) try {
          s->synchronize();
        } catch (...) {
        }
    }
  } drainOnExit{{&upload, &compute, &download}};

  ProgressReporter progress(execution.progress, depth, 0.01, execution.cancelRequested);
  transfers.onCopiedOut([&](std::size_t bytes) { // a slab's interior is in the output
    progress.step(bytes / (plane * sizeof(T)));
    progress.throwIfStopped();
  });
  int computed = 0;
  const auto computeSlab = [&](int k) {
    const std::size_t s0 = first(k) >= h ? first(k) - h : 0, s1 = std::min(depth, last(k) + h);
    uploaded[(s1 - 1) / slabPlanes]->makeWait(compute); // uploads run in order
    results[k] = DeviceBuffer((s1 - s0) * plane * sizeof(T), compute);
    InvokeRun<T>(run, in.as<T>() + s0 * plane, results[k].as<T>(), {size[0], size[1], s1 - s0},
                 compute, KeptSlices{first(k) - s0, last(k) - s0});
    Event done;
    done.record(compute);
    done.makeWait(download);
    transfers.download(output.data + first(k) * plane, results[k].as<T>() + (first(k) - s0) * plane,
                       (last(k) - first(k)) * plane * sizeof(T));
  };
  for (int c = 0; c < slabs; ++c) {
    uploaded[c] = &transfers.upload(in.as<T>() + first(c) * plane, input.data + first(c) * plane,
                                    (last(c) - first(c)) * plane * sizeof(T));
    while (computed < slabs &&
           (std::min(depth, last(computed) + h) - 1) / slabPlanes <= std::size_t(c))
      computeSlab(computed++);
  }
  transfers.finishDownloads();
  return slabs;
}

/// run(const T* deviceIn, T* deviceOut, size, stream) processes one (sub)volume on the device.
/// bytesPerSlice: device memory one z slice costs during `run`, scratch included.
/// execution.stream: for device images, queue on it and return without waiting. Host images are
/// pipelined (RunPipelined) when they fit the memory budget, else processed one slab at a time.
/// Progress and cancellation are handled between slabs, on the calling thread. Returns the
/// number of slabs.
template <class T, class Run>
int RunOnDevice(const ImageView<const T>& input, const ImageView<T>& output, int halo,
                std::size_t bytesPerSlice, const ExecutionOptions& execution, Run run) {
  const std::array<std::size_t, 3> size = input.geometry.size;
  if (input.location == MemoryLocation::Device && execution.stream) {
    InvokeRun<T>(run, input.data, output.data, size, *execution.stream, KeptSlices{0, size[2]});
    return 1;
  }
  if (input.location == MemoryLocation::Device) {
    Stream stream;
    InvokeRun<T>(run, input.data, output.data, size, stream, KeptSlices{0, size[2]});
    stream.synchronize();
    return 1;
  }
  const std::size_t plane = size[0] * size[1];
  const std::size_t budget = DeviceBudget(execution.deviceMemoryBudget);
  const std::size_t fitting = budget / bytesPerSlice;
  if (fitting >= size[2] + 2 * std::size_t(halo))
    return RunPipelined(input, output, halo, execution, run);
  Stream stream;
  if (fitting < 2 * std::size_t(halo) + 1)
    throw CudaError("morphology: a device memory budget of " + std::to_string(budget) +
                        " bytes cannot hold one slab of " + std::to_string(2 * halo + 1) +
                        " slices of " + std::to_string(size[0]) + "x" + std::to_string(size[1]),
                    0);
  const std::size_t interior = std::min(size[2], fitting - 2 * std::size_t(halo));
  if (interior < size[2])
    Log(LogLevel::Info, "morphology: " + std::to_string(size[2]) +
                            " slices processed in slabs of " + std::to_string(interior) + " (+" +
                            std::to_string(halo) + " halo) to fit " + std::to_string(budget >> 20) +
                            " MiB of device memory");
  const std::size_t maxSlab = std::min(size[2], interior + 2 * std::size_t(halo));
  DeviceBuffer deviceIn(maxSlab * plane * sizeof(T)), deviceOut(maxSlab * plane * sizeof(T));
  ProgressReporter progress(execution.progress, size[2], 0.01, execution.cancelRequested);
  int slabs = 0;
  for (std::size_t z0 = 0; z0 < size[2]; z0 += interior, ++slabs) {
    const std::size_t z1 = std::min(size[2], z0 + interior);
    const std::size_t s0 = z0 >= std::size_t(halo) ? z0 - halo : 0;
    const std::size_t s1 = std::min(size[2], z1 + halo);
    CopyHostToDevice(deviceIn.data(), input.data + s0 * plane, (s1 - s0) * plane * sizeof(T),
                     &stream);
    InvokeRun<T>(run, deviceIn.as<T>(), deviceOut.as<T>(),
                 std::array<std::size_t, 3>{size[0], size[1], s1 - s0}, stream,
                 KeptSlices{z0 - s0, z1 - s0});
    CopyDeviceToHost(output.data + z0 * plane, deviceOut.as<T>() + (z0 - s0) * plane,
                     (z1 - z0) * plane * sizeof(T), &stream);
    stream.synchronize();
    progress.step(z1 - z0);
    progress.throwIfStopped();
  }
  return slabs;
}

/// Device bytes per z slice: input and output, plus `scratch` volumes padded by the reach.
inline std::size_t BytesPerSlice(const std::array<std::size_t, 3>& size, std::size_t pixelBytes,
                                 const std::array<int, 3>& reach, double scratch) {
  const double paddedPlane =
      double(size[0] + 2 * std::size_t(reach[0])) * double(size[1] + 2 * std::size_t(reach[1]));
  // Padding in z adds 2*reach_z slices to every padded volume of a slab: charge it per slice as
  // if slabs were at least 8 slices deep.
  const double zFactor = 1.0 + 2.0 * reach[2] / 8.0;
  return static_cast<std::size_t>(
             (2.0 * double(size[0] * size[1]) + scratch * paddedPlane * zFactor) *
             double(pixelBytes)) +
         1;
}

} // namespace cumed::morphology::cuda

#include "cuda/IsosurfaceCuda.h"

#include "cuda/ContourKernels.h"
#include "cuda/DeviceScan.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/core/Device.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"
#include "cumed/core/TransferPipeline.h"
#include "src/ContourPlan.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <optional>

namespace cumed::surface::detail {
namespace {

std::vector<int> ChooseDevices(const IsosurfaceOptions& options) {
  int current = 0;
  CUMED_CUDA_CHECK(cudaGetDevice(&current));
  if (options.numberOfDevices == 1) {
    return {current};
  }
  std::vector<int> devices;
  for (const auto& info : ProbeDevices().devices) {
    devices.push_back(info.index);
  }
  if (options.numberOfDevices > static_cast<int>(devices.size())) {
    throw InvalidArgument("isosurface: " + std::to_string(options.numberOfDevices) +
                          " GPUs were requested but " + std::to_string(devices.size()) +
                          " are usable");
  }
  if (options.numberOfDevices > 0) {
    devices.resize(options.numberOfDevices);
  }
  return devices;
}

/// The scalars (and attributes) one slab reads, on its device: its planes, the ghost plane, and
/// one plane on either side for the gradients (those of them the caller holds).
template <class T> struct SlabInput {
  DeviceBuffer scalars;
  std::vector<DeviceBuffer> attributeCopies;
  VolumeRows<T> rows{};
  AttributeArrays attributes{};
};

/// What the count pass leaves for the emit pass.
struct CountedJob {
  DeviceBuffer bits, pointCounts, triangleCounts, pointOffsets, triangleOffsets, activeUnits;
  std::uint64_t activeCount = 0;
  std::uint64_t cellCount = 0; ///< cells that make triangles
};

/// The output of one device: its jobs' points and triangles, in job order.
struct DevicePart {
  DeviceBuffer points, triangles, normals, scalars;
  std::vector<DeviceBuffer> attributes;
  std::int64_t points_ = 0, triangles_ = 0;
};

/// Planes [zBegin, zEnd) of a volume of geometry `whole`, of which `volume` (and the attributes)
/// hold planes [firstPlane, firstPlane + volume's z size): the whole volume, or one rank's slab
/// with its halo.
template <class T> class CudaContour {
public:
  CudaContour(const ImageView<const T>& volume, std::int64_t firstPlane, const ImageGeometry& whole,
              std::int64_t zBegin, std::int64_t zEnd, const IsosurfaceOptions& options,
              const std::vector<ImageView<const float>>& attributes)
      : volume_(volume), firstPlane_(firstPlane),
        heldEnd_(firstPlane + static_cast<std::int64_t>(volume.geometry.size[2])), whole_(whole),
        options_(options), attributes_(attributes), labelMode_(options.mode == ContourMode::Label),
        devices_(ChooseDevices(options)) {
    if (attributes.size() > static_cast<std::size_t>(kMaxCudaAttributes)) {
      throw InvalidArgument("isosurface: the CUDA backend interpolates at most " +
                            std::to_string(kMaxCudaAttributes) + " attribute volumes, " +
                            std::to_string(attributes.size()) + " were given");
    }
    if (options.keepOnDevice && devices_.size() > 1) {
      throw InvalidArgument("isosurface: keepOnDevice needs a single device (" +
                            std::to_string(devices_.size()) + " were requested)");
    }
    const int slabs = std::max<int>(options.numberOfSlabs, static_cast<int>(devices_.size()));
    jobs_ = PlanJobs(whole, options, PlanSlabs(zBegin, zEnd, slabs));
    slabCount_ = static_cast<int>(jobs_.size() / options.values.size());
    if (jobs_.front().grid.bitWords() > 0xffffffffLL) {
      throw InvalidArgument("isosurface: a slab of more than 2^32 words of 32 points does not fit "
                            "the CUDA unit list; use more slabs (numberOfSlabs)");
    }
    // Contiguous slabs per device, so each device's output part is contiguous per value.
    const int deviceCount = std::min<int>(static_cast<int>(devices_.size()), slabCount_);
    devices_.resize(deviceCount);
    for (int s = 0; s < slabCount_; ++s) {
      slabDevice_.push_back(s * deviceCount / slabCount_);
    }
    if (volume.location == MemoryLocation::Device) {
      cudaPointerAttributes where{};
      CUMED_CUDA_CHECK(cudaPointerGetAttributes(&where, volume.data));
      dataDevice_ = where.device;
    }
    inputs_.resize(slabCount_);
    counted_.resize(jobs_.size());
    parts_.resize(deviceCount);
  }

  void run(IsosurfaceResult& result) {
    int callerDevice = 0;
    CUMED_CUDA_CHECK(cudaGetDevice(&callerDevice));
    forEachDevice([&](int d) { count(d); });
    AssignJobOffsets(jobs_);
    if (!options_.keepOnDevice) {
      AllocateMesh(result.mesh, jobs_, options_.values.size(), options_, attributes_.size());
    }
    forEachDevice([&](int d) { emit(d, result.mesh); });
    CUMED_CUDA_CHECK(cudaSetDevice(callerDevice));
    result.devicesUsed = static_cast<int>(devices_.size());
    result.slabsUsed = slabCount_;
    if (options_.keepOnDevice) {
      result.deviceMesh = keptMesh();
    }
  }

private:
  template <class Work> void forEachDevice(Work&& work) {
    const int count = static_cast<int>(devices_.size());
    std::vector<std::exception_ptr> errors(count);
    auto runOne = [&](int d) {
      try {
        CUMED_CUDA_CHECK(cudaSetDevice(devices_[d]));
        work(d);
      } catch (...) {
        errors[d] = std::current_exception();
      }
    };
    if (count == 1) {
      runOne(0);
    } else {
#pragma omp parallel for num_threads(count) schedule(static, 1)
      for (int d = 0; d < count; ++d) {
        runOne(d);
      }
    }
    for (auto& error : errors) {
      if (error) {
        std::rethrow_exception(error);
      }
    }
  }

  const Stream& streamOf(int d) const {
    return options_.stream != nullptr && devices_.size() == 1 ? *options_.stream
                                                              : ProcessStream(devices_[d]);
  }

  void upload(int slab, int d) {
    const ContourGrid& g = jobs_[slab].grid;
    // The planes the slab may read, of those the caller holds (a slab without normals gets no
    // plane below it, the volume's last slab none above).
    const std::int64_t first = std::max<std::int64_t>({0, firstPlane_, g.zBegin - 1});
    const std::int64_t last = std::min<std::int64_t>({g.nz, heldEnd_, g.zEnd + 2});
    const std::size_t plane = static_cast<std::size_t>(g.nx * g.ny);
    SlabInput<T>& input = inputs_[slab];
    const Stream& stream = streamOf(d);
    const bool resident = devices_[d] == dataDevice_;
    auto place = [&](const void* source, std::size_t elementSize,
                     DeviceBuffer& copy) -> const void* {
      if (resident) {
        return source; // the volume is on this device: read in place, all of it
      }
      const std::size_t bytes = (last - first) * plane * elementSize;
      copy = DeviceBuffer(bytes, stream);
      const void* from =
          static_cast<const char*>(source) + (first - firstPlane_) * plane * elementSize;
      if (volume_.location == MemoryLocation::Host) {
        // Pageable memory: chunks through pinned staging, each staged while the previous one
        // crosses PCIe. The kernels start after the slab's last chunk (see platform.md).
        UploadThroughStaging(copy.data(), from, bytes, stream);
      } else {
        CUMED_CUDA_CHECK(
            cudaMemcpyAsync(copy.data(), from, bytes, cudaMemcpyDefault, stream.native()));
      }
      return copy.data();
    };
    const std::int64_t zFirst = resident ? firstPlane_ : first;
    input.rows = VolumeRows<T>{static_cast<const T*>(place(volume_.data, sizeof(T), input.scalars)),
                               g.nx, g.ny, g.nz, zFirst};
    input.attributeCopies.resize(attributes_.size());
    input.attributes.count = static_cast<int>(attributes_.size());
    for (std::size_t a = 0; a < attributes_.size(); ++a) {
      input.attributes.volumes[a] = static_cast<const float*>(
          place(attributes_[a].data, sizeof(float), input.attributeCopies[a]));
    }
  }

  void count(int d) {
    EnsureEdgeCasesOnDevice();
    const Stream& stream = streamOf(d);
    std::vector<std::size_t> mine;
    for (std::size_t n = 0; n < jobs_.size(); ++n) {
      if (slabDevice_[jobs_[n].slab] == d) {
        mine.push_back(n);
      }
    }
    for (int s = 0; s < slabCount_; ++s) {
      if (slabDevice_[s] == d) {
        upload(s, d);
      }
    }
    // Per job: points, triangles, active units and cells that make triangles (packed).
    constexpr std::size_t kTotals = 3;
    DeviceBuffer totals(kTotals * mine.size() * sizeof(std::uint64_t), stream);
    totals.fillZero(&stream);
    for (std::size_t m = 0; m < mine.size(); ++m) {
      const ContourJob& job = jobs_[mine[m]];
      const ContourGrid& g = job.grid;
      CountedJob& c = counted_[mine[m]];
      c.bits = DeviceBuffer(g.bitWords() * sizeof(std::uint32_t), stream);
      c.pointCounts = DeviceBuffer(g.pointCountLength() * sizeof(std::uint32_t), stream);
      c.triangleCounts = DeviceBuffer(g.triangleCountLength() * sizeof(std::uint32_t), stream);
      c.pointOffsets = DeviceBuffer(g.pointCountLength() * sizeof(std::uint64_t), stream);
      c.triangleOffsets = DeviceBuffer(g.triangleCountLength() * sizeof(std::uint64_t), stream);
      c.activeUnits = DeviceBuffer(g.triangleCountLength() * sizeof(std::uint32_t), stream);
      std::uint64_t* jobTotals = totals.as<std::uint64_t>() + kTotals * m;
      LaunchClassify(inputs_[job.slab].rows, g, Classifier<T>::make(job.value, labelMode_),
                     c.bits.as<std::uint32_t>(), stream.native());
      LaunchCount(c.bits.as<std::uint32_t>(), g, c.pointCounts.as<std::uint32_t>(),
                  c.triangleCounts.as<std::uint32_t>(), c.activeUnits.as<std::uint32_t>(),
                  jobTotals + 2, stream.native());
      QueueExclusiveScan(c.pointCounts.as<std::uint32_t>(), c.pointOffsets.as<std::uint64_t>(),
                         g.pointCountLength(), stream.native());
      QueueExclusiveScan(c.triangleCounts.as<std::uint32_t>(),
                         c.triangleOffsets.as<std::uint64_t>(), g.triangleCountLength(),
                         stream.native());
      LaunchTotals(c.pointCounts.as<std::uint32_t>(), c.pointOffsets.as<std::uint64_t>(),
                   g.ownPointEntries(), c.triangleCounts.as<std::uint32_t>(),
                   c.triangleOffsets.as<std::uint64_t>(), g.triangleCountLength(), jobTotals,
                   stream.native());
    }
    std::vector<std::uint64_t> hostTotals(kTotals * mine.size());
    CopyDeviceToHost(hostTotals.data(), totals.data(), totals.size(), &stream);
    stream.synchronize();
    for (std::size_t m = 0; m < mine.size(); ++m) {
      jobs_[mine[m]].points = static_cast<std::int64_t>(hostTotals[kTotals * m]);
      jobs_[mine[m]].triangles = static_cast<std::int64_t>(hostTotals[kTotals * m + 1]);
      counted_[mine[m]].activeCount = hostTotals[kTotals * m + 2] & 0xffffffffu;
      counted_[mine[m]].cellCount = hostTotals[kTotals * m + 2] >> 32;
    }
  }

  /// Output memory: stream-ordered on CuMed's own stream (it outlives any kept mesh); plain
  /// allocations when the caller's stream runs the work.
  DeviceBuffer allocateOutput(std::size_t bytes, const Stream& stream) const {
    return options_.stream != nullptr ? DeviceBuffer(bytes) : DeviceBuffer(bytes, stream);
  }

  void emit(int d, SurfaceMesh& mesh) {
    const Stream& stream = streamOf(d);
    DevicePart& part = parts_[d];
    for (const auto& job : jobs_) {
      if (slabDevice_[job.slab] == d) {
        part.points_ += job.points;
        part.triangles_ += job.triangles;
      }
    }
    const auto points = static_cast<std::size_t>(part.points_);
    part.points = allocateOutput(3 * points * sizeof(float), stream);
    part.triangles = allocateOutput(3 * part.triangles_ * sizeof(std::int64_t), stream);
    if (options_.computeNormals) {
      part.normals = allocateOutput(3 * points * sizeof(float), stream);
    }
    if (options_.computeScalars) {
      part.scalars = allocateOutput(points * sizeof(float), stream);
    }
    for (std::size_t a = 0; a < attributes_.size(); ++a) {
      part.attributes.push_back(allocateOutput(points * sizeof(float), stream));
    }
    const WorldTransform world = MakeWorldTransform(whole_);
    // Host mesh: every job's arrays come back through one pipeline of pinned chunks, each copied
    // into the mesh while the next ones cross PCIe.
    std::optional<TransferPipeline> transfers;
    if (!options_.keepOnDevice) {
      transfers.emplace(StagingChunkBytes(hostBytes(part)), nullptr, &stream);
    }
    std::int64_t localPoint = 0, localTriangle = 0;
    for (std::size_t n = 0; n < jobs_.size(); ++n) {
      const ContourJob& job = jobs_[n];
      if (slabDevice_[job.slab] != d) {
        continue;
      }
      CountedJob& c = counted_[n];
      DeviceBuffer edgeKeys(job.points * sizeof(std::int64_t), stream);
      const EmitTarget target{edgeKeys.as<std::int64_t>(),
                              part.triangles.as<std::int64_t>() + 3 * localTriangle,
                              job.pointOffset, ReversesWinding(options_, world)};
      DeviceBuffer cellList(c.cellCount * sizeof(std::uint64_t), stream);
      DeviceBuffer cellCursor(sizeof(std::uint64_t), stream);
      cellCursor.fillZero(&stream);
      LaunchEmit(c.bits.as<std::uint32_t>(), job.grid, c.pointOffsets.as<std::uint64_t>(),
                 c.triangleOffsets.as<std::uint64_t>(), c.activeUnits.as<std::uint32_t>(),
                 c.activeCount, cellList.as<std::uint64_t>(), c.cellCount,
                 cellCursor.as<std::uint64_t>(), target, stream.native());
      SlabInput<T>& input = inputs_[job.slab];
      AttributeArrays attributes = input.attributes;
      for (int a = 0; a < attributes.count; ++a) {
        attributes.outputs[a] = part.attributes[a].as<float>() + localPoint;
      }
      const PointOutputs outputs{
          part.points.as<float>() + 3 * localPoint,
          options_.computeNormals ? part.normals.as<float>() + 3 * localPoint : nullptr,
          options_.computeScalars ? part.scalars.as<float>() + localPoint : nullptr,
          ScalarOfValue<T>(job.value),
          nullptr,
          nullptr,
          0,
          ReversesWinding(options_, world)};
      LaunchPoints(input.rows, world, job.value, labelMode_, edgeKeys.as<std::int64_t>(),
                   job.points, outputs, attributes, stream.native());
      c = CountedJob{}; // stream-ordered frees: the memory returns to the pool in order
      if (transfers) {
        download(part, job, localPoint, localTriangle, mesh, *transfers);
      }
      localPoint += job.points;
      localTriangle += job.triangles;
    }
    if (transfers) {
      transfers->finishDownloads();
    }
    stream.synchronize();
  }

  /// The bytes of this device's part of the host mesh.
  std::size_t hostBytes(const DevicePart& part) const {
    const auto points = static_cast<std::size_t>(part.points_);
    std::size_t perPoint = 3 + (options_.computeNormals ? 3 : 0) +
                           (options_.computeScalars ? 1 : 0) + attributes_.size();
    return perPoint * points * sizeof(float) +
           3 * static_cast<std::size_t>(part.triangles_) * sizeof(std::int64_t);
  }

  /// Queues one job's output for the host mesh (after its kernels, on the same stream).
  void download(const DevicePart& part, const ContourJob& job, std::int64_t localPoint,
                std::int64_t localTriangle, SurfaceMesh& mesh, TransferPipeline& transfers) const {
    auto add = [&](void* host, const void* device, std::size_t bytes) {
      transfers.download(host, device, bytes);
    };
    const auto points = static_cast<std::size_t>(job.points);
    auto addPerPoint = [&](float* host, const DeviceBuffer& device, std::size_t components) {
      add(host + components * job.pointOffset, device.as<float>() + components * localPoint,
          components * points * sizeof(float));
    };
    addPerPoint(mesh.points.data(), part.points, 3);
    if (options_.computeNormals) {
      addPerPoint(mesh.normals.data(), part.normals, 3);
    }
    if (options_.computeScalars) {
      addPerPoint(mesh.scalars.data(), part.scalars, 1);
    }
    for (std::size_t a = 0; a < attributes_.size(); ++a) {
      addPerPoint(mesh.attributes[a].data(), part.attributes[a], 1);
    }
    add(mesh.triangles.data() + 3 * job.triangleOffset,
        part.triangles.as<std::int64_t>() + 3 * localTriangle,
        3 * static_cast<std::size_t>(job.triangles) * sizeof(std::int64_t));
  }

  DeviceSurfaceMesh keptMesh() {
    DevicePart& part = parts_[0];
    DeviceSurfaceMesh mesh;
    mesh.device = devices_[0];
    mesh.numberOfPoints = part.points_;
    mesh.numberOfTriangles = part.triangles_;
    mesh.points = std::move(part.points);
    mesh.triangles = std::move(part.triangles);
    mesh.normals = std::move(part.normals);
    mesh.scalars = std::move(part.scalars);
    mesh.attributes = std::move(part.attributes);
    FillValueOffsets(jobs_, options_.values.size(), mesh.pointOffsets, mesh.triangleOffsets);
    return mesh;
  }

  const ImageView<const T>& volume_;
  const std::int64_t firstPlane_; ///< the volume's plane that volume_ starts with
  const std::int64_t heldEnd_;    ///< the plane after volume_'s last
  const ImageGeometry whole_;
  const IsosurfaceOptions& options_;
  const std::vector<ImageView<const float>>& attributes_;
  const bool labelMode_;
  std::vector<int> devices_;
  std::vector<ContourJob> jobs_;
  int slabCount_ = 1;
  int dataDevice_ = -1; ///< the device holding a device-resident volume (read in place there)
  std::vector<int> slabDevice_;
  std::vector<SlabInput<T>> inputs_;
  std::vector<CountedJob> counted_;
  std::vector<DevicePart> parts_;
};

} // namespace

template <class T>
void ContourOnCuda(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                   const std::vector<ImageView<const float>>& attributes,
                   IsosurfaceResult& result) {
  ContourRangeOnCuda(volume, 0, volume.geometry, 0,
                     static_cast<std::int64_t>(volume.geometry.size[2]), options, attributes,
                     result);
}

template <class T>
void ContourRangeOnCuda(const ImageView<const T>& planes, std::int64_t firstPlane,
                        const ImageGeometry& whole, std::int64_t zBegin, std::int64_t zEnd,
                        const IsosurfaceOptions& options,
                        const std::vector<ImageView<const float>>& attributes,
                        IsosurfaceResult& result) {
  CudaContour<T>(planes, firstPlane, whole, zBegin, zEnd, options, attributes).run(result);
}

#define CUMED_INSTANTIATE_CUDA(T)                                                                  \
  template void ContourOnCuda<T>(const ImageView<const T>&, const IsosurfaceOptions&,              \
                                 const std::vector<ImageView<const float>>&, IsosurfaceResult&);   \
  template void ContourRangeOnCuda<T>(                                                             \
      const ImageView<const T>&, std::int64_t, const ImageGeometry&, std::int64_t, std::int64_t,   \
      const IsosurfaceOptions&, const std::vector<ImageView<const float>>&, IsosurfaceResult&);
CUMED_INSTANTIATE_CUDA(std::uint8_t)
CUMED_INSTANTIATE_CUDA(std::int16_t)
CUMED_INSTANTIATE_CUDA(std::uint16_t)
CUMED_INSTANTIATE_CUDA(float)

} // namespace cumed::surface::detail

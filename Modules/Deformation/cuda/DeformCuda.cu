// The CUDA backend of the mesh deformation. Once per mesh: local coordinates and validation in one
// pass, then the vertex -> triangle adjacency by a stable radix sort of the triangle corners by
// vertex (so each vertex's triangles come in ascending order, as the CPU's counting sort gives
// them). Every frame: one thread per vertex for the positions (the displaced control points are
// a kernel parameter: no copy, and every thread reads the same constant bank), then one thread
// per vertex gathering its triangles' normals, and one warp per vertex of more than 32 corners
// (listed once per mesh), so that a pole or a fan does not hold one thread for thousands of
// corners while the rest of the grid has finished (no atomics: the same bits on every run).
#include "cuda/CudaDeformation.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"
#include "src/FfdMath.h"

#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <string>

namespace cumed::deformation::detail {
namespace {

using Flag = unsigned long long;
constexpr Flag kNone = ~Flag{0};

/// Makes `device` current for a scope and restores the caller's device after.
class DeviceScope {
public:
  explicit DeviceScope(int device) {
    CUMED_CUDA_CHECK(cudaGetDevice(&previous_));
    if (device != previous_) CUMED_CUDA_CHECK(cudaSetDevice(device));
  }
  ~DeviceScope() { cudaSetDevice(previous_); }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

private:
  int previous_ = 0;
};

/// Local coordinates; flags[0]: the first point with a non-finite coordinate, flags[2]: points
/// outside the lattice.
__global__ void LocalCoordinatesKernel(LocalFrame frame, const float* points, std::int64_t n,
                                       float* stu, Flag* flags) {
  const std::int64_t p = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const float* x = points + 3 * p;
  if (!isfinite(x[0]) || !isfinite(x[1]) || !isfinite(x[2])) {
    atomicMin(&flags[0], static_cast<Flag>(p));
    stu[3 * p] = stu[3 * p + 1] = stu[3 * p + 2] = 0;
    return;
  }
  bool outside = false;
  LocalCoordinates(frame, x, stu + 3 * p, outside);
  if (outside) atomicAdd(&flags[2], Flag{1});
}

/// Sort keys (the vertex of each corner) and values (the corner); flags[1]: the first corner
/// whose point id is out of range.
__global__ void CornerKeysKernel(const std::int64_t* triangles, std::int64_t corners,
                                 std::int64_t points, std::uint32_t* keys, std::int32_t* values,
                                 Flag* flags) {
  const std::int64_t c = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c >= corners) return;
  std::int64_t id = triangles[c];
  if (id < 0 || id >= points) {
    atomicMin(&flags[1], static_cast<Flag>(c));
    id = 0;
  }
  keys[c] = static_cast<std::uint32_t>(id);
  values[c] = static_cast<std::int32_t>(c);
}

/// offsets[v] = the first sorted position whose vertex is >= v; offsets[points] = corners.
__global__ void OffsetsKernel(const std::uint32_t* sortedKeys, std::int64_t corners,
                              std::int64_t points, std::int64_t* offsets) {
  const std::int64_t e = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= corners) return;
  const std::int64_t v = sortedKeys[e];
  const std::int64_t before = e == 0 ? std::int64_t{-1} : std::int64_t{sortedKeys[e - 1]};
  for (std::int64_t w = before + 1; w <= v; ++w) offsets[w] = e;
  if (e == corners - 1)
    for (std::int64_t w = v + 1; w <= points; ++w) offsets[w] = corners;
}

__global__ void NeighboursKernel(const std::int32_t* sortedCorners, const std::int64_t* triangles,
                                 std::int64_t corners, std::int32_t* neighbours) {
  const std::int64_t e = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= corners) return;
  const std::int64_t c = sortedCorners[e], t = c / 3, r = c % 3;
  neighbours[2 * e] = static_cast<std::int32_t>(triangles[3 * t + (r + 1) % 3]);
  neighbours[2 * e + 1] = static_cast<std::int32_t>(triangles[3 * t + (r + 2) % 3]);
}

// Bounded for 1024 threads a block, so that every block size of the sweep launches (the compiler
// keeps the kernels within 64 registers a thread).
template <class TDisplacements>
__global__ void __launch_bounds__(1024)
    DeformKernel(const __grid_constant__ TDisplacements displacements,
                 const float* __restrict__ points, const float* __restrict__ stu, std::int64_t n,
                 float* __restrict__ out) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const float x[3] = {points[3 * v], points[3 * v + 1], points[3 * v + 2]};
  const float local[3] = {stu[3 * v], stu[3 * v + 1], stu[3 * v + 2]};
  float moved[3];
  DeformPoint(displacements, x, local, moved);
  out[3 * v] = moved[0];
  out[3 * v + 1] = moved[1];
  out[3 * v + 2] = moved[2];
}

__global__ void __launch_bounds__(1024)
    NormalsKernel(const std::int64_t* __restrict__ offsets,
                  const std::int32_t* __restrict__ neighbours, const float* __restrict__ points,
                  std::int64_t n, bool unitFaces, float* __restrict__ normals) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  if (offsets[v + 1] - offsets[v] > kSerialCorners) return; // HighValenceNormalsKernel's
  VertexNormal(v, offsets, neighbours, points, unitFaces, normals + 3 * v);
}

/// One warp per listed vertex (more than kSerialCorners corners): lane l sums corners l, l + 32,
/// ..., the lanes are joined by shuffles in VertexNormal's order for such vertices.
__global__ void HighValenceNormalsKernel(const std::int64_t* __restrict__ vertices,
                                         std::int64_t count,
                                         const std::int64_t* __restrict__ offsets,
                                         const std::int32_t* __restrict__ neighbours,
                                         const float* __restrict__ points, bool unitFaces,
                                         float* __restrict__ normals) {
  const std::int64_t warp =
      (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kSerialCorners;
  const int lane = static_cast<int>(threadIdx.x % kSerialCorners);
  if (warp >= count) return; // whole warps: the block size is a multiple of 32
  const std::int64_t v = vertices[warp];
  const float p[3] = {points[3 * v], points[3 * v + 1], points[3 * v + 2]};
  float sum[3] = {0, 0, 0};
  SumCornerNormals(v, p, offsets[v] + lane, offsets[v + 1], kSerialCorners, neighbours, points,
                   unitFaces, sum);
  for (int half = kSerialCorners / 2; half > 0; half /= 2)
    for (int c = 0; c < 3; ++c) sum[c] = sum[c] + __shfl_down_sync(0xffffffffu, sum[c], half);
  if (lane == 0) NormaliseInto(sum, normals + 3 * v);
}

/// Vertices of more than kSerialCorners corners: counted into *count (list null), or listed (in
/// no particular order: each is computed on its own).
__global__ void HighValenceKernel(const std::int64_t* offsets, std::int64_t n,
                                  unsigned long long* count, std::int64_t* list) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n || offsets[v + 1] - offsets[v] <= kSerialCorners) return;
  const unsigned long long slot = atomicAdd(count, 1ull);
  if (list) list[slot] = v;
}

/// Order-preserving float <-> unsigned mapping, for atomicMin/atomicMax on floats (exact, so the
/// bounds do not depend on the order threads run in).
__device__ unsigned OrderedBits(float x) {
  const unsigned bits = __float_as_uint(x);
  return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}
float FromOrderedBits(unsigned bits) {
  bits = (bits & 0x80000000u) ? bits & 0x7fffffffu : ~bits;
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

/// bounds[0..2]: minima, [3..5]: maxima, as ordered bits; bounds[6]: 1 when a coordinate is not
/// finite.
__global__ void BoundsKernel(const float* points, std::int64_t n, unsigned* bounds) {
  unsigned lo[3] = {~0u, ~0u, ~0u}, hi[3] = {0u, 0u, 0u};
  bool bad = false;
  for (std::int64_t p = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; p < n;
       p += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    for (int a = 0; a < 3; ++a) {
      const float x = points[3 * p + a];
      bad |= !isfinite(x);
      const unsigned b = OrderedBits(x);
      lo[a] = min(lo[a], b);
      hi[a] = max(hi[a], b);
    }
  }
  for (int a = 0; a < 3; ++a) {
    for (int offset = 16; offset > 0; offset /= 2) {
      lo[a] = min(lo[a], __shfl_down_sync(0xffffffffu, lo[a], offset));
      hi[a] = max(hi[a], __shfl_down_sync(0xffffffffu, hi[a], offset));
    }
  }
  if (threadIdx.x % 32 == 0) {
    for (int a = 0; a < 3; ++a) {
      atomicMin(&bounds[a], lo[a]);
      atomicMax(&bounds[3 + a], hi[a]);
    }
  }
  if (bad) atomicOr(&bounds[6], 1u);
}

unsigned Blocks(std::int64_t threads, int block) {
  return static_cast<unsigned>((threads + block - 1) / block);
}

/// The block size the occupancy API suggests for `kernel`, asked once per kernel and device.
template <class TKernel> int OccupancyBlock(std::map<const void*, int>& cache, TKernel kernel) {
  int& block = cache[reinterpret_cast<const void*>(kernel)];
  if (block == 0) {
    int minGrid = 0;
    CUMED_CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, kernel, 0, 0));
  }
  return block;
}

template <class T> T* Allocate(DeviceBuffer& buffer, std::size_t count) {
  if (buffer.size() != count * sizeof(T)) buffer = DeviceBuffer(count * sizeof(T));
  return buffer.as<T>();
}

} // namespace

struct CudaDeformation::State {
  int device = 0;
  std::int64_t points = 0, triangles = 0;
  std::shared_ptr<const DeviceSurfaceMesh> source; ///< a caller's device mesh, read in place
  DeviceBuffer ownPoints, ownTriangles;            ///< an uploaded host mesh
  const float* devicePoints = nullptr;
  const std::int64_t* deviceTriangles = nullptr;
  DeviceBuffer stu, offsets, neighbours;
  DeviceBuffer highValence; ///< vertices of more than kSerialCorners corners
  std::int64_t highValenceCount = 0;
  DeviceBuffer framePoints, frameNormals; ///< host output: computed here, then downloaded
  std::int64_t outside = 0;
  int threadsPerBlock = 0; ///< 0: occupancy
  std::map<const void*, int> occupancy;
  LaunchConfiguration launch;
  Stream stream;
  const void* lastDeviceTriangles = nullptr; ///< what deform() wrote into an output last
  const void* lastHostTriangles = nullptr;

  cudaStream_t streamFor(const DeformationOptions& options) const {
    return options.stream ? options.stream->native() : stream.native();
  }

  void prepare(const LocalFrame& frame) {
    const int block = 256;
    const std::int64_t corners = 3 * triangles;
    // [0], [1]: the first bad point and corner (none: all bits set); [2]: points outside the
    // lattice; [3]: vertices of more than kSerialCorners corners.
    DeviceBuffer flags(4 * sizeof(Flag));
    CUMED_CUDA_CHECK(cudaMemsetAsync(flags.data(), 0xff, 2 * sizeof(Flag), stream.native()));
    CUMED_CUDA_CHECK(cudaMemsetAsync(flags.as<Flag>() + 2, 0, 2 * sizeof(Flag), stream.native()));
    LocalCoordinatesKernel<<<Blocks(points, block), block, 0, stream.native()>>>(
        frame, devicePoints, points, Allocate<float>(stu, 3 * points), flags.as<Flag>());
    CUMED_CHECK_LAUNCH("LocalCoordinatesKernel");

    DeviceBuffer keys(corners * sizeof(std::int32_t)), values(corners * sizeof(std::int32_t));
    DeviceBuffer sortedKeys(corners * sizeof(std::int32_t));
    DeviceBuffer sortedValues(corners * sizeof(std::int32_t));
    CornerKeysKernel<<<Blocks(corners, block), block, 0, stream.native()>>>(
        deviceTriangles, corners, points, keys.as<std::uint32_t>(), values.as<std::int32_t>(),
        flags.as<Flag>());
    CUMED_CHECK_LAUNCH("CornerKeysKernel");
    int endBit = 1;
    while (endBit < 31 && (std::int64_t{1} << endBit) < points) ++endBit;
    std::size_t tempBytes = 0;
    CUMED_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        nullptr, tempBytes, keys.as<std::uint32_t>(), sortedKeys.as<std::uint32_t>(),
        values.as<std::int32_t>(), sortedValues.as<std::int32_t>(), static_cast<int>(corners), 0,
        endBit, stream.native()));
    DeviceBuffer temp(tempBytes > 0 ? tempBytes : 1);
    CUMED_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        temp.data(), tempBytes, keys.as<std::uint32_t>(), sortedKeys.as<std::uint32_t>(),
        values.as<std::int32_t>(), sortedValues.as<std::int32_t>(), static_cast<int>(corners), 0,
        endBit, stream.native()));
    OffsetsKernel<<<Blocks(corners, block), block, 0, stream.native()>>>(
        sortedKeys.as<std::uint32_t>(), corners, points,
        Allocate<std::int64_t>(offsets, points + 1));
    CUMED_CHECK_LAUNCH("OffsetsKernel");
    NeighboursKernel<<<Blocks(corners, block), block, 0, stream.native()>>>(
        sortedValues.as<std::int32_t>(), deviceTriangles, corners,
        Allocate<std::int32_t>(neighbours, 2 * corners));
    CUMED_CHECK_LAUNCH("NeighboursKernel");
    HighValenceKernel<<<Blocks(points, block), block, 0, stream.native()>>>(
        offsets.as<std::int64_t>(), points, flags.as<Flag>() + 3, nullptr);
    CUMED_CHECK_LAUNCH("HighValenceKernel (count)");

    Flag found[4];
    CopyDeviceToHost(found, flags.data(), sizeof found, &stream);
    stream.synchronize();
    if (found[0] != kNone) {
      float x[3];
      CopyDeviceToHost(x, devicePoints + 3 * found[0], sizeof x);
      ThrowNonFinitePoint(static_cast<std::int64_t>(found[0]), x);
    }
    if (found[1] != kNone) {
      std::int64_t id = 0;
      CopyDeviceToHost(&id, deviceTriangles + found[1], sizeof id);
      ThrowBadPointId(static_cast<std::int64_t>(found[1] / 3), id, points);
    }
    outside = static_cast<std::int64_t>(found[2]);
    highValenceCount = static_cast<std::int64_t>(found[3]);
    if (highValenceCount > 0) {
      CUMED_CUDA_CHECK(cudaMemsetAsync(flags.as<Flag>() + 3, 0, sizeof(Flag), stream.native()));
      HighValenceKernel<<<Blocks(points, block), block, 0, stream.native()>>>(
          offsets.as<std::int64_t>(), points, flags.as<Flag>() + 3,
          Allocate<std::int64_t>(highValence, static_cast<std::size_t>(highValenceCount)));
      CUMED_CHECK_LAUNCH("HighValenceKernel (list)");
      stream.synchronize(); // `flags` goes out of scope
    }
  }

  template <class TDisplacements>
  void launchDeform(const TDisplacements& d, cudaStream_t s, float* out) {
    const int block = threadsPerBlock > 0 ? threadsPerBlock
                                          : OccupancyBlock(occupancy, DeformKernel<TDisplacements>);
    launch.deformThreadsPerBlock = block;
    DeformKernel<TDisplacements>
        <<<Blocks(points, block), block, 0, s>>>(d, devicePoints, stu.as<float>(), points, out);
    CUMED_CHECK_LAUNCH("DeformKernel");
  }

  void run(const ControlDisplacements& d, const DeformationOptions& options, float* outPoints,
           float* outNormals) {
    const cudaStream_t s = streamFor(options);
    WithDisplacements(d, [&](const auto& p) { launchDeform(p, s, outPoints); });
    if (outNormals) {
      const int block =
          threadsPerBlock > 0 ? threadsPerBlock : OccupancyBlock(occupancy, NormalsKernel);
      launch.normalsThreadsPerBlock = block;
      const bool unitFaces = options.faceWeighting == FaceWeighting::Unit;
      NormalsKernel<<<Blocks(points, block), block, 0, s>>>(
          offsets.as<std::int64_t>(), neighbours.as<std::int32_t>(), outPoints, points, unitFaces,
          outNormals);
      CUMED_CHECK_LAUNCH("NormalsKernel");
      if (highValenceCount > 0) {
        const int warpsBlock = 128;
        HighValenceNormalsKernel<<<Blocks(highValenceCount * kSerialCorners, warpsBlock),
                                   warpsBlock, 0, s>>>(
            highValence.as<std::int64_t>(), highValenceCount, offsets.as<std::int64_t>(),
            neighbours.as<std::int32_t>(), outPoints, unitFaces, outNormals);
        CUMED_CHECK_LAUNCH("HighValenceNormalsKernel");
      }
    }
  }
};

CudaDeformation::CudaDeformation(const SurfaceMesh& mesh, const LocalFrame& frame,
                                 const DeformationOptions& options)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  CUMED_CUDA_CHECK(cudaGetDevice(&s.device));
  s.points = mesh.numberOfPoints();
  s.triangles = mesh.numberOfTriangles();
  s.threadsPerBlock = options.threadsPerBlock;
  s.ownPoints = DeviceBuffer(mesh.points.size() * sizeof(float));
  s.ownPoints.upload(mesh.points.data(), s.ownPoints.size(), &s.stream);
  s.ownTriangles = DeviceBuffer(mesh.triangles.size() * sizeof(std::int64_t));
  s.ownTriangles.upload(mesh.triangles.data(), s.ownTriangles.size(), &s.stream);
  s.devicePoints = s.ownPoints.as<float>();
  s.deviceTriangles = s.ownTriangles.as<std::int64_t>();
  s.prepare(frame);
}

CudaDeformation::CudaDeformation(std::shared_ptr<const DeviceSurfaceMesh> mesh,
                                 const LocalFrame& frame, const DeformationOptions& options)
    : state_(nullptr) {
  DeviceScope scope(mesh->device);
  state_ = std::make_unique<State>();
  State& s = *state_;
  s.device = mesh->device;
  s.points = mesh->numberOfPoints;
  s.triangles = mesh->numberOfTriangles;
  s.threadsPerBlock = options.threadsPerBlock;
  s.devicePoints = mesh->points.as<float>();
  s.deviceTriangles = mesh->triangles.as<std::int64_t>();
  s.source = std::move(mesh);
  s.prepare(frame);
}

CudaDeformation::~CudaDeformation() = default;

std::int64_t CudaDeformation::pointsOutside() const noexcept {
  return state_->outside;
}

std::vector<float> CudaDeformation::localCoordinates() const {
  DeviceScope scope(state_->device);
  std::vector<float> stu(static_cast<std::size_t>(3 * state_->points));
  CopyDeviceToHost(stu.data(), state_->stu.data(), stu.size() * sizeof(float));
  return stu;
}

LaunchConfiguration CudaDeformation::launchConfiguration() const noexcept {
  return state_->launch;
}

void CudaDeformation::setThreadsPerBlock(int threadsPerBlock) {
  state_->threadsPerBlock = threadsPerBlock;
}

void CudaDeformation::deform(const ControlDisplacements& d, const DeformationOptions& options,
                             DeviceSurfaceMesh& output) {
  State& s = *state_;
  DeviceScope scope(s.device);
  const auto n = static_cast<std::size_t>(s.points);
  float* points = Allocate<float>(output.points, 3 * n);
  float* normals = nullptr;
  if (options.computeNormals) {
    normals = Allocate<float>(output.normals, 3 * n);
  } else {
    output.normals = DeviceBuffer();
  }
  const std::size_t triangleBytes = static_cast<std::size_t>(3 * s.triangles) * 8;
  if (output.triangles.size() != triangleBytes ||
      output.triangles.data() != s.lastDeviceTriangles) {
    Allocate<std::int64_t>(output.triangles, static_cast<std::size_t>(3 * s.triangles));
    CUMED_CUDA_CHECK(cudaMemcpyAsync(output.triangles.data(), s.deviceTriangles, triangleBytes,
                                     cudaMemcpyDeviceToDevice, s.streamFor(options)));
    s.lastDeviceTriangles = output.triangles.data();
  }
  output.device = s.device;
  output.numberOfPoints = s.points;
  output.numberOfTriangles = s.triangles;
  output.scalars = DeviceBuffer();
  output.attributes.clear();
  output.pointOffsets = {0, s.points};
  output.triangleOffsets = {0, s.triangles};
  s.run(d, options, points, normals);
  if (!options.stream) s.stream.synchronize();
}

void CudaDeformation::deform(const ControlDisplacements& d, const DeformationOptions& options,
                             SurfaceMesh& output) {
  State& s = *state_;
  DeviceScope scope(s.device);
  const auto n = static_cast<std::size_t>(s.points);
  float* points = Allocate<float>(s.framePoints, 3 * n);
  float* normals = options.computeNormals ? Allocate<float>(s.frameNormals, 3 * n) : nullptr;
  s.run(d, options, points, normals);
  // The downloads are ordered after the kernels on the same stream, and wait for them.
  const Stream* stream = options.stream ? options.stream : &s.stream;
  output.points.resize(3 * n);
  CopyDeviceToHost(output.points.data(), points, 3 * n * sizeof(float), stream);
  if (normals) {
    output.normals.resize(3 * n);
    CopyDeviceToHost(output.normals.data(), normals, 3 * n * sizeof(float), stream);
  } else {
    output.normals.clear();
  }
  const auto corners = static_cast<std::size_t>(3 * s.triangles);
  if (output.triangles.size() != corners || output.triangles.data() != s.lastHostTriangles) {
    output.triangles.resize(corners);
    CopyDeviceToHost(output.triangles.data(), s.deviceTriangles, corners * 8, stream);
    s.lastHostTriangles = output.triangles.data();
  }
  stream->synchronize();
  output.scalars.clear();
  output.attributes.clear();
  output.pointOffsets = {0, s.points};
  output.triangleOffsets = {0, s.triangles};
}

std::array<double, 6> DeviceMeshBoundsCuda(const DeviceSurfaceMesh& mesh) {
  DeviceScope scope(mesh.device);
  const std::int64_t n = mesh.numberOfPoints;
  // Minima start at the largest ordered value (all bits set), maxima and the flag at 0.
  DeviceBuffer bounds(7 * sizeof(unsigned));
  CUMED_CUDA_CHECK(cudaMemset(bounds.data(), 0xff, 3 * sizeof(unsigned)));
  CUMED_CUDA_CHECK(cudaMemset(bounds.as<unsigned>() + 3, 0, 4 * sizeof(unsigned)));
  const int block = 256;
  const unsigned grid = static_cast<unsigned>(std::min<std::int64_t>(Blocks(n, block), 1024));
  BoundsKernel<<<grid, block>>>(mesh.points.as<float>(), n, bounds.as<unsigned>());
  CUMED_CHECK_LAUNCH("BoundsKernel");
  unsigned found[7];
  CopyDeviceToHost(found, bounds.data(), sizeof found);
  if (found[6])
    throw InvalidArgument("FFD: the device mesh of " + std::to_string(n) +
                          " points has a non-finite coordinate");
  std::array<double, 6> out{};
  for (int a = 0; a < 3; ++a) {
    out[2 * a] = FromOrderedBits(found[a]);
    out[2 * a + 1] = FromOrderedBits(found[3 + a]);
  }
  return out;
}

} // namespace cumed::deformation::detail

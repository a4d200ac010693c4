// The transform kernels on CUDA: one thread per output element (per run of 16 slices in the
// field's z pass), x along threadIdx.x (coalesced reads and writes of the structure-of-arrays
// buffers), the slower indices along the grid's y and z. Every element is computed by
// src/TransformKernelMath.h as the CPU computes it, and the adjoint gathers instead of scattering,
// so no atomics and the same bits on every run.
#include "src/DeviceLevelTables.h"
#include "src/TransformKernelMath.h"
#include "src/TransformKernels.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/Error.h"

#include <string>

namespace cumed::registration::detail {
namespace {

constexpr std::int64_t kMaxGridYZ = 65535;

/// A launch over `width` x `inner` x `outer` elements: blocks of up to 256 threads along x (a
/// whole row when it fits), one grid row per inner and outer index.
struct Launch {
  dim3 grid, block;
};

Launch LaunchOver(std::int64_t width, std::int64_t inner, std::int64_t outer, const char* what) {
  if (inner > kMaxGridYZ || outer > kMaxGridYZ)
    throw InvalidArgument(std::string(what) + ": " + std::to_string(inner) + " x " +
                          std::to_string(outer) + " rows exceed CUDA's grid limit of " +
                          std::to_string(kMaxGridYZ) + " per dimension");
  const std::int64_t threads = std::min<std::int64_t>(256, (width + 31) / 32 * 32);
  return {dim3(static_cast<unsigned>((width + threads - 1) / threads), static_cast<unsigned>(inner),
               static_cast<unsigned>(outer)),
          dim3(static_cast<unsigned>(threads))};
}

__device__ inline std::int64_t Column() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

// Forward passes; grid y: the line's inner index, grid z: c * gz + the control plane.

__global__ void ForwardXKernel(LevelGeometry g, const float* __restrict__ coefficients,
                               float* __restrict__ t1) {
  const std::int64_t i = Column();
  if (i >= g.fixedSize[0]) return;
  const std::int64_t cy = blockIdx.y, plane = blockIdx.z;
  t1[(plane * g.gridSize[1] + cy) * g.fixedSize[0] + i] = ForwardX(g, coefficients, plane, cy, i);
}

__global__ void ForwardYKernel(LevelGeometry g, const float* __restrict__ t1,
                               float* __restrict__ t2) {
  const std::int64_t i = Column();
  if (i >= g.fixedSize[0]) return;
  const std::int64_t j = blockIdx.y, plane = blockIdx.z;
  t2[(plane * g.fixedSize[1] + j) * g.fixedSize[0] + i] = ForwardY(g, t1, plane, j, i);
}

/// Fixed slices per thread of the z pass: consecutive slices mostly share their support, so a
/// thread keeps the four planes' values in registers and loads one new plane per step of it.
constexpr std::int64_t kZChunk = 16;

/// grid z: c * chunks + the chunk of kZChunk slices. Each output is ForwardZ's value (the same
/// WeightedSum of the same four values), without reloading them.
__global__ void ForwardZKernel(LevelGeometry g, const float* __restrict__ t2,
                               float* __restrict__ field) {
  const std::int64_t i = Column();
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1], nz = g.fixedSize[2];
  if (i >= nx) return;
  const std::int64_t j = blockIdx.y, chunks = (nz + kZChunk - 1) / kZChunk;
  const std::int64_t c = blockIdx.z / chunks, k0 = (blockIdx.z % chunks) * kZChunk;
  const std::int64_t k1 = k0 + kZChunk < nz ? k0 + kZChunk : nz;
  const std::int64_t plane = ny * nx;
  const float* in = t2 + (c * g.gridSize[2] * ny + j) * nx + i;
  float* out = field + (c * nz * ny + j) * nx + i;
  const AxisTable& z = g.axis[2];
  std::int32_t loaded = -1;
  float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (std::int64_t k = k0; k < k1; ++k) {
    const std::int32_t start = z.start[k];
    float value = 0.0f;
    if (start >= 0) {
      if (loaded >= 0 && start == loaded + 1) {
        v[0] = v[1], v[1] = v[2], v[2] = v[3];
        v[3] = in[(start + 3) * plane];
      } else if (start != loaded) {
        for (int a = 0; a < 4; ++a) v[a] = in[(start + a) * plane];
      }
      loaded = start;
      value = WeightedSum(z.weight + 4 * k, v);
    }
    out[k * plane] = value;
  }
}

__global__ void WarpKernel(LevelGeometry g, const float* __restrict__ moving,
                           const float* __restrict__ field, float* __restrict__ warped,
                           float* __restrict__ gradient, const std::uint8_t* __restrict__ fixedMask,
                           std::uint8_t* __restrict__ counted,
                           const std::uint8_t* __restrict__ movingMask) {
  const std::int64_t i = Column();
  if (i >= g.fixedSize[0]) return;
  const std::int64_t j = blockIdx.y, k = blockIdx.z;
  WarpVoxel(g, moving, field, (k * g.fixedSize[1] + j) * g.fixedSize[0] + i, i, j, k, warped,
            gradient, fixedMask, counted, movingMask);
}

__global__ void ScaleGradientKernel(std::int64_t voxels, const float* __restrict__ derivative,
                                    float* __restrict__ gradient) {
  const std::int64_t v = Column();
  if (v >= voxels) return;
  const float scale = derivative[v];
  for (int c = 0; c < 3; ++c) gradient[c * voxels + v] *= scale;
}

// Adjoint passes (gathers); grid z: c * gz + cz.

__global__ void AdjointZKernel(LevelGeometry g, const float* __restrict__ voxelGradient,
                               float* __restrict__ s1) {
  const std::int64_t i = Column();
  if (i >= g.fixedSize[0]) return;
  const std::int64_t j = blockIdx.y, plane = blockIdx.z;
  const std::int64_t gz = g.gridSize[2];
  s1[(plane * g.fixedSize[1] + j) * g.fixedSize[0] + i] =
      AdjointZ(g, voxelGradient, plane / gz, plane % gz, j, i);
}

__global__ void AdjointYKernel(LevelGeometry g, const float* __restrict__ s1,
                               float* __restrict__ s2) {
  const std::int64_t i = Column();
  if (i >= g.fixedSize[0]) return;
  const std::int64_t cy = blockIdx.y, plane = blockIdx.z;
  s2[(plane * g.gridSize[1] + cy) * g.fixedSize[0] + i] = AdjointY(g, s1, plane, cy, i);
}

__global__ void AdjointXKernel(LevelGeometry g, const float* __restrict__ s2,
                               float* __restrict__ coefficientGradient) {
  const std::int64_t cx = Column();
  if (cx >= g.gridSize[0]) return;
  const std::int64_t cy = blockIdx.y, plane = blockIdx.z;
  coefficientGradient[(plane * g.gridSize[1] + cy) * g.gridSize[0] + cx] =
      AdjointX(g, s2, plane, cy, cx);
}

template <class T> DeviceBuffer Upload(const std::vector<T>& host) {
  DeviceBuffer buffer(host.size() * sizeof(T));
  buffer.upload(host.data(), host.size() * sizeof(T));
  return buffer;
}

} // namespace

DeviceLevelTables UploadLevelTables(const LevelTables& tables, LevelGeometry& g) {
  DeviceLevelTables device;
  for (int axis = 0; axis < 3; ++axis) {
    device.start[axis] = Upload(tables.start[axis]);
    device.weight[axis] = Upload(tables.weight[axis]);
    device.firstVoxel[axis] = Upload(tables.firstVoxel[axis]);
    device.lastVoxel[axis] = Upload(tables.lastVoxel[axis]);
    g.axis[axis] = AxisTable{device.start[axis].as<std::int32_t>(), device.weight[axis].as<float>(),
                             device.firstVoxel[axis].as<std::int32_t>(),
                             device.lastVoxel[axis].as<std::int32_t>()};
  }
  return device;
}

void FieldFromCoefficientsCuda(const LevelGeometry& g, const float* coefficients, float* scratch,
                               float* field, CUstream_st* stream) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1], nz = g.fixedSize[2];
  const std::int64_t gy = g.gridSize[1], gz = g.gridSize[2];
  float* t1 = scratch;
  float* t2 = scratch + XPassFloats(g);
  Launch l = LaunchOver(nx, gy, 3 * gz, "FieldFromCoefficientsCuda");
  ForwardXKernel<<<l.grid, l.block, 0, stream>>>(g, coefficients, t1);
  CUMED_CHECK_LAUNCH("ForwardXKernel");
  l = LaunchOver(nx, ny, 3 * gz, "FieldFromCoefficientsCuda");
  ForwardYKernel<<<l.grid, l.block, 0, stream>>>(g, t1, t2);
  CUMED_CHECK_LAUNCH("ForwardYKernel");
  l = LaunchOver(nx, ny, 3 * ((nz + kZChunk - 1) / kZChunk), "FieldFromCoefficientsCuda");
  ForwardZKernel<<<l.grid, l.block, 0, stream>>>(g, t2, field);
  CUMED_CHECK_LAUNCH("ForwardZKernel");
}

void WarpCuda(const LevelGeometry& g, const float* moving, const float* field, float* warped,
              float* gradient, CUstream_st* stream, const std::uint8_t* fixedMask,
              std::uint8_t* counted, const std::uint8_t* movingMask) {
  const Launch l = LaunchOver(g.fixedSize[0], g.fixedSize[1], g.fixedSize[2], "WarpCuda");
  WarpKernel<<<l.grid, l.block, 0, stream>>>(g, moving, field, warped, gradient, fixedMask, counted,
                                             movingMask);
  CUMED_CHECK_LAUNCH("WarpKernel");
}

void ScaleGradientCuda(const LevelGeometry& g, const float* derivative, float* gradient,
                       CUstream_st* stream) {
  constexpr std::int64_t kThreads = 256;
  const std::int64_t voxels = g.voxels();
  const std::int64_t blocks = (voxels + kThreads - 1) / kThreads;
  ScaleGradientKernel<<<static_cast<unsigned>(blocks), static_cast<unsigned>(kThreads), 0,
                        stream>>>(voxels, derivative, gradient);
  CUMED_CHECK_LAUNCH("ScaleGradientKernel");
}

void AdjointToCoefficientsCuda(const LevelGeometry& g, const float* voxelGradient, float* scratch,
                               float* coefficientGradient, CUstream_st* stream) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1];
  const std::int64_t gx = g.gridSize[0], gy = g.gridSize[1], gz = g.gridSize[2];
  float* s2 = scratch;
  float* s1 = scratch + XPassFloats(g);
  Launch l = LaunchOver(nx, ny, 3 * gz, "AdjointToCoefficientsCuda");
  AdjointZKernel<<<l.grid, l.block, 0, stream>>>(g, voxelGradient, s1);
  CUMED_CHECK_LAUNCH("AdjointZKernel");
  l = LaunchOver(nx, gy, 3 * gz, "AdjointToCoefficientsCuda");
  AdjointYKernel<<<l.grid, l.block, 0, stream>>>(g, s1, s2);
  CUMED_CHECK_LAUNCH("AdjointYKernel");
  l = LaunchOver(gx, gy, 3 * gz, "AdjointToCoefficientsCuda");
  AdjointXKernel<<<l.grid, l.block, 0, stream>>>(g, s2, coefficientGradient);
  CUMED_CHECK_LAUNCH("AdjointXKernel");
}

} // namespace cumed::registration::detail

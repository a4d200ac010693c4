#include "MeshBufferKernels.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/rendering/DeviceColourTable.h"

#include <cfloat>
#include <cstdint>

namespace cumed::rendering::detail {
namespace {

constexpr int kThreads = 256;

__global__ void TriangleIdsToIndicesKernel(const std::int64_t* __restrict__ triangles,
                                           std::uint32_t* __restrict__ indices,
                                           std::int64_t count) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    indices[i] = static_cast<std::uint32_t>(triangles[i]);
  }
}

__global__ void ScalarsToColoursKernel(const float* __restrict__ values, std::int64_t count,
                                       const uchar4* __restrict__ table, double low, double high,
                                       double scale, int bins, uchar4* __restrict__ rgba) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t p = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; p < count;
       p += stride) {
    rgba[p] = table[ColourTableEntry(values[p], low, high, scale, bins)];
  }
}

// Both arrays in one grid, the points first, then the normals: float4 at a time where every
// pointer is 16-byte aligned (cudaMalloc's and OpenGL's storage are), float by float for the rest.
__global__ void CopyVertexArraysKernel(const float* __restrict__ pointsSrc,
                                       float* __restrict__ pointsDst,
                                       const float* __restrict__ normalsSrc,
                                       float* __restrict__ normalsDst, std::int64_t count,
                                       int arrays, bool aligned) {
  const std::int64_t quads = aligned ? count / 4 : 0;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < arrays * quads; i += stride) {
    const bool normals = i >= quads;
    const std::int64_t q = normals ? i - quads : i;
    const float4* src = reinterpret_cast<const float4*>(normals ? normalsSrc : pointsSrc);
    float4* dst = reinterpret_cast<float4*>(normals ? normalsDst : pointsDst);
    dst[q] = src[q];
  }
  // The floats after the last whole float4 of each array.
  const std::int64_t tail = count - 4 * quads;
  for (std::int64_t t = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       t < arrays * tail; t += stride) {
    const bool normals = t >= tail;
    const std::int64_t k = 4 * quads + (normals ? t - tail : t);
    (normals ? normalsDst : pointsDst)[k] = (normals ? normalsSrc : pointsSrc)[k];
  }
}

bool Aligned16(const void* pointer) {
  return reinterpret_cast<std::uintptr_t>(pointer) % 16 == 0;
}

// Per block: the six extremes of its share of points, reduced in shared memory (no float
// atomics, so the result does not depend on scheduling).
__global__ void PartialBoundsKernel(const float* __restrict__ points, std::int64_t numberOfPoints,
                                    float* __restrict__ partial) {
  __shared__ float extremes[6][kThreads];
  float lo[3] = {FLT_MAX, FLT_MAX, FLT_MAX};
  float hi[3] = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t p = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       p < numberOfPoints; p += stride) {
    for (int c = 0; c < 3; ++c) {
      const float v = points[3 * p + c];
      lo[c] = fminf(lo[c], v);
      hi[c] = fmaxf(hi[c], v);
    }
  }
  for (int c = 0; c < 3; ++c) {
    extremes[2 * c][threadIdx.x] = lo[c];
    extremes[2 * c + 1][threadIdx.x] = hi[c];
  }
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) {
      for (int c = 0; c < 3; ++c) {
        float& a = extremes[2 * c][threadIdx.x];
        a = fminf(a, extremes[2 * c][threadIdx.x + half]);
        float& b = extremes[2 * c + 1][threadIdx.x];
        b = fmaxf(b, extremes[2 * c + 1][threadIdx.x + half]);
      }
    }
    __syncthreads();
  }
  if (threadIdx.x < 6) {
    partial[6 * blockIdx.x + threadIdx.x] = extremes[threadIdx.x][0];
  }
}

// One thread per extreme, over the blocks' partial results.
__global__ void FinalBoundsKernel(const float* __restrict__ partial, int blocks,
                                  float* __restrict__ result) {
  const int e = threadIdx.x;
  if (e >= 6) return;
  float v = partial[e];
  for (int b = 1; b < blocks; ++b) {
    const float w = partial[6 * b + e];
    v = (e % 2 == 0) ? fminf(v, w) : fmaxf(v, w);
  }
  result[e] = v;
}

int BlocksFor(std::int64_t count) {
  const std::int64_t blocks = (count + kThreads - 1) / kThreads;
  return static_cast<int>(blocks < 4096 ? (blocks > 0 ? blocks : 1) : 4096);
}

} // namespace

void LaunchTriangleIdsToIndices(const std::int64_t* triangles, std::uint32_t* indices,
                                std::int64_t count, CUstream_st* stream) {
  if (count == 0) return;
  TriangleIdsToIndicesKernel<<<BlocksFor(count), kThreads, 0, stream>>>(triangles, indices, count);
  CUMED_CHECK_LAUNCH("TriangleIdsToIndicesKernel");
}

void LaunchScalarsToColours(const float* values, std::int64_t count, const std::uint8_t* table,
                            double low, double high, double scale, int bins, std::uint8_t* rgba,
                            CUstream_st* stream) {
  if (count == 0) return;
  // OpenGL buffers and cudaMalloc'd tables are at least 256-byte aligned: uchar4 loads are safe.
  ScalarsToColoursKernel<<<BlocksFor(count), kThreads, 0, stream>>>(
      values, count, reinterpret_cast<const uchar4*>(table), low, high, scale, bins,
      reinterpret_cast<uchar4*>(rgba));
  CUMED_CHECK_LAUNCH("ScalarsToColoursKernel");
}

void LaunchCopyVertexArrays(const float* pointsSrc, float* pointsDst, const float* normalsSrc,
                            float* normalsDst, std::int64_t count, CUstream_st* stream) {
  if (count == 0) return;
  const int arrays = normalsSrc ? 2 : 1;
  const bool aligned = Aligned16(pointsSrc) && Aligned16(pointsDst) &&
                       (!normalsSrc || (Aligned16(normalsSrc) && Aligned16(normalsDst)));
  CopyVertexArraysKernel<<<BlocksFor(arrays * (aligned ? count / 4 + 1 : count)), kThreads, 0,
                           stream>>>(pointsSrc, pointsDst, normalsSrc, normalsDst, count, arrays,
                                     aligned);
  CUMED_CHECK_LAUNCH("CopyVertexArraysKernel");
}

void LaunchPointBounds(const float* points, std::int64_t numberOfPoints, float* scratch,
                       float* result, CUstream_st* stream) {
  PartialBoundsKernel<<<kBoundsBlocks, kThreads, 0, stream>>>(points, numberOfPoints, scratch);
  CUMED_CHECK_LAUNCH("PartialBoundsKernel");
  FinalBoundsKernel<<<1, 32, 0, stream>>>(scratch, kBoundsBlocks, result);
  CUMED_CHECK_LAUNCH("FinalBoundsKernel");
}

} // namespace cumed::rendering::detail

#pragma once
// Internal (device code): what the sliding tile kernels share: the extremum of two values and
// the per-thread accumulators of a tile (kSlices output slices x kPY rows x kPX columns, strided
// by the 32 x 8 thread block so warps read and write coalesced rows).
#include "MorphologyKernels.h"

#include <cstddef>

namespace cumed::morphology::cuda {

constexpr int kTileThreadsX = 32;
constexpr int kTileThreadsY = 8;

template <bool kMax, class T> __device__ __forceinline__ T Pick(T a, T b) {
  if constexpr (kMax)
    return a < b ? b : a;
  else
    return b < a ? b : a;
}

template <class T, bool kMax, int kSlices, int kPY, int kPX> struct TileAccumulators {
  T value[kSlices][kPY][kPX];

  __device__ __forceinline__ void fill(T v) {
#pragma unroll
    for (int t = 0; t < kSlices; ++t)
#pragma unroll
      for (int py = 0; py < kPY; ++py)
#pragma unroll
        for (int px = 0; px < kPX; ++px) value[t][py][px] = v;
  }

  /// Folds `v` into every pixel of output slice t (a whole input slice outside the image).
  __device__ __forceinline__ void foldSlice(int t, T v) {
#pragma unroll
    for (int py = 0; py < kPY; ++py)
#pragma unroll
      for (int px = 0; px < kPX; ++px) value[t][py][px] = Pick<kMax>(value[t][py][px], v);
  }

  /// Writes the tile whose first output pixel is (x0, y0, z0), clipped to the image and to the
  /// output slices before zEnd (<= size.z).
  __device__ __forceinline__ void store(T* out, VolumeSize size, int x0, int y0, int z0,
                                        int zEnd) const {
#pragma unroll
    for (int t = 0; t < kSlices; ++t) {
      const int z = z0 + t;
      if (z >= zEnd) break;
#pragma unroll
      for (int py = 0; py < kPY; ++py) {
        const int y = y0 + threadIdx.y + py * kTileThreadsY;
        if (y >= size.y) continue;
#pragma unroll
        for (int px = 0; px < kPX; ++px) {
          const int x = x0 + threadIdx.x + px * kTileThreadsX;
          if (x < size.x)
            out[(static_cast<std::size_t>(z) * size.y + y) * size.x + x] = value[t][py][px];
        }
      }
    }
  }
};

/// Loads slice z's rows [y0-reachY, y0+tileY+reachY) and columns [x0-reachX, x0+tileX+reachX)
/// into shared memory (`haloW` x `haloH`, row-major), with `boundary` outside the image.
template <class T>
__device__ __forceinline__ void LoadHaloTile(const T* __restrict__ in, VolumeSize size, int z,
                                             int x0, int y0, int reachX, int reachY, int haloW,
                                             int haloH, T boundary, T* tile) {
  const T* slice = in + static_cast<std::size_t>(z) * size.y * size.x;
  for (int hy = threadIdx.y; hy < haloH; hy += kTileThreadsY) {
    const int y = y0 - reachY + hy;
    const bool rowInside = y >= 0 && y < size.y;
    const T* row = slice + static_cast<std::size_t>(rowInside ? y : 0) * size.x;
    for (int hx = threadIdx.x; hx < haloW; hx += kTileThreadsX) {
      const int x = x0 - reachX + hx;
      tile[hy * haloW + hx] = rowInside && x >= 0 && x < size.x ? row[x] : boundary;
    }
  }
}

} // namespace cumed::morphology::cuda

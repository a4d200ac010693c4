#pragma once
// Internal (device code): tile accumulators for 16-bit pixels that fold two adjacent columns at
// once. A thread owns, per output slice and row, kWords 32-bit words of two pixels each (columns
// x0 + 64w + 2*threadIdx.x and the next), reads them from a shared plane with one 32-bit load and
// folds them with one 16x2 max/min (__vmaxs2 & co., native 16x2 min/max on sm_90): half the
// shared loads and folds of TileAccumulators, whose pixels are one per register. Exact: the
// halves are compared as the pixel type (signed for int16, unsigned for uint16).
#include "TileAccumulators.cuh"

#include <cstdint>
#include <type_traits>

namespace cumed::morphology::cuda {

template <class T, bool kMax> __device__ __forceinline__ unsigned PickPair(unsigned a, unsigned b) {
  static_assert(sizeof(T) == 2, "pairs of 16-bit pixels");
  if constexpr (std::is_signed_v<T>)
    return kMax ? __vmaxs2(a, b) : __vmins2(a, b);
  else
    return kMax ? __vmaxu2(a, b) : __vminu2(a, b);
}

template <class T> __device__ __forceinline__ unsigned PairOf(T v) {
  const unsigned bits = static_cast<std::uint16_t>(v);
  return bits | (bits << 16);
}

template <class T> __device__ __forceinline__ T PixelOf(unsigned bits) {
  return static_cast<T>(static_cast<std::uint16_t>(bits)); // two's complement for int16
}

template <class T, bool kMax, int kSlices, int kPY, int kWords> struct PairAccumulators {
  static constexpr int kTileX = 64 * kWords;
  unsigned value[kSlices][kPY][kWords];

  __device__ __forceinline__ void fill(T v) {
    const unsigned pair = PairOf(v);
#pragma unroll
    for (int t = 0; t < kSlices; ++t)
#pragma unroll
      for (int py = 0; py < kPY; ++py)
#pragma unroll
        for (int w = 0; w < kWords; ++w) value[t][py][w] = pair;
  }

  __device__ __forceinline__ void foldSlice(int t, T v) {
    const unsigned pair = PairOf(v);
#pragma unroll
    for (int py = 0; py < kPY; ++py)
#pragma unroll
      for (int w = 0; w < kWords; ++w) value[t][py][w] = PickPair<T, kMax>(value[t][py][w], pair);
  }

  /// Folds the plane row that output row threadIdx.y (+ 8 py) of slice t reads: `row` points at
  /// the first pixel of that row for py = 0 (a 4-byte aligned row of kTileX pixels).
  __device__ __forceinline__ void foldRow(int t, const T* row) {
    const unsigned* words = reinterpret_cast<const unsigned*>(row) + threadIdx.x;
#pragma unroll
    for (int py = 0; py < kPY; ++py)
#pragma unroll
      for (int w = 0; w < kWords; ++w)
        value[t][py][w] = PickPair<T, kMax>(
            value[t][py][w], words[py * kTileThreadsY * (kTileX / 2) + w * kTileThreadsX]);
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
        T* row = out + (static_cast<std::size_t>(z) * size.y + y) * size.x;
#pragma unroll
        for (int w = 0; w < kWords; ++w) {
          const int x = x0 + w * 64 + 2 * threadIdx.x;
          if (x < size.x) row[x] = PixelOf<T>(value[t][py][w]);
          if (x + 1 < size.x) row[x + 1] = PixelOf<T>(value[t][py][w] >> 16);
        }
      }
    }
  }
};

/// Whether a centred kernel's register tile of kPX columns holds T as 16-bit pairs.
template <class T, int kPX> inline constexpr bool kFoldsPairs = sizeof(T) == 2 && kPX % 2 == 0;

/// The register tile of the centred kernels (chord and plane): 16-bit pixels two columns per
/// 32-bit word (PairAccumulators), other types one pixel per register (TileAccumulators).
template <class T, bool kMax, int kSlices, int kPY, int kPX>
using CentredTileAccumulators =
    std::conditional_t<kFoldsPairs<T, kPX>, PairAccumulators<T, kMax, kSlices, kPY, kPX / 2>,
                       TileAccumulators<T, kMax, kSlices, kPY, kPX>>;

} // namespace cumed::morphology::cuda

// The fast path for elements whose chords are all centred on x = 0: balls, boxes and crosses, as
// ITK's factories make them. Such an element is, row by row (dy, dz), one centred run of
// half-length a(dy, dz), so
//     out(x, y, z) = op over rows of C_a(x, y + dy, z + dz),   C_a(x) = op(in[x-a .. x+a]).
// A block owns a tile of output pixels over kSlices slices and slides through the input slices
// that reach them (as ChordTileKernel). Per input slice it loads the tile and halo into shared
// memory, grows C_0..C_A for every tile column with two reads and two max/min per step (unrolled,
// in registers), stores them as planes, and folds one plane value per element row into register
// accumulators. Work per pixel: ~2A for the runs plus one read per row, independent of the area.
#include "MorphologyKernels.h"
#include "PairAccumulators.cuh"
#include "TileAccumulators.cuh"

#include "DeviceLimits.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/core/PixelType.h"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace cumed::morphology::cuda {
namespace {

constexpr int kThreadsX = kTileThreadsX;
constexpr int kThreadsY = kTileThreadsY;
constexpr int kThreads = kThreadsX * kThreadsY;

/// Shared bytes before the planes: the row table and a per-dz "has rows" flag, 16-byte aligned.
__host__ __device__ inline int RowTableBytes(const DeviceChordTable& table) {
  const int bytes = (2 * table.reachZ + 1) * (2 * table.reachY + 2);
  return (bytes + 15) / 16 * 16;
}

template <class T, bool kMax, int kSlices, int kPX, int kPY, int kA>
__global__ void __launch_bounds__(kThreads, 2)
    CentredChordKernel(const T* __restrict__ in, T* __restrict__ out, VolumeSize size,
                       SliceRange outSlices, DeviceChordTable table, T boundary, T identity) {
  constexpr int kTileX = kThreadsX * kPX, kTileY = kThreadsY * kPY;
  extern __shared__ __align__(16) unsigned char sharedBytes[];
  const int halfMax = table.reachX, ry = table.reachY, rz = table.reachZ;
  const int rows = 2 * ry + 1, slices = 2 * rz + 1;
  const int haloW = kTileX + 2 * halfMax, haloH = kTileY + 2 * ry;
  const int runPlane = kTileX * haloH;

  // Row table a(dy, dz) and, per dz, whether any row has a run.
  signed char* rowHalf = reinterpret_cast<signed char*>(sharedBytes);
  signed char* sliceHasRows = rowHalf + slices * rows;
  const int thread = threadIdx.y * kThreadsX + threadIdx.x;
  for (int i = thread; i < slices * rows; i += kThreads) rowHalf[i] = table.rowHalfLength[i];
  for (int i = thread; i < slices; i += kThreads) {
    signed char any = 0;
    for (int r = 0; r < rows; ++r) any |= table.rowHalfLength[i * rows + r] >= 0;
    sliceHasRows[i] = any;
  }
  T* tile = reinterpret_cast<T*>(sharedBytes + RowTableBytes(table));
  T* runs = tile + haloW * haloH; // plane a holds C_a for every tile column and halo row
  __syncthreads();

  const int x0 = blockIdx.x * kTileX, y0 = blockIdx.y * kTileY;
  const int z0 = outSlices.begin + blockIdx.z * kSlices;
  constexpr bool kPairs = kFoldsPairs<T, kPX>;
  CentredTileAccumulators<T, kMax, kSlices, kPY, kPX> tileAcc;
  tileAcc.fill(identity);
  auto& acc = tileAcc.value;

  for (int zz = z0 - rz; zz < z0 + kSlices + rz; ++zz) {
    if (zz < 0 || zz >= size.z) { // outside the image every row reads `boundary`
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz < -rz || dz > rz || !sliceHasRows[dz + rz]) continue;
        tileAcc.foldSlice(t, boundary);
      }
      continue;
    }
    __syncthreads(); // everyone is done with the previous slice's planes
    LoadHaloTile(in, size, zz, x0, y0, halfMax, ry, haloW, haloH, boundary, tile);
    __syncthreads();
    for (int hy = threadIdx.y; hy < haloH; hy += kThreadsY)
#pragma unroll
      for (int px = 0; px < kPX; ++px) {
        const int cx = threadIdx.x + px * kThreadsX;
        const T* centre = tile + hy * haloW + cx + halfMax;
        T* run = runs + hy * kTileX + cx;
        T value = centre[0];
        run[0] = value;
#pragma unroll
        for (int a = 1; a <= kA; ++a) {
          if (a > halfMax) break;
          value = Pick<kMax>(value, Pick<kMax>(centre[-a], centre[a]));
          run[a * runPlane] = value;
        }
      }
    __syncthreads();
#pragma unroll
    for (int t = 0; t < kSlices; ++t) {
      const int dz = zz - (z0 + t);
      if (dz < -rz || dz > rz) continue;
      const signed char* halfOfRow = rowHalf + (dz + rz) * rows;
      for (int dy = -ry; dy <= ry; ++dy) {
        const int a = halfOfRow[dy + ry];
        if (a < 0) continue;
        const T* row = runs + a * runPlane + (threadIdx.y + ry + dy) * kTileX;
        if constexpr (kPairs) {
          tileAcc.foldRow(t, row);
        } else {
          const T* base = row + threadIdx.x;
#pragma unroll
          for (int py = 0; py < kPY; ++py)
#pragma unroll
            for (int px = 0; px < kPX; ++px)
              acc[t][py][px] =
                  Pick<kMax>(acc[t][py][px], base[py * kThreadsY * kTileX + px * kThreadsX]);
        }
      }
    }
  }

  tileAcc.store(out, size, x0, y0, z0, outSlices.end);
}

template <class T, bool kMax, int kSlices, int kPX, int kPY, int kA>
bool Launch(const T* in, T* out, VolumeSize size, SliceRange slices, const DeviceChordTable& table,
            T boundary, cudaStream_t stream) {
  constexpr int kTileX = kThreadsX * kPX, kTileY = kThreadsY * kPY;
  const std::size_t haloH = kTileY + 2 * table.reachY;
  const std::size_t sharedBytes =
      RowTableBytes(table) + (static_cast<std::size_t>(kTileX + 2 * table.reachX) * haloH +
                              static_cast<std::size_t>(kA + 1) * kTileX * haloH) *
                                 sizeof(T);
  if (sharedBytes > static_cast<std::size_t>(MaxSharedBytesPerBlock())) return false;
  const auto kernel = CentredChordKernel<T, kMax, kSlices, kPX, kPY, kA>;
  if (sharedBytes > 48 * 1024)
    CUMED_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(sharedBytes)));
  const T identity = kMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  const dim3 block(kThreadsX, kThreadsY);
  if (slices.end <= slices.begin) return true; // nothing to write
  const dim3 grid((size.x + kTileX - 1) / kTileX, (size.y + kTileY - 1) / kTileY,
                  (slices.end - slices.begin + kSlices - 1) / kSlices);
  kernel<<<grid, block, sharedBytes, stream>>>(in, out, size, slices, table, boundary, identity);
  CUMED_CHECK_LAUNCH("CentredChordKernel");
  return true;
}

template <class T, bool kMax, int kA>
bool LaunchForHalfLength(const T* in, T* out, VolumeSize size, SliceRange slices,
                         const DeviceChordTable& table, T boundary, cudaStream_t stream) {
  // 2D elements: wide tiles of one slice; 3D: slide over 8 output slices.
  if (table.reachZ == 0)
    return Launch<T, kMax, 1, 4, 2, kA>(in, out, size, slices, table, boundary, stream);
  return Launch<T, kMax, 8, 2, 2, kA>(in, out, size, slices, table, boundary, stream);
}

} // namespace

template <class T>
bool LaunchCentredChordFilter(const T* in, T* out, VolumeSize size, SliceRange slices,
                              const DeviceChordTable& table, bool maximum, T boundary,
                              CUstream_st* stream) {
  if (!table.rowHalfLength) return false;
  // Longer runs: doubling levels and one plane per distinct length (CentredPlaneKernels.cu).
  if (table.reachX > 8)
    return LaunchCentredPlaneFilter(in, out, size, slices, table, maximum, boundary, stream);
  if (table.reachX <= 4)
    return maximum
               ? LaunchForHalfLength<T, true, 4>(in, out, size, slices, table, boundary, stream)
               : LaunchForHalfLength<T, false, 4>(in, out, size, slices, table, boundary, stream);
  return maximum ? LaunchForHalfLength<T, true, 8>(in, out, size, slices, table, boundary, stream)
                 : LaunchForHalfLength<T, false, 8>(in, out, size, slices, table, boundary, stream);
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template bool LaunchCentredChordFilter<T>(const T*, T*, VolumeSize, SliceRange,                  \
                                            const DeviceChordTable&, bool, T, CUstream_st*);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

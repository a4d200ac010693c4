// Centred elements with long chords (balls, boxes, crosses of x half-length > 8): the case the
// unrolled CentredChordKernel does not cover. Every chord is centred on x = 0, so
//     out(x, y, z) = op over rows (dy, dz) of C_a(x, y + dy, z + dz),  C_a(x) = op(in[x-a .. x+a]),
// and only the distinct half-lengths a (the chord table's distinct lengths L = 2a + 1) need a
// plane. A block owns a tile of output pixels over kSlices slices and slides through the input
// slices that reach them. Per input slice:
//  1. the tile and its halo are loaded into shared memory: the doubling level R_1 (raw values);
//  2. the doubling levels R_2, R_4, ... (R_2P[i] = op(R_P[i], R_P[i+P])) are built in place of
//     each other in two buffers, only as far as the longest chord needs;
//  3. each plane C_a is read off the level P <= L < 2P with one max/min per pixel,
//         C_a(x) = op(R_P[x - a], R_P[x + a - P + 1]),
//     only for the tile's columns, a batch of planes at a time (as many as shared memory holds);
//  4. each row of the element whose length is in the batch is folded into the register
//     accumulators of every output slice it reaches: one shared read and one max/min per pixel.
// max/min is exact and the union of the (overlapping) windows is exactly the chord, so the result
// equals the CPU chord filter bit for bit. Work per pixel and input slice: log2(L_max) + (number
// of distinct lengths) for the runs, instead of the 2a unrolled steps (or ChordTileKernel's one
// full-halo pass per length), plus one read per row.
#include "MorphologyKernels.h"
#include "PairAccumulators.cuh"
#include "TileAccumulators.cuh"

#include "DeviceLimits.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/core/PixelType.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace cumed::morphology::cuda {
namespace {

constexpr int kThreadsX = kTileThreadsX;
constexpr int kThreadsY = kTileThreadsY;
constexpr int kThreads = kThreadsX * kThreadsY;

/// Shared bytes of the table copy: lengths, group starts and the longest length index per z
/// offset (int), each chord's plane row (unsigned short).
__host__ __device__ inline int PlaneTableBytes(const DeviceChordTable& table) {
  const int groups = (2 * table.reachZ + 1) * table.lengthCount + 1;
  const int bytes = (table.lengthCount + groups + 2 * table.reachZ + 1) * 4 + table.chordCount * 2;
  return (bytes + 15) / 16 * 16;
}

/// Largest power of two <= n (n >= 1).
__host__ __device__ inline int FloorPow2(int n) {
  int p = 1;
  while (2 * p <= n) p *= 2;
  return p;
}

/// Folds one plane row into a thread's words of two 16-bit pixels (`row`: the row's first pixel).
template <class T, bool kMax, int kPY, int kWords, int kTileX>
__device__ __forceinline__ void FoldPairRow(unsigned (&v)[kPY][kWords], const T* row) {
  const unsigned* words = reinterpret_cast<const unsigned*>(row) + threadIdx.x;
#pragma unroll
  for (int py = 0; py < kPY; ++py)
#pragma unroll
    for (int w = 0; w < kWords; ++w)
      v[py][w] = PickPair<T, kMax>(v[py][w], words[py * kThreadsY * (kTileX / 2) + w * kThreadsX]);
}

/// Folds one plane row into a thread's pixels, one per register.
template <class T, bool kMax, int kPY, int kPX, int kTileX>
__device__ __forceinline__ void FoldPixelRow(T (&v)[kPY][kPX], const T* row) {
  const T* row0 = row + threadIdx.x;
#pragma unroll
  for (int py = 0; py < kPY; ++py)
#pragma unroll
    for (int px = 0; px < kPX; ++px)
      v[py][px] = Pick<kMax>(v[py][px], row0[py * kThreadsY * kTileX + px * kThreadsX]);
}

/// Blocks an SM is asked to hold: two (at most 128 registers a thread) where the accumulators take
/// at most 32 registers; shared memory decides the rest. Without it ptxas held the 16-slice int16
/// kernel to 64 registers and spilled.
template <class T, int kSlices, int kPX, int kPY> constexpr int PlaneMinBlocks() {
  return kSlices * kPY * (kFoldsPairs<T, kPX> ? kPX / 2 : kPX) <= 32 ? 2 : 1;
}

template <class T, bool kMax, int kSlices, int kPX, int kPY>
__global__ void __launch_bounds__(kThreads, (PlaneMinBlocks<T, kSlices, kPX, kPY>()))
    CentredPlaneKernel(const T* __restrict__ in, T* __restrict__ out, VolumeSize size,
                       SliceRange slices, DeviceChordTable table, T boundary, T identity,
                       int batchPlanes) {
  constexpr int kTileX = kThreadsX * kPX, kTileY = kThreadsY * kPY;
  extern __shared__ __align__(16) unsigned char sharedBytes[];
  const int rx = table.reachX, ry = table.reachY, rz = table.reachZ;
  const int lengthCount = table.lengthCount;
  const int groups = (2 * rz + 1) * lengthCount + 1;
  const int haloW = kTileX + 2 * rx, haloH = kTileY + 2 * ry;
  const int level = haloW * haloH;  // one doubling level
  const int plane = kTileX * haloH; // one C_a plane: tile columns, halo rows

  // The table, copied once per block: broadcasts in the inner loops.
  int* lengths = reinterpret_cast<int*>(sharedBytes);
  int* groupStart = lengths + lengthCount;
  int* lastLength = groupStart + groups; // per z offset: the longest length index it has, or -1
  // Per chord, its row in a batch starting at plane 0: li * haloH + ry + dy (the host checks that
  // it fits). The chords of one z offset whose lengths are in a batch are then one contiguous
  // range (the table is grouped by (dz, length)), folded in one flat loop.
  // 4-byte aligned (it follows ints): read two at a time in the fold loop.
  unsigned short* rowIndex = reinterpret_cast<unsigned short*>(lastLength + 2 * rz + 1);
  const int thread = threadIdx.y * kThreadsX + threadIdx.x;
  for (int i = thread; i < lengthCount; i += kThreads) lengths[i] = table.lengths[i];
  for (int i = thread; i < groups; i += kThreads) groupStart[i] = table.groupStart[i];
  for (int g = thread; g < groups - 1; g += kThreads) {
    const int li = g % lengthCount;
    for (int c = table.groupStart[g]; c < table.groupStart[g + 1]; ++c)
      rowIndex[c] = static_cast<unsigned short>(li * haloH + ry + table.chords[c].dy);
  }
  for (int i = thread; i < 2 * rz + 1; i += kThreads) {
    int last = lengthCount - 1;
    const int* starts = table.groupStart + i * lengthCount;
    while (last >= 0 && starts[last] == starts[last + 1]) --last;
    lastLength[i] = last;
  }
  T* levelA = reinterpret_cast<T*>(sharedBytes + PlaneTableBytes(table));
  T* levelB = levelA + level;
  T* planes = levelB + level; // batchPlanes planes
  __syncthreads();

  const int x0 = blockIdx.x * kTileX, y0 = blockIdx.y * kTileY;
  const int z0 = slices.begin + blockIdx.z * kSlices;
  constexpr bool kPairs = kFoldsPairs<T, kPX>;
  CentredTileAccumulators<T, kMax, kSlices, kPY, kPX> tileAcc;
  tileAcc.fill(identity);
  auto& acc = tileAcc.value;
  using Word = std::remove_reference_t<decltype(acc[0][0][0])>;
  constexpr int kCols = kPairs ? kPX / 2 : kPX;
  Word identityWord;
  if constexpr (kPairs)
    identityWord = PairOf(identity);
  else
    identityWord = identity;
  const auto foldRow = [](Word(&v)[kPY][kCols], const T* row) {
    if constexpr (kPairs)
      FoldPairRow<T, kMax, kPY, kCols, kTileX>(v, row);
    else
      FoldPixelRow<T, kMax, kPY, kCols, kTileX>(v, row);
  };

  for (int zz = z0 - rz; zz < z0 + kSlices + rz; ++zz) {
    if (zz < 0 || zz >= size.z) { // outside the image every row reads `boundary`
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz < -rz || dz > rz) continue;
        if (lastLength[dz + rz] >= 0) tileAcc.foldSlice(t, boundary);
      }
      continue;
    }
    // The longest chord any output slice of this block takes from this input slice: planes of
    // longer ones are not built (the outer slices of a ball have only short chords).
    int needed = -1;
    for (int t = 0; t < kSlices; ++t) {
      const int dz = zz - (z0 + t);
      if (dz >= -rz && dz <= rz) needed = max(needed, lastLength[dz + rz]);
    }
    if (needed < 0) continue; // uniform over the block: no barrier is skipped by some threads only

    __syncthreads(); // everyone is done with the previous slice's levels and planes
    LoadHaloTile(in, size, zz, x0, y0, rx, ry, haloW, haloH, boundary, levelA);
    __syncthreads();
    T* current = levelA; // R_P for P = currentP
    T* spare = levelB;
    int currentP = 1;

    for (int p0 = 0; p0 <= needed; p0 += batchPlanes) {
      const int p1 = min(p0 + batchPlanes, needed + 1);
      for (int li = p0; li < p1; ++li) {
        const int length = lengths[li];
        const int p = FloorPow2(length);
        while (currentP < p) { // next doubling level, for the whole halo width
          const int s = currentP;
          for (int hy = threadIdx.y; hy < haloH; hy += kThreadsY)
            for (int hx = threadIdx.x; hx + s < haloW; hx += kThreadsX)
              spare[hy * haloW + hx] =
                  Pick<kMax>(current[hy * haloW + hx], current[hy * haloW + hx + s]);
          __syncthreads();
          T* done = spare;
          spare = current;
          current = done;
          currentP *= 2;
        }
        // C_a for the tile's columns cx: window [cx + rx - a, cx + rx + a] of the halo row.
        const int a = (length - 1) / 2;
        T* target = planes + (li - p0) * plane;
        for (int hy = threadIdx.y; hy < haloH; hy += kThreadsY)
#pragma unroll
          for (int px = 0; px < kPX; ++px) {
            const int cx = threadIdx.x + px * kThreadsX;
            const T* row = current + hy * haloW + cx + rx;
            target[hy * kTileX + cx] = Pick<kMax>(row[-a], row[a - p + 1]);
          }
      }
      __syncthreads(); // the batch's planes are complete
      // Plane row of chord c for output row threadIdx.y: rowIndex[c] + rowBase (in kTileX units).
      const int rowBase = static_cast<int>(threadIdx.y) - p0 * haloH;
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz < -rz || dz > rz) continue;
        const int g = (dz + rz) * lengthCount;
        int c = groupStart[g + p0];
        const int cEnd = groupStart[g + p1];
        // Two independent chains (acc[t] and `other`), two rows each per step: four rows' loads
        // in flight and half the dependent max/min chain; max/min is associative, so exact.
        Word other[kPY][kCols];
#pragma unroll
        for (int py = 0; py < kPY; ++py)
#pragma unroll
          for (int w = 0; w < kCols; ++w) other[py][w] = identityWord;
        if ((c & 1) && c < cEnd) { // from an even chord on, two indices per 32-bit load
          foldRow(other, planes + (rowIndex[c] + rowBase) * kTileX);
          ++c;
        }
        const unsigned* indexPairs = reinterpret_cast<const unsigned*>(rowIndex);
#pragma unroll 2
        for (; c + 1 < cEnd; c += 2) {
          const unsigned pair = indexPairs[c >> 1]; // rowIndex[c] low half, rowIndex[c + 1] high
          foldRow(acc[t], planes + (static_cast<int>(pair & 0xffffu) + rowBase) * kTileX);
          foldRow(other, planes + (static_cast<int>(pair >> 16) + rowBase) * kTileX);
        }
        if (c < cEnd) foldRow(acc[t], planes + (rowIndex[c] + rowBase) * kTileX);
#pragma unroll
        for (int py = 0; py < kPY; ++py)
#pragma unroll
          for (int w = 0; w < kCols; ++w) {
            if constexpr (kPairs)
              acc[t][py][w] = PickPair<T, kMax>(acc[t][py][w], other[py][w]);
            else
              acc[t][py][w] = Pick<kMax>(acc[t][py][w], other[py][w]);
          }
      }
      if (p1 <= needed) __syncthreads(); // the next batch overwrites the planes
    }
  }

  tileAcc.store(out, size, x0, y0, z0, slices.end);
}

/// Shared bytes of a block with `batch` planes per batch.
template <class T>
std::size_t PlaneSharedBytes(const DeviceChordTable& table, int tileX, int tileY, int batch) {
  const std::size_t haloW = static_cast<std::size_t>(tileX) + 2 * table.reachX;
  const std::size_t haloH = static_cast<std::size_t>(tileY) + 2 * table.reachY;
  return PlaneTableBytes(table) +
         (2 * haloW * haloH + static_cast<std::size_t>(batch) * tileX * haloH) * sizeof(T);
}

template <class T, bool kMax, int kSlices, int kPX, int kPY>
bool Launch(const T* in, T* out, VolumeSize size, SliceRange slices, const DeviceChordTable& table,
            T boundary, cudaStream_t stream) {
  constexpr int kTileX = kThreadsX * kPX, kTileY = kThreadsY * kPY;
  const std::size_t limit = static_cast<std::size_t>(MaxSharedBytesPerBlock());
  // Two blocks per SM when every plane, or at least four per batch, fit in half the memory (a
  // second block hides the other's barriers); otherwise as many planes per batch as one block
  // can hold (each batch costs two barriers per input slice).
  const std::size_t onePlane = PlaneSharedBytes<T>(table, kTileX, kTileY, 1);
  if (onePlane > limit) return false;
  // Plane rows are kept as unsigned short (li * haloH + ry + dy < lengthCount * haloH).
  if (static_cast<long long>(table.lengthCount) * (kTileY + 2LL * table.reachY) > 65535)
    return false;
  const std::size_t perPlane = static_cast<std::size_t>(kTileX) *
                               (static_cast<std::size_t>(kTileY) + 2 * table.reachY) * sizeof(T);
  const std::size_t fixed = onePlane - perPlane;
  const std::size_t all = fixed + perPlane * static_cast<std::size_t>(table.lengthCount);
  const std::size_t half = limit / 2 - 1024; // the SM reserves 1 KiB per resident block
  const bool twoBlocks = all <= half || fixed + 4 * perPlane <= half;
  const std::size_t budget = twoBlocks ? half : limit;
  const int batch = static_cast<int>(std::min<std::size_t>(
      static_cast<std::size_t>(table.lengthCount), (budget - fixed) / perPlane));
  const std::size_t sharedBytes = fixed + perPlane * static_cast<std::size_t>(batch);

  const auto kernel = CentredPlaneKernel<T, kMax, kSlices, kPX, kPY>;
  if (sharedBytes > 48 * 1024)
    CUMED_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(sharedBytes)));
  const T identity = kMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  const dim3 block(kThreadsX, kThreadsY);
  if (slices.end <= slices.begin) return true; // nothing to write
  const dim3 grid((size.x + kTileX - 1) / kTileX, (size.y + kTileY - 1) / kTileY,
                  (slices.end - slices.begin + kSlices - 1) / kSlices);
  kernel<<<grid, block, sharedBytes, stream>>>(in, out, size, slices, table, boundary, identity,
                                               batch);
  CUMED_CHECK_LAUNCH("CentredPlaneKernel");
  return true;
}

template <class T, bool kMax>
bool LaunchShape(const T* in, T* out, VolumeSize size, SliceRange slices,
                 const DeviceChordTable& table, T boundary, cudaStream_t stream) {
  // 2D elements: wide tiles of one slice. 3D: slide over 8 output slices, 16 (16-bit pixels: 32)
  // when the z reach is large (the loads and runs of the 2 * reach_z extra input slices are
  // shared by more outputs).
  if (table.reachZ == 0)
    return Launch<T, kMax, 1, 4, 2>(in, out, size, slices, table, boundary, stream);
  if constexpr (sizeof(T) == 2) // pairs keep 32 slices x 2 rows in 64 registers
    if (table.reachZ >= 16 &&
        Launch<T, kMax, 32, 2, 2>(in, out, size, slices, table, boundary, stream))
      return true;
  if (table.reachZ >= 8 &&
      Launch<T, kMax, 16, 2, 2>(in, out, size, slices, table, boundary, stream))
    return true;
  return Launch<T, kMax, 8, 2, 2>(in, out, size, slices, table, boundary, stream);
}

} // namespace

template <class T>
bool LaunchCentredPlaneFilter(const T* in, T* out, VolumeSize size, SliceRange slices,
                              const DeviceChordTable& table, bool maximum, T boundary,
                              CUstream_st* stream) {
  if (!table.rowHalfLength || table.lengthCount < 1 || table.chordCount < 1) return false;
  return maximum ? LaunchShape<T, true>(in, out, size, slices, table, boundary, stream)
                 : LaunchShape<T, false>(in, out, size, slices, table, boundary, stream);
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template bool LaunchCentredPlaneFilter<T>(const T*, T*, VolumeSize, SliceRange,                  \
                                            const DeviceChordTable&, bool, T, CUstream_st*);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

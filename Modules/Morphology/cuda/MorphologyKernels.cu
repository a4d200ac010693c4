// CUDA kernels of grayscale morphology by chords.
//
// ChordTileKernel: a block owns a (32*kPX) x (8*kPY) output tile over kSlices consecutive z slices
// and slides through the input slices zz that reach them (the seed's column sliding, along z), so
// each input slice is read from global memory once per block (plus halo). Per input slice:
//  1. the tile and its halo are loaded into shared memory (outside the image: `boundary`);
//  2. the running extremum R_L of every chord length L is built for the whole halo tile, either
//     all lengths in one pass from the raw tile (kAllLengths: one planes per length, one sync), or,
//     when that does not fit, grown length by length in two ping-pong planes;
//  3. every chord of every output slice this input slice reaches is folded into per-thread
//     register accumulators: one shared-memory read and one max/min per chord and pixel.
// The chord table (lengths, group starts, offsets) is copied into shared memory once per block,
// so the inner loops read it with broadcasts.
#include "MorphologyKernels.h"
#include "TileAccumulators.cuh"

#include "DeviceLimits.h"
#include "cumed/core/CudaCheck.h"

#include <cstdint>
#include <limits>

namespace cumed::morphology::cuda {
namespace {

constexpr int kThreadsX = kTileThreadsX;
constexpr int kThreadsY = kTileThreadsY;
constexpr int kThreads = kThreadsX * kThreadsY;
/// Chord tables up to this size are copied into shared memory (the common case by far).
constexpr int kMaxSharedTableBytes = 16 * 1024;

__device__ __forceinline__ bool GroupHasChords(const int* groupStart, int lengthCount, int dz,
                                               int reachZ) {
  const int first = (dz + reachZ) * lengthCount;
  return groupStart[first] < groupStart[first + lengthCount];
}

/// Bytes of the chord table as the kernel keeps it in shared memory (16-byte aligned).
__host__ __device__ inline int SharedTableBytes(const DeviceChordTable& table) {
  const int groups = (2 * table.reachZ + 1) * table.lengthCount + 1;
  const int bytes = (table.lengthCount + groups) * 4 + table.chordCount * 4;
  return (bytes + 15) / 16 * 16;
}

template <class T, bool kMax, int kSlices, int kPX, int kPY, bool kAllLengths>
__global__ void __launch_bounds__(kThreads)
    ChordTileKernel(const T* __restrict__ in, T* __restrict__ out, VolumeSize size,
                    SliceRange slices, DeviceChordTable table, T boundary, T identity,
                    bool tableInShared) {
  constexpr int kTileX = kThreadsX * kPX, kTileY = kThreadsY * kPY;
  extern __shared__ __align__(16) unsigned char sharedBytes[];

  // The chord table: shared copy when it fits, else global memory (read through L1).
  const int lengthCount = table.lengthCount;
  const int groups = (2 * table.reachZ + 1) * lengthCount + 1;
  const int rx = table.reachX, ry = table.reachY, rz = table.reachZ;
  const int haloW = kTileX + 2 * rx;
  const int* lengths = table.lengths;
  const int* groupStart = table.groupStart;
  const int* chordOffsets = nullptr; // dy * haloW + dx0 of each chord, when the table is shared
  unsigned char* planesBytes = sharedBytes;
  if (tableInShared) {
    int* sharedInts = reinterpret_cast<int*>(sharedBytes);
    const int thread = threadIdx.y * kThreadsX + threadIdx.x;
    for (int i = thread; i < lengthCount; i += kThreads) sharedInts[i] = table.lengths[i];
    for (int i = thread; i < groups; i += kThreads)
      sharedInts[lengthCount + i] = table.groupStart[i];
    int* offsets = sharedInts + lengthCount + groups;
    for (int i = thread; i < table.chordCount; i += kThreads)
      offsets[i] = table.chords[i].dy * haloW + table.chords[i].dx0;
    lengths = sharedInts;
    groupStart = sharedInts + lengthCount;
    chordOffsets = offsets;
    planesBytes += SharedTableBytes(table);
  }
  __syncthreads(); // the table is readable by every thread from here on

  const int haloH = kTileY + 2 * ry;
  const int plane = haloW * haloH;
  T* tile = reinterpret_cast<T*>(planesBytes);
  T* runs = tile + plane; // kAllLengths: lengthCount planes; else two ping-pong planes

  const int x0 = blockIdx.x * kTileX, y0 = blockIdx.y * kTileY;
  const int z0 = slices.begin + blockIdx.z * kSlices;

  TileAccumulators<T, kMax, kSlices, kPY, kPX> tileAcc;
  tileAcc.fill(identity);
  auto& acc = tileAcc.value;

  for (int zz = z0 - rz; zz < z0 + kSlices + rz; ++zz) {
    if (zz < 0 || zz >= size.z) { // a slice outside the image: its chords all read `boundary`
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz < -rz || dz > rz || !GroupHasChords(groupStart, lengthCount, dz, rz)) continue;
        tileAcc.foldSlice(t, boundary);
      }
      continue;
    }
    __syncthreads(); // everyone is done with the previous slice's planes
    LoadHaloTile(in, size, zz, x0, y0, rx, ry, haloW, haloH, boundary, tile);
    __syncthreads();

    const T* current = tile;
    if constexpr (kAllLengths) { // every R_L from the raw tile in one pass
      const int longest = lengths[lengthCount - 1];
      for (int hy = threadIdx.y; hy < haloH; hy += kThreadsY)
        for (int hx = threadIdx.x; hx < haloW; hx += kThreadsX) {
          const T* source = tile + hy * haloW + hx;
          T running = source[0];
          int li = 0;
          if (lengths[0] == 1) runs[hy * haloW + hx] = running, li = 1;
          for (int k = 1; k < longest && hx + k < haloW && li < lengthCount; ++k) {
            running = Pick<kMax>(running, source[k]);
            if (k + 1 == lengths[li]) runs[li * plane + hy * haloW + hx] = running, ++li;
          }
        }
      __syncthreads();
    }

    T* spare = runs;
    int currentLength = 1;
    for (int li = 0; li < lengthCount; ++li) {
      if constexpr (kAllLengths) {
        current = runs + li * plane;
      } else {
        const int length = lengths[li];
        while (currentLength < length) { // R_(l+s)[i] = op(R_l[i], R_l[i+s]) with s <= l
          const int step = min(currentLength, length - currentLength);
          for (int hy = threadIdx.y; hy < haloH; hy += kThreadsY)
            for (int hx = threadIdx.x; hx + step < haloW; hx += kThreadsX)
              spare[hy * haloW + hx] =
                  Pick<kMax>(current[hy * haloW + hx], current[hy * haloW + hx + step]);
          __syncthreads();
          current = spare;
          spare = spare == runs ? runs + plane : runs;
          currentLength += step;
        }
      }
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz < -rz || dz > rz) continue;
        const int group = (dz + rz) * lengthCount + li;
        const T* base = current + (threadIdx.y + ry) * haloW + threadIdx.x + rx;
#pragma unroll 2
        for (int c = groupStart[group]; c < groupStart[group + 1]; ++c) {
          const int offset =
              chordOffsets ? chordOffsets[c] : table.chords[c].dy * haloW + table.chords[c].dx0;
          const T* row0 = base + offset;
#pragma unroll
          for (int py = 0; py < kPY; ++py)
#pragma unroll
            for (int px = 0; px < kPX; ++px)
              acc[t][py][px] =
                  Pick<kMax>(acc[t][py][px], row0[py * kThreadsY * haloW + px * kThreadsX]);
        }
      }
    }
  }

  tileAcc.store(out, size, x0, y0, z0, slices.end);
}

/// The correct path for elements whose halo does not fit in shared memory: one thread per
/// output pixel reads every member straight from global memory (through the cache).
template <class T, bool kMax>
__global__ void ChordDirectKernel(const T* __restrict__ in, T* __restrict__ out, VolumeSize size,
                                  SliceRange slices, DeviceChordTable table, T boundary,
                                  T identity) {
  const std::size_t plane = static_cast<std::size_t>(size.x) * size.y;
  const std::size_t first = static_cast<std::size_t>(slices.begin) * plane;
  const std::size_t index = first + blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (index >= static_cast<std::size_t>(slices.end) * plane) return;
  const int x = static_cast<int>(index % size.x);
  const int y = static_cast<int>((index / size.x) % size.y);
  const int z = static_cast<int>(index / plane);
  T result = identity;
  for (int dz = -table.reachZ; dz <= table.reachZ; ++dz)
    for (int li = 0; li < table.lengthCount; ++li) {
      const int group = (dz + table.reachZ) * table.lengthCount + li;
      const int length = table.lengths[li];
      for (int c = table.groupStart[group]; c < table.groupStart[group + 1]; ++c) {
        const ChordOffset chord = table.chords[c];
        const int yy = y + chord.dy, zz = z + dz;
        const bool rowInside = yy >= 0 && yy < size.y && zz >= 0 && zz < size.z;
        for (int k = 0; k < length; ++k) {
          const int xx = x + chord.dx0 + k;
          const T value = rowInside && xx >= 0 && xx < size.x
                              ? in[(static_cast<std::size_t>(zz) * size.y + yy) * size.x + xx]
                              : boundary;
          result = Pick<kMax>(result, value);
        }
      }
    }
  out[index] = result;
}

template <class T>
__global__ void PadKernel(const T* __restrict__ in, VolumeSize size, T* __restrict__ out, int padX,
                          int padY, int padZ, T value) {
  const int px = size.x + 2 * padX, py = size.y + 2 * padY, pz = size.z + 2 * padZ;
  const std::size_t total = static_cast<std::size_t>(px) * py * pz;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    const int x = static_cast<int>(i % px) - padX;
    const int y = static_cast<int>((i / px) % py) - padY;
    const int z = static_cast<int>(i / (static_cast<std::size_t>(px) * py)) - padZ;
    const bool inside = x >= 0 && x < size.x && y >= 0 && y < size.y && z >= 0 && z < size.z;
    out[i] = inside ? in[(static_cast<std::size_t>(z) * size.y + y) * size.x + x] : value;
  }
}

template <class T>
__global__ void CropKernel(const T* __restrict__ in, VolumeSize size, T* __restrict__ out, int padX,
                           int padY, int padZ) {
  const int px = size.x + 2 * padX, py = size.y + 2 * padY;
  const std::size_t total = static_cast<std::size_t>(size.x) * size.y * size.z;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    const int x = static_cast<int>(i % size.x);
    const int y = static_cast<int>((i / size.x) % size.y);
    const int z = static_cast<int>(i / (static_cast<std::size_t>(size.x) * size.y));
    out[i] = in[(static_cast<std::size_t>(z + padZ) * py + y + padY) * px + x + padX];
  }
}

unsigned GridFor(std::size_t n, unsigned block) {
  const std::size_t blocks = (n + block - 1) / block;
  return static_cast<unsigned>(blocks < 65535u * 32u ? blocks : 65535u * 32u);
}

/// Shared memory a tile kernel needs: the table (when copied) and its planes.
template <class T>
std::size_t TileSharedBytes(const DeviceChordTable& table, int tileX, int tileY, int planes,
                            bool tableInShared) {
  const std::size_t plane = static_cast<std::size_t>(tileX + 2 * table.reachX) *
                            static_cast<std::size_t>(tileY + 2 * table.reachY);
  return (tableInShared ? SharedTableBytes(table) : 0) + planes * plane * sizeof(T);
}

template <class T, bool kMax, int kSlices, int kPX, int kPY, bool kAllLengths>
void LaunchTile(const T* in, T* out, VolumeSize size, SliceRange slices,
                const DeviceChordTable& table, T boundary, T identity, bool tableInShared,
                std::size_t sharedBytes, cudaStream_t stream) {
  const auto kernel = ChordTileKernel<T, kMax, kSlices, kPX, kPY, kAllLengths>;
  if (sharedBytes > 48 * 1024)
    CUMED_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(sharedBytes)));
  constexpr int kTileX = kThreadsX * kPX, kTileY = kThreadsY * kPY;
  const dim3 block(kThreadsX, kThreadsY);
  const dim3 grid((size.x + kTileX - 1) / kTileX, (size.y + kTileY - 1) / kTileY,
                  (slices.end - slices.begin + kSlices - 1) / kSlices);
  kernel<<<grid, block, sharedBytes, stream>>>(in, out, size, slices, table, boundary, identity,
                                               tableInShared);
  CUMED_CHECK_LAUNCH("ChordTileKernel");
}

/// Picks the tile shape for the element (2D: wide tiles of one slice; 3D: z-sliding over 8
/// slices) and the fastest variant that fits shared memory; false when none fits.
template <class T, bool kMax, int kSlices, int kPX, int kPY>
bool TryTile(const T* in, T* out, VolumeSize size, SliceRange slices, const DeviceChordTable& table,
             T boundary, T identity, cudaStream_t stream) {
  const bool tableInShared = SharedTableBytes(table) <= kMaxSharedTableBytes;
  const std::size_t limit = static_cast<std::size_t>(MaxSharedBytesPerBlock());
  constexpr int kTileX = kThreadsX * kPX, kTileY = kThreadsY * kPY;
  // All lengths at once while it stays small enough for two blocks per SM; else ping-pong.
  const std::size_t allLengths =
      TileSharedBytes<T>(table, kTileX, kTileY, 1 + table.lengthCount, tableInShared);
  if (allLengths <= std::min<std::size_t>(limit, 100 * 1024)) {
    LaunchTile<T, kMax, kSlices, kPX, kPY, true>(in, out, size, slices, table, boundary, identity,
                                                 tableInShared, allLengths, stream);
    return true;
  }
  const std::size_t pingPong = TileSharedBytes<T>(table, kTileX, kTileY, 3, tableInShared);
  if (pingPong <= limit) {
    LaunchTile<T, kMax, kSlices, kPX, kPY, false>(in, out, size, slices, table, boundary, identity,
                                                  tableInShared, pingPong, stream);
    return true;
  }
  return false;
}

template <class T, bool kMax>
void LaunchFilter(const T* in, T* out, VolumeSize size, SliceRange slices,
                  const DeviceChordTable& table, T boundary, cudaStream_t stream) {
  const T identity = kMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  // Sliding along z pays off only when the element spans several slices.
  const bool launched =
      table.reachZ == 0
          ? TryTile<T, kMax, 1, 4, 2>(in, out, size, slices, table, boundary, identity, stream)
          : TryTile<T, kMax, 8, 2, 2>(in, out, size, slices, table, boundary, identity, stream);
  if (launched) return;
  const std::size_t total = static_cast<std::size_t>(size.x) * size.y * (slices.end - slices.begin);
  const unsigned block = 256;
  ChordDirectKernel<T, kMax>
      <<<static_cast<unsigned>((total + block - 1) / block), block, 0, stream>>>(
          in, out, size, slices, table, boundary, identity);
  CUMED_CHECK_LAUNCH("ChordDirectKernel");
}

} // namespace

template <class T>
void LaunchChordFilter(const T* in, T* out, VolumeSize size, SliceRange slices,
                       const DeviceChordTable& table, bool maximum, T boundary,
                       CUstream_st* stream) {
  slices.begin = slices.begin < 0 ? 0 : slices.begin;
  slices.end = slices.end > size.z ? size.z : slices.end;
  if (slices.end <= slices.begin || size.x <= 0 || size.y <= 0) return; // nothing to write
  if (LaunchCentredChordFilter(in, out, size, slices, table, maximum, boundary, stream)) return;
  if (maximum)
    LaunchFilter<T, true>(in, out, size, slices, table, boundary, stream);
  else
    LaunchFilter<T, false>(in, out, size, slices, table, boundary, stream);
}

template <class T>
void LaunchPad(const T* in, VolumeSize size, T* out, int padX, int padY, int padZ, T value,
               CUstream_st* stream) {
  const std::size_t total =
      static_cast<std::size_t>(size.x + 2 * padX) * (size.y + 2 * padY) * (size.z + 2 * padZ);
  PadKernel<T><<<GridFor(total, 256), 256, 0, stream>>>(in, size, out, padX, padY, padZ, value);
  CUMED_CHECK_LAUNCH("PadKernel");
}

template <class T>
void LaunchCrop(const T* in, VolumeSize size, T* out, int padX, int padY, int padZ,
                CUstream_st* stream) {
  const std::size_t total = static_cast<std::size_t>(size.x) * size.y * size.z;
  CropKernel<T><<<GridFor(total, 256), 256, 0, stream>>>(in, size, out, padX, padY, padZ);
  CUMED_CHECK_LAUNCH("CropKernel");
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template void LaunchChordFilter<T>(const T*, T*, VolumeSize, SliceRange,                         \
                                     const DeviceChordTable&, bool, T, CUstream_st*);              \
  template void LaunchPad<T>(const T*, VolumeSize, T*, int, int, int, T, CUstream_st*);            \
  template void LaunchCrop<T>(const T*, VolumeSize, T*, int, int, int, CUstream_st*);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

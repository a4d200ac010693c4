// CUDA kernels of grayscale morphology by chords.
//
// ChordTileKernel: a block owns a 64x16 output tile over kSlices consecutive z slices and slides
// through the input slices zz that reach them (the seed's column sliding, along z). For each input
// slice it loads the tile plus its halo into shared memory once, grows the running extremum of
// every chord length from the previous length (R_L = op(R_l, R_l shifted), ping-pong buffers), and
// folds every chord of every output slice that this input slice reaches into per-thread register
// accumulators. Global memory is read once per block and slice (plus halo), written once.
#include "MorphologyKernels.h"

#include "cumed/core/CudaCheck.h"

#include <cstdint>
#include <limits>

namespace cumed::morphology::cuda {
namespace {

constexpr int kThreadsX = 32;
constexpr int kThreadsY = 8;
constexpr int kPixelsX = 2; // per thread, strided by kThreadsX so warps stay coalesced
constexpr int kPixelsY = 2;
constexpr int kTileX = kThreadsX * kPixelsX;
constexpr int kTileY = kThreadsY * kPixelsY;

template <bool kMax, class T> __device__ __forceinline__ T Pick(T a, T b) {
  if constexpr (kMax)
    return a < b ? b : a;
  else
    return b < a ? b : a;
}

__device__ __forceinline__ bool GroupHasChords(const DeviceChordTable& table, int dz) {
  const int first = (dz + table.reachZ) * table.lengthCount;
  return table.groupStart[first] < table.groupStart[first + table.lengthCount];
}

template <class T, bool kMax, int kSlices>
__global__ void __launch_bounds__(kThreadsX* kThreadsY)
    ChordTileKernel(const T* __restrict__ in, T* __restrict__ out, VolumeSize size,
                    DeviceChordTable table, T boundary, T identity) {
  extern __shared__ __align__(16) unsigned char sharedBytes[];
  const int haloW = kTileX + 2 * table.reachX;
  const int haloH = kTileY + 2 * table.reachY;
  const int plane = haloW * haloH;
  T* tile = reinterpret_cast<T*>(sharedBytes);
  T* ping = tile + plane;
  T* pong = ping + plane;

  const int x0 = blockIdx.x * kTileX, y0 = blockIdx.y * kTileY, z0 = blockIdx.z * kSlices;
  const int thread = threadIdx.y * kThreadsX + threadIdx.x;
  constexpr int kThreads = kThreadsX * kThreadsY;
  const int rz = table.reachZ;

  T acc[kSlices][kPixelsY][kPixelsX];
#pragma unroll
  for (int t = 0; t < kSlices; ++t)
#pragma unroll
    for (int py = 0; py < kPixelsY; ++py)
#pragma unroll
      for (int px = 0; px < kPixelsX; ++px) acc[t][py][px] = identity;

  for (int zz = z0 - rz; zz < z0 + kSlices + rz; ++zz) {
    if (zz < 0 || zz >= size.z) { // a slice outside the image: its chords all read `boundary`
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz < -rz || dz > rz || !GroupHasChords(table, dz)) continue;
#pragma unroll
        for (int py = 0; py < kPixelsY; ++py)
#pragma unroll
          for (int px = 0; px < kPixelsX; ++px)
            acc[t][py][px] = Pick<kMax>(acc[t][py][px], boundary);
      }
      continue;
    }
    __syncthreads(); // everyone is done reading the previous slice's buffers
    const T* slice = in + static_cast<std::size_t>(zz) * size.y * size.x;
    for (int i = thread; i < plane; i += kThreads) {
      const int hy = i / haloW, hx = i - hy * haloW;
      const int x = x0 - table.reachX + hx, y = y0 - table.reachY + hy;
      tile[i] = (x >= 0 && x < size.x && y >= 0 && y < size.y)
                    ? slice[static_cast<std::size_t>(y) * size.x + x]
                    : boundary;
    }
    __syncthreads();

    const T* current = tile;
    T* spare = ping;
    int currentLength = 1;
    for (int li = 0; li < table.lengthCount; ++li) {
      const int length = table.lengths[li];
      while (currentLength < length) { // R_(l+s)[i] = op(R_l[i], R_l[i+s]) with s <= l
        const int step = min(currentLength, length - currentLength);
        for (int i = thread; i < plane; i += kThreads) {
          const int hx = i % haloW;
          if (hx + step < haloW) spare[i] = Pick<kMax>(current[i], current[i + step]);
        }
        __syncthreads();
        current = spare;
        spare = spare == ping ? pong : ping;
        currentLength += step;
      }
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz < -rz || dz > rz) continue;
        const int group = (dz + rz) * table.lengthCount + li;
        for (int c = table.groupStart[group]; c < table.groupStart[group + 1]; ++c) {
          const ChordOffset chord = table.chords[c];
          const T* row0 = current + (threadIdx.y + table.reachY + chord.dy) * haloW +
                          threadIdx.x + table.reachX + chord.dx0;
#pragma unroll
          for (int py = 0; py < kPixelsY; ++py)
#pragma unroll
            for (int px = 0; px < kPixelsX; ++px)
              acc[t][py][px] =
                  Pick<kMax>(acc[t][py][px], row0[py * kThreadsY * haloW + px * kThreadsX]);
        }
      }
    }
  }

#pragma unroll
  for (int t = 0; t < kSlices; ++t) {
    const int z = z0 + t;
    if (z >= size.z) break;
#pragma unroll
    for (int py = 0; py < kPixelsY; ++py) {
      const int y = y0 + threadIdx.y + py * kThreadsY;
      if (y >= size.y) continue;
#pragma unroll
      for (int px = 0; px < kPixelsX; ++px) {
        const int x = x0 + threadIdx.x + px * kThreadsX;
        if (x < size.x) out[(static_cast<std::size_t>(z) * size.y + y) * size.x + x] = acc[t][py][px];
      }
    }
  }
}

/// The correct path for elements whose halo does not fit in shared memory: one thread per
/// output pixel reads every member straight from global memory (through the cache).
template <class T, bool kMax>
__global__ void ChordDirectKernel(const T* __restrict__ in, T* __restrict__ out, VolumeSize size,
                                  DeviceChordTable table, T boundary, T identity) {
  const std::size_t index = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const std::size_t total = static_cast<std::size_t>(size.x) * size.y * size.z;
  if (index >= total) return;
  const int x = static_cast<int>(index % size.x);
  const int y = static_cast<int>((index / size.x) % size.y);
  const int z = static_cast<int>(index / (static_cast<std::size_t>(size.x) * size.y));
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
__global__ void CropKernel(const T* __restrict__ in, VolumeSize size, T* __restrict__ out,
                           int padX, int padY, int padZ) {
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

int MaxSharedBytesPerBlock() {
  static const int bytes = [] {
    int device = 0, value = 48 * 1024;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    return value;
  }();
  return bytes;
}

template <class T, bool kMax, int kSlices>
void LaunchTile(const T* in, T* out, VolumeSize size, const DeviceChordTable& table, T boundary,
                T identity, std::size_t sharedBytes, cudaStream_t stream) {
  const auto kernel = ChordTileKernel<T, kMax, kSlices>;
  if (sharedBytes > 48 * 1024)
    CUMED_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(sharedBytes)));
  const dim3 block(kThreadsX, kThreadsY);
  const dim3 grid((size.x + kTileX - 1) / kTileX, (size.y + kTileY - 1) / kTileY,
                  (size.z + kSlices - 1) / kSlices);
  kernel<<<grid, block, sharedBytes, stream>>>(in, out, size, table, boundary, identity);
  CUMED_CHECK_LAUNCH("ChordTileKernel");
}

template <class T, bool kMax>
void LaunchFilter(const T* in, T* out, VolumeSize size, const DeviceChordTable& table, T boundary,
                  cudaStream_t stream) {
  const T identity = kMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  const std::size_t plane = static_cast<std::size_t>(kTileX + 2 * table.reachX) *
                            (kTileY + 2 * table.reachY);
  const std::size_t sharedBytes = 3 * plane * sizeof(T);
  if (sharedBytes <= static_cast<std::size_t>(MaxSharedBytesPerBlock())) {
    // Sliding along z pays off only when the element spans several slices.
    if (table.reachZ == 0)
      LaunchTile<T, kMax, 1>(in, out, size, table, boundary, identity, sharedBytes, stream);
    else
      LaunchTile<T, kMax, 8>(in, out, size, table, boundary, identity, sharedBytes, stream);
    return;
  }
  const std::size_t total = static_cast<std::size_t>(size.x) * size.y * size.z;
  const unsigned block = 256;
  ChordDirectKernel<T, kMax><<<static_cast<unsigned>((total + block - 1) / block), block, 0,
                               stream>>>(in, out, size, table, boundary, identity);
  CUMED_CHECK_LAUNCH("ChordDirectKernel");
}

} // namespace

template <class T>
void LaunchChordFilter(const T* in, T* out, VolumeSize size, const DeviceChordTable& table,
                       bool maximum, T boundary, CUstream_st* stream) {
  if (maximum)
    LaunchFilter<T, true>(in, out, size, table, boundary, stream);
  else
    LaunchFilter<T, false>(in, out, size, table, boundary, stream);
}

template <class T>
void LaunchPad(const T* in, VolumeSize size, T* out, int padX, int padY, int padZ, T value,
               CUstream_st* stream) {
  const std::size_t total = static_cast<std::size_t>(size.x + 2 * padX) * (size.y + 2 * padY) *
                            (size.z + 2 * padZ);
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

#define CUMED_INSTANTIATE(T)                                                                      \
  template void LaunchChordFilter<T>(const T*, T*, VolumeSize, const DeviceChordTable&, bool, T,  \
                                     CUstream_st*);                                               \
  template void LaunchPad<T>(const T*, VolumeSize, T*, int, int, int, T, CUstream_st*);           \
  template void LaunchCrop<T>(const T*, VolumeSize, T*, int, int, int, CUstream_st*);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

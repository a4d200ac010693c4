// CUDA kernels of bit-packed binary morphology (PackedBinaryKernels.h).
//
// A binary mask filtered as uint8 moves and compares 8 bits per voxel; packed, one 32-bit word
// holds 32 voxels of a row, a chord of any length is one funnel shift and one OR/AND per word,
// and the volume is 1/8 of the uint8 mask. Three kernels:
//  - PackObjectKernel: in == foreground, 32 lanes of a warp -> one word by __ballot_sync;
//  - PackedChordKernel: the grayscale chord kernel's z sliding on words: a block owns a tile of
//    words x rows over kSlices output slices; for each input slice it computes in shared memory
//    the run words R_L of every distinct chord length once (RunWindow), then folds every chord
//    (dy, dx0, L) of every output slice it reaches as funnelshift(R_L[row dy], dx0), for two
//    output rows per thread (the chord's lookup and address are shared);
//  - UnpackKernel: reads the input again and writes ITK's value mapping (BinaryValueMapping.h).
// Packing and unpacking are pure memory traffic (the chord kernel touches only 1/8 of it): with
// whole-word rows (width % 32 == 0, as 512-wide CT) their Vector variants move 16 bytes a lane.
#include "PackedBinaryKernels.h"

#include "../src/BinaryValueMapping.h"
#include "DeviceLimits.h"
#include "PackedWords.h"
#include "cumed/core/CudaCheck.h"

#include <cstdint>

namespace cumed::morphology::cuda {
namespace {

using packed::Combine;
using packed::RunWindow;

// ---- packing and unpacking: each warp owns kWordsPerWarp consecutive words of one row -------

constexpr int kWordsPerWarp = 8; // 8 independent loads per lane in flight
constexpr int kElementwiseThreads = 256;

/// A warp's segment of a row: words [first, first + kWordsPerWarp) of row `row`, and its lane's
/// voxel x = 32 * first + lane; voxel x + 32k belongs to word first + k. One 32-bit division
/// per warp; the loads and stores then use constant offsets from one pointer.
struct Segment {
  unsigned row;
  int first, x;
  bool valid;
  __device__ explicit Segment(const PackedGeometry& g, unsigned rowCount) {
    const unsigned segmentsPerRow = (g.words + kWordsPerWarp - 1) / kWordsPerWarp;
    const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    row = warp / segmentsPerRow;
    first = int(warp - row * segmentsPerRow) * kWordsPerWarp;
    x = 32 * first + int(threadIdx.x & 31);
    valid = row < rowCount; // uniform over the warp
  }
  __device__ bool hasWord(const PackedGeometry& g, int k) const { return first + k < g.words; }
};

std::size_t ElementwiseThreads(const PackedGeometry& g) {
  const std::size_t segmentsPerRow = (g.words + kWordsPerWarp - 1) / kWordsPerWarp;
  return std::size_t(g.height) * std::size_t(g.depth) * segmentsPerRow * 32;
}

unsigned ElementwiseBlocks(const PackedGeometry& g) {
  return static_cast<unsigned>((ElementwiseThreads(g) + kElementwiseThreads - 1) /
                               kElementwiseThreads);
}

template <class T>
__global__ void __launch_bounds__(kElementwiseThreads)
    PackObjectKernel(const T* __restrict__ in, T foreground, bool boundaryBit,
                     std::uint32_t* __restrict__ packed, PackedGeometry g, unsigned rowCount) {
  const Segment segment(g, rowCount);
  if (!segment.valid) return; // uniform over the warp: the ballots below see all 32 lanes
  const T* voxel = in + std::size_t(segment.row) * g.width + segment.x;
  bool bits[kWordsPerWarp];
#pragma unroll
  for (int k = 0; k < kWordsPerWarp; ++k) // bits past the row's end read the boundary
    bits[k] = segment.x + 32 * k < g.width ? voxel[32 * k] == foreground : boundaryBit;
  std::uint32_t* words = packed + std::size_t(segment.row) * g.words + segment.first;
#pragma unroll
  for (int k = 0; k < kWordsPerWarp; ++k) {
    const std::uint32_t word = __ballot_sync(0xffffffffu, bits[k]);
    if ((threadIdx.x & 31) == k && segment.hasWord(g, k)) words[k] = word;
  }
}

template <class T> struct DilatedMapping {
  T foreground, background;
  __device__ T operator()(bool reached, T in) const {
    return detail::DilatedValue(reached, in, foreground, background);
  }
};
template <class T> struct ErodedMapping {
  T foreground, background;
  __device__ T operator()(bool kept, T in) const {
    return detail::ErodedValue(kept, in, foreground, background);
  }
};

template <class T, class Mapping>
__global__ void __launch_bounds__(kElementwiseThreads)
    UnpackKernel(const std::uint32_t* __restrict__ bits, const T* __restrict__ in,
                 T* __restrict__ out, PackedGeometry g, unsigned rowCount, Mapping mapping) {
  const Segment segment(g, rowCount);
  if (!segment.valid) return;
  const std::size_t offset = std::size_t(segment.row) * g.width + segment.x;
  const std::uint32_t* words = bits + std::size_t(segment.row) * g.words + segment.first;
  const int lane = threadIdx.x & 31;
  std::uint32_t word[kWordsPerWarp];
  T value[kWordsPerWarp];
#pragma unroll
  for (int k = 0; k < kWordsPerWarp; ++k) { // all loads first, then all stores
    const bool inside = segment.x + 32 * k < g.width;
    word[k] = inside ? words[k] : 0u; // the same address for the whole warp: one broadcast
    value[k] = inside ? in[offset + 32 * k] : T(0);
  }
#pragma unroll
  for (int k = 0; k < kWordsPerWarp; ++k)
    if (segment.x + 32 * k < g.width)
      out[offset + 32 * k] = mapping((word[k] >> lane) & 1u, value[k]);
}

// ---- the same with whole-word rows (width % 32 == 0, e.g. 512) and 16-byte aligned data: each
// lane moves 16 bytes (kVector voxels), and the lanes of one word combine bits by shuffles.

template <class T> struct Vector {
  static constexpr int kVoxels = 16 / sizeof(T);
  static constexpr int kLanesPerWord = 32 / kVoxels;
  union {
    uint4 raw;
    T values[kVoxels];
  };
};

template <class T>
__global__ void __launch_bounds__(kElementwiseThreads)
    PackObjectVectorKernel(const T* __restrict__ in, T foreground,
                           std::uint32_t* __restrict__ packed, std::size_t vectorCount) {
  using V = Vector<T>;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const bool inside = i < vectorCount; // whole words: every word's lanes are all inside or out
  std::uint32_t bits = 0;
  if (inside) {
    V v;
    v.raw = reinterpret_cast<const uint4*>(in)[i];
#pragma unroll
    for (int j = 0; j < V::kVoxels; ++j) bits |= std::uint32_t(v.values[j] == foreground) << j;
  }
  bits <<= (i % V::kLanesPerWord) * V::kVoxels;
#pragma unroll
  for (int m = 1; m < V::kLanesPerWord; m <<= 1) bits |= __shfl_xor_sync(0xffffffffu, bits, m);
  if (inside && i % V::kLanesPerWord == 0) packed[i / V::kLanesPerWord] = bits;
}

template <class T, class Mapping>
__global__ void __launch_bounds__(kElementwiseThreads)
    UnpackVectorKernel(const std::uint32_t* __restrict__ bits, const T* __restrict__ in,
                       T* __restrict__ out, std::size_t vectorCount, Mapping mapping) {
  using V = Vector<T>;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i >= vectorCount) return;
  const std::uint32_t word = bits[i / V::kLanesPerWord] >> ((i % V::kLanesPerWord) * V::kVoxels);
  V v;
  v.raw = reinterpret_cast<const uint4*>(in)[i];
#pragma unroll
  for (int j = 0; j < V::kVoxels; ++j) v.values[j] = mapping((word >> j) & 1u, v.values[j]);
  reinterpret_cast<uint4*>(out)[i] = v.raw;
}

bool WholeWordRows(const PackedGeometry& g) {
  return g.width % 32 == 0;
}
bool Aligned16(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

unsigned VectorBlocks(std::size_t vectorCount) {
  // Rounded up to whole warps: the shuffles of PackObjectVectorKernel need all 32 lanes.
  return static_cast<unsigned>((vectorCount + kElementwiseThreads - 1) / kElementwiseThreads);
}

template <class T> std::size_t VectorCount(const PackedGeometry& g) {
  return g.wordCount() * 32 / Vector<T>::kVoxels;
}

template <class T, class Mapping>
void LaunchUnpack(const std::uint32_t* bits, const T* in, T* out, const PackedGeometry& g,
                  Mapping mapping, cudaStream_t stream) {
  if (g.wordCount() == 0) return;
  if (WholeWordRows(g) && Aligned16(in) && Aligned16(out)) {
    const std::size_t vectors = VectorCount<T>(g);
    UnpackVectorKernel<<<VectorBlocks(vectors), kElementwiseThreads, 0, stream>>>(bits, in, out,
                                                                                  vectors, mapping);
    CUMED_CHECK_LAUNCH("UnpackVectorKernel");
    return;
  }
  UnpackKernel<<<ElementwiseBlocks(g), kElementwiseThreads, 0, stream>>>(
      bits, in, out, g, unsigned(g.height) * unsigned(g.depth), mapping);
  CUMED_CHECK_LAUNCH("UnpackKernel");
}

// ---- the chord filter on words ----------------------------------------------------------------

constexpr int kChordThreads = 256; ///< at most; narrow tiles use fewer
constexpr int kRowsPerThread = 2;  ///< one chord lookup serves two output rows

/// A block's tile: `words` x `rows` output words; blockDim = (words, rows / kRowsPerThread), and
/// thread (x, y) computes rows kRowsPerThread * y + r. Shared rows hold words + 2 halo words,
/// `stride` apart, chosen so that the rows one warp reads start in different banks.
struct TileShape {
  int words, rows, stride, slices;
  int threadRows() const { return rows / kRowsPerThread; }
};

/// slices: output z slices per block (the z sliding, 1 for flat elements).
TileShape ShapeFor(const PackedGeometry& g, int reachZ) {
  int words = 1;
  while (words < g.words && words < 32) words *= 2;
  const int threads = words >= 16 ? 128 : kChordThreads; // 4-warp blocks when rows are wide:
  // more blocks per SM (the grid spreads evenly) with two rows of work per thread.
  const int rows = threads / words * kRowsPerThread;
  // A warp reads 32 / words thread rows, kRowsPerThread tile rows apart: their first words fall
  // in distinct banks when kRowsPerThread * stride = words (mod 32).
  int stride = words + 2;
  if (words >= 8 && words < 32)
    while ((kRowsPerThread * stride) % 32 != words) ++stride;
  return {words, rows, stride, reachZ == 0 ? 1 : 8};
}

std::size_t Plane(const TileShape& shape, const ChordTable& table) {
  return std::size_t(shape.stride) * std::size_t(shape.rows + 2 * table.reach[1]);
}

std::size_t SharedBytes(const TileShape& shape, const ChordTable& table) {
  // +1 word: a chord with shift 0 reads (and ignores) the word after its row's last one.
  return (table.lengths.size() * Plane(shape, table) + 1) * sizeof(std::uint32_t);
}

/// The element as the kernel reads it: a kernel argument (constant bank, uniform broadcast
/// reads). Each chord is one int: its shared-memory offset from the thread's own halo word
/// (length plane + row dy + word offset of dx0) << 5 | the bit shift of dx0, dx0 = 32 * word +
/// shift. Chords are grouped by dz: [groupStart[dz + reachZ], groupStart[dz + reachZ + 1]).
struct ChordCodes {
  int reachY, reachZ, lengthCount;
  unsigned char lengths[2 * kPackedMaxReachX + 4]; ///< ascending
  short groupStart[2 * kPackedMaxReachYZ + 2];
  int codes[kPackedMaxChords];
};
static_assert(sizeof(ChordCodes) <= 4000, "kernel arguments are limited to 4 KiB");

ChordCodes MakeChordCodes(const ChordTable& table, const TileShape& shape) {
  ChordCodes codes{};
  codes.reachY = table.reach[1];
  codes.reachZ = table.reach[2];
  codes.lengthCount = static_cast<int>(table.lengths.size());
  for (int li = 0; li < codes.lengthCount; ++li)
    codes.lengths[li] = static_cast<unsigned char>(table.lengths[li]);
  const int plane = static_cast<int>(Plane(shape, table));
  int count = 0;
  for (int dz = -codes.reachZ; dz <= codes.reachZ; ++dz) {
    for (int li = 0; li < codes.lengthCount; ++li) {
      const int group = table.group(dz, li);
      for (int c = table.groupStart[group]; c < table.groupStart[group + 1]; ++c) {
        const ChordOffset chord = table.chords[c];
        const int word = (chord.dx0 + 32) / 32 - 1; // floor(dx0 / 32), dx0 in [-32, 32]
        const int shift = chord.dx0 - 32 * word;
        const int offset = li * plane + (codes.reachY + chord.dy) * shape.stride + 1 + word;
        codes.codes[count++] = offset << 5 | shift;
      }
    }
    codes.groupStart[dz + codes.reachZ + 1] = static_cast<short>(count);
  }
  return codes;
}

template <bool kDilate, int kSlices>
__global__ void __launch_bounds__(kChordThreads)
    PackedChordKernel(const std::uint32_t* __restrict__ in, std::uint32_t* __restrict__ out,
                      PackedGeometry g, ChordCodes e, int stride, std::uint32_t boundary) {
  extern __shared__ std::uint32_t runs[]; // [length][halo row][stride]
  const int tileWords = blockDim.x, tileRows = blockDim.y * kRowsPerThread;
  const int haloWords = tileWords + 2, haloRows = tileRows + 2 * e.reachY;
  const int plane = stride * haloRows;
  const int w0 = blockIdx.x * tileWords, y0 = blockIdx.y * tileRows, z0 = blockIdx.z * kSlices;
  const int rz = e.reachZ;
  const int threads = blockDim.x * blockDim.y;
  const int thread = threadIdx.y * blockDim.x + threadIdx.x;
  // The fill loop walks the halo tile in flat order without a division per word.
  const int stepRows = threads / haloWords, stepWords = threads - stepRows * haloWords;
  const int row0 = threadIdx.y * kRowsPerThread;                 // the thread's first tile row
  const std::uint32_t* own = runs + row0 * stride + threadIdx.x; // chord offsets' origin

  std::uint32_t acc[kSlices][kRowsPerThread];
#pragma unroll
  for (int t = 0; t < kSlices; ++t)
#pragma unroll
    for (int r = 0; r < kRowsPerThread; ++r) acc[t][r] = kDilate ? 0u : ~0u;

  for (int zz = z0 - rz; zz < z0 + kSlices + rz; ++zz) {
    if (zz < 0 || zz >= g.depth) { // a slice outside the image: its chords all read `boundary`
#pragma unroll
      for (int t = 0; t < kSlices; ++t) {
        const int dz = zz - (z0 + t);
        if (dz >= -rz && dz <= rz && e.groupStart[dz + rz] < e.groupStart[dz + rz + 1])
#pragma unroll
          for (int r = 0; r < kRowsPerThread; ++r)
            acc[t][r] = Combine<kDilate>(acc[t][r], boundary);
      }
      continue;
    }
    __syncthreads(); // everyone is done reading the previous slice's runs
    const std::uint32_t* slice = in + static_cast<std::size_t>(zz) * g.height * g.words;
    int hy = thread / haloWords, hx = thread - hy * haloWords;
    for (; hy < haloRows;) {
      // Halo word hx is image word q = w0 - 1 + hx; its runs need words q, q+1, q+2. Words
      // outside the image (x or y) read the boundary; bits past the row's end already do.
      const int y = y0 - e.reachY + hy, q = w0 - 1 + hx;
      const bool rowInside = y >= 0 && y < g.height;
      const std::uint32_t* row = slice + static_cast<std::size_t>(rowInside ? y : 0) * g.words;
      const auto load = [&](int k) {
        return rowInside && k >= 0 && k < g.words ? row[k] : boundary;
      };
      RunWindow<kDilate> window{load(q), load(q + 1), load(q + 2)};
      std::uint32_t* target = runs + hy * stride + hx;
      for (int li = 0; li < e.lengthCount; ++li) target[li * plane] = window.word(e.lengths[li]);
      hx += stepWords;
      hy += stepRows;
      if (hx >= haloWords) {
        hx -= haloWords;
        ++hy;
      }
    }
    __syncthreads();

#pragma unroll
    for (int t = 0; t < kSlices; ++t) {
      const int dz = zz - (z0 + t);
      if (dz < -rz || dz > rz) continue;
      const int last = e.groupStart[dz + rz + 1];
      for (int c = e.groupStart[dz + rz]; c < last; ++c) {
        // Output word w reads R_L bits 32w + dx0 .. +31 of row dy: the halo word of w + 1 + word
        // and the next one, shifted right by `shift` (the funnel shift uses the code's low 5 bits).
        const int code = e.codes[c];
        const std::uint32_t* r = own + (code >> 5);
#pragma unroll
        for (int k = 0; k < kRowsPerThread; ++k, r += stride)
          acc[t][k] = Combine<kDilate>(acc[t][k], packed::FunnelShiftRight(r[0], r[1], code));
      }
    }
  }

  const int w = w0 + threadIdx.x;
  if (w >= g.words) return;
#pragma unroll
  for (int k = 0; k < kRowsPerThread; ++k) {
    const int y = y0 + row0 + k;
    if (y >= g.height) break;
#pragma unroll
    for (int t = 0; t < kSlices; ++t) {
      const int z = z0 + t;
      if (z < g.depth) out[(static_cast<std::size_t>(z) * g.height + y) * g.words + w] = acc[t][k];
    }
  }
}

template <bool kDilate, int kSlices>
void LaunchChordTile(const std::uint32_t* in, std::uint32_t* out, const PackedGeometry& g,
                     const ChordTable& table, const TileShape& shape, std::uint32_t boundary,
                     cudaStream_t stream) {
  const std::size_t sharedBytes = SharedBytes(shape, table);
  const auto kernel = PackedChordKernel<kDilate, kSlices>;
  if (sharedBytes > 48 * 1024)
    CUMED_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(sharedBytes)));
  const dim3 block(shape.words, shape.threadRows());
  const dim3 grid((g.words + shape.words - 1) / shape.words,
                  (g.height + shape.rows - 1) / shape.rows, (g.depth + kSlices - 1) / kSlices);
  kernel<<<grid, block, sharedBytes, stream>>>(in, out, g, MakeChordCodes(table, shape),
                                               shape.stride, boundary);
  CUMED_CHECK_LAUNCH("PackedChordKernel");
}

template <bool kDilate>
void LaunchChord(const std::uint32_t* in, std::uint32_t* out, const PackedGeometry& g,
                 const ChordTable& table, std::uint32_t boundary, cudaStream_t stream) {
  // Sliding along z pays off only when the element spans several slices.
  const TileShape shape = ShapeFor(g, table.reach[2]);
  if (shape.slices == 1)
    LaunchChordTile<kDilate, 1>(in, out, g, table, shape, boundary, stream);
  else
    LaunchChordTile<kDilate, 8>(in, out, g, table, shape, boundary, stream);
}

} // namespace

bool PackedChordFilterFits(const PackedGeometry& geometry, const ChordTable& table) {
  return !table.chords.empty() && table.reach[0] <= kPackedMaxReachX &&
         table.reach[1] <= kPackedMaxReachYZ && table.reach[2] <= kPackedMaxReachYZ &&
         table.chords.size() <= static_cast<std::size_t>(kPackedMaxChords) &&
         ElementwiseThreads(geometry) < (std::size_t(1) << 32) && // 32-bit thread indices
         SharedBytes(ShapeFor(geometry, table.reach[2]), table) <=
             static_cast<std::size_t>(MaxSharedBytesPerBlock());
}

template <class T>
void LaunchPackObject(const T* in, T foreground, bool boundaryBit, std::uint32_t* packed,
                      const PackedGeometry& geometry, CUstream_st* stream) {
  if (geometry.wordCount() == 0) return;
  if (WholeWordRows(geometry) && Aligned16(in)) { // no bits past the rows' ends
    const std::size_t vectors = VectorCount<T>(geometry);
    PackObjectVectorKernel<T><<<VectorBlocks(vectors), kElementwiseThreads, 0, stream>>>(
        in, foreground, packed, vectors);
    CUMED_CHECK_LAUNCH("PackObjectVectorKernel");
    return;
  }
  const unsigned rows = unsigned(geometry.height) * unsigned(geometry.depth);
  PackObjectKernel<T><<<ElementwiseBlocks(geometry), kElementwiseThreads, 0, stream>>>(
      in, foreground, boundaryBit, packed, geometry, rows);
  CUMED_CHECK_LAUNCH("PackObjectKernel");
}

void LaunchPackedChordFilter(const std::uint32_t* in, std::uint32_t* out,
                             const PackedGeometry& geometry, const ChordTable& table, bool dilate,
                             bool boundaryBit, CUstream_st* stream) {
  if (geometry.wordCount() == 0) return;
  const std::uint32_t boundary = boundaryBit ? ~0u : 0u;
  if (dilate)
    LaunchChord<true>(in, out, geometry, table, boundary, stream);
  else
    LaunchChord<false>(in, out, geometry, table, boundary, stream);
}

template <class T>
void LaunchUnpackDilated(const std::uint32_t* reached, const T* in, T foreground, T background,
                         T* out, const PackedGeometry& geometry, CUstream_st* stream) {
  LaunchUnpack(reached, in, out, geometry, DilatedMapping<T>{foreground, background}, stream);
}

template <class T>
void LaunchUnpackEroded(const std::uint32_t* kept, const T* in, T foreground, T background, T* out,
                        const PackedGeometry& geometry, CUstream_st* stream) {
  LaunchUnpack(kept, in, out, geometry, ErodedMapping<T>{foreground, background}, stream);
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template void LaunchPackObject<T>(const T*, T, bool, std::uint32_t*, const PackedGeometry&,      \
                                    CUstream_st*);                                                 \
  template void LaunchUnpackDilated<T>(const std::uint32_t*, const T*, T, T, T*,                   \
                                       const PackedGeometry&, CUstream_st*);                       \
  template void LaunchUnpackEroded<T>(const std::uint32_t*, const T*, T, T, T*,                    \
                                      const PackedGeometry&, CUstream_st*);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

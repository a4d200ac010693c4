#include "cuda/ContourKernels.h"

#include "cumed/core/CudaCheck.h"
#include "src/EdgeCaseTable.h"

#include <cstdint>
#include <mutex>

namespace cumed::surface::detail {
namespace {

// Global (not __constant__) memory: threads of a warp look up different cases, which constant
// memory would serialise; the 4 KiB table stays in L1.
__device__ std::uint8_t d_edgeCases[256][16];

constexpr int kBlock = 256;

unsigned BlocksFor(std::int64_t threads) {
  return static_cast<unsigned>((threads + kBlock - 1) / kBlock);
}

/// Row and word of a unit (or word) index. 32-bit divisions where the index allows: 64-bit
/// division costs tens of instructions on the GPU and dominated these passes.
struct UnitPosition {
  std::int64_t j, k, w;
  __device__ UnitPosition(std::int64_t index, const ContourGrid& g) {
    if (index < 0xffffffffLL) {
      const auto words = static_cast<std::uint32_t>(g.words), ny = static_cast<std::uint32_t>(g.ny);
      const auto u = static_cast<std::uint32_t>(index);
      const std::uint32_t row = u / words;
      w = u - row * words;
      j = row % ny;
      k = g.zBegin + row / ny;
    } else {
      const std::int64_t row = index / g.words;
      w = index - row * g.words;
      j = row % g.ny;
      k = g.zBegin + row / g.ny;
    }
  }
};

constexpr int kWordsPerWarp = 8;

template <class T>
__global__ void ClassifyKernel(VolumeRows<T> volume, ContourGrid grid, Classifier<T> classifier,
                               std::uint32_t* bits) {
  // A warp packs kWordsPerWarp consecutive words, lane n reading point w*32+n of each: the loads
  // are coalesced and all in flight before the ballots (one 2-byte load per thread left the
  // pass latency bound).
  const std::int64_t warp =
      (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kWordBits;
  const std::int64_t firstWord = warp * kWordsPerWarp;
  if (firstWord >= grid.bitWords()) {
    return; // whole warps
  }
  const int lane = threadIdx.x % kWordBits;
  const UnitPosition first(firstWord, grid);
  std::int64_t j = first.j, k = first.k, w = first.w;
  bool inside[kWordsPerWarp];
#pragma unroll
  for (int n = 0; n < kWordsPerWarp; ++n) {
    const std::int64_t i = w * kWordBits + lane;
    inside[n] =
        firstWord + n < grid.bitWords() && i < grid.nx && classifier.inside(volume.at(i, j, k));
    // Step to the next word without dividing.
    if (++w == grid.words) {
      w = 0;
      if (++j == grid.ny) {
        j = 0;
        ++k;
      }
    }
  }
#pragma unroll
  for (int n = 0; n < kWordsPerWarp; ++n) {
    const std::uint32_t word = __ballot_sync(0xffffffffu, inside[n]);
    if (lane == n && firstWord + n < grid.bitWords()) {
      bits[firstWord + n] = word;
    }
  }
}

/// The fast form when every row starts 16-byte aligned and holds whole words: one thread per
/// word, 16-byte loads, so the pass runs at memory bandwidth.
template <class T>
__global__ void ClassifyAlignedKernel(VolumeRows<T> volume, ContourGrid grid,
                                      Classifier<T> classifier, std::uint32_t* bits) {
  constexpr int kPerLoad = 16 / sizeof(T);
  const std::int64_t wordIndex = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (wordIndex >= grid.bitWords()) {
    return;
  }
  const UnitPosition at(wordIndex, grid);
  const uint4* source = reinterpret_cast<const uint4*>(
      volume.data + ((at.k - volume.zFirst) * volume.ny + at.j) * volume.nx + at.w * kWordBits);
  uint4 loaded[kWordBits / kPerLoad];
#pragma unroll
  for (int v = 0; v < kWordBits / kPerLoad; ++v) {
    loaded[v] = source[v];
  }
  std::uint32_t word = 0;
#pragma unroll
  for (int v = 0; v < kWordBits / kPerLoad; ++v) {
    const T* values = reinterpret_cast<const T*>(&loaded[v]);
#pragma unroll
    for (int m = 0; m < kPerLoad; ++m) {
      word |= static_cast<std::uint32_t>(classifier.inside(values[m])) << (v * kPerLoad + m);
    }
  }
  bits[wordIndex] = word;
}

__global__ void CountKernel(const std::uint32_t* bits, ContourGrid grid, std::uint32_t* pointCounts,
                            std::uint32_t* triangleCounts, std::uint32_t* activeUnits,
                            unsigned long long* activeCount) {
  const std::int64_t unit = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const bool valid = unit < grid.countUnits();
  bool active = false;
  std::uint32_t cells = 0;
  if (valid) {
    const UnitPosition at(unit, grid);
    const UnitCounts c = CountUnit(UnitWords(BitRows{bits, grid}, at.j, at.k, at.w), d_edgeCases);
    for (int axis = 0; axis < 3; ++axis) {
      pointCounts[grid.pointSegment(at.j, at.k, axis, at.w)] = c.points[axis];
    }
    if (at.k < grid.zEnd) {
      triangleCounts[unit] = c.triangles;
      active = (c.points[0] | c.points[1] | c.points[2] | c.triangles) != 0;
      cells = c.cells;
    }
  }
  const std::uint32_t warpCells = __reduce_add_sync(0xffffffffu, cells);
  // Warp-aggregated append: one atomic per warp.
  const std::uint32_t mask = __ballot_sync(0xffffffffu, active);
  if (mask == 0) {
    return;
  }
  const int lane = threadIdx.x % kWordBits;
  const int leader = __ffs(mask) - 1;
  unsigned long long first = 0;
  if (lane == leader) {
    // One atomic for both totals: units in the low 32 bits, cells in the high 32 bits.
    first = atomicAdd(activeCount, (static_cast<unsigned long long>(warpCells) << 32) |
                                       static_cast<unsigned long long>(__popc(mask)));
  }
  first = __shfl_sync(0xffffffffu, first, leader) & 0xffffffffull;
  if (active) {
    activeUnits[first + __popc(mask & LowMask(lane))] = static_cast<std::uint32_t>(unit);
  }
}

__global__ void TotalsKernel(const std::uint32_t* pointCounts, const std::uint64_t* pointOffsets,
                             std::int64_t ownPointEntries, const std::uint32_t* triangleCounts,
                             const std::uint64_t* triangleOffsets, std::int64_t triangleEntries,
                             std::uint64_t* totals) {
  totals[0] = ownPointEntries == 0
                  ? 0
                  : pointOffsets[ownPointEntries - 1] + pointCounts[ownPointEntries - 1];
  totals[1] = triangleEntries == 0
                  ? 0
                  : triangleOffsets[triangleEntries - 1] + triangleCounts[triangleEntries - 1];
}

/// A cell that makes triangles: its unit, its bit and where its triangles start in the unit.
CUMED_HOST_DEVICE_FORCEINLINE std::uint64_t PackCell(std::uint32_t unit, int bit,
                                                     std::uint32_t first) {
  return (static_cast<std::uint64_t>(unit) << 16) | (static_cast<std::uint64_t>(bit) << 8) | first;
}

/// One thread per active unit: the edge keys of its points (in EmitUnit's order) and the list of
/// its cells that make triangles. Triangles are then made one thread per cell (TrianglesKernel):
/// cells, not units, are the work that is evenly spread.
__global__ void UnitsKernel(const std::uint32_t* bits, ContourGrid grid,
                            const std::uint64_t* pointOffsets, const std::uint32_t* activeUnits,
                            std::uint64_t activeCount, std::int64_t* edgeKeys,
                            std::uint64_t* cellList, unsigned long long* cellCursor) {
  const std::int64_t index = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const bool valid = index < static_cast<std::int64_t>(activeCount);
  std::uint32_t unit = 0;
  CellWords cells;
  if (valid) {
    unit = activeUnits[index];
    const UnitPosition at(unit, grid);
    const UnitWords u(BitRows{bits, grid}, at.j, at.k, at.w);
    const std::int64_t iBase = at.w * kWordBits;
    for (int axis = 0; axis < 3; ++axis) {
      std::uint64_t id = pointOffsets[grid.pointSegment(at.j, at.k, axis, at.w)];
      const std::uint32_t cut =
          axis == 0 ? u.xEdges(0, 0) : (axis == 1 ? u.yEdges(0, 0) : u.zEdges(0, 0));
      for (std::uint32_t m = cut; m != 0; m &= m - 1) {
        edgeKeys[id++] = EdgeKey(grid, iBase + LowestBit(m), at.j, at.k, axis);
      }
    }
    if (at.j + 1 < grid.ny && at.k + 1 < grid.nz) {
      cells = CellWords(u);
    }
  }
  // Cells with triangles among this unit's active cells, and a warp-aggregated slot range.
  int count = 0;
  for (std::uint32_t active = cells.active; active != 0; active &= active - 1) {
    count += d_edgeCases[cells.caseOf(LowestBit(active))][0] != 0;
  }
  const int lane = threadIdx.x % kWordBits;
  int before = count;
  for (int offset = 1; offset < kWordBits; offset *= 2) {
    const int other = __shfl_up_sync(0xffffffffu, before, offset);
    if (lane >= offset) {
      before += other;
    }
  }
  const int warpTotal = __shfl_sync(0xffffffffu, before, kWordBits - 1);
  before -= count;
  unsigned long long first = 0;
  if (lane == 0 && warpTotal > 0) {
    first = atomicAdd(cellCursor, static_cast<unsigned long long>(warpTotal));
  }
  first = __shfl_sync(0xffffffffu, first, 0) + before;
  std::uint32_t triangle = 0;
  for (std::uint32_t active = cells.active; active != 0; active &= active - 1) {
    const int bit = LowestBit(active);
    const int n = d_edgeCases[cells.caseOf(bit)][0];
    if (n != 0) {
      cellList[first++] = PackCell(unit, bit, triangle);
      triangle += n;
    }
  }
}

/// One thread per cell that makes triangles: its triangles' point ids.
__global__ void TrianglesKernel(const std::uint32_t* bits, ContourGrid grid,
                                const std::uint64_t* pointOffsets,
                                const std::uint64_t* triangleOffsets, const std::uint64_t* cellList,
                                std::uint64_t cellCount, EmitTarget target) {
  const std::int64_t index = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (index >= static_cast<std::int64_t>(cellCount)) {
    return;
  }
  const std::uint64_t cell = cellList[index];
  const auto unit = static_cast<std::uint32_t>(cell >> 16);
  const int bit = static_cast<int>((cell >> 8) & 0xff);
  const auto first = static_cast<std::uint32_t>(cell & 0xff);
  const UnitPosition at(unit, grid);
  const UnitWords u(BitRows{bits, grid}, at.j, at.k, at.w);
  const CellWords cells(u);
  const std::uint8_t* cellCase = d_edgeCases[cells.caseOf(bit)];
  // The twelve point ids of the cell, computed with constant edge numbers (registers), then read
  // back by the table's edge numbers from shared memory (a register array indexed at run time
  // would live in local memory).
  __shared__ std::int64_t cellIds[kBlock][12];
  const UnitEdges edges(u, pointOffsets);
  std::int64_t* ids = cellIds[threadIdx.x];
#pragma unroll
  for (int e = 0; e < 12; ++e) {
    ids[e] = target.pointIdOffset + static_cast<std::int64_t>(edges.cellEdge(e, bit));
  }
  std::int64_t* out = target.triangles + 3 * (triangleOffsets[unit] + first);
  for (int t = 0; t < 3 * cellCase[0]; ++t) {
    out[t - t % 3 + WoundVertex(t % 3, target.reverseWinding)] = ids[cellCase[1 + t]];
  }
}

template <class T>
__global__ void PointsKernel(VolumeRows<T> volume, WorldTransform world, double value,
                             bool labelMode, const std::int64_t* edgeKeys, std::int64_t count,
                             PointOutputs outputs, AttributeArrays attributes) {
  const std::int64_t p = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (p >= count) {
    return;
  }
  outputs.attributeVolumes = attributes.volumes;
  outputs.attributeOutputs = attributes.outputs;
  outputs.attributeCount = attributes.count;
  ComputePoint(volume, world, value, labelMode, edgeKeys[p], outputs, p);
}

} // namespace

void EnsureEdgeCasesOnDevice() {
  static std::mutex mutex;
  static bool copied[256] = {};
  int device = 0;
  CUMED_CUDA_CHECK(cudaGetDevice(&device));
  std::lock_guard<std::mutex> lock(mutex);
  if (!copied[device]) {
    CUMED_CUDA_CHECK(cudaMemcpyToSymbol(d_edgeCases, kEdgeCases, sizeof(kEdgeCases)));
    copied[device] = true;
  }
}

template <class T>
void LaunchClassify(const VolumeRows<T>& volume, const ContourGrid& grid,
                    const Classifier<T>& classifier, std::uint32_t* bits, CUstream_st* stream) {
  const bool aligned =
      reinterpret_cast<std::uintptr_t>(volume.data) % 16 == 0 && volume.nx % kWordBits == 0;
  if (aligned) {
    ClassifyAlignedKernel<<<BlocksFor(grid.bitWords()), kBlock, 0, stream>>>(volume, grid,
                                                                             classifier, bits);
    CUMED_CHECK_LAUNCH("ClassifyAlignedKernel");
    return;
  }
  const std::int64_t warps = (grid.bitWords() + kWordsPerWarp - 1) / kWordsPerWarp;
  ClassifyKernel<<<BlocksFor(warps * kWordBits), kBlock, 0, stream>>>(volume, grid, classifier,
                                                                      bits);
  CUMED_CHECK_LAUNCH("ClassifyKernel");
}

void LaunchCount(const std::uint32_t* bits, const ContourGrid& grid, std::uint32_t* pointCounts,
                 std::uint32_t* triangleCounts, std::uint32_t* activeUnits,
                 std::uint64_t* activeCount, CUstream_st* stream) {
  CountKernel<<<BlocksFor(grid.countUnits()), kBlock, 0, stream>>>(
      bits, grid, pointCounts, triangleCounts, activeUnits,
      reinterpret_cast<unsigned long long*>(activeCount));
  CUMED_CHECK_LAUNCH("CountKernel");
}

void LaunchTotals(const std::uint32_t* pointCounts, const std::uint64_t* pointOffsets,
                  std::int64_t ownPointEntries, const std::uint32_t* triangleCounts,
                  const std::uint64_t* triangleOffsets, std::int64_t triangleEntries,
                  std::uint64_t* totals, CUstream_st* stream) {
  TotalsKernel<<<1, 1, 0, stream>>>(pointCounts, pointOffsets, ownPointEntries, triangleCounts,
                                    triangleOffsets, triangleEntries, totals);
  CUMED_CHECK_LAUNCH("TotalsKernel");
}

void LaunchEmit(const std::uint32_t* bits, const ContourGrid& grid,
                const std::uint64_t* pointOffsets, const std::uint64_t* triangleOffsets,
                const std::uint32_t* activeUnits, std::uint64_t activeCount,
                std::uint64_t* cellList, std::uint64_t cellCount, std::uint64_t* cellCursor,
                const EmitTarget& target, CUstream_st* stream) {
  if (activeCount == 0) {
    return;
  }
  UnitsKernel<<<BlocksFor(static_cast<std::int64_t>(activeCount)), kBlock, 0, stream>>>(
      bits, grid, pointOffsets, activeUnits, activeCount, target.edgeKeys, cellList,
      reinterpret_cast<unsigned long long*>(cellCursor));
  CUMED_CHECK_LAUNCH("UnitsKernel");
  if (cellCount == 0) {
    return;
  }
  TrianglesKernel<<<BlocksFor(static_cast<std::int64_t>(cellCount)), kBlock, 0, stream>>>(
      bits, grid, pointOffsets, triangleOffsets, cellList, cellCount, target);
  CUMED_CHECK_LAUNCH("TrianglesKernel");
}

template <class T>
void LaunchPoints(const VolumeRows<T>& volume, const WorldTransform& world, double value,
                  bool labelMode, const std::int64_t* edgeKeys, std::int64_t count,
                  const PointOutputs& outputs, const AttributeArrays& attributes,
                  CUstream_st* stream) {
  if (count == 0) {
    return;
  }
  PointsKernel<<<BlocksFor(count), kBlock, 0, stream>>>(volume, world, value, labelMode, edgeKeys,
                                                        count, outputs, attributes);
  CUMED_CHECK_LAUNCH("PointsKernel");
}

#define CUMED_INSTANTIATE_CONTOUR_KERNELS(T)                                                       \
  template void LaunchClassify<T>(const VolumeRows<T>&, const ContourGrid&, const Classifier<T>&,  \
                                  std::uint32_t*, CUstream_st*);                                   \
  template void LaunchPoints<T>(const VolumeRows<T>&, const WorldTransform&, double, bool,         \
                                const std::int64_t*, std::int64_t, const PointOutputs&,            \
                                const AttributeArrays&, CUstream_st*);
CUMED_INSTANTIATE_CONTOUR_KERNELS(std::uint8_t)
CUMED_INSTANTIATE_CONTOUR_KERNELS(std::int16_t)
CUMED_INSTANTIATE_CONTOUR_KERNELS(std::uint16_t)
CUMED_INSTANTIATE_CONTOUR_KERNELS(float)

} // namespace cumed::surface::detail

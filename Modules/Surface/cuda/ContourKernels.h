#pragma once
// Launchers of the marching-cubes passes on the current device (kernels in ContourKernels.cu).
// Plain C++ interface: IsosurfaceCuda.cxx drives them without seeing a kernel.
#include "src/Classifier.h"
#include "src/ContourGrid.h"
#include "src/PointAttributes.h"

#include <cstdint>

struct CUstream_st;

namespace cumed::surface::detail {

constexpr int kMaxCudaAttributes = 8;

/// Copies the edge-case table to the current device once per device.
void EnsureEdgeCasesOnDevice();

/// Inside flags of the slab's bit planes, packed 32 per word.
template <class T>
void LaunchClassify(const VolumeRows<T>& volume, const ContourGrid& grid,
                    const Classifier<T>& classifier, std::uint32_t* bits, CUstream_st* stream);

/// Point and triangle counts of every unit (the ghost plane gets point counts only), and the
/// list of owned units with any output: activeUnits[0 .. n) in no particular order, where
/// n = *activeCount & 0xffffffff; *activeCount >> 32 is the number of cells that make triangles
/// (*activeCount must be zero before).
void LaunchCount(const std::uint32_t* bits, const ContourGrid& grid, std::uint32_t* pointCounts,
                 std::uint32_t* triangleCounts, std::uint32_t* activeUnits,
                 std::uint64_t* activeCount, CUstream_st* stream);

/// totals[0] = points the slab owns, totals[1] = its triangles (device memory).
void LaunchTotals(const std::uint32_t* pointCounts, const std::uint64_t* pointOffsets,
                  std::int64_t ownPointEntries, const std::uint32_t* triangleCounts,
                  const std::uint64_t* triangleOffsets, std::int64_t triangleEntries,
                  std::uint64_t* totals, CUstream_st* stream);

/// Edge keys of the slab's points (one thread per active unit, which also lists the cells that
/// make triangles in `cellList`, cellCount entries, *cellCursor zero before) and its triangles
/// (one thread per listed cell). Same output as EmitUnit.
void LaunchEmit(const std::uint32_t* bits, const ContourGrid& grid,
                const std::uint64_t* pointOffsets, const std::uint64_t* triangleOffsets,
                const std::uint32_t* activeUnits, std::uint64_t activeCount,
                std::uint64_t* cellList, std::uint64_t cellCount, std::uint64_t* cellCursor,
                const EmitTarget& target, CUstream_st* stream);

/// Up to kMaxCudaAttributes attribute volumes (slab-relative) and their outputs.
struct AttributeArrays {
  const float* volumes[kMaxCudaAttributes];
  float* outputs[kMaxCudaAttributes];
  int count = 0;
};

/// Positions (and normals, scalars, attributes) of `count` points from their edge keys.
template <class T>
void LaunchPoints(const VolumeRows<T>& volume, const WorldTransform& world, double value,
                  bool labelMode, const std::int64_t* edgeKeys, std::int64_t count,
                  const PointOutputs& outputs, const AttributeArrays& attributes,
                  CUstream_st* stream);

} // namespace cumed::surface::detail

#pragma once
// The affine stage's per-evaluation kernels (formulas: src/AffineKernelMath.h) on the CPU
// (cpu/AffineKernelsCpu.cxx, OpenMP) and CUDA (cuda/AffineKernelsCuda.cu, device pointers queued
// on `stream`). Only g.fixedSize is read. Sums are ordered: fixed chunks of kMetricChunk voxels
// in doubles, then the chunks in a fixed order (no floating-point atomics), so each backend
// repeats its bits run after run; the two backends agree to rounding.
#include "src/AffineKernelMath.h"
#include "src/LevelGeometry.h"

#include <cstdint>

struct CUstream_st;

namespace cumed::registration::detail {

/// field (3 x voxels) = u = L (x - c) + t at every fixed voxel.
void AffineFieldCpu(const LevelGeometry& g, const AffineFrame& frame, const AffineParameters& a,
                    float* field);

/// sums[0..11] = dCost/dL (row-major), dCost/dt from voxelGradient (3 x voxels) = dCost/du.
void AffineGradientCpu(const LevelGeometry& g, const AffineFrame& frame, const float* voxelGradient,
                       double sums[kAffineSums]);

void AffineFieldCuda(const LevelGeometry& g, const AffineFrame& frame, const AffineParameters& a,
                     float* field, CUstream_st* stream);

/// Doubles of device scratch AffineGradientCuda needs for its chunk partials.
std::int64_t AffineGradientScratchDoubles(const LevelGeometry& g);

/// Queues the 12 sums into `sums` (device, kAffineSums doubles); `partials`: device scratch of
/// AffineGradientScratchDoubles(g) doubles.
void AffineGradientCuda(const LevelGeometry& g, const AffineFrame& frame,
                        const float* voxelGradient, double* partials, double* sums,
                        CUstream_st* stream);

} // namespace cumed::registration::detail

#pragma once
// The B-spline field and its adjoint at a list of voxels only (random sampling: a few thousand
// voxels, where the separable passes over every voxel would cost more than the metric).
#include "src/LevelGeometry.h"

#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

/// field[d * voxels + v] for every listed v (the others are not written).
void FieldAtVoxelsCpu(const LevelGeometry& g, const float* coefficients,
                      const std::vector<std::int64_t>& voxels, float* field);

/// coefficientGradient (3 x controlPoints) = the adjoint of FieldAtVoxelsCpu applied to
/// voxelGradient at the listed voxels; added in list order in doubles, so it is the same bits
/// for any number of threads.
void AdjointAtVoxelsCpu(const LevelGeometry& g, const float* voxelGradient,
                        const std::vector<std::int64_t>& voxels, std::vector<double>& accumulator,
                        float* coefficientGradient);

} // namespace cumed::registration::detail

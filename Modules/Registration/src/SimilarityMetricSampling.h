#pragma once
// The voxels a level's similarity is evaluated on when RegistrationOptions::sampling is not Full
// (cumed/registration/Sampling.h), and the metric settings of the sub-image they form. The CPU
// backend (cpu/FieldSimilarityCpu.cxx) warps only these voxels, gathers them into the sub-image,
// evaluates an ordinary Full metric on it and scatters its derivative back.
#include "src/SimilarityMetrics.h"

#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

struct VoxelSubset {
  std::vector<std::int64_t> voxels; ///< level voxel indices, increasing
  std::int64_t size[3] = {0, 1, 1}; ///< the sub-image's size (voxels.size() in all)
};

/// Strided: every step-th voxel along each axis from 0 (a sub-grid, x fastest). Random: `count`
/// indices from splitmix64 seeded by the seed and the level's size, duplicates kept once, as a
/// line of voxels. Throws InvalidArgument naming the option and value: a step < 1 or larger than
/// the level's largest axis, a count < 1, Random with LocalNCC (its windows need neighbours).
VoxelSubset ChooseVoxels(const MetricSettings& level);

/// The level's settings for the sub-image: its size, LocalNCC's sigma in sub-grid voxels
/// (sigma / step: the window keeps its width in mm), sampling Full.
MetricSettings SubsetMetricSettings(const MetricSettings& level, const VoxelSubset& subset);

} // namespace cumed::registration::detail

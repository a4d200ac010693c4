#pragma once
// The host-side parts both backends share: the settings' checks, the Gaussian window, the global
// NCC from its sums, and the NMI cost and its gradient per histogram bin.
#include "src/SimilarityMetricMath.h"
#include "src/SimilarityMetrics.h"

#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

const char* MetricName(MetricKind kind);

/// Throws InvalidArgument naming the first setting that cannot be used (size, bins, range, sigma).
void ValidateMetricSettings(const MetricSettings& settings);

std::int64_t VoxelCount(const MetricSettings& settings);

/// Throws InvalidArgument when `counted` (the voxels the mask keeps) is 0.
void RequireCountedVoxels(double counted, const MetricSettings& settings);

/// The Gaussian window along one axis: weights for offsets -radius..radius, radius = ceil(3 sigma),
/// normalised to sum 1.
std::vector<double> GaussianWindow(float sigmaVoxels);

/// Throws InvalidArgument when either image is constant over the counted voxels (NCC undefined).
void RequireNccVariances(const NccMoments& moments);

/// The NMI cost of a joint histogram of Parzen units (bins x bins, fixed bin major) and dCost/dP
/// per bin, scaled so that dCost/dwarped[v] = sum_j perUnit[fixedBin][j] * dUnits_j/dwarped[v].
struct NmiTable {
  double cost = 0.0;
  std::vector<double> perUnit;
};
NmiTable MakeNmiTable(const std::uint64_t* histogram, int bins);

} // namespace cumed::registration::detail

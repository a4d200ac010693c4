#include "src/SimilarityMetricSampling.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <sstream>
#include <string>

namespace cumed::registration::detail {
namespace {

// splitmix64 (Steele, Lea, Flood): fully specified, so a seed gives the same voxels everywhere
// (std::uniform_int_distribution is not specified bit for bit).
std::uint64_t SplitMix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

[[noreturn]] void Reject(const MetricSettings& level, const std::string& problem) {
  throw InvalidArgument("sampling " + cumed::registration::ToString(level.sampling) + ": " +
                        problem);
}

VoxelSubset Strided(const MetricSettings& level) {
  const std::int64_t step = level.sampling.step;
  VoxelSubset s;
  for (int a = 0; a < 3; ++a) s.size[a] = (level.size[a] + step - 1) / step;
  s.voxels.reserve(static_cast<std::size_t>(s.size[0] * s.size[1] * s.size[2]));
  for (std::int64_t k = 0; k < level.size[2]; k += step)
    for (std::int64_t j = 0; j < level.size[1]; j += step)
      for (std::int64_t i = 0; i < level.size[0]; i += step)
        s.voxels.push_back((k * level.size[1] + j) * level.size[0] + i);
  return s;
}

VoxelSubset Random(const MetricSettings& level) {
  const std::int64_t n = level.size[0] * level.size[1] * level.size[2];
  // Each level draws its own voxels: its size enters the seed.
  std::uint64_t state = level.sampling.seed;
  for (int a = 0; a < 3; ++a) state = SplitMix(state) ^ static_cast<std::uint64_t>(level.size[a]);
  std::vector<bool> drawn(static_cast<std::size_t>(n), false);
  for (std::int64_t c = 0; c < level.sampling.count; ++c)
    drawn[static_cast<std::size_t>(SplitMix(state) % static_cast<std::uint64_t>(n))] = true;
  VoxelSubset s;
  for (std::int64_t v = 0; v < n; ++v)
    if (drawn[static_cast<std::size_t>(v)]) s.voxels.push_back(v);
  s.size[0] = static_cast<std::int64_t>(s.voxels.size());
  return s;
}

} // namespace

VoxelSubset ChooseVoxels(const MetricSettings& level) {
  const VoxelSampling& sampling = level.sampling;
  switch (sampling.kind) {
  case VoxelSampling::Kind::Full:
    break;
  case VoxelSampling::Kind::Strided: {
    if (sampling.step < 1) Reject(level, "the step must be >= 1");
    const std::int64_t largest = std::max({level.size[0], level.size[1], level.size[2]});
    if (sampling.step > largest) {
      std::ostringstream s;
      s << "the step " << sampling.step << " is larger than the level's image (" << level.size[0]
        << " x " << level.size[1] << " x " << level.size[2]
        << " voxels): use a smaller step or fewer levels";
      Reject(level, s.str());
    }
    return Strided(level);
  }
  case VoxelSampling::Kind::Random:
    if (sampling.count < 1) Reject(level, "the count must be >= 1");
    if (level.kind == MetricKind::LocalNCC)
      Reject(level, "LocalNCC needs every voxel of its Gaussian windows, which random voxels do "
                    "not have: use strided:STEP (or another metric)");
    return Random(level);
  }
  Reject(level, "full sampling has no subset");
}

MetricSettings SubsetMetricSettings(const MetricSettings& level, const VoxelSubset& subset) {
  MetricSettings m = level;
  for (int a = 0; a < 3; ++a) m.size[a] = subset.size[a];
  if (level.sampling.kind == VoxelSampling::Kind::Strided)
    for (int a = 0; a < 3; ++a)
      m.localSigmaVoxels[a] = level.localSigmaVoxels[a] / level.sampling.step;
  m.sampling = VoxelSampling{};
  return m;
}

} // namespace cumed::registration::detail

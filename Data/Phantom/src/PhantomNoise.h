#pragma once
// Counter-based Gaussian noise: the value of a voxel depends only on (seed, voxel index), so the
// phantom is identical whatever the number of threads or the order voxels are visited in.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cumed::data::detail {

/// SplitMix64 finaliser: a well-mixed 64-bit hash of its input.
inline std::uint64_t SplitMix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// A standard normal sample for voxel `index` (Box-Muller on two 32-bit uniforms), truncated to
/// +-4 so that noise can never lift soft tissue across the bone threshold.
inline double GaussianNoise(std::uint64_t seed, std::uint64_t index) {
  const std::uint64_t bits = SplitMix64(SplitMix64(seed) ^ index);
  const double u1 = ((bits >> 32) + 0.5) / 4294967296.0; // (0, 1): log is finite
  const double u2 = ((bits & 0xFFFFFFFFull) + 0.5) / 4294967296.0;
  const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  return std::clamp(z, -4.0, 4.0);
}

} // namespace cumed::data::detail

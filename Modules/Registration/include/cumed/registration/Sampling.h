#pragma once
// Which fixed voxels a registration level evaluates its similarity metric (value and gradient) on
// (RegistrationOptions::sampling; CPU backend only, the CUDA backend refuses anything but Full):
//   Full            every voxel (the default; the results of earlier versions, bit for bit);
//   Strided(step)   the sub-grid of every step-th voxel along each axis, fixed for the level: the
//                   metric is computed on that sub-grid as an image of its own (LocalNCC's window
//                   keeps its width in mm, so it spans sigma / step sub-grid voxels);
//   Random(count)   `count` voxels drawn per level (with replacement, duplicates kept once) from
//                   a generator seeded by `seed` and the level's size, so a run is reproducible.
//                   SSD, NCC and NMI only: LocalNCC's windows would hold almost no drawn voxel.
// The cost stays a mean over the counted (sampled) voxels, so the regularisation weights mean
// the same as with Full. The draw is fixed during a level (not re-drawn per iteration as
// elastix's stochastic optimiser does): L-BFGS's line search and curvature pairs need one
// deterministic cost.
#include <cstdint>
#include <string>

namespace cumed::registration {

struct VoxelSampling {
  enum class Kind { Full, Strided, Random };
  Kind kind = Kind::Full;
  int step = 2;              ///< Strided: >= 1 (1 is Full's voxels)
  std::int64_t count = 5000; ///< Random: >= 1
  std::uint64_t seed = 1;    ///< Random
};

/// "full", "strided:STEP" or "random:COUNT[:SEED]" (the spelling ParseVoxelSampling reads).
std::string ToString(const VoxelSampling& sampling);
/// Reads ToString's spellings (case-sensitive); throws InvalidArgument naming the option and
/// the text for anything else: an unknown kind, a step < 1, a count < 1, a bad seed.
VoxelSampling ParseVoxelSampling(const std::string& text);
/// Throws InvalidArgument naming the option and value when step < 1 or count < 1.
void CheckVoxelSampling(const VoxelSampling& sampling);

} // namespace cumed::registration

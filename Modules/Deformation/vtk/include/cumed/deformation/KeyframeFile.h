#pragma once
// Keyframes of a lattice animation (cumed/deformation/Animation.h) from a JSON file:
//   {"keyframes": [{"frame": F, "displacements": [[dx, dy, dz], ...]}, ...]}
// with frames increasing and one displacement per control point (i along S fastest, then j, k).
// Read with jsoncpp, the JSON library VTK uses.
#include "cumed/deformation/Animation.h"

#include <filesystem>

namespace cumed::deformation {

/// The keyframes of the JSON file at `path`, checked against `lattice`. Throws
/// cumed::InvalidArgument naming the file and the keyframe: unreadable, not JSON, not the form
/// above, frames not increasing, a displacement count other than the lattice's control points,
/// a displacement that is not three finite numbers.
std::vector<Keyframe> ReadKeyframeFile(const std::filesystem::path& path, const Lattice& lattice);

/// Animation::FromKeyframes(ReadKeyframeFile(path, lattice), lattice).
Animation ReadKeyframeAnimation(const std::filesystem::path& path, const Lattice& lattice);

} // namespace cumed::deformation

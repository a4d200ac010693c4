#pragma once
// The pairs of a recorded sequence of frames: double-frame recordings pair (1, 2), (3, 4), ...;
// time-resolved recordings pair each frame with the next. The frames' files are listed and read
// by CuMed::ImageInput (cumed/io/FrameFiles.h).
#include <filesystem>
#include <vector>

namespace cumed::piv {

/// How the frames of a sequence form pairs.
enum class Pairing {
  AB,         ///< (1, 2), (3, 4), ...: double-frame recordings
  Consecutive ///< (1, 2), (2, 3), ...: time-resolved recordings
};

struct FramePairFiles {
  std::filesystem::path first, second;
};

/// The pairs of `frames` in order; two frames are one pair either way. Throws
/// cumed::InvalidArgument naming the count (and the lone or last frame): fewer than two frames,
/// or an odd count for Pairing::AB.
std::vector<FramePairFiles> PairFrames(const std::vector<std::filesystem::path>& frames,
                                       Pairing pairing);

} // namespace cumed::piv

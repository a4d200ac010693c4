#pragma once
// --png PATTERN: one file per frame, named by a printf-style pattern with exactly one integer
// conversion for the frame number (%d, %4d, %04d); "%%" is a literal percent sign.
#include <string>

namespace cumed::deformapp {

/// Throws app::UsageError naming the pattern when it lacks the one %d, has another conversion,
/// or does not end in .png.
void CheckFramePattern(const std::string& pattern);

/// The file of `frame` (a pattern CheckFramePattern accepted).
std::string FrameFileName(const std::string& pattern, int frame);

} // namespace cumed::deformapp

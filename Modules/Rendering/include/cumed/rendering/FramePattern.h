#pragma once
// The files of an animation's frames: one file per frame, named by a printf-style pattern with
// exactly one integer conversion for the frame number (%d, %4d, %04d); "%%" is a literal percent
// sign; the name ends in .png (frames/f%04d.png).
#include <string>

namespace cumed::rendering {

/// What is wrong with `pattern` ("no %d in the pattern", "more than one %d in the pattern",
/// "'%' at position N is not %d, %Nd or %0Nd (N < 100)", "the name must end in .png"); empty
/// when it is a usable frame pattern.
std::string FramePatternProblem(const std::string& pattern);

/// Throws cumed::InvalidArgument "frame pattern 'PATTERN': PROBLEM (e.g. ...)" when
/// FramePatternProblem finds one.
void CheckFramePattern(const std::string& pattern);

/// The file of `frame` (a pattern CheckFramePattern accepts).
std::string FrameFileName(const std::string& pattern, int frame);

} // namespace cumed::rendering

#pragma once
// The rules that keep the user's data safe, checked before anything is read or written.
#include "Locations.h"

#include <string>

namespace cumed::morphologyapp {

/// Throws UsageError naming the paths when:
///  - an output file is an input file (also through links, "..", or a hard link; an .mhd/.mha
///    input's data files included), or lies inside the input DICOM directory; or a DICOM output
///    directory is or lies inside the input directory, or is an input file;
///  - an output file is a symbolic link or has more than one hard link (whatever `force`);
///  - an output file exists and `force` is false (--force replaces it; never an input);
///  - a DICOM output directory exists and is not empty (a series is never overwritten), or
///    exists as a file or a symbolic link.
///  - the --seg file `seg` (when not empty) exists (whatever `force`: a SEG is never replaced;
///    also a link or a directory), is an input, or is OUTPUT.
void CheckOutputIsSafe(const Location& output, const Location& input, bool force,
                       const std::string& seg = {});

} // namespace cumed::morphologyapp

#pragma once
// The frames cumed-piv reads: the command line's files, directory or pattern turned into an
// ordered list and into pairs, and each frame read through ITK as the grayscale pixel type it
// is stored in (8-bit stays 8-bit).
#include "Arguments.h"

#include "cumed/core/Image.h"

#include <filesystem>
#include <vector>

namespace cumed::pivapp {

struct FramePairFiles {
  std::filesystem::path first, second;
};

/// The frames named on the command line, in order: files as given; a directory's image files
/// (.tif, .tiff, .bmp, .png, any case) sorted by name; a pattern's matches (* and ? in the file
/// name) sorted by name. Throws UsageError naming the input that gives no frame or is missing.
std::vector<std::filesystem::path> ListFrames(const std::vector<std::string>& inputs);

/// The pairs of `frames`: AB (1,2),(3,4)... needs an even count; Consecutive (1,2),(2,3)...
/// Two frames are one pair either way. Throws UsageError naming the count.
std::vector<FramePairFiles> PairFrames(const std::vector<std::filesystem::path>& frames,
                                       Pairing pairing);

/// A 2D grayscale frame (uint8, uint16, int16 as stored; other types as float), placed at
/// origin 0 with the given pixel size. RGB(A) frames (paletted BMPs read so) become their
/// luminance (ITK's weights: the grey value itself where the channels are equal). Throws
/// cumed::Error naming the file: unreadable, truncated, not 2D, other component counts.
Image ReadFrame(const std::filesystem::path& file, double pixelSize);

/// A mask image: non-zero pixels -> 1. Same errors as ReadFrame.
Image ReadMask(const std::filesystem::path& file);

} // namespace cumed::pivapp

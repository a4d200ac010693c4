#pragma once
// 2D frames from image files (PIV recordings, image sequences): files, a directory or a pattern
// turned into an ordered list of frame files, and each frame read through ITK (PNG, TIFF, BMP
// and the formats of ImageFiles.h) as the grayscale pixel type it is stored in (8-bit stays
// 8-bit), with ImageFiles.h's header checks before any pixel is allocated.
#include "cumed/core/Image.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::io {

/// The frames named by `inputs`, in order: files as given; a directory's image files (.tif,
/// .tiff, .bmp, .png, any case) sorted by name; a pattern's matches (*, ? and [...] in the file
/// name, a leading '.' matched only by a '.') sorted by name. Throws cumed::InvalidArgument naming
/// the input that is missing or gives no frame.
std::vector<std::filesystem::path> ListFrameFiles(const std::vector<std::string>& inputs);

/// A 2D grayscale frame (uint8, uint16, int16 as stored; other types as float), placed at
/// origin 0 with spacing `pixelSize` (> 0). RGB(A) frames (paletted BMPs read so) become their
/// luminance (ITK's weights: the grey value itself where the channels are equal). Throws
/// cumed::Error naming the file: unreadable, truncated, not 2D, other component counts;
/// InvalidArgument for a pixel size that is not a finite number > 0.
Image ReadFrame(const std::filesystem::path& file, double pixelSize = 1.0);

/// A mask frame: non-zero pixels -> 1 (uint8, spacing 1). Same errors as ReadFrame.
Image ReadMask(const std::filesystem::path& file);

} // namespace cumed::io

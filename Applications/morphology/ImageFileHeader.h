#pragma once
// What an image file holds, from its header alone: the pixel type (dispatched on before the
// pixels are read) and the dimension.
#include "cumed/core/PixelType.h"

#include <filesystem>

namespace cumed::morphologyapp {

struct ImageFileHeader {
  cumed::PixelType pixelType = cumed::PixelType::Int16;
  unsigned dimension = 3; ///< 2 or 3
};

/// Reads the header of `file` with the ITK ImageIO that claims it (io::ReadItkImageHeader's checks
/// of sizes, geometry, data bytes and memory included). Throws cumed::Error naming the file and
/// the problem when no ImageIO can read it, or when the pixels are not scalar, not of type uint8,
/// int16, uint16 or float, or the image is not 2D or 3D.
ImageFileHeader ReadImageFileHeader(const std::filesystem::path& file);

} // namespace cumed::morphologyapp

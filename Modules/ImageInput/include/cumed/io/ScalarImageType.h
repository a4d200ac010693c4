#pragma once
// What an image file holds, from its checked header alone: the pixel type CuMed computes on
// (dispatched on before the pixels are read) and the dimension, for programs and libraries that
// refuse other types rather than convert them (ReadImage.h converts them to float).
#include "cumed/core/PixelType.h"
#include "cumed/io/ImageFiles.h"

#include <filesystem>

namespace cumed::io {

struct ScalarImageType {
  PixelType pixelType = PixelType::Int16;
  unsigned dimension = 3; ///< 2 or 3
};

/// Reads the header of `file` with ReadScalarItkImageHeader (its checks of sizes, geometry, data
/// bytes and `memory` included). Throws cumed::Error naming the file as INPUT and the problem
/// when no ImageIO can read it, or when the pixels are not scalar, not of type uint8, int16,
/// uint16 or float, or the image is not 2D or 3D.
ScalarImageType ReadScalarImageType(const std::filesystem::path& file, const MemoryUse& memory);

} // namespace cumed::io

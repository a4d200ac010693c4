#pragma once
// Volumes in VTK's XML image format (.vti): the active point scalars (or the only point array)
// are contoured; types CuMed does not contour are converted to float.
#include "Volume.h"

#include <filesystem>

namespace cumed::isosurfaceapp {

/// Reads `file`. Throws cumed::Error naming the file when it cannot be read, has no point array
/// to contour (no active scalars and not exactly one array), or that array has several
/// components. uint8, int16, uint16 and float scalars are kept; others become float
/// (Volume::conversion says so).
Volume ReadVtiFile(const std::filesystem::path& file);

} // namespace cumed::isosurfaceapp

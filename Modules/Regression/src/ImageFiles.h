#pragma once
// Reading any image ITK reads (up to 3D, any number of components) as double vectors, so that
// images, renderings and their differences are handled by one code path. Internal: the public
// API is cumed/regression/Compare.h.
#include "cumed/regression/Compare.h"

#include <itkImage.h>
#include <itkVectorImage.h>

#include <string>

namespace cumed::regression {

using VectorVolume = itk::VectorImage<double, 3>;

struct LoadedImage {
  VectorVolume::Pointer image;
  unsigned int dimension = 0; ///< as stored in the file (2 for a PNG)
  std::string componentType;  ///< as stored, e.g. "unsigned_char"
};

/// Throws FileError naming `path` when it is missing or ITK cannot read it.
LoadedImage ReadImage(const std::string& path);

/// Writes an 8-bit 2D image under a temporary name and renames it over `path` once complete
/// (SafeOutput.h); throws FileError (or cumed::Error) naming `path` when it cannot.
void WriteImage8(const itk::Image<unsigned char, 2>* image, const std::string& path);

} // namespace cumed::regression

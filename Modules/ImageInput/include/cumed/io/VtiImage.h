#pragma once
// Checked reading of a VTK XML image file (.vti), the VTK side of CuMed::ImageInput (built with
// VTK): the <ImageData> attributes are finite numbers, the grid is sane and fits the file and the
// memory, raw appended blocks lie inside the file, and every point gets its value, all checked
// before or right after vtkXMLImageDataReader runs (it reads past a short block, and reports a
// short array as a warning at best).
#include "cumed/core/PixelType.h"

#include <vtkImageData.h>
#include <vtkSmartPointer.h>

#include <filesystem>
#include <string>

namespace cumed::io {

struct VtiImage {
  /// The image, with one active point-scalar array: the file's active scalars, else its only
  /// point array; uint8, int16, uint16 and float are kept, other types converted to float.
  vtkSmartPointer<vtkImageData> image;
  PixelType pixelType = PixelType::Float32; ///< of the active scalars
  /// e.g. "double read as float"; empty when the type was kept.
  std::string conversion;
};

/// Reads `file`. Throws cumed::Error naming the file for a file that is not a .vti image or
/// fails the checks, has no array to use (no active scalars and not exactly one array) or an
/// array shorter than the points.
VtiImage ReadVtiImage(const std::filesystem::path& file);

} // namespace cumed::io

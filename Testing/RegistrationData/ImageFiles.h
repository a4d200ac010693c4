#pragma once
// The file side of the registration test data: the CT series read through CuMed's DICOM reader,
// images and fields read and written with ITK's image IO (.mha, .nii.gz, ...).
#include "cumed/core/Image.h"

#include <string>

namespace cumed::regdata {

/// The CT series of `directory` (cumed::io::ReadDicomCtSeries) as a host Float32 HU image.
Image ReadCtSeriesAsFloat(const std::string& directory);

/// Any 3D scalar or vector image file as host Float32 with the file's component count (a 2D file
/// is refused). Throws Error naming the file when ITK cannot read it.
Image ReadFloatImage(const std::string& path);

/// A mask file: 1 where the file's value is nonzero, as host UInt8.
Image ReadMask(const std::string& path);

/// Writes a host Float32 (1 or 3 components) or UInt8 scalar image; throws Error naming the file.
void WriteImage(const Image& image, const std::string& path);

} // namespace cumed::regdata

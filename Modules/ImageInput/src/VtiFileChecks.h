#pragma once
// The checks a VTK XML image file (.vti) passes before vtkXMLImageDataReader allocates its
// arrays, the same ones the ITK image files pass (cumed/io/ImageInputChecks.h); used by ReadVtiImage (VtiImage.h): finite
// numbers in the <ImageData> attributes, a sane grid that the file's size and the memory can
// hold, and raw appended blocks that lie inside the file (the reader reads past a short block
// into the closing XML without an error).
#include <vtkXMLImageDataReader.h>

#include <filesystem>

namespace cumed::io::detail {

/// Throws cumed::Error naming the file, the attribute or block and the values otherwise.
/// Calls UpdateInformation on `reader` (its file name set).
void CheckVtiFileBeforeReading(vtkXMLImageDataReader* reader, const std::filesystem::path& file);

} // namespace cumed::io::detail

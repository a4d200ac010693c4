#pragma once
// The NRRD header fields ITK does not pass on: encoding, data file and byte skip.
#include "ImageFileData.h"

#include <filesystem>

namespace cumed::io::detail {

/// Where the data of the NRRD `file` are (after the header's empty line, or in its "data file")
/// and how they are encoded. Several data files are left to the reader (ReaderChecked).
ImageDataLocation LocateNrrdData(const std::filesystem::path& file);

/// Refuses, naming the file and the line, a header line (up to the first empty line) longer
/// than 512 characters: ITK's NrrdIO overflows a stack buffer when it reports such a line.
void CheckNrrdHeaderLines(const std::filesystem::path& file);

} // namespace cumed::io::detail

#pragma once
// Saving a DCMTK file format and checking that every byte reached the file.
#include <dcmtk/dcmdata/dcfilefo.h>

#include <string>

namespace cumed::io::detail {

/// Saves `file` at `path` in explicit VR little endian. DicomError naming `shownName` (the name
/// the user knows, not the staging path) when DCMTK fails, or when the file on disk is shorter
/// than DCMTK's own count of its bytes: DCMTK reports success for a file cut short by a full
/// file system.
void SaveDicomFile(DcmFileFormat& file, const std::string& path, const std::string& shownName);

} // namespace cumed::io::detail

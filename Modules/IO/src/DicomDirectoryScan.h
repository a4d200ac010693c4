#pragma once
// Sorting the files of a directory into DICOM series, without reading pixel data.
#include "DicomFileHeader.h"

#include <map>
#include <string>
#include <vector>

namespace cumed::io::detail {

struct DicomDirectoryScan {
  std::map<std::string, std::vector<DicomFileHeader>> series; ///< by SeriesInstanceUID
  std::vector<std::string> skippedFiles; ///< not DICOM, or DICOM outside any series (DICOMDIR)
};

/// Scans the regular files directly in `directory` (sub-directories are skipped, with a warning
/// naming each when `warnSubdirectories`), in name order. Files that are not DICOM are skipped with
/// a warning each, so that a stray README or thumbnail next to the slices does not stop the read.
/// DicomError when the directory is missing, and for what may be a damaged slice: a file that
/// cannot be opened (or a link to nothing named *.dcm), a *.dcm file that is not DICOM, an image
/// without SeriesInstanceUID, an invalid SeriesInstanceUID. The files are read on up to `threads`
/// threads; the warnings, the result and the error (that of the first file in name order) are the
/// same as with one. A directory without any DICOM series gives an empty `series` (RequireSeries
/// refuses it).
DicomDirectoryScan ScanDicomDirectory(const std::string& directory, int threads,
                                      bool warnSubdirectories = true);

/// DicomError "no DICOM series in 'DIRECTORY' (N non-DICOM files skipped)" when `scan` found none.
void RequireSeries(const DicomDirectoryScan& scan, const std::string& directory);

} // namespace cumed::io::detail

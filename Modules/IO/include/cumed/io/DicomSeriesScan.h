#pragma once
// Which DICOM series a directory holds, from the reader's own header scan (no pixel data read):
// what a program that walks a tree of series (cumed-batch) needs before it reads any of them.
#include "cumed/io/DicomSeriesReader.h"

#include <string>
#include <vector>

namespace cumed::io {

struct DicomSeriesFiles {
  std::string seriesUid;          ///< SeriesInstanceUID (0020,000E)
  std::vector<std::string> files; ///< its files in name order (not yet sorted along the normal)
};

/// The series directly in `directory` (not recursive; sub-directories are passed over silently),
/// by ascending SeriesInstanceUID; empty when it holds files but no DICOM series. Scanned on
/// `threads` threads (0: OpenMP's default). Throws DicomError exactly where ReadDicomCtSeries's
/// scan would (see there): the directory missing, and a file that may be a damaged slice (a *.dcm
/// that is not DICOM, an image without or with an invalid SeriesInstanceUID...). Damage found
/// only when the pixels are read (pixel data cut short) is reported by ReadDicomCtSeries.
std::vector<DicomSeriesFiles> ScanDicomSeries(const std::string& directory, int threads = 0);

/// The scan's checks for one DICOM file that another toolkit will load whole (a DICOM SEG read
/// with DCMTK): cumed::InvalidArgument when `file` is missing or not a regular file (a FIFO
/// would block the load); DicomError naming it when it is not DICOM, nests sequences too deeply,
/// or its element structure is damaged (lengths past the end, invalid VRs, truncated values:
/// what made DCMTK allocate gigabytes for a few-kB slice).
void CheckDicomFileBeforeLoading(const std::string& file);

} // namespace cumed::io

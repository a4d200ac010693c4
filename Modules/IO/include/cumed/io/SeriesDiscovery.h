#pragma once
// Finding the DICOM series of a directory tree: every directory holding files is scanned with
// ScanDicomSeries (DicomSeriesScan.h), its files grouped by SeriesInstanceUID; a UID seen before
// (in path order) with as many files is a duplicate (a copy), with another file count a failure (a
// series split over directories, or an incomplete copy), and a directory whose scan fails is
// recorded with the scan's error.
#include <string>
#include <vector>

namespace cumed::io {

/// Skipped: the caller's too (cumed-batch passes over a series that is not CT, a localizer or
/// derived, with the series listing's reason).
enum class SeriesStatus { Pending, Ok, Failed, Duplicate, Skipped };
const char* ToString(SeriesStatus status);

struct FoundSeries {
  std::string directory; ///< as found under the input directory
  std::string seriesUid; ///< empty when the directory's scan failed
  int files = 0;
  SeriesStatus status = SeriesStatus::Pending; ///< Pending: to be processed (Ok: the caller's)
  std::string error;                           ///< the scan's error, or "duplicate of DIR"
};

/// Walks `root` with `threads` threads per directory scan (0: all) (directories in name order,
/// symbolic links to directories not followed) and returns its series: one entry per (directory,
/// UID), plus one failed entry per directory whose scan threw (a damaged file: the reader's
/// message). Directories holding no DICOM series are left out. Throws cumed::InvalidArgument
/// "'ROOT' is not a directory" when `root` is not one, and cumed::Error when a directory of the
/// tree cannot be listed.
std::vector<FoundSeries> DiscoverSeries(const std::string& root, int threads);

} // namespace cumed::io

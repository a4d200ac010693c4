#pragma once
// Finding the series of a tree: every directory holding files is scanned with CuMed::IO's header
// scan, its files grouped by SeriesInstanceUID; a UID seen before (in path order) with as many
// files is a duplicate (a copy), with another file count a failure (a series split over
// directories, or an incomplete copy), and a directory whose scan fails is recorded with the
// scan's error.
#include <string>
#include <vector>

namespace cumed::batch {

enum class SeriesStatus { Pending, Ok, Failed, Duplicate };
const char* ToString(SeriesStatus status);

struct FoundSeries {
  std::string directory; ///< as found under the input directory
  std::string seriesUid; ///< empty when the directory's scan failed
  int files = 0;
  SeriesStatus status = SeriesStatus::Pending; ///< Pending: to be processed
  std::string error;                           ///< the scan's error, or "duplicate of DIR"
};

/// Walks `root` (directories in name order, symbolic links to directories not followed) and
/// returns its series: one entry per (directory, UID), plus one failed entry per directory whose
/// scan threw (a damaged file: the reader's message). Directories holding no DICOM series are
/// left out. Throws cumed::Error when `root` is not a readable directory.
std::vector<FoundSeries> DiscoverSeries(const std::string& root, int threads);

} // namespace cumed::batch

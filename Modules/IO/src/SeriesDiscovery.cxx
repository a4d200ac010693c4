#include "cumed/io/SeriesDiscovery.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesScan.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::io {
namespace {

// The directories of the tree that hold at least one non-directory entry, in path order.
std::vector<fs::path> DirectoriesWithFiles(const fs::path& root) {
  std::vector<fs::path> found;
  std::vector<fs::path> pending{root};
  while (!pending.empty()) {
    const fs::path directory = pending.back();
    pending.pop_back();
    std::error_code error;
    std::vector<fs::path> subdirectories;
    bool hasFiles = false;
    for (fs::directory_iterator it(directory, error), end; !error && it != end;
         it.increment(error)) {
      std::error_code typeError;
      if (it->is_directory(typeError) && !it->is_symlink(typeError))
        subdirectories.push_back(it->path());
      else
        hasFiles = true;
    }
    if (error) throw cumed::Error("cannot list '" + directory.string() + "': " + error.message());
    if (hasFiles) found.push_back(directory);
    std::sort(subdirectories.rbegin(), subdirectories.rend()); // popped in name order
    pending.insert(pending.end(), subdirectories.begin(), subdirectories.end());
  }
  std::sort(found.begin(), found.end());
  return found;
}

} // namespace

const char* ToString(SeriesStatus status) {
  switch (status) {
  case SeriesStatus::Pending:
    return "pending";
  case SeriesStatus::Ok:
    return "ok";
  case SeriesStatus::Failed:
    return "failed";
  case SeriesStatus::Duplicate:
    return "duplicate";
  case SeriesStatus::Skipped:
    return "skipped";
  }
  return "unknown";
}

std::vector<FoundSeries> DiscoverSeries(const std::string& root, int threads) {
  std::error_code error;
  if (!fs::is_directory(root, error))
    throw cumed::InvalidArgument("'" + root + "' is not a directory" +
                                 (error ? " (" + error.message() + ")" : std::string()));
  std::vector<FoundSeries> series;
  std::map<std::string, std::size_t> firstOf; // by UID: its first entry in `series`
  for (const fs::path& directory : DirectoriesWithFiles(root)) {
    std::vector<DicomSeriesFiles> scanned;
    try {
      scanned = ScanDicomSeries(directory.string(), threads);
    } catch (const std::exception& e) {
      series.push_back({directory.string(), "", 0, SeriesStatus::Failed, e.what()});
      continue;
    }
    for (const DicomSeriesFiles& files : scanned) {
      FoundSeries entry{directory.string(), files.seriesUid, static_cast<int>(files.files.size())};
      const auto first = firstOf.find(files.seriesUid);
      if (first != firstOf.end()) {
        const FoundSeries& original = series[first->second];
        if (original.files == entry.files) {
          entry.status = SeriesStatus::Duplicate;
          entry.error = "duplicate of " + original.directory;
        } else {
          // Not a copy: part of a series split over directories, or an incomplete copy.
          entry.status = SeriesStatus::Failed;
          entry.error = "SeriesInstanceUID (0020,000E) " + entry.seriesUid + " also in '" +
                        original.directory + "' with " + std::to_string(original.files) +
                        " files (here " + std::to_string(entry.files) +
                        "): a series split over directories or an incomplete copy; not processed "
                        "here";
        }
      }
      if (first == firstOf.end()) firstOf.emplace(files.seriesUid, series.size());
      series.push_back(std::move(entry));
    }
  }
  return series;
}

} // namespace cumed::io

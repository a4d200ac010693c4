#include "DicomDirectoryScan.h"

#include "cumed/core/Log.h"
#include "cumed/io/DicomSeriesReader.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace cumed::io::detail {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> ListEntries(const std::string& directory) {
  std::error_code error;
  const fs::file_status status = fs::status(directory, error);
  if (!fs::exists(status)) throw DicomError("DICOM directory '" + directory + "' does not exist");
  if (!fs::is_directory(status))
    throw DicomError("'" + directory + "' is not a directory (expected a DICOM series directory)");
  std::vector<fs::path> entries;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error))
    entries.push_back(it->path());
  if (error)
    throw DicomError("cannot list DICOM directory '" + directory + "': " + error.message());
  std::sort(entries.begin(), entries.end());
  return entries;
}

void Skip(DicomDirectoryScan& scan, const std::string& path, const std::string& why) {
  Log(LogLevel::Warning, "skipping '" + path + "': " + why);
  scan.skippedFiles.push_back(path);
}

} // namespace

DicomDirectoryScan ScanDicomDirectory(const std::string& directory) {
  DicomDirectoryScan scan;
  for (const fs::path& entry : ListEntries(directory)) {
    std::error_code error;
    if (fs::is_directory(entry, error)) continue; // not recursive, by design
    const std::string path = entry.string();
    if (!fs::is_regular_file(entry, error)) {
      Skip(scan, path, "not a regular file (or a broken link)");
      continue;
    }
    std::optional<DicomFileHeader> header = ScanDicomFile(path);
    if (!header) {
      Skip(scan, path, "not a DICOM file");
      continue;
    }
    const std::string uid = header->Text(kSeriesInstanceUid);
    if (uid.empty()) {
      Skip(scan, path, "DICOM file without " + Describe(kSeriesInstanceUid));
      continue;
    }
    scan.series[uid].push_back(std::move(*header));
  }
  if (scan.series.empty())
    throw DicomError("no DICOM series in '" + directory + "' (" +
                     std::to_string(scan.skippedFiles.size()) + " non-DICOM files skipped)");
  return scan;
}

} // namespace cumed::io::detail

#include "DicomDirectoryScan.h"

#include "cumed/core/Log.h"
#include "cumed/io/DicomSeriesReader.h"

#include <omp.h>

#include <algorithm>
#include <exception>
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

// What a worker found for one directory entry; acted on (warned, thrown) later, in name order.
struct EntryScan {
  enum class Kind { SubDirectory, NotRegular, NotDicom, Dicom, Failed } kind = Kind::Failed;
  std::optional<DicomFileHeader> header;
  std::exception_ptr failure;
};

EntryScan ScanEntry(const fs::path& entry) {
  EntryScan result;
  std::error_code error;
  if (fs::is_directory(entry, error)) {
    result.kind = EntryScan::Kind::SubDirectory; // not recursive, by design
  } else if (!fs::is_regular_file(entry, error)) {
    result.kind = EntryScan::Kind::NotRegular;
  } else {
    result.header = ScanDicomFile(entry.string());
    result.kind = result.header ? EntryScan::Kind::Dicom : EntryScan::Kind::NotDicom;
  }
  return result;
}

} // namespace

DicomDirectoryScan ScanDicomDirectory(const std::string& directory, int threads) {
  const std::vector<fs::path> entries = ListEntries(directory);
  LoadDicomDictionary(); // before the workers: they must only read DCMTK's global dictionary

  // Workers only read files; every effect (warning, skip list, error) happens below in name
  // order, so the outcome is the one of a sequential scan. No exception may leave the region.
  std::vector<EntryScan> scanned(entries.size());
  const long count = static_cast<long>(entries.size());
  const int workers = static_cast<int>(std::max(1L, std::min<long>(threads, count)));
#pragma omp parallel for num_threads(workers) schedule(dynamic, 1)
  for (long i = 0; i < count; ++i) {
    try {
      scanned[i] = ScanEntry(entries[i]);
    } catch (...) {
      scanned[i].kind = EntryScan::Kind::Failed;
      scanned[i].failure = std::current_exception();
    }
  }

  DicomDirectoryScan scan;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    EntryScan& entry = scanned[i];
    const std::string path = entries[i].string();
    switch (entry.kind) {
    case EntryScan::Kind::SubDirectory:
      continue;
    case EntryScan::Kind::NotRegular:
      Skip(scan, path, "not a regular file (or a broken link)");
      continue;
    case EntryScan::Kind::NotDicom:
      Skip(scan, path, "not a DICOM file");
      continue;
    case EntryScan::Kind::Failed:
      std::rethrow_exception(entry.failure);
    case EntryScan::Kind::Dicom:
      break;
    }
    const std::string uid = entry.header->Text(kSeriesInstanceUid);
    if (uid.empty()) {
      Skip(scan, path, "DICOM file without " + Describe(kSeriesInstanceUid));
      continue;
    }
    scan.series[uid].push_back(std::move(*entry.header));
  }
  if (scan.series.empty())
    throw DicomError("no DICOM series in '" + directory + "' (" +
                     std::to_string(scan.skippedFiles.size()) + " non-DICOM files skipped)");
  return scan;
}

} // namespace cumed::io::detail

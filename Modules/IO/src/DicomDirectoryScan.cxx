#include "DicomDirectoryScan.h"

#include "cumed/core/Log.h"
#include "cumed/io/DicomSeriesReader.h"

#include <omp.h>

#include <algorithm>
#include <cctype>
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
  enum class Kind {
    SubDirectory,
    BrokenLink,
    NotRegular,
    NotDicom,
    Dicom,
    Failed
  } kind = Kind::Failed;
  std::optional<DicomFileHeader> header;
  std::exception_ptr failure;
};

EntryScan ScanEntry(const fs::path& entry) {
  EntryScan result;
  std::error_code error;
  if (fs::is_directory(entry, error)) {
    result.kind = EntryScan::Kind::SubDirectory; // not recursive, by design
  } else if (fs::is_symlink(fs::symlink_status(entry, error)) && !fs::exists(entry, error)) {
    result.kind = EntryScan::Kind::BrokenLink;
  } else if (!fs::is_regular_file(entry, error)) {
    result.kind = EntryScan::Kind::NotRegular;
  } else {
    result.header = ScanDicomFile(entry.string());
    result.kind = result.header ? EntryScan::Kind::Dicom : EntryScan::Kind::NotDicom;
  }
  return result;
}

// A file named like a slice is expected to be one: if it is not, it is a damaged slice (an
// empty or cut-off end slice would otherwise drop out of the volume without a word).
bool HasDicomName(const fs::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return extension == ".dcm" || extension == ".dicom";
}

std::string DescribeNonDicom(const std::string& path) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  const std::string bytes = error ? std::string("unknown size") : std::to_string(size) + " bytes";
  return path + ": named as a DICOM file but it is not one (" + bytes +
         "; expected the 128-byte preamble and \"DICM\", or a data set starting with group 0002 " +
         "or 0008): an empty, cut-off or foreign file where a slice may belong";
}

// UIDs are digits and dots, at most 64 characters, without empty components (PS3.5 9.1).
bool IsValidUid(const std::string& uid) {
  if (uid.empty() || uid.size() > 64 || uid.front() == '.' || uid.back() == '.') return false;
  for (std::size_t i = 0; i < uid.size(); ++i) {
    const char c = uid[i];
    if (c == '.' ? uid[i - 1] == '.' : (c < '0' || c > '9')) return false;
  }
  return true;
}

} // namespace

DicomDirectoryScan ScanDicomDirectory(const std::string& directory, int threads,
                                      bool warnSubdirectories) {
  const std::vector<fs::path> entries = ListEntries(directory);
  PrepareDcmtk(); // before the workers: they must only read DCMTK's globals

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
    case EntryScan::Kind::SubDirectory: // warned, but not a skipped file
      if (warnSubdirectories)
        Log(LogLevel::Warning,
            "not reading '" + path + "': a directory (sub-directories are not read)");
      continue;
    case EntryScan::Kind::BrokenLink:
      if (HasDicomName(entries[i]))
        throw DicomError(path + ": cannot be opened for reading (a link to a missing file)");
      Skip(scan, path, "a link to a missing file");
      continue;
    case EntryScan::Kind::NotRegular:
      Skip(scan, path, "not a regular file");
      continue;
    case EntryScan::Kind::NotDicom:
      if (HasDicomName(entries[i])) throw DicomError(DescribeNonDicom(path));
      Skip(scan, path, "not a DICOM file");
      continue;
    case EntryScan::Kind::Failed:
      std::rethrow_exception(entry.failure);
    case EntryScan::Kind::Dicom:
      break;
    }
    const std::string uid = entry.header->Text(kSeriesInstanceUid);
    if (uid.empty()) {
      // An image must belong to a series; a DICOMDIR (no pixels) belongs to none.
      if (entry.header->pixelDataPresent)
        throw DicomError(path + ": " + Describe(kSeriesInstanceUid) +
                         " is missing, but the file holds an image (" + Describe(kPixelData) +
                         "): it cannot be assigned to a series");
      Skip(scan, path, "DICOM file without " + Describe(kSeriesInstanceUid));
      continue;
    }
    if (!IsValidUid(uid))
      throw DicomError(path + ": " + Describe(kSeriesInstanceUid) + " '" + uid +
                       "' is not a valid UID (digits and single dots, at most 64 characters)");
    scan.series[uid].push_back(std::move(*entry.header));
  }
  return scan;
}

void RequireSeries(const DicomDirectoryScan& scan, const std::string& directory) {
  if (scan.series.empty())
    throw DicomError("no DICOM series in '" + directory + "' (" +
                     std::to_string(scan.skippedFiles.size()) + " non-DICOM files skipped)");
}

} // namespace cumed::io::detail

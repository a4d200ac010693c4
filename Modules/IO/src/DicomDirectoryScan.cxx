#include "DicomDirectoryScan.h"

#include "cumed/core/Log.h"
#include "cumed/io/DicomSeriesReader.h"

#include <omp.h>

#include <algorithm>
#include <cctype>
#include <exception>
#include <filesystem>
#include <iterator>
#include <map>
#include <set>
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
    DicomDir,
    BrokenLink,
    NotRegular,
    NotDicom,
    Dicom,
    Failed
  } kind = Kind::Failed;
  std::optional<DicomFileHeader> header;
  std::exception_ptr failure;
};

bool IsDicomDirName(const fs::path& path) {
  std::string name = path.filename().string();
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return char(std::toupper(c)); });
  return name == "DICOMDIR";
}

EntryScan ScanEntry(const fs::path& entry) {
  EntryScan result;
  std::error_code error;
  if (fs::is_directory(entry, error)) {
    result.kind = EntryScan::Kind::SubDirectory; // walked by ScanDicomTree, not here
  } else if (IsDicomDirName(entry)) {
    result.kind = EntryScan::Kind::DicomDir;
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

// A value as a message may print it: printable ASCII kept, anything else as \xNN.
std::string Printable(const std::string& text) {
  static const char* const digits = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
    } else {
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out;
}

// Anonymisers replace UIDs with hashes ("3f2a..."): still a usable series key. What cannot be
// one is over-long text or text holding control characters (a damaged value).
void CheckSeriesUid(const std::string& path, const std::string& uid,
                    std::set<std::string>& nonStandardSeen) {
  const bool printable =
      std::all_of(uid.begin(), uid.end(), [](unsigned char c) { return c >= 0x20 && c < 0x7F; });
  if (!printable || uid.size() > kMaxUidLength)
    throw DicomError(path + ": " + Describe(kSeriesInstanceUid) + " '" + Printable(uid) +
                     "' is not a valid UID (" + std::to_string(uid.size()) + " characters" +
                     (printable ? "" : ", with control or non-ASCII characters") +
                     "; expected at most " + std::to_string(kMaxUidLength) +
                     " printable characters, normally digits and single dots)");
  if (!IsStandardUid(uid) && nonStandardSeen.insert(uid).second)
    Log(LogLevel::Debug, path + ": " + Describe(kSeriesInstanceUid) + " '" + uid +
                             "' is not a standard UID (digits and single dots); used as it is");
}

} // namespace

bool IsStandardUid(const std::string& uid) {
  if (uid.empty() || uid.size() > kMaxUidLength || uid.front() == '.' || uid.back() == '.')
    return false;
  for (std::size_t i = 0; i < uid.size(); ++i) {
    const char c = uid[i];
    if (c == '.' ? uid[i - 1] == '.' : (c < '0' || c > '9')) return false;
  }
  return true;
}

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
  std::set<std::string> nonStandardUids;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    EntryScan& entry = scanned[i];
    const std::string path = entries[i].string();
    switch (entry.kind) {
    case EntryScan::Kind::SubDirectory: // warned, but not a skipped file
      if (warnSubdirectories)
        Log(LogLevel::Warning,
            "not reading '" + path + "': a directory (sub-directories are not read)");
      continue;
    case EntryScan::Kind::DicomDir: // an index: the files it names are scanned themselves
      Log(LogLevel::Debug, "skipping '" + path + "': a DICOMDIR (the files it indexes are read)");
      scan.skippedFiles.push_back(path);
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
    CheckSeriesUid(path, uid, nonStandardUids);
    scan.series[uid].push_back(std::move(*entry.header));
  }
  scan.directories.push_back(directory);
  return scan;
}

namespace {

// The directories under `root` (itself included) down to kMaxDirectoryDepth, in path order;
// symbolic links to directories are not followed (a link back up would never end), nor hidden
// directories.
std::vector<fs::path> TreeDirectories(const fs::path& root) {
  std::vector<fs::path> found;
  std::vector<std::pair<fs::path, int>> pending{{root, 0}};
  while (!pending.empty()) {
    const auto [directory, depth] = pending.back();
    pending.pop_back();
    found.push_back(directory);
    std::error_code error;
    for (fs::directory_iterator it(directory, error), end; !error && it != end;
         it.increment(error)) {
      std::error_code typeError;
      if (!it->is_directory(typeError) || it->is_symlink(typeError)) continue;
      // Hidden directories are no export's: among them the .cumed-partial-* of an interrupted
      // write, whose slices must never be taken for a series.
      if (it->path().filename().string().front() == '.') continue;
      if (depth + 1 > kMaxDirectoryDepth) {
        Log(LogLevel::Warning, "not reading '" + it->path().string() + "': more than " +
                                   std::to_string(kMaxDirectoryDepth) + " levels below '" +
                                   root.string() + "'");
        continue;
      }
      pending.emplace_back(it->path(), depth + 1);
    }
    if (error)
      throw DicomError("cannot list DICOM directory '" + directory.string() +
                       "': " + error.message());
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::string InstanceKey(const DicomFileHeader& header) {
  return header.Text(kSopInstanceUid) + "#" + std::to_string(header.frame);
}

// Adds one directory's series to the tree's; instances already found elsewhere are copies.
void Merge(DicomDirectoryScan& tree, DicomDirectoryScan&& part,
           std::map<std::string, std::string>& directoryOfInstance) {
  const std::string directory = part.directories.front();
  for (auto& [uid, headers] : part.series) {
    std::vector<DicomFileHeader>& into = tree.series[uid];
    std::map<std::string, int> copiesOf; // by the directory holding the originals
    for (DicomFileHeader& header : headers) {
      const bool identified = !header.Text(kSopInstanceUid).empty();
      const auto [seen, isNew] =
          directoryOfInstance.emplace(uid + "/" + InstanceKey(header), directory);
      if (identified && !isNew && seen->second != directory) {
        ++copiesOf[seen->second];
        tree.duplicateFiles.push_back(header.path);
        continue;
      }
      into.push_back(std::move(header));
    }
    for (const auto& [original, count] : copiesOf)
      Log(LogLevel::Warning, "'" + directory + "': " + std::to_string(count) + " files of series " +
                                 uid + " are copies of files in '" + original + "' (same " +
                                 Describe(kSopInstanceUid) + "); each instance is counted once");
  }
  tree.skippedFiles.insert(tree.skippedFiles.end(), part.skippedFiles.begin(),
                           part.skippedFiles.end());
  tree.directories.push_back(directory);
}

} // namespace

DicomDirectoryScan ScanDicomTree(const std::string& root, int threads, bool recursive) {
  if (!recursive) return ScanDicomDirectory(root, threads, /*warnSubdirectories=*/true);
  ListEntries(root); // the same errors as a flat scan for a missing root or a file
  DicomDirectoryScan tree;
  std::map<std::string, std::string> directoryOfInstance;
  for (const fs::path& directory : TreeDirectories(root))
    Merge(tree, ScanDicomDirectory(directory.string(), threads, /*warnSubdirectories=*/false),
          directoryOfInstance);
  for (auto it = tree.series.begin(); it != tree.series.end();)
    it = it->second.empty() ? tree.series.erase(it) : std::next(it);
  return tree;
}

void RequireSeries(const DicomDirectoryScan& scan, const std::string& directory) {
  if (scan.series.empty())
    throw DicomError("no DICOM series in '" + directory + "' (" +
                     std::to_string(scan.skippedFiles.size()) + " non-DICOM files skipped)");
}

} // namespace cumed::io::detail

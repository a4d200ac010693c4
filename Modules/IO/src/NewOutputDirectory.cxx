#include "NewOutputDirectory.h"

#include "cumed/io/DicomSeriesReader.h"

#include <system_error>

namespace cumed::io::detail {

namespace fs = std::filesystem;

NewOutputDirectory::NewOutputDirectory(const std::string& directory) : directory_(directory) {
  if (directory.empty()) throw DicomError("the output directory name is empty");
  std::error_code error;
  if (fs::exists(directory_, error)) {
    if (!fs::is_directory(directory_, error))
      throw DicomError("output path '" + directory + "' exists and is not a directory");
    if (!fs::is_empty(directory_, error) || error)
      throw DicomError("output directory '" + directory +
                       "' is not empty; refusing to write into it (nothing is overwritten)");
    return;
  }
  // Remember which ancestors are new, so a failed write can remove exactly those.
  for (fs::path path = fs::absolute(directory_, error); !path.empty() && !fs::exists(path, error);
       path = path.parent_path()) {
    createdDirectories_.insert(createdDirectories_.begin(), path);
    if (path == path.parent_path()) break;
  }
  if (!fs::create_directories(directory_, error) && error)
    throw DicomError("cannot create output directory '" + directory + "': " + error.message());
}

NewOutputDirectory::~NewOutputDirectory() {
  if (committed_) return;
  std::error_code ignored; // best effort: the original error is what the caller needs to see
  for (const fs::path& file : files_) fs::remove(file, ignored);
  for (auto it = createdDirectories_.rbegin(); it != createdDirectories_.rend(); ++it)
    fs::remove(*it, ignored); // removes only empty directories
}

std::string NewOutputDirectory::Add(const std::string& name) {
  const fs::path path = directory_ / name;
  std::error_code error;
  if (fs::exists(path, error))
    throw DicomError("'" + path.string() + "' appeared while writing; not overwriting it");
  files_.push_back(path);
  return path.string();
}

} // namespace cumed::io::detail

#include "NewOutputDirectory.h"

#include "cumed/io/DicomSeriesReader.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

namespace cumed::io::detail {

namespace fs = std::filesystem;

NewOutputDirectory::NewOutputDirectory(const std::string& directory) : directory_(directory) {
  if (directory.empty()) throw DicomError("the output directory name is empty");
  // The name the series is renamed to: "out/" is "out", "." the directory's absolute name.
  directory_ = fs::absolute(directory_).lexically_normal();
  if (!directory_.has_filename() && directory_.has_parent_path())
    directory_ = directory_.parent_path();
  std::error_code error;
  if (fs::exists(directory_, error)) {
    if (!fs::is_directory(directory_, error))
      throw DicomError("output path '" + directory + "' exists and is not a directory");
    if (!fs::is_empty(directory_, error) || error)
      throw DicomError("output directory '" + directory +
                       "' is not empty; refusing to write into it (nothing is overwritten)");
  }
  const fs::path parent = directory_.has_parent_path() ? directory_.parent_path() : fs::path(".");
  // Remember which ancestors are new, so a failed write can remove exactly those.
  for (fs::path path = fs::absolute(parent, error); !path.empty() && !fs::exists(path, error);
       path = path.parent_path()) {
    createdDirectories_.insert(createdDirectories_.begin(), path);
    if (path == path.parent_path()) break;
  }
  if (!fs::create_directories(parent, error) && error)
    throw DicomError("cannot create output directory '" + parent.string() +
                     "': " + error.message());
  for (int n = 0;; ++n) {
    staging_ = parent / (".cumed-partial-" + std::to_string(::getpid()) + "-" + std::to_string(n));
    if (::mkdir(staging_.c_str(), 0777) == 0) break;
    if (errno != EEXIST || n >= 1000) {
      const int reason = errno;
      staging_.clear();
      throw DicomError("cannot create a temporary directory in '" + parent.string() +
                       "' for the series '" + directory + "': " + std::strerror(reason));
    }
  }
}

NewOutputDirectory::~NewOutputDirectory() {
  if (committed_) return;
  std::error_code ignored; // best effort: the original error is what the caller needs to see
  if (!staging_.empty()) fs::remove_all(staging_, ignored);
  for (auto it = createdDirectories_.rbegin(); it != createdDirectories_.rend(); ++it)
    fs::remove(*it, ignored); // removes only empty directories
}

std::string NewOutputDirectory::Add(const std::string& name) {
  return (staging_ / name).string();
}

void NewOutputDirectory::Commit() {
  // rename() replaces a directory only while it is empty: a series never mixes with other files.
  if (::rename(staging_.c_str(), directory_.c_str()) != 0) {
    const int reason = errno;
    const bool filled = reason == ENOTEMPTY || reason == EEXIST;
    throw DicomError("cannot move the new series into '" + directory_.string() + "': " +
                     (filled ? std::string("it was created or filled meanwhile (nothing is "
                                           "overwritten)")
                             : std::string(std::strerror(reason))));
  }
  committed_ = true;
}

} // namespace cumed::io::detail

#include "cumed/app/SafeOutput.h"

#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

#include <unistd.h>

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::app {

void CheckReplaceable(const std::string& label, const fs::path& file, bool force) {
  std::error_code error;
  if (fs::is_directory(file, error)) {
    throw UsageError(label + " '" + file.string() + "' is an existing directory; name a file");
  }
  if (!force && (fs::exists(file, error) || fs::is_symlink(file, error))) {
    throw UsageError(label + " '" + file.string() + "' exists; --force replaces it");
  }
}

CreatedDirectories::~CreatedDirectories() {
  if (keep_) return;
  std::error_code ignored; // best effort: the run's own error is what the user needs to see
  for (auto it = created_.rbegin(); it != created_.rend(); ++it) {
    if (fs::is_directory(*it, ignored) && fs::is_empty(*it, ignored)) fs::remove(*it, ignored);
  }
}

void CreatedDirectories::Create(const fs::path& directory) {
  std::error_code error;
  if (directory.empty() || fs::is_directory(directory, error)) return;
  std::vector<fs::path> missing; // innermost first
  for (fs::path path = fs::absolute(directory, error); !path.empty() && !fs::exists(path, error);
       path = path.parent_path()) {
    missing.push_back(path);
    if (path == path.parent_path()) break;
  }
  fs::create_directories(directory, error);
  // Remembered also after a partial failure, so what was made is undone.
  created_.insert(created_.end(), missing.rbegin(), missing.rend());
  if (error) {
    throw cumed::Error("cannot create the directory '" + directory.string() +
                       "': " + error.message());
  }
}

StagedFiles::~StagedFiles() {
  RemoveStaging();
}

fs::path StagedFiles::Stage(const fs::path& file) {
  const fs::path parent = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  auto found = stagingDirectories_.find(parent);
  if (found == stagingDirectories_.end()) {
    std::error_code error;
    fs::path staging;
    for (int n = 0; n < 1000; ++n) {
      staging = parent / (".cumed-partial-" + std::to_string(::getpid()) + "-" + std::to_string(n));
      if (fs::create_directory(staging, error)) break;
      if (error) {
        throw cumed::Error("cannot create a temporary directory in '" + parent.string() +
                           "' for '" + file.string() + "': " + error.message());
      }
    }
    found = stagingDirectories_.emplace(parent, staging).first;
  }
  const fs::path staged = found->second / file.filename();
  files_.emplace_back(staged, file);
  return staged;
}

void StagedFiles::Commit() {
  std::error_code error;
  for (const auto& [staged, final] : files_) {
    if (!fs::exists(staged, error)) continue; // e.g. a data file the format did not need
    fs::rename(staged, final, error);
    if (error) {
      throw cumed::Error("cannot move the new '" + final.string() +
                         "' into place: " + error.message());
    }
  }
  files_.clear();
  RemoveStaging();
}

void StagedFiles::RemoveStaging() noexcept {
  std::error_code ignored;
  for (const auto& [parent, staging] : stagingDirectories_) fs::remove_all(staging, ignored);
  stagingDirectories_.clear();
  files_.clear();
}

} // namespace cumed::app

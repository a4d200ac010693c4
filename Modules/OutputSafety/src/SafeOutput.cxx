// Staging outputs under temporary names and moving them into place (SafeOutput.h).
#include "cumed/output/SafeOutput.h"

#include "cumed/output/InterruptCleanup.h"
#include "cumed/core/Error.h"

#include <stdio.h> // renameat2
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <system_error>
#include <thread>
#include <utility>

namespace fs = std::filesystem;

namespace cumed::output {
namespace {

// rename() that fails with EEXIST instead of replacing; link()+unlink() where the file system
// lacks RENAME_NOREPLACE. Returns 0 or the errno.
int RenameNoReplace(const fs::path& from, const fs::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) return errno;
  if (::link(from.c_str(), to.c_str()) != 0) return errno;
  ::unlink(from.c_str());
  return 0;
}

// Test hook (inert unless set): CUMED_TEST_COMMIT_DELAY_S=SECONDS waits that long, after saying
// so on stderr, between writing the outputs and moving them into place, so tests can interrupt
// a run or race several at a known stage.
void TestCommitDelay(const fs::path& staging) {
  const char* value = std::getenv("CUMED_TEST_COMMIT_DELAY_S");
  if (value == nullptr || *value == '\0') return;
  const double seconds = std::strtod(value, nullptr);
  if (!(seconds > 0.0 && seconds <= 600.0)) return;
  std::cerr << "cumed: CUMED_TEST_COMMIT_DELAY_S: outputs staged in '" << staging.string()
            << "'; moving them into place in " << seconds << " s" << std::endl;
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

// An advisory lock (flock) on a directory, held while outputs are renamed into it.
class DirectoryLock {
public:
  explicit DirectoryLock(const fs::path& directory)
      : fd_(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    if (fd_ >= 0) {
      while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
      }
    }
  }
  DirectoryLock(DirectoryLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;
  DirectoryLock& operator=(DirectoryLock&&) = delete;
  ~DirectoryLock() {
    if (fd_ >= 0) ::close(fd_); // releases the lock
  }

private:
  int fd_;
};

std::string CommitFailure(const fs::path& final, bool directory, int error, bool replace) {
  const std::string named = "output '" + final.string() + "'";
  if (directory && (error == ENOTEMPTY || error == EEXIST)) {
    return named + " was created or filled by someone else while this run wrote it; a series is "
                   "written only into a new or empty directory, nothing was replaced";
  }
  if (!replace && error == EEXIST) {
    return named + " appeared while this run was writing it (another run writing the same " +
           "file?); it was left as it is: --force replaces it";
  }
  return "cannot move the new " + named + " into place: " + std::strerror(error);
}

} // namespace

fs::path OutputName(const fs::path& path) {
  fs::path name = path;
  while (!name.has_filename() && name.has_parent_path() && name != name.parent_path()) {
    name = name.parent_path();
  }
  if (name.filename() == "." || name.filename() == "..") {
    name = fs::absolute(name).lexically_normal(); // "." is the directory's own name
    if (!name.has_filename() && name.has_parent_path()) name = name.parent_path();
  }
  return name;
}

CreatedDirectories::~CreatedDirectories() {
  std::error_code ignored; // best effort: the run's own error is what the user needs to see
  if (!keep_) {
    for (auto it = created_.rbegin(); it != created_.rend(); ++it) {
      if (fs::is_directory(*it, ignored) && fs::is_empty(*it, ignored)) fs::remove(*it, ignored);
    }
  }
  for (const std::uint64_t token : interruptTokens_) Forget(token);
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
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    interruptTokens_.push_back(RemoveEmptyDirectoryOnInterrupt(*it));
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

fs::path StagedFiles::Stage(const fs::path& output) {
  const fs::path file = OutputName(output);
  const fs::path parent = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  auto found = std::find_if(stagingDirectories_.begin(), stagingDirectories_.end(),
                            [&](const auto& entry) { return entry.first == parent; });
  if (found == stagingDirectories_.end()) {
    fs::path staging;
    for (int n = 0;; ++n) {
      staging = parent / (".cumed-partial-" + std::to_string(::getpid()) + "-" + std::to_string(n));
      // Registered first, so a signal between mkdir and the registration still removes it.
      const std::uint64_t token = RemoveTreeOnInterrupt(staging);
      if (::mkdir(staging.c_str(), 0700) == 0) {
        stagingDirectories_.push_back({parent, {staging, token}});
        break;
      }
      const int error = errno;
      Forget(token);
      if (error != EEXIST || n >= 1000) {
        throw cumed::Error("cannot create a temporary directory in '" + parent.string() +
                           "' for '" + file.string() + "': " + std::strerror(error));
      }
    }
    found = stagingDirectories_.end() - 1;
  }
  const fs::path staged = found->second.directory / file.filename();
  files_.emplace_back(staged, file);
  return staged;
}

void StagedFiles::Commit() {
  if (!stagingDirectories_.empty()) TestCommitDelay(stagingDirectories_.front().second.directory);
  // Concurrent CuMed runs commit into one directory in turn, so outputs of several files (a
  // header and its data file) are never mixed from two runs.
  std::vector<fs::path> parents; // locked in one order by every run: no deadlock
  for (const auto& [parent, staging] : stagingDirectories_) parents.push_back(fs::absolute(parent));
  std::sort(parents.begin(), parents.end());
  std::vector<DirectoryLock> locks;
  for (const fs::path& parent : parents) locks.emplace_back(parent);
  const auto hold = HoldOffInterrupts();
  std::vector<fs::path> placed;
  for (auto it = files_.rbegin(); it != files_.rend(); ++it) {
    const auto& [staged, final] = *it;
    struct stat status {};
    if (::lstat(staged.c_str(), &status) != 0) continue; // e.g. a data file the format did not need
    const bool directory = S_ISDIR(status.st_mode);
    int error = 0;
    if (directory || replace_) {
      // rename() replaces a file atomically, and a directory only when that one is empty.
      error = ::rename(staged.c_str(), final.c_str()) == 0 ? 0 : errno;
    } else {
      error = RenameNoReplace(staged, final);
    }
    if (error != 0) {
      const std::string message = CommitFailure(final, directory, error, replace_);
      std::error_code ignored; // undo what this commit placed: the outputs belong together
      if (!replace_) {
        for (const fs::path& done : placed) fs::remove_all(done, ignored);
      }
      RemoveStaging(); // clears files_, which `final` refers into
      throw cumed::Error(message);
    }
    placed.push_back(final);
  }
  files_.clear();
  RemoveStaging();
}

void StagedFiles::RemoveStaging() noexcept {
  std::error_code ignored;
  for (const auto& [parent, staging] : stagingDirectories_) {
    fs::remove_all(staging.directory, ignored);
    Forget(staging.interruptToken);
  }
  stagingDirectories_.clear();
  files_.clear();
}

} // namespace cumed::output

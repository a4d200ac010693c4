#include "OutputFile.h"

#include "cumed/core/Error.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace cumed::meshio::detail {

namespace {

// Opens `path` for writing, retrying an interrupted open(); -1 with errno on failure.
int OpenForWriting(const std::filesystem::path& path, int flags) {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0666);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

} // namespace

OutputFile::OutputFile(std::filesystem::path file) : file_(std::move(file)) {
  struct stat existing {};
  const bool exists = ::lstat(file_.c_str(), &existing) == 0;
  std::filesystem::path target = file_;
  if (!exists || S_ISREG(existing.st_mode) || S_ISLNK(existing.st_mode)) {
    // Staged beside the file and renamed over it by Close(), so the file is replaced (a link
    // itself, not what it leads to) only once complete.
    staged_ = std::make_unique<output::StagedFiles>(true);
    try {
      target = staged_->Stage(file_);
    } catch (const cumed::Error& e) {
      staged_.reset();
      throw cumed::Error("cannot create '" + file_.string() + "': " + e.what());
    }
  }
  // A device or a pipe is written in place.
  fd_ = OpenForWriting(target, staged_ ? O_EXCL : O_TRUNC);
  if (fd_ < 0) {
    const int error = errno;
    staged_.reset();
    throw cumed::Error("cannot create '" + file_.string() + "': " + std::strerror(error));
  }
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
  // staged_'s destructor removes what was not committed.
}

void OutputFile::Fail(const char* action, int error, bool sequential) {
  std::string reason = error ? std::strerror(error) : "short write";
  if (sequential) reason += " (after " + std::to_string(written_) + " bytes)";
  throw cumed::Error(std::string("cannot ") + action + " '" + file_.string() + "': " + reason);
}

void OutputFile::Write(const void* data, std::size_t bytes) {
  const char* next = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t done = ::write(fd_, next, bytes);
    if (done < 0 && errno == EINTR) continue;
    if (done <= 0) Fail("write", done < 0 ? errno : 0);
    next += done;
    bytes -= static_cast<std::size_t>(done);
    written_ += static_cast<std::size_t>(done);
  }
}

int OutputFile::TryWriteAt(const void* data, std::size_t bytes, std::size_t offset) const noexcept {
  const char* next = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t done = ::pwrite(fd_, next, bytes, static_cast<off_t>(offset));
    if (done < 0 && errno == EINTR) continue;
    if (done <= 0) return done < 0 ? errno : -1;
    next += done;
    bytes -= static_cast<std::size_t>(done);
    offset += static_cast<std::size_t>(done);
  }
  return 0;
}

void OutputFile::WriteAt(const void* data, std::size_t bytes, std::size_t offset) {
  if (const int error = TryWriteAt(data, bytes, offset)) FailWrite(error);
}

void OutputFile::Close() {
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0 && errno != EINTR) Fail("close", errno);
  if (!staged_) return;
  try {
    staged_->Commit();
  } catch (const cumed::Error& e) {
    throw cumed::Error("cannot move '" + file_.string() + "' into place: " + e.what());
  }
}

} // namespace cumed::meshio::detail

#include "OutputFile.h"

#include "cumed/core/Error.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>
#include <utility>

namespace cumed::meshio::detail {

OutputFile::OutputFile(std::filesystem::path file) : file_(std::move(file)) {
  do {
    fd_ = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  } while (fd_ < 0 && errno == EINTR);
  if (fd_ < 0) {
    const int error = errno;
    throw cumed::Error("cannot create '" + file_.string() + "': " + std::strerror(error));
  }
  struct stat status {};
  regular_ = ::fstat(fd_, &status) == 0 && S_ISREG(status.st_mode);
}

OutputFile::~OutputFile() {
  if (fd_ < 0) return;
  ::close(fd_);
  if (regular_) {
    std::error_code ignored;
    std::filesystem::remove(file_, ignored);
  }
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
  if (::close(fd) != 0 && errno != EINTR) {
    const int error = errno;
    if (regular_) {
      std::error_code ignored;
      std::filesystem::remove(file_, ignored);
    }
    Fail("close", error);
  }
}

} // namespace cumed::meshio::detail

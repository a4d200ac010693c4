#include "cumed/core/InputFile.h"

#include "cumed/core/Error.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <new>

namespace cumed {
namespace {

std::string FileKind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

[[noreturn]] void Refuse(const std::string& name, const std::string& what) {
  throw InvalidArgument(name + " " + what);
}

struct stat StatRegular(const std::filesystem::path& path, const std::string& name) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) Refuse(name, "no such file");
    Refuse(name, std::string("cannot be examined (") + std::strerror(errno) + ")");
  }
  if (!S_ISREG(status.st_mode))
    Refuse(name, "is " + FileKind(status.st_mode) + ", not a regular file");
  return status;
}

} // namespace

std::uint64_t CheckRegularInputFile(const std::filesystem::path& path, const std::string& name) {
  return static_cast<std::uint64_t>(StatRegular(path, name).st_size);
}

std::string ReadRegularInputFile(const std::filesystem::path& path, const std::string& name,
                                 std::uint64_t maxBytes) {
  const struct stat before = StatRegular(path, name);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) Refuse(name, std::string("cannot be opened (") + std::strerror(errno) + ")");
  struct Close {
    int fd;
    ~Close() { ::close(fd); }
  } closeAtEnd{fd};
  struct stat opened {};
  if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode) || opened.st_dev != before.st_dev ||
      opened.st_ino != before.st_ino)
    Refuse(name, "changed while it was opened (it is not the regular file examined)");
  const auto size = static_cast<std::uint64_t>(opened.st_size);
  if (size > maxBytes)
    Refuse(name, "is " + std::to_string(size) + " bytes long; at most " + std::to_string(maxBytes) +
                     " are read from a file of this kind");
  std::string bytes;
  try {
    bytes.resize(size);
  } catch (const std::exception&) {
    Refuse(name, "has " + std::to_string(size) + " bytes, which do not fit in memory");
  }
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) Refuse(name, std::string("cannot be read (") + std::strerror(errno) + ")");
    if (got == 0)
      Refuse(name, "ended after " + std::to_string(done) + " of its " + std::to_string(size) +
                       " bytes while it was read (changed by another program?)");
    done += static_cast<std::size_t>(got);
  }
  char extra = 0;
  if (::read(fd, &extra, 1) > 0)
    Refuse(name, "grew while it was read (changed by another program?)");
  return bytes;
}

} // namespace cumed

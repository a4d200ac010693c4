#pragma once
// A file written with POSIX calls, so that every failure (cannot create, short write, full disk,
// failed close) is seen with its errno and reported as cumed::Error naming the file. A regular
// file it created and did not complete (Close() not reached or failed) is removed.
#include <cstddef>
#include <filesystem>

namespace cumed::meshio::detail {

class OutputFile {
public:
  /// Creates or truncates `file`; throws cumed::Error "cannot create 'FILE': REASON".
  explicit OutputFile(std::filesystem::path file);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  /// Without a successful Close(): closes and removes the file (a regular file only).
  ~OutputFile();

  /// Writes all `bytes` (in as many calls as the system needs); throws cumed::Error "cannot write
  /// 'FILE': REASON" naming how much of the file was written.
  void Write(const void* data, std::size_t bytes);
  /// Writes all `bytes` at `offset` (before the end: what Write() wrote is replaced), without
  /// moving the position Write() appends at.
  void WriteAt(const void* data, std::size_t bytes, std::size_t offset);
  /// WriteAt() for several threads at once (disjoint ranges): no exception, returns 0, or the
  /// errno of the failure (-1 for a short write without one); FailWrite() reports it.
  int TryWriteAt(const void* data, std::size_t bytes, std::size_t offset) const noexcept;
  [[noreturn]] void FailWrite(int error) { Fail("write", error < 0 ? 0 : error, false); }
  /// Closes the file; throws cumed::Error when the system reports an error on closing.
  void Close();

  const std::filesystem::path& path() const noexcept { return file_; }
  /// Bytes Write() has written: where the next Write() goes.
  std::size_t position() const noexcept { return written_; }

private:
  [[noreturn]] void Fail(const char* action, int error, bool sequential = true);
  std::filesystem::path file_;
  int fd_ = -1;
  bool regular_ = false;
  std::size_t written_ = 0;
};

} // namespace cumed::meshio::detail

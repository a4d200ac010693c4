#pragma once
// A file written with POSIX calls, so that every failure (cannot create, short write, full disk,
// failed close) is seen with its errno and reported as cumed::Error naming the file. It is
// staged by CuMed::OutputSafety (StagedFiles: a private directory ".cumed-partial-PID-N" beside
// the file) and renamed over the file by Close(): the file appears, or is replaced, only
// complete; an existing symbolic link is replaced, not written through. What was not completed
// is removed, also on SIGINT/SIGTERM/SIGHUP in programs that install OutputSafety's cleanup;
// after a killed process only the hidden directory can remain. A device or a pipe is written in
// place.
#include "cumed/output/SafeOutput.h"

#include <cstddef>
#include <filesystem>
#include <memory>

namespace cumed::meshio::detail {

class OutputFile {
public:
  /// Starts a new `file`; throws cumed::Error "cannot create 'FILE': REASON".
  explicit OutputFile(std::filesystem::path file);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  /// Without a successful Close(): closes and removes the temporary file; `file` is unchanged.
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
  /// Closes the file and moves it into place; throws cumed::Error when either fails.
  void Close();

  const std::filesystem::path& path() const noexcept { return file_; }
  /// Bytes Write() has written: where the next Write() goes.
  std::size_t position() const noexcept { return written_; }

private:
  [[noreturn]] void Fail(const char* action, int error, bool sequential = true);
  std::filesystem::path file_;
  std::unique_ptr<output::StagedFiles> staged_; ///< null: written in place (a device or a pipe)
  int fd_ = -1;
  std::size_t written_ = 0;
};

} // namespace cumed::meshio::detail

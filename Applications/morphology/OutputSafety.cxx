#include "OutputSafety.h"

#include "cumed/app/Paths.h"
#include "cumed/app/UsageError.h"

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::morphologyapp {
using app::UsageError;
namespace {

// The same file under two names: equal resolved paths, or (hard links) the same inode.
bool IsSameFile(const fs::path& a, const fs::path& b) {
  std::error_code error;
  if (fs::weakly_canonical(fs::absolute(a)) == fs::weakly_canonical(fs::absolute(b))) return true;
  return fs::exists(a, error) && fs::exists(b, error) && fs::equivalent(a, b, error);
}

void CheckNotInput(const fs::path& written, const Location& input) {
  if (input.kind == LocationKind::DicomDirectory) {
    if (app::IsSameOrInside(written, input.path)) {
      throw UsageError("OUTPUT '" + written.string() + "' is or lies inside the input directory '" +
                       input.path.string() + "'; the input series is never written to");
    }
    return;
  }
  for (const fs::path& file : input.files) {
    if (IsSameFile(written, file)) {
      throw UsageError("OUTPUT '" + written.string() + "' would overwrite the input file '" +
                       file.string() + "'; the input is never written to, even with --force");
    }
  }
}

void CheckDicomDirectory(const fs::path& directory) {
  std::error_code error;
  if (!fs::exists(directory, error)) return;
  if (!fs::is_directory(directory, error)) {
    throw UsageError("OUTPUT '" + directory.string() + "' exists and is not a directory; a DICOM " +
                     "series needs a new or empty directory");
  }
  if (!fs::is_empty(directory, error)) {
    throw UsageError("OUTPUT directory '" + directory.string() + "' is not empty; a DICOM series " +
                     "is written only into a new or empty directory (--force does not apply)");
  }
}

} // namespace

void CheckOutputIsSafe(const Location& output, const Location& input, bool force) {
  if (output.kind == LocationKind::DicomDirectory) {
    CheckNotInput(output.path, input);
    CheckDicomDirectory(output.path);
    return;
  }
  std::error_code error;
  for (const fs::path& file : output.files) {
    CheckNotInput(file, input);
    if (fs::is_directory(file, error)) {
      throw UsageError("OUTPUT file '" + file.string() + "' exists as a directory");
    }
    if (!force && fs::exists(file, error)) {
      throw UsageError("OUTPUT file '" + file.string() + "' exists; --force replaces it");
    }
  }
}

} // namespace cumed::morphologyapp

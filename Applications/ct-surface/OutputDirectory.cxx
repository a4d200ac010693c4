#include "OutputDirectory.h"

#include "Arguments.h"

#include "cumed/core/Error.h"

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::ctsurface {
namespace {

// True when `path` is `ancestor` or lies below it. Both are resolved through symlinks as far as
// they exist, so "./out/../dicom" and a symlink to the series count as the series.
bool IsSameOrInside(const fs::path& path, const fs::path& ancestor) {
  const fs::path resolvedPath = fs::weakly_canonical(fs::absolute(path));
  const fs::path resolvedAncestor = fs::weakly_canonical(fs::absolute(ancestor));
  auto a = resolvedAncestor.begin();
  auto p = resolvedPath.begin();
  for (; a != resolvedAncestor.end(); ++a, ++p) {
    if (a->empty()) continue; // trailing separator
    if (p == resolvedPath.end() || *a != *p) return false;
  }
  return true;
}

} // namespace

fs::path PrepareOutputDirectory(const fs::path& output, const fs::path& input) {
  if (IsSameOrInside(output, input)) {
    throw UsageError("--output-dir '" + output.string() +
                     "' is or lies inside the input directory '" + input.string() +
                     "'; the input series is never written to");
  }
  std::error_code error;
  if (fs::exists(output, error) && !fs::is_directory(output, error)) {
    throw cumed::Error("output path '" + output.string() + "' exists and is not a directory");
  }
  fs::create_directories(output, error);
  if (error) {
    throw cumed::Error("cannot create output directory '" + output.string() +
                       "': " + error.message());
  }
  return output;
}

} // namespace cumed::ctsurface

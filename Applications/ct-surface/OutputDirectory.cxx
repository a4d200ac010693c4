#include "OutputDirectory.h"

#include "cumed/app/Paths.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::ctsurface {

fs::path PrepareOutputDirectory(const fs::path& output, const fs::path& input) {
  if (app::IsSameOrInside(output, input)) {
    throw app::UsageError("--output-dir '" + output.string() +
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

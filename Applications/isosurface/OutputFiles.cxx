#include "OutputFiles.h"

#include "cumed/app/Paths.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
using app::UsageError;
namespace {

// The checks every output file gets; `option` names it in the messages.
void CheckNewFile(const std::string& option, const fs::path& file, const InputLocation& input) {
  std::error_code error;
  if (app::IsSameOrInside(file, input.path)) {
    throw UsageError(option + " '" + file.string() + "' is the input or lies inside the input '" +
                     input.path.string() + "'; the input is never written to");
  }
  if (fs::is_directory(file, error)) {
    throw UsageError(option + " '" + file.string() + "' is an existing directory; name a file");
  }
  if (fs::exists(file, error) || fs::is_symlink(file, error)) {
    throw UsageError(option + " '" + file.string() +
                     "' exists; cumed-isosurface never replaces a file (remove it or choose "
                     "another name)");
  }
}

SurfaceFormat FormatOf(const fs::path& file) {
  const std::string extension = LowercaseExtension(file);
  if (extension == ".vtp") return SurfaceFormat::Vtp;
  if (extension == ".stl") return SurfaceFormat::Stl;
  if (extension == ".ply") return SurfaceFormat::Ply;
  throw UsageError("--output '" + file.string() + "': unsupported file type '" + extension +
                   "' (use .vtp, .stl or .ply)");
}

} // namespace

OutputFiles PlanOutputFiles(const Arguments& arguments, const InputLocation& input) {
  OutputFiles outputs;
  if (!arguments.output.empty()) {
    outputs.surface = arguments.output;
    outputs.format = FormatOf(outputs.surface);
    CheckNewFile("--output", outputs.surface, input);
  }
  if (!arguments.png.empty()) {
    outputs.png = arguments.png;
    if (LowercaseExtension(outputs.png) != ".png") {
      throw UsageError("--png '" + arguments.png + "': the picture is a PNG file (end it in .png)");
    }
    CheckNewFile("--png", outputs.png, input);
  }
  return outputs;
}

void CreateParentDirectories(const fs::path& file) {
  const fs::path parent = file.parent_path();
  std::error_code error;
  if (parent.empty() || fs::is_directory(parent, error)) return;
  fs::create_directories(parent, error);
  if (error) {
    throw cumed::Error("cannot create the directory '" + parent.string() + "' for '" +
                       file.string() + "': " + error.message());
  }
}

} // namespace cumed::isosurfaceapp

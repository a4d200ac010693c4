#include "OutputFiles.h"

#include "cumed/app/Paths.h"
#include "cumed/app/SafeOutput.h"
#include "cumed/app/UsageError.h"

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
using app::UsageError;
namespace {

// The checks every output file gets; `option` names it in the messages.
void CheckOutputFile(const std::string& option, const fs::path& file, const InputLocation& input,
                     bool force) {
  if (app::IsSameOrInside(file, input.path)) {
    throw UsageError(option + " '" + file.string() + "' is the input or lies inside the input '" +
                     input.path.string() + "'; the input is never written to, even with --force");
  }
  app::CheckReplaceable(option, file, force);
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
    CheckOutputFile("--output", outputs.surface, input, arguments.force);
  }
  if (!arguments.png.empty()) {
    outputs.png = arguments.png;
    if (LowercaseExtension(outputs.png) != ".png") {
      throw UsageError("--png '" + arguments.png + "': the picture is a PNG file (end it in .png)");
    }
    CheckOutputFile("--png", outputs.png, input, arguments.force);
  }
  return outputs;
}

} // namespace cumed::isosurfaceapp

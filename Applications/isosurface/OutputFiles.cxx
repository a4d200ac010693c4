#include "OutputFiles.h"

#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/output/SafeOutput.h"

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
using app::UsageError;
namespace {

meshio::SurfaceFormat FormatOf(const fs::path& file) {
  try {
    return meshio::SurfaceFormatOf(file);
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError("--output '" + file.string() + "': " + e.what());
  }
}

} // namespace

OutputFiles PlanOutputFiles(const Arguments& arguments, const io::VolumeLocation& input) {
  OutputFiles outputs;
  const output::ProtectedInputs inputs = io::ProtectedInputsOf(input);
  if (!arguments.output.empty()) {
    outputs.surface = arguments.output;
    outputs.format = FormatOf(outputs.surface);
    output::CheckReplaceable("--output", outputs.surface, arguments.force, inputs);
  }
  if (!arguments.png.empty()) {
    outputs.png = arguments.png;
    if (io::LowercaseExtension(outputs.png) != ".png") {
      throw UsageError("--png '" + arguments.png + "': the picture is a PNG file (end it in .png)");
    }
    output::CheckReplaceable("--png", outputs.png, arguments.force, inputs);
  }
  return outputs;
}

} // namespace cumed::isosurfaceapp

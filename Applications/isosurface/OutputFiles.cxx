#include "OutputFiles.h"

#include "cumed/io/MetaImageDataFiles.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/app/UsageError.h"

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
using app::UsageError;
namespace {

// What no output may be or replace: the series directory, or the file and its data files.
output::ProtectedInputs ProtectedInputsOf(const InputLocation& input) {
  if (input.kind == InputKind::DicomDirectory) return {{}, {input.path}};
  output::ProtectedInputs inputs{{input.path}, {}};
  const std::string extension = LowercaseExtension(input.path);
  if (extension == ".mhd" || extension == ".mha") {
    for (const fs::path& data : io::MetaImageDataFiles(input.path)) inputs.files.push_back(data);
  }
  return inputs;
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
  const output::ProtectedInputs inputs = ProtectedInputsOf(input);
  if (!arguments.output.empty()) {
    outputs.surface = arguments.output;
    outputs.format = FormatOf(outputs.surface);
    output::CheckReplaceable("--output", outputs.surface, arguments.force, inputs);
  }
  if (!arguments.png.empty()) {
    outputs.png = arguments.png;
    if (LowercaseExtension(outputs.png) != ".png") {
      throw UsageError("--png '" + arguments.png + "': the picture is a PNG file (end it in .png)");
    }
    output::CheckReplaceable("--png", outputs.png, arguments.force, inputs);
  }
  return outputs;
}

} // namespace cumed::isosurfaceapp

#include "OutputDirectory.h"

#include "cumed/output/SafeOutput.h"
#include "cumed/core/Error.h"

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::ctsurface {

OutputFiles PlanOutputFiles(const Arguments& arguments) {
  const fs::path output = arguments.outputDirectory;
  const fs::path input = arguments.inputDirectory;
  const output::ProtectedInputs inputs{{}, {input}};
  output::CheckNotInput("--output-dir", output, inputs);
  std::error_code error;
  if (fs::exists(output, error) && !fs::is_directory(output, error)) {
    throw cumed::Error("output path '" + output.string() + "' exists and is not a directory");
  }
  OutputFiles files;
  files.directory = output;
  files.vtp = output / (arguments.outputPrefix + ".vtp");
  files.stl = output / (arguments.outputPrefix + ".stl");
  if (arguments.writePng) files.png = output / (arguments.outputPrefix + ".png");
  for (const fs::path* file : {&files.vtp, &files.stl, &files.png}) {
    if (!file->empty()) output::CheckReplaceable("output file", *file, arguments.force, inputs);
  }
  return files;
}

} // namespace cumed::ctsurface

#include "OutputFiles.h"

#include "cumed/core/Error.h"

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::registerapp {

std::vector<fs::path> OutputFiles::All() const {
  std::vector<fs::path> files{warped, field, transform, jacobian};
  if (png)
    for (const fs::path* picture : {&pictures.checkerboardBefore, &pictures.checkerboardAfter,
                                    &pictures.differenceBefore, &pictures.differenceAfter})
      files.push_back(*picture);
  files.push_back(summary);
  return files;
}

OutputFiles PlanOutputFiles(const std::string& directory, bool png, bool force,
                            const output::ProtectedInputs& inputs,
                            const std::string& transformFormat) {
  OutputFiles files;
  files.directory = output::OutputName(directory);
  output::CheckNotInput("--output", files.directory, inputs);
  std::error_code error;
  if (fs::exists(files.directory, error) && !fs::is_directory(files.directory, error))
    throw cumed::Error("--output '" + directory + "' exists and is not a directory");
  files.warped = files.directory / "warped.mha";
  files.field = files.directory / "field.mha";
  files.transform = files.directory / ("transform." + transformFormat);
  files.jacobian = files.directory / "jacobian.mha";
  files.summary = files.directory / "summary.json";
  files.png = png;
  files.pictures = {
      files.directory / "checkerboard-before.png", files.directory / "checkerboard-after.png",
      files.directory / "difference-before.png", files.directory / "difference-after.png"};
  for (const fs::path& file : files.All())
    output::CheckReplaceable("output file", file, force, inputs);
  return files;
}

} // namespace cumed::registerapp

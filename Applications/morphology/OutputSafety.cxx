#include "OutputSafety.h"

#include "cumed/app/UsageError.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/seg/DicomSeg.h"

#include <sys/stat.h>

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::morphologyapp {
using app::UsageError;
namespace {

output::ProtectedInputs ProtectedInputsOf(const Location& input) {
  if (input.kind == LocationKind::DicomDirectory) return {{}, {input.path}};
  return {input.files, {}};
}

void CheckDicomDirectory(const fs::path& directory) {
  struct stat status {};
  if (::lstat(directory.c_str(), &status) != 0) return; // a new directory
  if (S_ISLNK(status.st_mode)) {
    throw UsageError("OUTPUT '" + directory.string() + "' is a symbolic link; a DICOM series is " +
                     "written only into a new or empty directory of that name, never through a " +
                     "link");
  }
  if (!S_ISDIR(status.st_mode)) {
    throw UsageError("OUTPUT '" + directory.string() + "' exists and is not a directory; a DICOM " +
                     "series needs a new or empty directory");
  }
  std::error_code error;
  if (!fs::is_empty(directory, error)) {
    throw UsageError("OUTPUT directory '" + directory.string() + "' is not empty; a DICOM series " +
                     "is written only into a new or empty directory (--force does not apply)");
  }
}

} // namespace

void CheckOutputIsSafe(const Location& output, const Location& input, bool force,
                       const std::string& seg) {
  const output::ProtectedInputs inputs = ProtectedInputsOf(input);
  if (!seg.empty()) {
    seg::CheckSegTarget("--seg", seg, inputs);
    if (output::OutputName(seg) == output::OutputName(output.path))
      throw UsageError("--seg '" + seg + "' is OUTPUT; give the SEG a name of its own");
  }
  if (output.kind == LocationKind::DicomDirectory) {
    output::CheckNotInput("OUTPUT", output.path, inputs);
    CheckDicomDirectory(output.path);
    return;
  }
  for (const fs::path& file : output.files) output::CheckReplaceable("OUTPUT", file, force, inputs);
}

} // namespace cumed::morphologyapp

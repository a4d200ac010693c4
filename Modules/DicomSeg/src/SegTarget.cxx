#include "cumed/seg/DicomSeg.h"

#include <filesystem>
#include <system_error>

namespace cumed::seg {

void CheckSegTarget(const std::string& label, const std::string& file,
                    const output::ProtectedInputs& inputs) {
  output::CheckNotInput(label, file, inputs);
  std::error_code error;
  if (std::filesystem::exists(std::filesystem::symlink_status(file, error)))
    throw output::OutputRefused(label + " '" + file +
                                "' exists; a SEG is never replaced (--force does not apply)");
}

} // namespace cumed::seg

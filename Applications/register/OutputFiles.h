#pragma once
// The files cumed-register writes into --output DIR, checked before anything is computed: DIR is
// no input and lies in none, no output replaces an input, a link, a directory or a file with
// several hard links, and an existing file is replaced only with --force.
#include "cumed/output/SafeOutput.h"
#include "cumed/registration/itk/QaPictures.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::registerapp {

struct OutputFiles {
  std::filesystem::path directory;
  std::filesystem::path warped, field, transform, jacobian, summary;
  bool png = false; ///< the pictures below are written
  registration::QaPictureFiles pictures;

  /// Every file, in the order they are written (the summary last).
  std::vector<std::filesystem::path> All() const;
};

/// The files of a run into `directory`; the transform file's extension is `transformFormat`
/// ("tfm" or "h5": ITK picks the transform IO by it). Throws UsageError for refused outputs,
/// cumed::Error when `directory` exists and is not a directory. Creates nothing.
OutputFiles PlanOutputFiles(const std::string& directory, bool png, bool force,
                            const output::ProtectedInputs& inputs,
                            const std::string& transformFormat = "tfm");

} // namespace cumed::registerapp

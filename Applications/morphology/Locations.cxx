#include "Locations.h"

#include "cumed/app/UsageError.h"
#include "cumed/io/MetaImageDataFiles.h"
#include "cumed/io/VolumeLocation.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <array>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::morphologyapp {
using app::UsageError;
namespace {

constexpr std::array<const char*, 5> kExtensions{".mha", ".mhd", ".nrrd", ".nii", ".nii.gz"};

// The supported extension `path` ends with, in lower case (".nii.gz" as one), or "".
std::string SupportedExtension(const fs::path& path) {
  const std::string extension = io::LowercaseExtension(path);
  const bool supported =
      std::find(kExtensions.begin(), kExtensions.end(), extension) != kExtensions.end();
  return supported ? extension : "";
}

} // namespace

std::string ImageFileExtensions() {
  std::string list;
  for (const char* extension : kExtensions)
    list += (list.empty() ? "" : ", ") + std::string(extension);
  return list;
}

Location LocateInput(const std::string& input) {
  std::error_code error;
  const fs::path path(input);
  if (!fs::exists(path, error)) throw cumed::Error("INPUT '" + input + "' does not exist");
  if (fs::is_directory(path, error)) return {LocationKind::DicomDirectory, path, {}};
  const std::string extension = SupportedExtension(path);
  if (extension.empty()) {
    throw cumed::Error("INPUT '" + input + "' is neither a DICOM series directory nor an image " +
                       "file of a supported type (" + ImageFileExtensions() + ")");
  }
  Location location{LocationKind::ImageFile, path, {path}};
  if (extension == ".mhd" || extension == ".mha") { // an .mha may name a data file too
    for (const fs::path& data : io::MetaImageDataFiles(path)) location.files.push_back(data);
  }
  return location;
}

Location LocateOutput(const std::string& output, bool dicom) {
  const fs::path path(output);
  if (dicom || output.back() == '/') return {LocationKind::DicomDirectory, path, {}};
  std::error_code error;
  if (fs::is_directory(path, error)) {
    throw UsageError("OUTPUT '" + output + "' is a directory; add --dicom to write a DICOM " +
                     "series into it, or name an image file");
  }
  const std::string extension = SupportedExtension(path);
  if (extension.empty()) {
    throw UsageError("OUTPUT '" + output + "': unsupported file type (use one of " +
                     ImageFileExtensions() + ", or --dicom for a DICOM series)");
  }
  Location location{LocationKind::ImageFile, path, {path}};
  if (extension == ".mhd") {
    const std::string name = path.filename().string();
    location.files.push_back(path.parent_path() / (name.substr(0, name.size() - 4) + ".zraw"));
  }
  return location;
}

} // namespace cumed::morphologyapp

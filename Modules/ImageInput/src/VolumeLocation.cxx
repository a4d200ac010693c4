#include "cumed/io/VolumeLocation.h"

#include "cumed/core/Error.h"
#include "cumed/io/MetaImageDataFiles.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::io {
namespace {

constexpr std::array<const char*, 5> kItkExtensions{".mha", ".mhd", ".nrrd", ".nii", ".nii.gz"};
constexpr const char* kVtkExtension = ".vti";

} // namespace

std::string LowercaseExtension(const fs::path& path) {
  std::string name = path.filename().string();
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const std::string gz = ".nii.gz";
  if (name.size() > gz.size() && name.compare(name.size() - gz.size(), gz.size(), gz) == 0) {
    return gz;
  }
  const auto dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? "" : name.substr(dot);
}

std::string VolumeExtensions() {
  std::string list;
  for (const char* extension : kItkExtensions) list += std::string(extension) + ", ";
  return list + kVtkExtension;
}

VolumeLocation LocateVolume(const std::string& input) {
  std::error_code error;
  const fs::path path(input);
  if (!fs::exists(path, error)) throw cumed::Error("INPUT '" + input + "' does not exist");
  if (fs::is_directory(path, error)) return {VolumeKind::DicomDirectory, path};
  const std::string extension = LowercaseExtension(path);
  if (extension == kVtkExtension) return {VolumeKind::VtkImageFile, path};
  if (std::find(kItkExtensions.begin(), kItkExtensions.end(), extension) == kItkExtensions.end()) {
    throw cumed::Error("INPUT '" + input + "' is neither a DICOM series directory nor a volume " +
                       "file of a supported type (" + VolumeExtensions() + ")");
  }
  return {VolumeKind::ItkImageFile, path};
}

output::ProtectedInputs ProtectedInputsOf(const VolumeLocation& location) {
  if (location.kind == VolumeKind::DicomDirectory) return {{}, {location.path}};
  output::ProtectedInputs inputs{{location.path}, {}};
  const std::string extension = LowercaseExtension(location.path);
  if (extension == ".mhd" || extension == ".mha") {
    for (const fs::path& data : MetaImageDataFiles(location.path)) inputs.files.push_back(data);
  }
  return inputs;
}

} // namespace cumed::io

#include "InputLocation.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
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

std::string InputExtensions() {
  std::string list;
  for (const char* extension : kItkExtensions) list += std::string(extension) + ", ";
  return list + kVtkExtension;
}

InputLocation LocateInput(const std::string& input) {
  std::error_code error;
  const fs::path path(input);
  if (!fs::exists(path, error)) throw cumed::Error("INPUT '" + input + "' does not exist");
  if (fs::is_directory(path, error)) return {InputKind::DicomDirectory, path};
  const std::string extension = LowercaseExtension(path);
  if (extension == kVtkExtension) return {InputKind::VtkImageFile, path};
  if (std::find(kItkExtensions.begin(), kItkExtensions.end(), extension) == kItkExtensions.end()) {
    throw cumed::Error("INPUT '" + input + "' is neither a DICOM series directory nor a volume " +
                       "file of a supported type (" + InputExtensions() + ")");
  }
  return {InputKind::ItkImageFile, path};
}

} // namespace cumed::isosurfaceapp

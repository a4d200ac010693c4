#pragma once
// What INPUT is: a DICOM series directory, an image file ITK reads (the extension names the
// format), or a VTK XML image. Decided from the path alone, before anything is read.
#include <filesystem>
#include <string>

namespace cumed::isosurfaceapp {

enum class InputKind { DicomDirectory, ItkImageFile, VtkImageFile };

struct InputLocation {
  InputKind kind = InputKind::ItkImageFile;
  std::filesystem::path path;
};

/// ".mha, .mhd, .nrrd, .nii, .nii.gz, .vti".
std::string InputExtensions();

/// An existing directory is a DICOM series; an existing file must have a supported extension.
/// Throws cumed::Error (a runtime error: the input is what it is) naming the path otherwise.
InputLocation LocateInput(const std::string& input);

/// The extension of `path` in lower case, ".nii.gz" counting as one ("" when there is none).
std::string LowercaseExtension(const std::filesystem::path& path);

} // namespace cumed::isosurfaceapp

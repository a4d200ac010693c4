#pragma once
// What a volume's path names: a DICOM series directory, an image file ITK reads (the extension
// names the format), or a VTK XML image. Decided from the path alone, before anything is read
// (ReadVtkVolume in VtkVolume.h then reads it).
#include "cumed/output/SafeOutput.h"

#include <filesystem>
#include <string>

namespace cumed::io {

enum class VolumeKind { DicomDirectory, ItkImageFile, VtkImageFile };

struct VolumeLocation {
  VolumeKind kind = VolumeKind::ItkImageFile;
  std::filesystem::path path;
};

/// ".mha, .mhd, .nrrd, .nii, .nii.gz, .vti".
std::string VolumeExtensions();

/// An existing directory is a DICOM series; an existing file must have a supported extension.
/// Throws cumed::Error (a runtime error: the input is what it is) naming the path as INPUT
/// otherwise.
VolumeLocation LocateVolume(const std::string& input);

/// What no output may be or replace when reading `location`: the series directory (nothing
/// inside it either), or the file and, for .mhd/.mha, the data files its header names.
output::ProtectedInputs ProtectedInputsOf(const VolumeLocation& location);

/// The extension of `path` in lower case, ".nii.gz" counting as one ("" when there is none).
std::string LowercaseExtension(const std::filesystem::path& path);

} // namespace cumed::io

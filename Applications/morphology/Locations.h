#pragma once
// Where the input comes from and where the output goes: a DICOM series directory or an image
// file whose extension names its format. Each location lists the files it consists of (an .mhd
// header and its data file), so the refusal rules in OutputSafety.h see all of them.
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::morphologyapp {

enum class LocationKind { DicomDirectory, ImageFile };

struct Location {
  LocationKind kind = LocationKind::ImageFile;
  std::filesystem::path path;
  /// The image file and, for an input .mhd/.mha, every data file it names (MetaImageDataFiles.h),
  /// for an output .mhd the .zraw; empty for a DICOM directory.
  std::vector<std::filesystem::path> files;
};

/// ".mha, .mhd, .nrrd, .nii, .nii.gz".
std::string ImageFileExtensions();

/// An existing directory is a DICOM series; an existing file must have a supported extension.
/// Throws cumed::Error (a runtime error: the input is what it is) naming the path otherwise.
Location LocateInput(const std::string& input);

/// A DICOM directory with `dicom` or a trailing '/', else an image file with a supported
/// extension (UsageError otherwise, also when it names an existing directory). The files of an
/// .mhd output are the header and the .zraw data file ITK writes beside it when compressing.
Location LocateOutput(const std::string& output, bool dicom);

} // namespace cumed::morphologyapp

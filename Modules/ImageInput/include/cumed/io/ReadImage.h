#pragma once
// Checked reading of an image file or a DICOM CT series into a CuMed image, for C++ and Python
// users who do not build ITK pipelines (ITK users: ImageFiles.h reads into any itk::Image).
// Every header rule of ImageFiles.h applies before a pixel is allocated; what cannot be used
// (more than 3 axes, a file that is not an image) is refused with a message naming the file.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/core/PixelType.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::io {

/// How an image is read. Reading is host work: `backend` is ignored, `threads` is the thread
/// count of a DICOM series' decoding (0: all cores), `progress` and `cancelRequested` are
/// called between the header and the pixels.
struct ImageReadOptions : ExecutionOptions {
  /// Copies of the image the caller will hold at once (the memory check counts them).
  unsigned copies = 1;
  /// DICOM: the Series Instance UID to read; empty: the series with the most slices.
  std::string seriesUid;
};

/// What a checked header says, without ITK types.
struct ImageHeader {
  std::filesystem::path path;
  /// "MetaImage", "NRRD", "NIfTI", "VTI" or "DICOM".
  std::string format;
  unsigned dimension = 3;
  /// Voxels per axis, then spacing, origin and the direction (row-major, columns are the axes)
  /// of a 3D grid: a 2D image is one slice deep.
  ImageGeometry geometry;
  /// The component type as stored ("uint8", "int32", "double", ...; DICOM: "int16" HU).
  std::string storedType;
  int components = 1;
  /// The type ReadImage returns: the stored one when CuMed has it (uint8, int16, uint16,
  /// float), else float.
  PixelType readAs = PixelType::Float32;
  /// e.g. "double read as float"; empty when the stored type is kept.
  std::string conversion;
  /// The files read: a header and the data files it names, or a series' slices.
  std::vector<std::filesystem::path> files;
};

/// The checked header of `path`: an image file (.mha .mhd .nrrd .nhdr .nii .nii.gz, and .vti
/// when built with VTK, whose reader reads the values with the header) or a
/// directory holding a DICOM CT series. Throws cumed::Error naming the file and the problem.
ImageHeader ReadImageHeader(const std::filesystem::path& path, const ImageReadOptions& options = {});

/// The image at `path` (as ReadImageHeader) in host memory, with its geometry, in the type
/// `header.readAs`; `header` (optional) receives what ReadImageHeader says.
Image ReadImage(const std::filesystem::path& path, const ImageReadOptions& options = {},
                ImageHeader* header = nullptr);

} // namespace cumed::io

#pragma once
// Reading a DICOM CT series from a directory into an ITK image in Hounsfield units, with the
// checks a CT pipeline needs before it trusts the geometry. Built on ITK's GDCM IO.
#include "cumed/core/Error.h"

#include <itkImage.h>

#include <cstdint>
#include <string>
#include <vector>

namespace cumed::io {

/// The input cannot be read as one consistent CT series; the message names the file and/or tag.
class DicomError : public cumed::Error {
public:
  using cumed::Error::Error;
};

struct DicomReadOptions {
  /// Series Instance UID to read; empty: the series with the most slices (a message says which,
  /// and lists the others).
  std::string seriesUid;
  /// Refuse series whose Modality (0008,0060) is not CT.
  bool requireCT = true;
};

struct DicomSeriesInfo {
  std::string directory;
  std::string seriesUid;
  std::string modality;
  std::string seriesDescription;
  std::vector<std::string> files;             ///< the slices, sorted along the slice normal
  std::vector<std::string> otherSeriesUids;   ///< series present in the directory but not read
  std::vector<std::string> skippedFiles;      ///< files that are not DICOM (skipped, with a warning)
  double rescaleSlope = 1.0;
  double rescaleIntercept = 0.0;
};

using HounsfieldImage = itk::Image<std::int16_t, 3>;

struct CtSeries {
  HounsfieldImage::Pointer image; ///< HU; spacing z from slice positions; origin = first slice
  DicomSeriesInfo info;
};

/// Reads one series of `directory` (not recursive). Never modifies the directory.
/// Throws DicomError for: a missing/empty directory or one with no DICOM file; a requested UID
/// that is absent; non-CT modality (when required); mixed Rows/Columns, PixelSpacing or
/// ImageOrientationPatient; a missing slice or non-uniform slice spacing; unreadable or truncated
/// pixel data; an unsupported transfer syntax; rescale values that do not give integer HU.
CtSeries ReadDicomCtSeries(const std::string& directory, const DicomReadOptions& options = {});

} // namespace cumed::io

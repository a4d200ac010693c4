#pragma once
// Reading a DICOM CT series from a directory into an ITK image in Hounsfield units, with the
// checks a CT pipeline needs before it trusts the geometry. Headers are scanned with DCMTK, pixels
// are decoded with ITK's GDCM IO, both on several threads (one file per task).
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

/// Where the time of one ReadDicomCtSeries call went (filled when DicomReadOptions::report is set).
struct DicomReadReport {
  int threads = 0;          ///< threads the header scan and the decode could use
  double headerSeconds = 0; ///< listing, DCMTK header scan, validation and sorting
  double decodeSeconds = 0; ///< pixel decode into the volume
  double totalSeconds = 0;  ///< the whole call
};

struct DicomReadOptions {
  /// Series Instance UID to read; empty: the series with the most slices (a message says which,
  /// and lists the others).
  std::string seriesUid;
  /// Refuse series whose Modality (0008,0060) is not CT.
  bool requireCT = true;
  /// Threads for the header scan and the pixel decode, as ExecutionOptions::threads: 0 uses
  /// omp_get_max_threads() (OMP_NUM_THREADS, else the cores); negative is InvalidArgument. The
  /// result, the warnings and the error raised do not depend on it.
  int threads = 0;
  /// When set, filled with the thread count and stage times of a call that returns.
  DicomReadReport* report = nullptr;
};

struct DicomSeriesInfo {
  std::string directory;
  std::string seriesUid;
  std::string modality;
  std::string seriesDescription;
  std::vector<std::string> files;           ///< the slices, sorted along the slice normal
  std::vector<std::string> otherSeriesUids; ///< series present in the directory but not read
  std::vector<std::string> skippedFiles;    ///< not DICOM or not in a series (warned)
  double rescaleSlope = 1.0;     ///< of the first slice (slices may differ; each is applied)
  double rescaleIntercept = 0.0; ///< of the first slice
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
///
/// How it decides:
/// - Files that are not DICOM (a README, a thumbnail) are skipped with a warning naming each one
///   and listed in info.skippedFiles, as are DICOM files without a SeriesInstanceUID (DICOMDIR):
///   a stray file next to the slices should not stop a pipeline. A file with the DICOM marker
///   that cannot be parsed is never skipped: it is an error when it belongs to the series read
///   (or when its series cannot be told), so a damaged slice cannot silently drop out.
/// - Slices are sorted by position along the normal (row cosine x column cosine of
///   ImageOrientationPatient), ascending. The image's direction has the row cosine, the column
///   cosine and that normal as columns (always right-handed); origin = ImagePositionPatient of
///   the first sorted slice; spacing = PixelSpacing (column step first) and, along the normal,
///   (last position - first position) / (slices - 1), never SliceThickness. A single slice takes
///   its step from SpacingBetweenSlices, else SliceThickness, else 1.
/// - Every gap between neighbouring positions must equal the median gap within 1e-3 of it;
///   slices must lie on the first slice's normal within the same tolerance (no gantry tilt);
///   PixelSpacing may vary by 1e-4 relative, ImageOrientationPatient cosines by 1e-4.
/// - Pixels are decoded by ITK's GDCMImageIO (which applies each slice's slope and intercept);
///   a value outside int16 is an error, never wrapped.
/// - Files are scanned and slices decoded in parallel, but every decision, warning and error is
///   taken in a fixed order: warnings in file-name order, header errors as a one-thread read
///   finds them, and of several slices that cannot be decoded the first in slice order is named.
CtSeries ReadDicomCtSeries(const std::string& directory, const DicomReadOptions& options = {});

} // namespace cumed::io

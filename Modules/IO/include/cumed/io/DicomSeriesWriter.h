#pragma once
// Writing an image as a DICOM CT series with DCMTK (CT Image Storage, one file per slice).
#include "cumed/io/DicomSeriesReader.h"

#include <string>

namespace cumed::io {

struct DicomWriteOptions {
  std::string patientName = "CuMed^Phantom";
  std::string patientId = "CUMED0001";
  std::string studyDescription = "CuMed";
  std::string seriesDescription = "CuMed CT";
  std::string studyInstanceUid;    ///< empty: a fresh UID
  std::string frameOfReferenceUid; ///< empty: a fresh UID
  int seriesNumber = 1;
  /// ImageType (0008,0008): ORIGINAL\PRIMARY\AXIAL, or DERIVED\SECONDARY\AXIAL for results.
  bool derived = false;
  /// Store uint16 with RescaleIntercept -1024 (as most scanners do) instead of int16 with 0.
  bool unsignedWithIntercept = true;
};

/// Writes one file per z slice, named IMG0001.dcm..., into `directory`, which must not exist or
/// be empty: nothing is ever overwritten (DicomError names the directory otherwise); missing
/// parents are created. Fresh SOP Instance and Series Instance UIDs; ImagePositionPatient/
/// ImageOrientationPatient from the image's origin and direction; PixelSpacing, SliceThickness
/// and SpacingBetweenSlices from its spacing. Explicit VR little endian, 16 bits allocated;
/// unsigned storage uses 12 stored bits when HU + 1024 fits them. Returns the Series Instance UID.
///
/// DicomError for an HU value below -1024 with unsignedWithIntercept (naming value and slice,
/// before any file is written) or a direction that is not orthonormal. The files are written into
/// a private directory ".cumed-partial-PID-N" beside `directory`, renamed to `directory` once all
/// slices are written (replacing it only while it is still empty): a series appears complete or
/// not at all, also when the process is killed (then only the hidden directory can remain). If
/// writing fails half-way, that directory and the parents created are removed again.
/// A left-handed direction (third column = -(first x second)) is written as the physical
/// volume it is; reading it back gives the same volume with a right-handed direction, i.e.
/// slices in reverse order.
std::string WriteDicomCtSeries(const HounsfieldImage* image, const std::string& directory,
                               const DicomWriteOptions& options = {});

} // namespace cumed::io

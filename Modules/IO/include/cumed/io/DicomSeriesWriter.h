#pragma once
// Writing an image as a DICOM CT series with DCMTK (CT Image Storage, one file per slice).
#include "cumed/io/DicomSeriesReader.h"

#include <cstddef>
#include <optional>
#include <string>

namespace cumed::io {

/// Why a derived series differs from its source: its DerivationCodeSequence (0008,9215) entry,
/// a code of CID 7203 "Image Derivation" (scheme DCM).
enum class DicomDerivation {
  VolumeEditing, ///< (113077, DCM, "Volume editing"): morphology and other voxel-wise edits
  Smoothing,     ///< (113087, DCM, "Smoothing")
  Segmentation,  ///< (113076, DCM, "Segmentation"): a mask or label map stored as an image
};

struct DicomWriteOptions {
  std::string patientName = "CuMed^Phantom";
  std::string patientId = "CUMED0001";
  std::string studyDescription = "CuMed";
  std::string seriesDescription = "CuMed CT";
  std::string studyInstanceUid;    ///< empty: a fresh UID
  std::string frameOfReferenceUid; ///< empty: a fresh UID
  /// SeriesNumber (0020,0011); unset: the source's + 1000 when `source` has one (derived series
  /// listed after their source, as scanners number reconstructions), else 1.
  std::optional<int> seriesNumber;
  /// ImageType (0008,0008): `ORIGINAL\\PRIMARY\\AXIAL`, or `DERIVED\\SECONDARY\\AXIAL` for results.
  bool derived = false;
  /// The series the image was computed from (as ReadDicomCtSeries returned it), or null. When
  /// set, the output joins the source's patient and study: PatientName/ID/BirthDate/Sex,
  /// StudyInstanceUID, StudyDate/Time, StudyID, AccessionNumber, StudyDescription,
  /// ReferringPhysicianName and FrameOfReferenceUID come from source->patientStudy (patientName,
  /// patientId, studyDescription, studyInstanceUid and frameOfReferenceUid above are ignored);
  /// ImageType is `DERIVED\\SECONDARY\\AXIAL`; each slice k carries DerivationDescription,
  /// DerivationCodeSequence (`derivation`) and a SourceImageSequence item naming source slice k
  /// (its SOP Class and Instance UIDs, purpose (121322, DCM, "Source image for image processing
  /// operation")). The image must have as many slices as the source, in the source's slice
  /// order (an image computed from the volume the source was read into has).
  const DicomSeriesInfo* source = nullptr;
  DicomDerivation derivation = DicomDerivation::VolumeEditing;
  /// DerivationDescription (0008,2111) with a source, e.g. "closing, ball radius 2 mm".
  std::string derivationDescription = "CuMed";
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
/// Without `source` the series starts a new study of a synthetic patient (the names above; fresh
/// Study and Frame of Reference UIDs unless given): a PACS files it apart from any original.
///
/// DicomError, before anything is created, for a source without StudyInstanceUID or SOP Class
/// UID, whose slice count differs from the image's, or whose SOP Instance UID of a slice is
/// missing (naming the value found and the value expected).
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

/// source.patientStudy with its text in UTF-8: the reader keeps the bytes of the source's
/// SpecificCharacterSet; when one is not ASCII, that character set is read from the first slice
/// and the text converted with DCMTK (DicomError naming the slice and the character set when it
/// cannot be). What a derived object copies (it declares ISO_IR 192 when the text is not ASCII).
DicomPatientStudy PatientStudyInUtf8(const DicomSeriesInfo& source);

/// DicomError unless an object of `slices` slices derived from `source` can reference it slice by
/// slice: StudyInstanceUID and SOPClassUID present, one SOP Instance UID per slice, and slices
/// that are the source's instances (not resampled from a tilted series, not frames of one
/// enhanced multi-frame file). The message names the source directory, the value found and the
/// value expected.
void CheckDerivationSource(const DicomSeriesInfo& source, std::size_t slices);

} // namespace cumed::io

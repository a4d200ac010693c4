#pragma once
// What ReadDicomCtSeries says of the series it read, beside the image: its identity, its patient
// and study, and what the read adjusted. Without ITK, for summaries and bindings.
#include <string>
#include <vector>

namespace cumed::io {

/// The patient and study a series belongs to, as its first slice says (empty when absent): what
/// a derived series must carry to be filed with its source.
struct DicomPatientStudy {
  std::string patientName;
  std::string patientId;
  std::string patientBirthDate;
  std::string patientSex;
  std::string studyInstanceUid;
  std::string studyDate;
  std::string studyTime;
  std::string studyId;
  std::string accessionNumber;
  std::string studyDescription;
  std::string referringPhysicianName;
  std::string frameOfReferenceUid;
};

struct DicomSeriesInfo {
  std::string directory;
  std::string seriesUid;
  std::string modality;
  std::string seriesDescription;
  int seriesNumber = -1;                    ///< SeriesNumber (0020,0011); -1 when absent
  std::string convolutionKernel;            ///< ConvolutionKernel (0018,1210)
  std::string imageType;                    ///< ImageType (0008,0008), e.g. `ORIGINAL\\PRIMARY\\AXIAL`
  std::string sopClassUid;                  ///< SOPClassUID (0008,0016) of the first slice
  std::string manufacturer;                 ///< Manufacturer (0008,0070)
  DicomPatientStudy patientStudy;           ///< patient, study and frame of reference
  std::vector<std::string> sopInstanceUids; ///< per slice, in slice order (empty entries: absent)
  /// Why this series was read: "requested by UID", or the default rule and how a tie was broken.
  std::string selection;
  double tiltDegrees = 0;         ///< gantry/detector tilt measured from the slice positions
  bool tiltResampled = false;     ///< the volume was resampled onto an axial grid
  bool multiFrame = false;        ///< read from an enhanced multi-frame file
  long roundedValues = 0;         ///< voxels whose non-integer HU was rounded (roundRescale)
  double maxRoundingHu = 0;       ///< the largest rounding, in HU (at most 0.5)
  std::vector<std::string> files; ///< the slices, sorted along the slice normal
  std::vector<std::string> otherSeriesUids; ///< series present in the directory but not read
  std::vector<std::string> skippedFiles;    ///< not DICOM or not in a series (warned)
  double rescaleSlope = 1.0;     ///< of the first slice (slices may differ; each is applied)
  double rescaleIntercept = 0.0; ///< of the first slice
};

/// What the read did beyond decoding stored values, for a program's summary: "" for a plain
/// series, else "; "-separated notes, e.g. "gantry tilt 18.5 degrees resampled onto an axial
/// grid", "non-integer rescale: 1234 voxels rounded to whole HU (at most 0.49 HU)", "enhanced
/// multi-frame file".
std::string DescribeReadAdjustments(const DicomSeriesInfo& info);

} // namespace cumed::io

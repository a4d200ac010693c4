#pragma once
// The DICOM output: a derived CT series. When the input was a DICOM series the new series joins
// its study: same patient, study and frame of reference, so viewers show it beside the original
// and registered to it.
#include "cumed/io/DicomSeriesReader.h"

#include <optional>
#include <string>

namespace cumed::morphologyapp {

/// What a derived series copies from the series it was computed from.
struct DicomStudy {
  std::string patientName;
  std::string patientId;
  std::string studyDescription;
  std::string studyInstanceUid;
  std::string frameOfReferenceUid;
  std::optional<int> seriesNumber;
};

/// Reads the study attributes from one slice of the input series (cumed::Error when the file
/// cannot be parsed or has no Study Instance UID).
DicomStudy ReadDicomStudy(const std::string& sliceFile);

/// Writes `image` as a derived CT series into the new or empty `directory` (written beside it
/// under a temporary name, then renamed to it; missing parents are created), described as
/// `description`; joins `study` when given (series number = the input's + 1000), else starts a
/// new study. Returns the new Series Instance UID.
std::string WriteDicomOutput(const cumed::io::HounsfieldImage* image, const std::string& directory,
                             const std::string& description,
                             const std::optional<DicomStudy>& study);

} // namespace cumed::morphologyapp

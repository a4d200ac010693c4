#pragma once
// The DICOM outputs: a derived CT series and, for a binary result, a DICOM SEG. From a DICOM
// input both join its study: same patient, study and frame of reference, each slice or frame
// referencing the source slice it was computed from, so viewers show them beside the original
// and registered to it.
#include "cumed/io/DicomSeriesReader.h"

#include <string>

namespace cumed::morphologyapp {

/// Writes `image` as a derived CT series into the new or empty `directory` (written beside it
/// under a temporary name, then renamed to it; missing parents are created), described as
/// `description` (SeriesDescription and DerivationDescription). With `source` (the DICOM input)
/// it joins the source's study and references its slices (io::DicomWriteOptions::source;
/// SeriesNumber = the source's + 1000), else starts a new study of CuMed's synthetic patient.
/// Returns the new Series Instance UID.
std::string WriteDicomOutput(const cumed::io::HounsfieldImage* image, const std::string& directory,
                             const std::string& description, const cumed::io::CtSeries* source);

/// Writes the voxels of `result` equal to `foreground` as one segment labelled `description` of
/// a DICOM SEG file `file` that references `source` (cumed::seg::WriteDicomSeg: never replaces
/// a file, whole or nothing). Returns its SOP Instance UID.
std::string WriteSegOutput(const cumed::io::HounsfieldImage* result, double foreground,
                           const cumed::io::CtSeries& source, const std::string& file,
                           const std::string& description);

} // namespace cumed::morphologyapp

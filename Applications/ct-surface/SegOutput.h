#pragma once
// --seg: the closing mask (the voxels inside the surface: closed HU >= --iso) as a DICOM SEG of
// the input series' study.
#include "Arguments.h"
#include "OutputDirectory.h"

#include "cumed/io/DicomSeriesReader.h"

#include <array>
#include <string>

namespace cumed::ctsurface {

/// Before anything is read: throws output::OutputRefused (exit status 2) when --seg names an
/// existing file (a SEG is never replaced), a file inside the input directory, or one of the
/// surface files.
void CheckSegFile(const Arguments& arguments, const OutputFiles& files);

/// Writes the voxels of `closed` at or above --iso as one segment ("Closing mask") of the SEG
/// --seg that references `series` (cumed::seg::WriteDicomSeg); `radius` (voxels) goes into its
/// description. Returns its SOP Instance UID.
std::string WriteClosingMaskSeg(const cumed::io::HounsfieldImage& closed,
                                const Arguments& arguments, const cumed::io::CtSeries& series,
                                const std::array<int, 3>& radius);

} // namespace cumed::ctsurface

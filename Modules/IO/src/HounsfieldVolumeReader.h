#pragma once
// Reading the pixels of validated, sorted slices into one int16 HU volume with ITK's GDCMImageIO.
#include "DicomSliceStack.h"
#include "cumed/io/DicomSeriesReader.h"

#include <string>
#include <vector>

namespace cumed::io::detail {

/// What rounding non-integer Hounsfield values to int16 changed.
struct HounsfieldRounding {
  long roundedValues = 0;   ///< voxels whose decoded value was not an integer
  double maxRoundingHu = 0; ///< the largest |value - rounded value| (at most 0.5)
};

/// Reads `sortedFiles` (slice k of the volume = file k) and gives the volume `geometry`, which
/// comes from the validated tags rather than from ITK. DicomError names the file whose pixels
/// cannot be decoded or whose Hounsfield values do not fit int16 (of several, the first in
/// slice order); a value that is not an integer is an error too, unless `rounding` is given:
/// then it is rounded to the nearest integer (halves away from zero) and counted there. Slices
/// are decoded on up to `threads` threads, each straight into its place in the volume; the
/// voxels and the error do not depend on the thread count.
HounsfieldImage::Pointer ReadHounsfieldVolume(const std::vector<std::string>& sortedFiles,
                                              const SliceStackGeometry& geometry, int threads,
                                              HounsfieldRounding* rounding = nullptr);

/// Copies `rounding` into `info` and, when values were rounded, warns once naming the first
/// slice's RescaleSlope and RescaleIntercept, the count and the largest rounding.
void ReportRounding(const HounsfieldRounding& rounding, DicomSeriesInfo& info);

} // namespace cumed::io::detail

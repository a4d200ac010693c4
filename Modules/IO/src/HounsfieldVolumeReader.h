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

/// An int16 volume with `geometry`'s size, spacing, origin and direction (not filled).
HounsfieldImage::Pointer AllocateHounsfieldVolume(const SliceStackGeometry& geometry);

/// Stores `count` decoded HU values (a slice of `columns` columns) into `out` as the decoder
/// does: "" when all are int16 integers (non-integers rounded and counted when `rounding` is
/// given), else the error naming `file`, the value and its column and row.
std::string StoreHounsfieldValues(const double* values, std::size_t columns, std::size_t count,
                                  std::int16_t* out, const std::string& file,
                                  HounsfieldRounding* rounding);

/// Copies `rounding` into `info` and, when values were rounded, warns once with the count, the
/// largest rounding, and the RescaleSlope and RescaleIntercept of the first of `sortedSlices`
/// whose rescale is fractional (and how many are).
void ReportRounding(const HounsfieldRounding& rounding,
                    const std::vector<DicomFileHeader>& sortedSlices, DicomSeriesInfo& info);

} // namespace cumed::io::detail

#pragma once
// Reading the pixels of validated, sorted slices into one int16 HU volume with ITK's GDCMImageIO.
#include "DicomSliceStack.h"
#include "cumed/io/DicomSeriesReader.h"

#include <string>
#include <vector>

namespace cumed::io::detail {

/// Reads `sortedFiles` (slice k of the volume = file k) and gives the volume `geometry`, which
/// comes from the validated tags rather than from ITK. DicomError names the file whose pixels
/// cannot be decoded or whose Hounsfield values do not fit int16 (of several, the first in
/// slice order). Slices are decoded on up to `threads` threads, each straight into its place in
/// the volume; the voxels and the error do not depend on the thread count.
HounsfieldImage::Pointer ReadHounsfieldVolume(const std::vector<std::string>& sortedFiles,
                                              const SliceStackGeometry& geometry, int threads);

} // namespace cumed::io::detail

#pragma once
// Decoding the frames of enhanced multi-frame CT files into one HU volume.
#include "DicomFileHeader.h"
#include "DicomSliceStack.h"
#include "HounsfieldVolumeReader.h"

#include <vector>

namespace cumed::io::detail {

/// Reads `sortedFrames` (per-frame headers from ExpandEnhancedCtFrames, validated and sorted:
/// slice k of the volume = header k) into a volume with `geometry`. Each file is decoded once by
/// GDCM (every frame, any transfer syntax GDCM reads); each frame's stored values (BitsStored
/// bits, signed when PixelRepresentation is 1) are rescaled with that frame's RescaleSlope and
/// RescaleIntercept. DicomError, naming the file and frame, when a header is not a frame (a
/// series mixing single-frame files with frames), GDCM cannot decode the file or decodes another
/// size or frame count than the header says, the JPEG decoder reports damage, or a value is not
/// an int16 integer (non-integers are rounded and counted when `rounding` is given).
HounsfieldImage::Pointer ReadEnhancedCtVolume(const std::vector<DicomFileHeader>& sortedFrames,
                                              const SliceStackGeometry& geometry,
                                              HounsfieldRounding* rounding);

} // namespace cumed::io::detail

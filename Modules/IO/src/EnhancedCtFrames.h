#pragma once
// Enhanced multi-frame CT (one file holding every slice as a frame, with each frame's geometry
// and rescale in functional group sequences): one header per frame, so that the slice checks and
// the sort apply to frames exactly as to single-frame files.
#include "DicomFileHeader.h"

#include <map>
#include <string>
#include <vector>

namespace cumed::io::detail {

/// Enhanced CT Image Storage and Legacy Converted Enhanced CT Image Storage: the SOP classes
/// whose frames are expanded.
inline constexpr const char* kEnhancedCtImageStorage = "1.2.840.10008.5.1.4.1.1.2.1";
inline constexpr const char* kLegacyConvertedEnhancedCtImageStorage = "1.2.840.10008.5.1.4.1.1.2.2";
/// More frames than this in one file are refused (a CT volume has a few thousand at most).
inline constexpr long kMaxFramesPerFile = 20000;

/// Replaces every header of `series` whose SOPClassUID is an enhanced CT class by one header per
/// frame (DicomFileHeader::frame = 0, 1, ...), each a copy of the file's header whose
/// ImagePositionPatient, ImageOrientationPatient, PixelSpacing, SliceThickness,
/// SpacingBetweenSlices, RescaleSlope and RescaleIntercept are that frame's, read from its item
/// of PerFrameFunctionalGroupsSequence (5200,9230), else from SharedFunctionalGroupsSequence
/// (5200,9229): PlanePositionSequence, PlaneOrientationSequence, PixelMeasuresSequence,
/// PixelValueTransformationSequence. Each frame's pixelDataLength is one frame's bytes.
/// A file that cannot be expanded keeps its one header with the reason in `damage` (an error
/// only when its series is read), naming the file and tag: NumberOfFrames missing, below 1 or
/// above kMaxFramesPerFile; more frames than the pixel data can hold (native: its length must be
/// NumberOfFrames x Rows x Columns x BitsAllocated / 8; compressed: at least one 8-byte item per
/// frame in the file); a PerFrameFunctionalGroupsSequence whose item count is not
/// NumberOfFrames; a frame without a position. Other headers are left alone.
void ExpandEnhancedCtFrames(std::map<std::string, std::vector<DicomFileHeader>>& series);

} // namespace cumed::io::detail

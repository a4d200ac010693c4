#pragma once
// Checking that the files of one series form one regular volume, and its geometry.
#include "DicomFileHeader.h"

#include <array>
#include <cstddef>
#include <vector>

namespace cumed::io::detail {

/// Slice positions and in-plane offsets are compared with this fraction of the slice spacing.
inline constexpr double kSliceGapTolerance = 1e-3;
/// PixelSpacing values may differ between slices by this fraction.
inline constexpr double kPixelSpacingTolerance = 1e-4;
/// PixelSpacing values (mm) outside this range are refused (ITK's geometry degenerates).
inline constexpr double kMinPixelSpacingMm = 1e-4;
inline constexpr double kMaxPixelSpacingMm = 1e4;
/// ImagePositionPatient components (mm) beyond this magnitude are refused.
inline constexpr double kMaxPositionMm = 1e7;
/// RescaleSlope and RescaleIntercept beyond this magnitude are refused.
inline constexpr double kMaxRescaleMagnitude = 65536;
/// A sheared (tilted) stack's positions may deviate by the rounding of their decimal text (see
/// DicomSliceStack.cxx), but by no more than this fraction of the slice spacing.
inline constexpr double kMaxPositionRoundingFraction = 0.05;
/// ImageOrientationPatient cosines may differ between slices by this much.
inline constexpr double kOrientationTolerance = 1e-4;
/// Row and column cosines must be unit length and orthogonal within this.
inline constexpr double kOrthonormalTolerance = 1e-3;

struct SliceStackGeometry {
  std::array<std::size_t, 3> size{}; ///< columns, rows, slices
  std::array<double, 3> spacing{};   ///< column spacing, row spacing, slice step (from IPP)
  std::array<double, 3> origin{};    ///< ImagePositionPatient of the first slice
  std::array<double, 9> direction{}; ///< row-major 3x3; columns: row, column cosines, normal
  /// Gantry/detector tilt: the in-plane offset (patient mm) of each slice's ImagePositionPatient
  /// from the previous slice's normal; zero when the slices are stacked along the normal. Slice
  /// k of the stack lies at origin + k x (spacing[2] x normal + shearPerSlice).
  std::array<double, 3> shearPerSlice{};
  /// The tilt angle, atan(|shearPerSlice| / spacing[2]), in degrees (0 when not sheared).
  double tiltDegrees = 0;
};

/// Checks `slices` (one series) and sorts them by position along the slice normal (row cosine x
/// column cosine), ascending. DicomError, naming the file and tag, for: a modality other than CT
/// (when `requireCT`); a missing, malformed or inconsistent Rows, Columns, PixelSpacing or
/// ImageOrientationPatient; values out of range (PixelSpacing, ImagePositionPatient, rescale);
/// a PhotometricInterpretation other than MONOCHROME2; BitsStored/HighBit that contradict
/// BitsAllocated; an undecodable transfer syntax; pixel data whose length is not Rows x Columns
/// x BitsAllocated / 8 (plus one padding byte); damage found by the scan; rescale values that
/// do not give integer HU (unless `roundRescale`); a missing slice, two slices at one position,
/// uneven spacing, slices whose offsets from the normal do not grow by a constant step
/// (irregular shear), or more slices than ImagesInAcquisition says. A constant shear (gantry
/// tilt) is not an error: it is returned in shearPerSlice and tiltDegrees, for the caller to
/// refuse or resample (TiltResampling.h). Warns when consecutive InstanceNumbers do not start
/// at 1, and when there are fewer slices than ImagesInAcquisition (a partial export).
SliceStackGeometry ValidateAndSortSlices(std::vector<DicomFileHeader>& slices, bool requireCT,
                                         bool roundRescale = true);

} // namespace cumed::io::detail

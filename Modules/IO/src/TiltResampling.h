#pragma once
// Gantry/detector tilt: refusing a sheared stack, or resampling it onto the grid of its first
// slice's plane stepped along the normal.
#include "DicomFileHeader.h"
#include "DicomSliceStack.h"
#include "cumed/io/DicomSeriesReader.h"

namespace cumed::io::detail {

/// For a sheared stack (geometry.tiltDegrees > 0): DicomError naming the angle (and
/// GantryDetectorTilt (0018,1120) of `first` when present) with TiltHandling::Refuse, else one
/// warning naming them. Nothing for a stack along its normal.
void HandleTilt(const SliceStackGeometry& geometry, const DicomFileHeader& first,
                TiltHandling handling);

/// `stack` holds slice k of a sheared stack decoded as it is on the grid of `geometry` (its true
/// origin is shifted by k x geometry.shearPerSlice). Returns the volume on the untilted grid: the
/// first slice's plane stepped along the normal (spacing and direction of `geometry`), widened
/// by whole voxels along the row and column directions until it covers every slice (as dcm2niix
/// does), so that no voxel is lost; its origin stays on the first slice's pixel grid. Voxel
/// (i, j, k) is slice k's value at the same patient point, interpolated bilinearly within the
/// slice (the shift is in-plane), rounded to the nearest HU; points outside slice k take the
/// stack's minimum value. Returns `stack` itself for a stack along its normal.
HounsfieldImage::Pointer ResampleTiltedStack(HounsfieldImage::Pointer stack,
                                             const SliceStackGeometry& geometry);

} // namespace cumed::io::detail

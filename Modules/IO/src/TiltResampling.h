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

/// `volume` holds slice k of a sheared stack on the grid of `geometry` (slice k decoded as it
/// is, its true origin shifted by k x geometry.shearPerSlice). Moves every slice's values to the
/// grid: voxel (i, j, k) becomes slice k's value at the same patient point, interpolated
/// bilinearly within the slice (the shift is in-plane), rounded to the nearest HU. Points outside
/// slice k take the volume's minimum value. Nothing for a stack along its normal.
void ResampleTiltedStack(HounsfieldImage& volume, const SliceStackGeometry& geometry);

} // namespace cumed::io::detail

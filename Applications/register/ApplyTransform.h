#pragma once
// cumed-register --apply-transform T [--points P] [--image I --reference R] --output DIR: a saved
// transform applied as transformix applies elastix's: every point of P (fixed space, mm) mapped
// through T (an ITK transform file, e.g. a registration's transform.tfm: fixed -> moving) into
// DIR/points.txt in the same format; I (moving space) resampled onto R's grid into
// DIR/warped.mha (ApplyToImage.h).
#include "Arguments.h"

#include <string>

namespace cumed::registerapp {

/// Returns the summary (text, or JSON with --json). Throws cumed::Error naming the file for an
/// unreadable or elastix transform file, a transform of no point dimension 2 or 3, a bad point
/// file; UsageError for a refused output.
std::string RunApplyTransform(const Arguments& arguments);

} // namespace cumed::registerapp

#pragma once
// Whether a value given for an operation (a foreground, background or boundary value) can be a
// pixel of the input's type, checked before any pixel is read: a silently wrapped or rounded
// foreground would make the operation match nothing.
#include "cumed/core/PixelType.h"

namespace cumed::morphology {

/// Throws InvalidArgument "<what> = nan is not a finite number" (numbers::RequireFinite) for
/// NaN and +-inf, and "<what> <value> is not a value of the input's pixel type <type>
/// (<range>)" when `value` is outside the range of `type` or, for an integer type, not a whole
/// number. `what` names the value (e.g. "foreground", or the option that gave it).
void CheckValueFitsPixelType(const char* what, double value, PixelType type);

} // namespace cumed::morphology

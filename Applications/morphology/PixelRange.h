#pragma once
// Whether a value given on the command line (--foreground, --background, --boundary) can be a
// pixel of the input's type, checked before any pixel is read: a silently wrapped or rounded
// foreground would make the operation match nothing.
#include "cumed/core/PixelType.h"

namespace cumed::morphologyapp {

/// Throws UsageError naming `option`, `value` and the type's range when `value` is outside the
/// range of `type` or, for an integer type, not a whole number.
void CheckValueFitsPixelType(const char* option, double value, cumed::PixelType type);

} // namespace cumed::morphologyapp

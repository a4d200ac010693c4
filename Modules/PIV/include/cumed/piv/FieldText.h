#pragma once
// The plain-text vector field people exchange (as OpenPIV's .txt): one line per vector,
// "x y u v flags peakToPeak", tab-separated, after a '#' header line naming the columns.
#include "cumed/piv/PivField.h"

#include <string>

namespace cumed::piv {

/// Writes `field` to `path` (positions and displacements in px, flags as their integer value).
/// Throws cumed::Error naming the file when it cannot be written.
void WriteFieldText(const std::string& path, const PivField& field);

} // namespace cumed::piv

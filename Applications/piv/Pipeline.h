#pragma once
// One run of cumed-piv: frames listed and paired, outputs checked before any work, each pair
// (or the ensemble) evaluated and written, pathlines traced, all outputs moved into place
// together at the end.
#include "Arguments.h"
#include "Summary.h"

namespace cumed::pivapp {

RunSummary RunPipeline(const Arguments& arguments);

} // namespace cumed::pivapp

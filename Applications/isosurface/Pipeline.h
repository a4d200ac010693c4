#pragma once
// One run of cumed-isosurface: check everything that can be checked before the slow stages, read
// the volume, extract the surfaces, write them, render the picture.
#include "Arguments.h"
#include "Summary.h"

namespace cumed::isosurfaceapp {

/// Throws UsageError for refused outputs (before anything is read or written), cumed::Error (and
/// its subclasses: DicomError, CudaError, RenderingError) for runtime failures, among them a
/// surface without a triangle.
RunSummary RunPipeline(const Arguments& arguments);

} // namespace cumed::isosurfaceapp

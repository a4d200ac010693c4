#pragma once
// The whole run: read the series, close, contour, write, render. Each stage is its own function
// in its own file so that CuMed's CUDA implementations can replace them one by one.
#include "Arguments.h"
#include "Summary.h"

namespace cumed::ctsurface {

/// Runs the pipeline for `arguments`. Throws UsageError for arguments that only turn out wrong
/// against the file system (output inside input), cumed::Error (DicomError, CudaError,
/// RenderingError...) for failures, itk::ExceptionObject from ITK.
RunSummary RunPipeline(const Arguments& arguments);

} // namespace cumed::ctsurface

#pragma once
// The computation itself: the chosen operation on views of the input and output pixels, through
// CuMed's core API (which is also what the ITK drop-in filters call).
#include "Arguments.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Image.h"
#include "cumed/core/Progress.h"
#include "cumed/morphology/StructuringElement.h"

namespace cumed::morphologyapp {

/// Runs `arguments.operation` with its options (boundary, safe border, foreground, background)
/// on `backend`; `progress` gets fractions in [0, 1]. Returns the
/// backend that ran. T: uint8, int16, uint16 or float.
template <class T>
cumed::Backend ApplyOperation(cumed::ImageView<const T> input, cumed::ImageView<T> output,
                              const cumed::morphology::StructuringElement& element,
                              const Arguments& arguments, cumed::Backend backend,
                              const cumed::ProgressCallback& progress);

} // namespace cumed::morphologyapp

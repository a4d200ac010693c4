#pragma once
// VTK reports a failed filter through vtkErrorMacro (a line on the output window) and goes on;
// programs that want an exception instead run the filter through UpdateOrThrow().
class vtkAlgorithm;

namespace cumed {

/// algorithm->Update(), with the ErrorEvents of `algorithm` and of its executive caught while it
/// runs (so nothing is printed): throws cumed::Error with the first error's message (without
/// VTK's "ERROR: In file, line" prefix) when there was one. Errors of upstream algorithms are
/// not caught.
void UpdateOrThrow(vtkAlgorithm* algorithm);

} // namespace cumed

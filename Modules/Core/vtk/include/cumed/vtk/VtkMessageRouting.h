#pragma once
// VTK's messages (vtkErrorMacro, vtkWarningMacro, ...) routed through CuMed's Log
// (cumed/core/LibraryMessages.h): each at debug level ("vtk: ..."), counted for the warning
// summary; nothing of VTK's on stderr. Process-wide; idempotent. The programs call it from
// ApplyToolOptions.

namespace cumed::vtk {

/// Replaces vtkOutputWindow's instance by one that reports to the Log, and turns off vtkLogger's
/// own stderr output (which would print each error a second time).
void RouteVtkMessages();

} // namespace cumed::vtk

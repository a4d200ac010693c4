#include "cumed/vtk/VtkMessageRouting.h"

#include "cumed/core/LibraryMessages.h"

#include <vtkLogger.h>
#include <vtkObjectFactory.h>
#include <vtkOutputWindow.h>
#include <vtkSmartPointer.h>

#include <mutex>

namespace {

// vtkOutputWindow's other Display*Text methods end in DisplayText.
class vtkCuMedLogOutputWindow : public vtkOutputWindow {
public:
  static vtkCuMedLogOutputWindow* New();
  vtkTypeMacro(vtkCuMedLogOutputWindow, vtkOutputWindow);
  void DisplayText(const char* text) override {
    cumed::ReportLibraryMessage("VTK", text ? text : "");
  }

protected:
  vtkCuMedLogOutputWindow() = default;
  ~vtkCuMedLogOutputWindow() override = default;
};
vtkStandardNewMacro(vtkCuMedLogOutputWindow);

} // namespace

namespace cumed::vtk {

void RouteVtkMessages() {
  static std::once_flag once;
  std::call_once(once, [] {
    vtkOutputWindow::SetInstance(vtkSmartPointer<vtkCuMedLogOutputWindow>::New());
    vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
  });
}

} // namespace cumed::vtk

#include "GlewNoticeFilter.h"

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkNew.h>
#include <vtkObject.h>
#include <vtkOutputWindow.h>

#include <cstring>

namespace cumed::rendering {

void DropGlewInitNotice(vtkObject* renderWindow) {
  // With an ErrorEvent observer VTK hands the error to it instead of printing it.
  vtkNew<vtkCallbackCommand> filter;
  filter->SetCallback([](vtkObject*, unsigned long, void*, void* callData) {
    const char* text = static_cast<const char*>(callData);
    if (!text || std::strstr(text, "GLEW could not be initialized")) return;
    vtkOutputWindow::GetInstance()->DisplayErrorText(text);
  });
  renderWindow->AddObserver(vtkCommand::ErrorEvent, filter);
}

} // namespace cumed::rendering

#include "cumed/core/LibraryMessages.h"
#include "cumed/io/LibraryMessageRouting.h"

#include <itkObjectFactory.h>
#include <itkOutputWindow.h>

#include <mutex>

namespace cumed::io {
namespace {

// ITK's other Display*Text methods format the message and call DisplayText.
class LogOutputWindow : public itk::OutputWindow {
public:
  ITK_DISALLOW_COPY_AND_MOVE(LogOutputWindow);
  using Self = LogOutputWindow;
  using Superclass = itk::OutputWindow;
  using Pointer = itk::SmartPointer<Self>;
  itkNewMacro(Self);
  itkTypeMacro(LogOutputWindow, itk::OutputWindow);

  void DisplayText(const char* text) override { ReportLibraryMessage("ITK", text ? text : ""); }

protected:
  LogOutputWindow() = default;
  ~LogOutputWindow() override = default;
};

} // namespace

void RouteItkMessages() {
  static std::once_flag once;
  std::call_once(once, [] { itk::OutputWindow::SetInstance(LogOutputWindow::New()); });
}

void RouteLibraryMessages() {
  RouteGdcmMessages();
  RouteDcmtkMessages();
  RouteItkMessages();
}

} // namespace cumed::io

#include "cumed/vtk/UpdateOrThrow.h"

#include "cumed/core/Error.h"

#include <vtkAlgorithm.h>
#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkExecutive.h>
#include <vtkNew.h>

#include <string>

namespace cumed {
namespace {

// VTK's error text is "ERROR: In FILE, line N\nCLASS (0x...): MESSAGE\n\n": keep MESSAGE.
std::string MessageOf(const char* text) {
  std::string message = text ? text : "";
  const auto newline = message.find('\n');
  if (message.rfind("ERROR: In ", 0) == 0 && newline != std::string::npos) {
    const auto object = message.find("): ", newline);
    message.erase(0, object == std::string::npos ? newline + 1 : object + 3);
  }
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

void CollectFirstError(vtkObject* caller, unsigned long, void* clientData, void* callData) {
  auto* first = static_cast<std::string*>(clientData);
  if (!first->empty()) return;
  *first = MessageOf(static_cast<const char*>(callData));
  if (first->empty()) *first = std::string(caller->GetClassName()) + " failed";
}

// Removes the observers when UpdateOrThrow leaves, also by an exception out of Update(): they
// point at UpdateOrThrow's local string, which must not be written after it is gone.
class ObserverGuard {
public:
  ObserverGuard(vtkObject* object, unsigned long tag) : object_(object), tag_(tag) {}
  ~ObserverGuard() { object_->RemoveObserver(tag_); }
  ObserverGuard(const ObserverGuard&) = delete;
  ObserverGuard& operator=(const ObserverGuard&) = delete;

private:
  vtkObject* object_;
  unsigned long tag_;
};

} // namespace

void UpdateOrThrow(vtkAlgorithm* algorithm) {
  std::string error;
  vtkNew<vtkCallbackCommand> collect;
  collect->SetCallback(CollectFirstError);
  collect->SetClientData(&error);
  // The executive reports "returned failure for request" after the algorithm's own error: caught
  // too, so that nothing is printed; the algorithm's message comes first.
  vtkExecutive* executive = algorithm->GetExecutive();
  {
    const ObserverGuard onAlgorithm(algorithm,
                                    algorithm->AddObserver(vtkCommand::ErrorEvent, collect));
    const ObserverGuard onExecutive(executive,
                                    executive->AddObserver(vtkCommand::ErrorEvent, collect));
    algorithm->Update();
  }
  if (!error.empty()) throw cumed::Error(error);
}

} // namespace cumed

#include "cumed/surface/VtkOverrides.h"

#include "cumed/surface/vtkCuMedSurfaceFactory.h"

#include <vtkFlyingEdges3D.h>
#include <vtkSmartPointer.h>

#include <mutex>

namespace cumed {
namespace {

std::mutex registrationMutex;
vtkSmartPointer<vtkCuMedSurfaceFactory> registered; // non-null while registered

} // namespace

bool RegisterVtkOverrides() {
  {
    std::lock_guard<std::mutex> lock(registrationMutex);
    if (!registered) {
      registered = vtkSmartPointer<vtkCuMedSurfaceFactory>::New();
      vtkObjectFactory::RegisterFactory(registered);
    }
  }
  // Whichever vtkFlyingEdges3D::New() the dynamic linker chose answers:
  // CuMed::SurfaceVtkFactoryNew's (or a VTK_ALL_NEW_OBJECT_FACTORY VTK's) consults the factory,
  // Debian's does not.
  const auto probe = vtkSmartPointer<vtkFlyingEdges3D>::Take(vtkFlyingEdges3D::New());
  return probe->IsA("vtkCuMedFlyingEdges3D") != 0;
}

void UnregisterVtkOverrides() {
  std::lock_guard<std::mutex> lock(registrationMutex);
  if (!registered) return;
  vtkObjectFactory::UnRegisterFactory(registered);
  registered = nullptr;
}

} // namespace cumed

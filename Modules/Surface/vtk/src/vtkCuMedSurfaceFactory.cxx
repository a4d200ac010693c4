#include "cumed/surface/vtkCuMedSurfaceFactory.h"

#include "cumed/surface/vtkCuMedDiscreteFlyingEdges3D.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"

#include <vtkVersionMacros.h>

namespace {

// The override's creation callback. vtkStandardNewMacro constructs TCuMed directly and its VTK
// base by its constructor, and the requests left to VTK run the base class's RequestData on the
// same object, so nothing here calls vtkFlyingEdges3D::New() again. The guard keeps it so should
// a TCuMed::New() ever be routed through the factory (e.g. another factory overriding CuMed's
// class with one that makes a vtkFlyingEdges3D): a nested request gets VTK's own class.
template <class TCuMed> vtkObject* CreateCuMedFilter() {
  static thread_local bool creating = false;
  if (creating) return nullptr; // vtkObjectFactory::CreateInstance finds none: VTK's class
  creating = true;
  vtkObject* made = TCuMed::New();
  creating = false;
  return made;
}

} // namespace

vtkStandardNewMacro(vtkCuMedSurfaceFactory);

vtkCuMedSurfaceFactory::vtkCuMedSurfaceFactory() {
  this->RegisterOverride("vtkFlyingEdges3D", "vtkCuMedFlyingEdges3D", "CuMed isosurface (CPU/CUDA)",
                         1, &CreateCuMedFilter<vtkCuMedFlyingEdges3D>);
  this->RegisterOverride("vtkDiscreteFlyingEdges3D", "vtkCuMedDiscreteFlyingEdges3D",
                         "CuMed label surface (CPU/CUDA)", 1,
                         &CreateCuMedFilter<vtkCuMedDiscreteFlyingEdges3D>);
}

const char* vtkCuMedSurfaceFactory::GetVTKSourceVersion() {
  return VTK_SOURCE_VERSION;
}

const char* vtkCuMedSurfaceFactory::GetDescription() {
  return "CuMed: CPU/CUDA implementations of vtkFlyingEdges3D and vtkDiscreteFlyingEdges3D";
}

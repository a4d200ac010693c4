// The same registration in a program that does not link CuMed::SurfaceVtkFactoryNew, on a VTK
// built without VTK_ALL_NEW_OBJECT_FACTORY (Debian's): RegisterVtkOverrides() must say that
// vtkFlyingEdges3D::New() does not consult the factory, New() stays VTK's, and the factory itself
// still answers vtkObjectFactory::CreateInstance. Exit 0 when all hold; 77 (skipped) on a VTK
// built with VTK_ALL_NEW_OBJECT_FACTORY, where New() always consults it.
#include <cumed/surface/VtkOverrides.h>

#include <vtkFeatures.h>
#include <vtkFlyingEdges3D.h>
#include <vtkObjectFactory.h>
#include <vtkSmartPointer.h>

#include <iostream>
#include <string>

int main() {
#if defined(VTK_ALL_NEW_OBJECT_FACTORY)
  std::cout << "this VTK's New() always consults the object factory: nothing to test\n";
  return 77;
#else
  const bool hooked = cumed::RegisterVtkOverrides();
  const auto made = vtkSmartPointer<vtkFlyingEdges3D>::Take(vtkFlyingEdges3D::New());
  const auto created =
      vtkSmartPointer<vtkObject>::Take(vtkObjectFactory::CreateInstance("vtkFlyingEdges3D"));
  cumed::UnregisterVtkOverrides();
  const auto afterwards =
      vtkSmartPointer<vtkObject>::Take(vtkObjectFactory::CreateInstance("vtkFlyingEdges3D"));
  const bool ok = !hooked && std::string(made->GetClassName()) == "vtkFlyingEdges3D" && created &&
                  created->IsA("vtkCuMedFlyingEdges3D") && !afterwards;
  std::cout << "without CuMed::SurfaceVtkFactoryNew: RegisterVtkOverrides() = " << hooked
            << ", vtkFlyingEdges3D::New() gives " << made->GetClassName()
            << ", CreateInstance gives " << (created ? created->GetClassName() : "nothing")
            << ", after unregistering " << (afterwards ? afterwards->GetClassName() : "nothing")
            << (ok ? ": as expected" : ": WRONG") << "\n";
  return ok ? 0 : 1;
#endif
}

#pragma once
// vtkCuMedSurfaceFactory: the VTK object factory that maps VTK's contour filters to CuMed's,
//   vtkFlyingEdges3D          -> vtkCuMedFlyingEdges3D
//   vtkDiscreteFlyingEdges3D  -> vtkCuMedDiscreteFlyingEdges3D
// Registered by cumed::RegisterVtkOverrides() (VtkOverrides.h), which also says whether VTK's
// New() of those classes consults it: see there.
#include <vtkObjectFactory.h>

class vtkCuMedSurfaceFactory : public vtkObjectFactory {
public:
  static vtkCuMedSurfaceFactory* New();
  vtkTypeMacro(vtkCuMedSurfaceFactory, vtkObjectFactory);
  const char* GetVTKSourceVersion() override;
  const char* GetDescription() override;

protected:
  vtkCuMedSurfaceFactory();
  ~vtkCuMedSurfaceFactory() override = default;

private:
  vtkCuMedSurfaceFactory(const vtkCuMedSurfaceFactory&) = delete;
  void operator=(const vtkCuMedSurfaceFactory&) = delete;
};

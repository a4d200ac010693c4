#pragma once
// vtkCuMedFlyingEdges3D: a vtkFlyingEdges3D whose isosurfaces come from CuMed (CPU with OpenMP,
// or one or more CUDA GPUs): the same points, triangles, normals and scalars as
// vtkFlyingEdges3D, point for point in its order. Drop it in where vtkFlyingEdges3D was:
//
//   vtkNew<vtkCuMedFlyingEdges3D> contour;
//   contour->SetInputData(image);          // or SetInputConnection(...)
//   contour->SetValue(0, 300.0);
//   contour->SetBackendToAuto();           // CUDA when usable, else the CPU
//   contour->Update();
//   contour->GetLastBackend();             // cumed::Implementation::CPU, CUDA, or VTK for inputs
//   left to VTK
//
// It is a vtkFlyingEdges3D (through vtkCuMedContourFilter<vtkFlyingEdges3D>, which holds the
// CuMed settings shared with vtkCuMedDiscreteFlyingEdges3D); see vtkCuMedContourFilter.h for
// what CuMed takes, what it leaves to VTK, and the output's arrays.
#include "cumed/surface/vtkCuMedContourFilter.h"

#include <vtkFlyingEdges3D.h>

extern template class vtkCuMedContourFilter<vtkFlyingEdges3D>;

class vtkCuMedFlyingEdges3D : public vtkCuMedContourFilter<vtkFlyingEdges3D> {
public:
  static vtkCuMedFlyingEdges3D* New();
  vtkTypeMacro(vtkCuMedFlyingEdges3D, vtkCuMedContourFilter<vtkFlyingEdges3D>);
  void PrintSelf(ostream& os, vtkIndent indent) override;

protected:
  vtkCuMedFlyingEdges3D();
  ~vtkCuMedFlyingEdges3D() override;

private:
  vtkCuMedFlyingEdges3D(const vtkCuMedFlyingEdges3D&) = delete;
  void operator=(const vtkCuMedFlyingEdges3D&) = delete;
};

#pragma once
// vtkCuMedDiscreteFlyingEdges3D: a vtkDiscreteFlyingEdges3D whose label surfaces come from CuMed
// (CPU or CUDA): one surface per contour value (label), a point inside when its value equals the
// label, edges cut at their midpoint, as vtkDiscreteFlyingEdges3D. Surfaces of neighbouring
// labels do not share points (each value is its own block, as in VTK).
//
//   vtkNew<vtkCuMedDiscreteFlyingEdges3D> labels;
//   labels->SetInputData(labelImage);
//   labels->SetValue(0, 1);
//   labels->SetValue(1, 2);
//   labels->Update();
//
// See vtkCuMedContourFilter.h for the CuMed settings, GetLastBackend(), and the inputs left to
// VTK.
#include "cumed/surface/vtkCuMedContourFilter.h"

#include <vtkDiscreteFlyingEdges3D.h>

extern template class vtkCuMedContourFilter<vtkDiscreteFlyingEdges3D>;

class vtkCuMedDiscreteFlyingEdges3D : public vtkCuMedContourFilter<vtkDiscreteFlyingEdges3D> {
public:
  static vtkCuMedDiscreteFlyingEdges3D* New();
  vtkTypeMacro(vtkCuMedDiscreteFlyingEdges3D, vtkCuMedContourFilter<vtkDiscreteFlyingEdges3D>);
  void PrintSelf(ostream& os, vtkIndent indent) override;

protected:
  vtkCuMedDiscreteFlyingEdges3D();
  ~vtkCuMedDiscreteFlyingEdges3D() override;

private:
  vtkCuMedDiscreteFlyingEdges3D(const vtkCuMedDiscreteFlyingEdges3D&) = delete;
  void operator=(const vtkCuMedDiscreteFlyingEdges3D&) = delete;
};

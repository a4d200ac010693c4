#include "cumed/surface/vtkCuMedFlyingEdges3D.h"

#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkCuMedFlyingEdges3D);

vtkCuMedFlyingEdges3D::vtkCuMedFlyingEdges3D()
    : Superclass(cumed::surface::ContourMode::Isovalue) {}

vtkCuMedFlyingEdges3D::~vtkCuMedFlyingEdges3D() = default;

void vtkCuMedFlyingEdges3D::PrintSelf(ostream& os, vtkIndent indent) {
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ContourMode: isovalue (inside: value >= contour value)\n";
}

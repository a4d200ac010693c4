#include "cumed/surface/vtkCuMedDiscreteFlyingEdges3D.h"

#include <vtkObjectFactory.h>

vtkStandardNewMacro(vtkCuMedDiscreteFlyingEdges3D);

vtkCuMedDiscreteFlyingEdges3D::vtkCuMedDiscreteFlyingEdges3D()
    : Superclass(cumed::surface::ContourMode::Label) {}

vtkCuMedDiscreteFlyingEdges3D::~vtkCuMedDiscreteFlyingEdges3D() = default;

void vtkCuMedDiscreteFlyingEdges3D::PrintSelf(ostream& os, vtkIndent indent) {
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ContourMode: label (inside: value == label, edges cut at their midpoint)\n";
}

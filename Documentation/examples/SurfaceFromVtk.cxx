// From VTK to CuMed: vtkFlyingEdges3D swapped for vtkCuMedFlyingEdges3D, nothing else changed.
// Exit 0 when both give the same number of points and triangles.
#include <cumed/surface/vtkCuMedFlyingEdges3D.h>

#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkShortArray.h>

#include <cmath>
#include <iostream>

int main() {
  vtkNew<vtkImageData> ct; // a ball of 1000 HU in 40 HU
  ct->SetDimensions(64, 64, 48);
  ct->SetSpacing(0.8, 0.8, 1.5);
  vtkNew<vtkShortArray> hu;
  hu->SetNumberOfValues(64 * 64 * 48);
  for (int z = 0, i = 0; z < 48; ++z)
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 64; ++x, ++i)
        hu->SetValue(i, std::hypot(x - 32.0, y - 30.0, z - 24.0) < 15.0 ? 1000 : 40);
  ct->GetPointData()->SetScalars(hu);

  vtkNew<vtkCuMedFlyingEdges3D> contour; // was: vtkNew<vtkFlyingEdges3D> contour;
  contour->SetInputData(ct);
  contour->SetValue(0, 300);
  contour->ComputeNormalsOn();
  contour->Update();
  std::cout << "CuMed ran on " << cumed::ToString(contour->GetLastBackend()) << ": "
            << contour->GetOutput()->GetNumberOfPolys() << " triangles\n";

  vtkNew<vtkFlyingEdges3D> reference;
  reference->SetInputData(ct);
  reference->SetValue(0, 300);
  reference->ComputeNormalsOn();
  reference->Update();
  const bool same =
      reference->GetOutput()->GetNumberOfPolys() == contour->GetOutput()->GetNumberOfPolys() &&
      reference->GetOutput()->GetNumberOfPoints() == contour->GetOutput()->GetNumberOfPoints();
  std::cout << "same as vtkFlyingEdges3D: " << (same ? "yes" : "NO") << "\n";
  return same ? 0 : 1;
}

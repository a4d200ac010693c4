// Free-form deformation in a VTK pipeline: a sphere through vtkCuMedFFDFilter, first at rest (the
// input comes back, with normals), then with the top layer of a 3x3x3 lattice lifted, frame
// after frame. Exit 0 when the rest frame is the input and the lifted frames grew the sphere.
#include <cumed/deformation/vtkCuMedFFDFilter.h>

#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSphereSource.h>

#include <iostream>

int main() {
  vtkNew<vtkSphereSource> sphere;
  sphere->SetThetaResolution(64);
  sphere->SetPhiResolution(32);

  vtkNew<vtkCuMedFFDFilter> ffd;
  ffd->SetInputConnection(sphere->GetOutputPort());
  ffd->SetLatticeDimensions(3, 3, 3); // 3x3x3 control points: degree 2
  ffd->Update();                      // at rest: the input, with normals
  vtkPolyData* input = sphere->GetOutput();
  bool same = ffd->GetOutput()->GetNumberOfPoints() == input->GetNumberOfPoints();
  for (vtkIdType p = 0; same && p < input->GetNumberOfPoints(); ++p)
    for (int c = 0; c < 3; ++c)
      same = same && ffd->GetOutput()->GetPoint(p)[c] == input->GetPoint(p)[c];

  vtkNew<vtkPoints> points;
  ffd->GetRestLatticePoints(points); // i fastest, then j, then k: the top layer is k = 2
  ffd->SetLatticePoints(points);
  double top = 0;
  for (int frame = 1; frame <= 10; ++frame) {
    for (vtkIdType p = 18; p < 27; ++p) {
      double x[3];
      points->GetPoint(p, x);
      points->SetPoint(p, x[0], x[1], x[2] + 0.01);
    }
    points->Modified(); // a new frame: only the deformation runs again
    ffd->Update();
    top = ffd->GetOutput()->GetBounds()[5];
  }
  std::cout << "ran on " << cumed::ToString(ffd->GetLastBackend()) << ", "
            << ffd->GetOutput()->GetNumberOfPolys() << " triangles, normals "
            << (ffd->GetOutput()->GetPointData()->GetNormals() ? "yes" : "no")
            << ", rest frame = input: " << (same ? "yes" : "NO") << ", top " << top << "\n";
  return same && top > 0.55 ? 0 : 1;
}

// EnclosedVolumeMm3 (a closed box's volume) and AbsentLabels (labels no voxel carries, in the
// given order).
#include "cumed/surface/SurfaceMeasures.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkShortArray.h>

#include <vector>

namespace cumed::surface {
namespace {

// A closed 2 x 3 x 4 box, its 12 triangles facing out.
vtkSmartPointer<vtkPolyData> Box() {
  vtkNew<vtkPoints> points;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i) points->InsertNextPoint(2.0 * i, 3.0 * j, 4.0 * k);
  const vtkIdType quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                 {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  vtkNew<vtkCellArray> triangles;
  for (const auto& q : quads) {
    const vtkIdType a[3] = {q[0], q[1], q[2]};
    const vtkIdType b[3] = {q[0], q[2], q[3]};
    triangles->InsertNextCell(3, a);
    triangles->InsertNextCell(3, b);
  }
  auto box = vtkSmartPointer<vtkPolyData>::New();
  box->SetPoints(points);
  box->SetPolys(triangles);
  return box;
}

TEST(SurfaceMeasures, EnclosedVolumeOfABox) {
  EXPECT_NEAR(EnclosedVolumeMm3(Box()), 24.0, 1e-9);
  EXPECT_EQ(EnclosedVolumeMm3(nullptr), 0.0);
  vtkNew<vtkPolyData> empty;
  EXPECT_EQ(EnclosedVolumeMm3(empty), 0.0);
}

TEST(SurfaceMeasures, AbsentLabelsInTheGivenOrder) {
  vtkNew<vtkImageData> labels;
  labels->SetDimensions(3, 2, 2);
  vtkNew<vtkShortArray> values;
  values->SetNumberOfValues(12);
  for (vtkIdType i = 0; i < 12; ++i) values->SetValue(i, static_cast<short>(i % 3 == 0 ? 7 : 2));
  labels->GetPointData()->SetScalars(values);
  EXPECT_EQ(AbsentLabels(labels, {9, 2, 4, 7}), (std::vector<double>{9, 4}));
  EXPECT_EQ(AbsentLabels(labels, {2, 7}), std::vector<double>{});
  vtkNew<vtkImageData> none;
  none->SetDimensions(2, 2, 2);
  EXPECT_EQ(AbsentLabels(none, {1, 2}), (std::vector<double>{1, 2}));
}

} // namespace
} // namespace cumed::surface

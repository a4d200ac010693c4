// vtkCuMedDiscreteFlyingEdges3D against vtkDiscreteFlyingEdges3D on label volumes: one surface per
// label, points matched by position within each label's block, the same triangles with the same
// orientation, normals, and the label as the point scalar, on every built backend.
#include "SurfaceVtkTestSupport.h"
#include "cumed/core/Execution.h"
#include "cumed/test/Backends.h"

#include "cumed/surface/vtkCuMedDiscreteFlyingEdges3D.h"

#include <gtest/gtest.h>
#include <vtkDataArray.h>
#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>

#include <initializer_list>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace cumed::surfacevtktest;

namespace {

struct LabelCase {
  const char* name;
  int vtkType;
  bool normals;
};

class SurfaceVtkDiscrete : public cumed::test::BackendTest<LabelCase> {};

TEST_P(SurfaceVtkDiscrete, MatchesVtkDiscreteFlyingEdges3D) {
  const LabelCase c = param<0>();
  Grid grid;
  grid.direction = TiltedDirection(false);
  const auto image = MakeImage(grid);
  AddLabelField(image, c.vtkType, 3, 5);
  // Label 7 does not occur: an empty block.
  const std::vector<double> labels{1.0, 3.0, 7.0, 2.0};

  vtkNew<vtkDiscreteFlyingEdges3D> reference;
  vtkNew<vtkCuMedDiscreteFlyingEdges3D> contour;
  for (vtkDiscreteFlyingEdges3D* filter :
       std::initializer_list<vtkDiscreteFlyingEdges3D*>{reference, contour}) {
    filter->SetInputData(image);
    for (std::size_t v = 0; v < labels.size(); ++v)
      filter->SetValue(static_cast<int>(v), labels[v]);
    filter->SetComputeNormals(c.normals);
    filter->ComputeScalarsOn();
  }
  contour->SetBackend(backend());
  const auto expected = RunFilter(reference);
  const auto actual = RunFilter(contour);
  EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend()));
  ASSERT_GT(expected->GetNumberOfPolys(), 500);

  const SurfaceComparison comparison = CompareSurfaces(actual, expected, 1e-4 * 0.7, "labels");
  ASSERT_EQ(comparison.problem, "");
  EXPECT_TRUE(InVtkOrder(comparison)) << "points in another order than VTK's";
  vtkDataArray* scalars = actual->GetPointData()->GetScalars();
  ASSERT_NE(scalars, nullptr);
  EXPECT_EQ(scalars->GetDataType(), c.vtkType);
  std::set<double> seen;
  for (vtkIdType i = 0; i < scalars->GetNumberOfTuples(); ++i) seen.insert(scalars->GetTuple1(i));
  EXPECT_EQ(seen, (std::set<double>{1.0, 2.0, 3.0}));
  // Blocks come in the order of the values, as in VTK.
  EXPECT_EQ(scalars->GetTuple1(0), 1.0);
  EXPECT_EQ(scalars->GetTuple1(scalars->GetNumberOfTuples() - 1), 2.0);
  if (c.normals) {
    EXPECT_LE(MaxDifference(actual->GetPointData()->GetNormals(),
                            expected->GetPointData()->GetNormals(), comparison.toExpected),
              1e-4);
  } else {
    EXPECT_EQ(actual->GetPointData()->GetNormals(), nullptr);
  }
}

const LabelCase kLabelCases[] = {{"UInt8WithNormals", VTK_UNSIGNED_CHAR, true},
                                 {"Int16", VTK_SHORT, false},
                                 {"UInt16WithNormals", VTK_UNSIGNED_SHORT, true},
                                 {"Float", VTK_FLOAT, false}};

std::string
LabelCaseName(const ::testing::TestParamInfo<std::tuple<cumed::Backend, LabelCase>>& info) {
  return std::get<1>(info.param).name;
}

CUMED_INSTANTIATE_FOR_EVERY_BACKEND(SurfaceVtkDiscrete, LabelCaseName,
                                    ::testing::ValuesIn(kLabelCases));

TEST(SurfaceVtkDiscreteFallback, DoubleLabelsAreLeftToVtk) {
  const auto image = MakeImage(Grid{});
  AddLabelField(image, VTK_DOUBLE, 2, 6);
  vtkNew<vtkCuMedDiscreteFlyingEdges3D> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 1.0);
  contour->Update();
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::VTK);
  EXPECT_GT(contour->GetOutput()->GetNumberOfPolys(), 0);
}

} // namespace

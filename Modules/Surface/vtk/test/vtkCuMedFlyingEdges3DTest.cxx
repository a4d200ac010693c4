// vtkCuMedFlyingEdges3D against vtkFlyingEdges3D on the same image: the same points (matched by
// position, within 1e-4 of the smallest spacing), the same triangles with the same orientation,
// normals within 1e-4, scalars typed and named like the input's with the contour values, and
// interpolated attributes, on every built backend (Cpu/ and Cuda/ instances); then the requests
// CuMed leaves to VTK, which GetLastBackend() names.
#include "SurfaceVtkTestSupport.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/test/Backends.h"

#include "cumed/surface/vtkCuMedFlyingEdges3D.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkReverseSense.h>
#include <vtkShortArray.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <tuple>
#include <vector>

using namespace cumed::surfacevtktest;

namespace {

enum class Orientation { Identity, Tilted, Reflected };

struct IsoCase {
  const char* name;
  int vtkType;
  Orientation orientation;
  bool unitGrid; ///< extent from 0, spacing 1, origin 0: VTK only translates, normals untouched
  double scale;  ///< the field is stored as offset + scale * f
  double offset;
};

Grid GridFor(const IsoCase& c) {
  Grid grid;
  if (c.unitGrid) {
    grid.extent = {0, 30, 0, 26, 0, 20};
    grid.spacing = {1.0, 1.0, 1.0};
    grid.origin = {0.0, 0.0, 0.0};
  }
  if (c.orientation != Orientation::Identity) {
    grid.direction = TiltedDirection(c.orientation == Orientation::Reflected);
  }
  return grid;
}

// Isovalues halfway between integers, so no point falls on a grid point of an integer field.
std::vector<double> IsovaluesFor(const IsoCase& c) {
  return {c.offset + c.scale * -200.0 + 0.5, c.offset + c.scale * 100.0 + 0.5};
}

template <class TFilter>
void Configure(TFilter* filter, vtkImageData* image, const std::vector<double>& values) {
  filter->SetInputData(image);
  filter->SetNumberOfContours(static_cast<int>(values.size()));
  for (std::size_t v = 0; v < values.size(); ++v) filter->SetValue(static_cast<int>(v), values[v]);
  filter->ComputeNormalsOn();
  filter->ComputeScalarsOn();
}

double Tolerance(const Grid& grid) {
  return 1e-4 * *std::min_element(grid.spacing.begin(), grid.spacing.end());
}

class SurfaceVtkFlyingEdges : public cumed::test::BackendTest<IsoCase> {};

TEST_P(SurfaceVtkFlyingEdges, MatchesVtkFlyingEdges3D) {
  const IsoCase c = param<0>();
  const Grid grid = GridFor(c);
  const auto image = MakeImage(grid);
  AddSmoothField(image, c.vtkType, "density", 11, true, c.scale, c.offset);
  const std::vector<double> values = IsovaluesFor(c);

  vtkNew<vtkFlyingEdges3D> reference;
  Configure(reference.Get(), image, values);
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  Configure(contour.Get(), image, values);
  contour->SetBackend(backend());
  const auto expected = RunFilter(reference);
  const auto actual = RunFilter(contour);
  EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend()));
  ASSERT_GT(expected->GetNumberOfPolys(), 1000) << "the field should give a sizeable surface";

  const SurfaceComparison comparison =
      CompareSurfaces(actual, expected, Tolerance(grid), "density");
  ASSERT_EQ(comparison.problem, "");
  EXPECT_TRUE(InVtkOrder(comparison)) << "points in another order than vtkFlyingEdges3D's";
  EXPECT_EQ(actual->GetPoints()->GetDataType(), VTK_FLOAT);
  EXPECT_EQ(actual->GetPolys()->IsHomogeneous(), 3);

  vtkDataArray* normals = actual->GetPointData()->GetNormals();
  ASSERT_NE(normals, nullptr);
  EXPECT_STREQ(normals->GetName(), "Normals");
  EXPECT_EQ(normals->GetDataType(), VTK_FLOAT);
  EXPECT_LE(MaxDifference(normals, expected->GetPointData()->GetNormals(), comparison.toExpected),
            1e-4);

  vtkDataArray* scalars = actual->GetPointData()->GetScalars();
  ASSERT_NE(scalars, nullptr);
  EXPECT_STREQ(scalars->GetName(), "density");
  EXPECT_EQ(scalars->GetDataType(), c.vtkType);
  EXPECT_EQ(MaxDifference(scalars, expected->GetPointData()->GetScalars(), comparison.toExpected),
            0.0);
  EXPECT_EQ(actual->GetPointData()->GetNumberOfArrays(), 2);
}

const IsoCase kIsoCases[] = {
    {"Int16Tilted", VTK_SHORT, Orientation::Tilted, false, 1.0, 0.0},
    {"Int16Reflected", VTK_SHORT, Orientation::Reflected, false, 1.0, 0.0},
    {"Int16UnitGrid", VTK_SHORT, Orientation::Identity, true, 1.0, 0.0},
    {"UInt8Tilted", VTK_UNSIGNED_CHAR, Orientation::Tilted, false, 0.1, 128.0},
    {"UInt16Identity", VTK_UNSIGNED_SHORT, Orientation::Identity, false, 1.0, 2000.0},
    {"FloatTilted", VTK_FLOAT, Orientation::Tilted, false, 0.37, 0.25}};

std::string IsoCaseName(const ::testing::TestParamInfo<std::tuple<cumed::Backend, IsoCase>>& info) {
  return std::get<1>(info.param).name;
}

CUMED_INSTANTIATE_FOR_EVERY_BACKEND(SurfaceVtkFlyingEdges, IsoCaseName,
                                    ::testing::ValuesIn(kIsoCases));

class SurfaceVtkFlyingEdgesOptions : public cumed::test::BackendTest<> {};

TEST_P(SurfaceVtkFlyingEdgesOptions, WithoutNormalsAndScalarsTheOutputHasNoPointArrays) {
  const Grid grid;
  const auto image = MakeImage(grid);
  AddSmoothField(image, VTK_SHORT, "density", 3);
  vtkNew<vtkFlyingEdges3D> reference;
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  for (vtkFlyingEdges3D* filter : std::initializer_list<vtkFlyingEdges3D*>{reference, contour}) {
    Configure(filter, image, {100.5});
    filter->ComputeNormalsOff();
    filter->ComputeScalarsOff();
  }
  contour->SetBackend(backend());
  const auto expected = RunFilter(reference);
  const auto actual = RunFilter(contour);
  EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend()));
  EXPECT_EQ(actual->GetPointData()->GetNumberOfArrays(), 0);
  EXPECT_EQ(CompareSurfaces(actual, expected, Tolerance(grid), "").problem, "");
}

TEST_P(SurfaceVtkFlyingEdgesOptions, InterpolatesOtherPointArraysAsFloat) {
  const Grid grid{
      {-2, 30, 1, 26, -4, 16}, {0.9, 0.8, 1.7}, {3.0, -7.0, 12.0}, TiltedDirection(false)};
  const auto image = MakeImage(grid);
  AddSmoothField(image, VTK_FLOAT, "temperature", 21, false, 0.05, 37.0);
  AddSmoothField(image, VTK_SHORT, "pressure", 22, false);
  AddSmoothField(image, VTK_SHORT, "density", 23); // contoured, active
  vtkNew<vtkFlyingEdges3D> reference;
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  for (vtkFlyingEdges3D* filter : std::initializer_list<vtkFlyingEdges3D*>{reference, contour}) {
    Configure(filter, image, {-150.5, 250.5});
    filter->InterpolateAttributesOn();
  }
  contour->SetBackend(backend());
  const auto expected = RunFilter(reference);
  const auto actual = RunFilter(contour);
  EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend()));
  const SurfaceComparison comparison =
      CompareSurfaces(actual, expected, Tolerance(grid), "density");
  ASSERT_EQ(comparison.problem, "");

  vtkPointData* out = actual->GetPointData();
  vtkDataArray* temperature = out->GetArray("temperature");
  vtkDataArray* pressure = out->GetArray("pressure");
  ASSERT_NE(temperature, nullptr);
  ASSERT_NE(pressure, nullptr);
  EXPECT_EQ(temperature->GetDataType(), VTK_FLOAT);
  EXPECT_EQ(pressure->GetDataType(), VTK_FLOAT) << "CuMed interpolates attributes in float";
  EXPECT_LE(MaxDifference(temperature, expected->GetPointData()->GetArray("temperature"),
                          comparison.toExpected),
            1e-4);
  // VTK keeps the short type (the interpolated value cast back to short); CuMed keeps float.
  EXPECT_LE(MaxDifference(pressure, expected->GetPointData()->GetArray("pressure"),
                          comparison.toExpected),
            1.0);
  // The contoured array is not interpolated: it is the scalars, holding the contour values.
  EXPECT_EQ(out->GetScalars(), out->GetArray("density"));
  EXPECT_EQ(out->GetArray("density")->GetDataType(), VTK_SHORT);
  EXPECT_LE(MaxDifference(out->GetNormals(), expected->GetPointData()->GetNormals(),
                          comparison.toExpected),
            1e-4);
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(SurfaceVtkFlyingEdgesOptions);

// Requests CuMed does not take: VTK's filter runs unchanged, and GetLastBackend() says VTK.
class SurfaceVtkFallback : public ::testing::Test {
protected:
  void ExpectVtkRan(vtkImageData* image, const std::vector<double>& values,
                    void (*configure)(vtkFlyingEdges3D*)) {
    vtkNew<vtkFlyingEdges3D> reference;
    vtkNew<vtkCuMedFlyingEdges3D> contour;
    for (vtkFlyingEdges3D* filter : std::initializer_list<vtkFlyingEdges3D*>{reference, contour}) {
      Configure(filter, image, values);
      configure(filter);
    }
    const auto expected = RunFilter(reference);
    const auto actual = RunFilter(contour);
    EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::VTK);
    // VTK ran: the very same output, point order included.
    EXPECT_TRUE(SameValues(actual->GetPoints()->GetData(), expected->GetPoints()->GetData()));
    EXPECT_TRUE(SameValues(actual->GetPolys()->GetConnectivityArray(),
                           expected->GetPolys()->GetConnectivityArray()));
    EXPECT_EQ(actual->GetPointData()->GetNumberOfArrays(),
              expected->GetPointData()->GetNumberOfArrays());

    // The same filter takes an int16 image again afterwards.
    const auto int16 = MakeImage(Grid{});
    AddSmoothField(int16, VTK_SHORT, "density", 5);
    contour->SetInputData(int16);
    contour->SetNumberOfContours(1);
    contour->SetValue(0, 100.5);
    contour->ComputeGradientsOff();
    contour->SetArrayComponent(0);
    contour->InterpolateAttributesOff();
    contour->Update();
    // The default backend is Auto: CuMed runs again, on the GPU when one is usable.
    EXPECT_EQ(contour->GetLastBackend(),
              cumed::CudaUsable() ? cumed::Implementation::CUDA : cumed::Implementation::CPU);
  }
};

TEST_F(SurfaceVtkFallback, DoubleScalars) {
  const auto image = MakeImage(Grid{});
  AddSmoothField(image, VTK_DOUBLE, "density", 7);
  ExpectVtkRan(image, {100.25}, [](vtkFlyingEdges3D*) {});
}

TEST_F(SurfaceVtkFallback, IntScalars) {
  const auto image = MakeImage(Grid{});
  AddSmoothField(image, VTK_INT, "density", 7);
  ExpectVtkRan(image, {100.5}, [](vtkFlyingEdges3D*) {});
}

TEST_F(SurfaceVtkFallback, ComputeGradients) {
  const auto image = MakeImage(Grid{});
  AddSmoothField(image, VTK_SHORT, "density", 8);
  ExpectVtkRan(image, {100.5}, [](vtkFlyingEdges3D* f) { f->ComputeGradientsOn(); });
}

TEST_F(SurfaceVtkFallback, TwoComponentScalars) {
  const auto image = MakeImage(Grid{});
  vtkDataArray* single = AddSmoothField(image, VTK_SHORT, "density", 9);
  vtkNew<vtkShortArray> pairs;
  pairs->SetName("pairs");
  pairs->SetNumberOfComponents(2);
  pairs->SetNumberOfTuples(single->GetNumberOfTuples());
  for (vtkIdType i = 0; i < single->GetNumberOfTuples(); ++i) {
    pairs->SetTypedComponent(i, 0, static_cast<short>(single->GetTuple1(i)));
    pairs->SetTypedComponent(i, 1, static_cast<short>(-single->GetTuple1(i)));
  }
  image->GetPointData()->SetScalars(pairs);
  ExpectVtkRan(image, {100.5}, [](vtkFlyingEdges3D*) {});
}

TEST_F(SurfaceVtkFallback, MultiComponentAttributeArray) {
  const auto image = MakeImage(Grid{});
  AddSmoothField(image, VTK_SHORT, "density", 10);
  vtkNew<vtkFloatArray> vectors;
  vectors->SetName("velocity");
  vectors->SetNumberOfComponents(3);
  vectors->SetNumberOfTuples(image->GetNumberOfPoints());
  vectors->FillValue(1.5f);
  image->GetPointData()->AddArray(vectors);
  ExpectVtkRan(image, {100.5}, [](vtkFlyingEdges3D* f) { f->InterpolateAttributesOn(); });
}

TEST_F(SurfaceVtkFallback, NoContourValues) {
  const auto image = MakeImage(Grid{});
  AddSmoothField(image, VTK_SHORT, "density", 12);
  ExpectVtkRan(image, {}, [](vtkFlyingEdges3D*) {});
}

} // namespace

namespace {

// The comparison the tests above rely on notices a flipped triangle and a moved point.
TEST(SurfaceVtkComparison, NoticesFlippedTrianglesAndMovedPoints) {
  const Grid grid;
  const auto image = MakeImage(grid);
  AddSmoothField(image, VTK_SHORT, "density", 13);
  vtkNew<vtkFlyingEdges3D> reference;
  Configure(reference.Get(), image, {100.5});
  const auto expected = RunFilter(reference);
  ASSERT_EQ(CompareSurfaces(expected, expected, Tolerance(grid), "density").problem, "");

  vtkNew<vtkReverseSense> reverse;
  reverse->SetInputData(expected);
  reverse->ReverseCellsOn();
  const auto flipped = RunFilter(reverse);
  EXPECT_NE(CompareSurfaces(flipped, expected, Tolerance(grid), "density")
                .problem.find("orientation included"),
            std::string::npos);

  auto moved = vtkSmartPointer<vtkPolyData>::New();
  moved->DeepCopy(expected);
  double x[3];
  moved->GetPoint(17, x);
  x[1] += 10.0 * Tolerance(grid);
  moved->GetPoints()->SetPoint(17, x);
  EXPECT_NE(CompareSurfaces(moved, expected, Tolerance(grid), "density")
                .problem.find("no unmatched expected point"),
            std::string::npos);
}

} // namespace

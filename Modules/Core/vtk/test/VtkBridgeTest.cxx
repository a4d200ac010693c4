// The VTK bridge: geometry both ways (with a tilted, mirrored direction and an extent that does
// not start at 0), zero-copy views, scalar-type dispatch, meshes as vtkPolyData, VTK errors as
// exceptions, and the zero-copy ITK -> VTK image.
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/vtk/ItkToVtkImage.h"
#include "cumed/vtk/UpdateOrThrow.h"
#include "cumed/vtk/VtkImageBridge.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <gtest/gtest.h>

#include <itkImage.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkExecutive.h>
#include <vtkFloatArray.h>
#include <vtkImageAlgorithm.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkShortArray.h>
#include <vtkXMLImageDataReader.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace {

cumed::ImageGeometry TiltedGeometry() {
  cumed::ImageGeometry g;
  g.size = {5, 4, 3};
  g.spacing = {0.5, 0.75, 2.0};
  g.origin = {-10.0, 4.0, 7.5};
  const double c = std::cos(0.3), s = std::sin(0.3);
  g.direction = {c, -s, 0, s, c, 0, 0, 0, -1}; // rotated about z, z mirrored
  return g;
}

TEST(VtkBridge, GeometryRoundTripsAndFollowsVtksIndexToWorld) {
  const cumed::ImageGeometry g = TiltedGeometry();
  vtkNew<vtkImageData> image;
  cumed::ApplyGeometry(g, image);
  EXPECT_EQ(cumed::GeometryOf(image), g);
  // A sub-extent: CuMed's pixel 0 is VTK's point at the extent's minimum.
  const int extent[6] = {1, 4, 2, 3, 1, 2};
  const cumed::ImageGeometry part = cumed::GeometryOf(image, extent);
  EXPECT_EQ(part.size, (std::array<std::size_t, 3>{4, 2, 2}));
  double world[3];
  image->TransformIndexToPhysicalPoint(1, 2, 1, world);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(part.origin[i], world[i], 1e-12);
}

TEST(VtkBridge, ViewsScalarsInPlaceAndNamesWhatDoesNotFit) {
  vtkNew<vtkImageData> image;
  cumed::ApplyGeometry(TiltedGeometry(), image);
  vtkNew<vtkShortArray> values;
  values->SetName("hu");
  values->SetNumberOfValues(5 * 4 * 3);
  image->GetPointData()->SetScalars(values);
  const auto view = cumed::HostView<std::int16_t>(image, values);
  EXPECT_EQ(view.data, values->GetPointer(0));
  EXPECT_EQ(view.geometry, TiltedGeometry());
  try {
    cumed::HostView<float>(image, values);
    ADD_FAILURE();
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("hu"), std::string::npos) << e.what();
  }
  EXPECT_EQ(cumed::DispatchVtkScalarType(VTK_UNSIGNED_SHORT, [](auto v) { return sizeof(v); }), 2u);
  EXPECT_THROW(cumed::DispatchVtkScalarType(VTK_DOUBLE, [](auto) {}), cumed::InvalidArgument);
  EXPECT_TRUE(cumed::IsCuMedScalarType(VTK_FLOAT));
  EXPECT_FALSE(cumed::IsCuMedScalarType(VTK_INT));
}

TEST(VtkBridge, MeshBecomesPolyDataWithVtksArrayOrder) {
  cumed::SurfaceMesh mesh;
  mesh.points = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  mesh.triangles = {0, 1, 2, 0, 2, 3};
  mesh.normals = {0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0};
  mesh.attributes.push_back({1.5f, 2.5f, 3.5f, 4.5f});
  vtkNew<vtkFloatArray> scalars;
  scalars->SetName("level");
  scalars->SetNumberOfValues(4);
  vtkNew<vtkPolyData> poly;
  cumed::ToVtkPolyData(mesh, poly, {"density"}, scalars);
  ASSERT_EQ(poly->GetNumberOfPoints(), 4);
  ASSERT_EQ(poly->GetNumberOfPolys(), 2);
  double p[3];
  poly->GetPoint(3, p);
  EXPECT_EQ(p[2], 1.0);
  vtkIdType count = 0;
  const vtkIdType* ids = nullptr;
  poly->GetPolys()->GetCellAtId(1, count, ids);
  EXPECT_EQ(count, 3);
  EXPECT_EQ(ids[2], 3);
  vtkPointData* data = poly->GetPointData();
  ASSERT_EQ(data->GetNumberOfArrays(), 3);
  EXPECT_STREQ(data->GetArrayName(0), "density");
  EXPECT_EQ(data->GetArray(0)->GetComponent(2, 0), 3.5);
  EXPECT_EQ(data->GetScalars(), scalars.Get());
  EXPECT_STREQ(data->GetNormals()->GetName(), "Normals");
  EXPECT_THROW(cumed::ToVtkPolyData(mesh, poly, {}), cumed::InvalidArgument);
}

// Double points come out exact (a float mesh would round 100 + 3e-7 to 100), float points too.
TEST(VtkBridge, PointsAsDoubleKeepTheirPrecision) {
  for (const int type : {VTK_DOUBLE, VTK_FLOAT}) {
    vtkNew<vtkPoints> points;
    points->SetDataType(type);
    points->InsertNextPoint(1.0, 2.0, 3.0);
    points->InsertNextPoint(-4.5, 0.25, 100.0 + 3e-7);
    vtkNew<vtkPolyData> poly;
    poly->SetPoints(points);
    const std::vector<double> xyz = cumed::PointsAsDouble(poly);
    ASSERT_EQ(xyz.size(), 6u);
    EXPECT_EQ(xyz[3], -4.5);
    EXPECT_EQ(xyz[5], type == VTK_DOUBLE ? 100.0 + 3e-7 : double(float(100.0 + 3e-7)));
  }
  vtkNew<vtkPolyData> empty;
  EXPECT_TRUE(cumed::PointsAsDouble(empty).empty());
  EXPECT_THROW(cumed::PointsAsDouble(nullptr), cumed::InvalidArgument);
}

TEST(VtkBridge, UpdateOrThrowTurnsVtkErrorsIntoExceptions) {
  vtkNew<vtkXMLImageDataReader> reader;
  reader->SetFileName("/nonexistent/cumed-bridge-test.vti");
  try {
    cumed::UpdateOrThrow(reader);
    ADD_FAILURE() << "no exception";
  } catch (const cumed::Error& e) {
    EXPECT_NE(std::string(e.what()).find("cumed-bridge-test.vti"), std::string::npos) << e.what();
  }
}

// An algorithm whose update throws (as a CuMed filter or an allocation can).
class ThrowingSource : public vtkImageAlgorithm {
public:
  static ThrowingSource* New();
  vtkTypeMacro(ThrowingSource, vtkImageAlgorithm);

protected:
  ThrowingSource() { SetNumberOfInputPorts(0); }
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override {
    throw std::runtime_error("thrown during Update");
  }
};
vtkStandardNewMacro(ThrowingSource);

TEST(VtkBridge, UpdateOrThrowRemovesItsObserversWhenUpdateThrows) {
  // The observers point at UpdateOrThrow's local string: left behind after an exception, a later
  // error event would write to a dead stack frame (stack-use-after-scope).
  vtkNew<ThrowingSource> source;
  EXPECT_THROW(cumed::UpdateOrThrow(source), std::runtime_error);
  EXPECT_FALSE(source->HasObserver(vtkCommand::ErrorEvent));
  EXPECT_FALSE(source->GetExecutive()->HasObserver(vtkCommand::ErrorEvent));
}

TEST(ItkToVtk, SharesTheItkBufferAndKeepsTheImageAlive) {
  using Image = itk::Image<float, 3>;
  auto image = Image::New();
  Image::RegionType region;
  region.SetSize({{6, 5, 4}});
  image->SetRegions(region);
  const cumed::ImageGeometry g = TiltedGeometry();
  Image::SpacingType spacing;
  for (int i = 0; i < 3; ++i) spacing[i] = g.spacing[i];
  image->SetSpacing(spacing);
  image->Allocate(true);
  image->GetBufferPointer()[7] = 42.0f;
  bool deleted = false; // itk::WeakPointer does not see deletion; ITK's DeleteEvent does
  image->AddObserver(itk::DeleteEvent(), [&](const itk::EventObject&) { deleted = true; });
  vtkSmartPointer<vtkImageData> vtkImage = cumed::ToVtkImage(image.GetPointer(), "density");
  float* shared = image->GetBufferPointer();
  image = nullptr; // VTK's array keeps the ITK image alive
  ASSERT_FALSE(deleted);
  vtkDataArray* scalars = vtkImage->GetPointData()->GetScalars();
  EXPECT_EQ(scalars->GetVoidPointer(0), static_cast<void*>(shared));
  EXPECT_EQ(scalars->GetComponent(7, 0), 42.0);
  EXPECT_STREQ(scalars->GetName(), "density");
  int dims[3];
  vtkImage->GetDimensions(dims);
  EXPECT_EQ(dims[0], 6);
  EXPECT_EQ(dims[2], 4);
  EXPECT_EQ(vtkImage->GetSpacing()[1], g.spacing[1]);
  vtkImage = nullptr; // releasing VTK's array releases the ITK image
  EXPECT_TRUE(deleted);
}

} // namespace

// vtkCuMedFFDFilter: the core deformation's result with normals in a VTK pipeline, frames that
// reuse the per-mesh preparation, the user's lattice frame, point data passed through, errors
// through vtkErrorMacro, on every backend (FFDFilter); on every device backend (FFDFilterOnDevice,
// "Cuda/...", skipped without a device) the output stays on the device for device consumers, a
// host consumer gets the CPU's arrays, and a device mesh from vtkCuMedFlyingEdges3D is deformed
// without any copy of the mesh to the host.
#include "DeformationTestSupport.h"
#include "DeviceMeshConsumer.h"

#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/deformation/vtkCuMedFFDFilter.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"
#include "cumed/test/Backends.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/UpdateOrThrow.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <gtest/gtest.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>

#include <cmath>

using namespace cumed;
using namespace cumed::deformation;
using namespace cumed::deformationtest;

namespace {

vtkSmartPointer<vtkPolyData> SpherePolyData() {
  const SurfaceMesh mesh = BumpySphere(20, 30, 0.1, 21, {1, 2, 3});
  auto data = vtkSmartPointer<vtkPolyData>::New();
  ToVtkPolyData(mesh, data);
  vtkNew<vtkFloatArray> temperature;
  temperature->SetName("temperature");
  temperature->SetNumberOfTuples(data->GetNumberOfPoints());
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p) temperature->SetValue(p, float(p));
  data->GetPointData()->SetScalars(temperature);
  return data;
}

/// The rest lattice of `filter`'s last run with every point pushed along x by `amount` * y.
vtkSmartPointer<vtkPoints> Sheared(vtkCuMedFFDFilter* filter, double amount) {
  auto points = vtkSmartPointer<vtkPoints>::New();
  EXPECT_TRUE(filter->GetRestLatticePoints(points));
  for (vtkIdType p = 0; p < points->GetNumberOfPoints(); ++p) {
    double x[3];
    points->GetPoint(p, x);
    points->SetPoint(p, x[0] + amount * x[1], x[1], x[2]);
  }
  return points;
}

std::vector<float> Floats(vtkDataArray* array) {
  std::vector<float> out(static_cast<std::size_t>(array->GetNumberOfValues()));
  for (vtkIdType i = 0; i < array->GetNumberOfValues(); ++i)
    out[i] = float(array->GetComponent(i / array->GetNumberOfComponents(),
                                       i % array->GetNumberOfComponents()));
  return out;
}

class FFDFilter : public test::BackendTest<> {};

TEST_P(FFDFilter, FramesMatchTheCoreDeformationAndReuseThePreparation) {
  auto input = SpherePolyData();
  vtkNew<vtkCuMedFFDFilter> filter;
  filter->SetBackend(backend());
  filter->SetInputData(input);
  UpdateOrThrow(filter);
  EXPECT_EQ(filter->GetLastBackend(), ImplementationOf(backend()));
  vtkPolyData* output = filter->GetOutput();
  // At rest: the input's points, normals, the input's point data passed through.
  EXPECT_EQ(
      MaxDifference(Floats(output->GetPoints()->GetData()), Floats(input->GetPoints()->GetData())),
      0.0);
  ASSERT_NE(output->GetPointData()->GetNormals(), nullptr);
  ASSERT_NE(output->GetPointData()->GetArray("temperature"), nullptr);
  EXPECT_STREQ(output->GetPointData()->GetScalars()->GetName(), "temperature");

  const SurfaceMesh mesh = FromVtkPolyData(input);
  DeformationOptions options;
  options.backend = Backend::CPU;
  MeshDeformation reference(mesh, LatticeAroundBounds(MeshBounds(mesh)), options);
  for (int frame = 1; frame <= 3; ++frame) {
    auto points = Sheared(filter, 0.1 * frame);
    filter->SetLatticePoints(points);
    UpdateOrThrow(filter);
    std::vector<double> controlPoints(static_cast<std::size_t>(3 * points->GetNumberOfPoints()));
    for (vtkIdType p = 0; p < points->GetNumberOfPoints(); ++p)
      points->GetPoint(p, &controlPoints[3 * p]);
    SurfaceMesh expected;
    reference.deform(controlPoints, expected);
    EXPECT_LE(MaxDifference(Floats(output->GetPoints()->GetData()), expected.points), 1e-5 * 2.4);
    EXPECT_LE(MaxDifference(Floats(output->GetPointData()->GetNormals()), expected.normals), 1e-5);
  }
  EXPECT_EQ(filter->GetNumberOfPreparations(), 1);
  // Modifying the points in place is a new frame too.
  vtkPoints* points = filter->GetLatticePoints();
  double x[3];
  points->GetPoint(0, x);
  points->SetPoint(0, x[0] - 5, x[1], x[2]);
  points->Modified();
  const double before = output->GetPoint(0)[0];
  UpdateOrThrow(filter);
  EXPECT_NE(output->GetPoint(0)[0], before);
  EXPECT_EQ(filter->GetNumberOfPreparations(), 1);
}

TEST_P(FFDFilter, UserFrameAndWrongPointCount) {
  vtkNew<vtkCuMedFFDFilter> filter;
  filter->SetBackend(backend());
  filter->SetInputData(SpherePolyData());
  filter->SetLatticeDimensions(2, 3, 4);
  const double origin[3] = {-1, -1, -1}, s[3] = {5, 0, 0}, t[3] = {0, 5, 0}, u[3] = {0, 0, 6};
  filter->SetLatticeFrame(origin, s, t, u);
  filter->UseLatticeFrameOn();
  UpdateOrThrow(filter);
  vtkNew<vtkPoints> rest;
  ASSERT_TRUE(filter->GetRestLatticePoints(rest));
  ASSERT_EQ(rest->GetNumberOfPoints(), 24);
  EXPECT_EQ(rest->GetPoint(23)[0], 4);
  EXPECT_EQ(rest->GetPoint(23)[2], 5);
  EXPECT_EQ(filter->GetNumberOfPointsOutsideLattice(), 0);
  vtkNew<vtkPoints> wrong;
  wrong->SetNumberOfPoints(27);
  filter->SetLatticePoints(wrong);
  try {
    UpdateOrThrow(filter);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("27 lattice points for a 2x3x4 lattice; expected 24"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(filter->GetLastBackend(), Implementation::None);
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(FFDFilter);

TEST(FFDFilterCpu, KeepMeshOnDeviceWithTheCpuBackendFails) {
  vtkNew<vtkCuMedFFDFilter> filter;
  filter->SetBackend(Backend::CPU);
  filter->KeepMeshOnDeviceOn();
  filter->SetInputData(SpherePolyData());
  EXPECT_THROW(UpdateOrThrow(filter), Error);
}

/// A device backend (backend()): device-resident meshes through the pipeline, against the CPU.
class FFDFilterOnDevice : public test::BackendTest<> {};

TEST_P(FFDFilterOnDevice, DeviceConsumersGetTheMeshOnTheDeviceHostConsumersTheCpuArrays) {
  auto input = SpherePolyData();
  vtkNew<vtkCuMedFFDFilter> cpu, cuda;
  cpu->SetBackend(Backend::CPU);
  cuda->SetBackend(backend());
  cpu->SetInputData(input);
  cuda->SetInputData(input);
  vtkNew<vtkCuMedTestDeviceMeshConsumer> consumer;
  consumer->SetInputConnection(cuda->GetOutputPort());
  consumer->Update(); // the preparation (one upload) and a first frame
  ASSERT_NE(consumer->LastDeviceMesh, nullptr);
  UpdateOrThrow(cpu);
  auto points = Sheared(cpu, 0.3);
  cpu->SetLatticePoints(points);
  cuda->SetLatticePoints(points);
  const TransferStats before = GetTransferStats();
  consumer->Update();
  const TransferStats after = GetTransferStats();
  EXPECT_EQ(after.deviceToHostCopies, before.deviceToHostCopies);
  EXPECT_EQ(after.hostToDeviceCopies, before.hostToDeviceCopies);
  ASSERT_NE(consumer->LastDeviceMesh, nullptr);
  EXPECT_EQ(consumer->LastInputPoints, 0);
  UpdateOrThrow(cpu);
  const SurfaceMesh got = consumer->LastDeviceMesh->toHost();
  EXPECT_LE(MaxDifference(got.points, Floats(cpu->GetOutput()->GetPoints()->GetData())),
            1e-5 * 2.4);
  EXPECT_LE(MaxDifference(got.normals, Floats(cpu->GetOutput()->GetPointData()->GetNormals())),
            1e-5);
  EXPECT_EQ(cuda->GetNumberOfPreparations(), 1);

  // A host consumer (no consumer at all here: Update() on the filter) gets host arrays.
  vtkNew<vtkCuMedFFDFilter> alone;
  alone->SetBackend(backend());
  alone->SetInputData(input);
  alone->SetLatticePoints(points);
  UpdateOrThrow(alone);
  EXPECT_EQ(GetDeviceMesh(alone->GetOutput()), nullptr);
  EXPECT_LE(MaxDifference(Floats(alone->GetOutput()->GetPoints()->GetData()),
                          Floats(cpu->GetOutput()->GetPoints()->GetData())),
            1e-5 * 2.4);
}

TEST_P(FFDFilterOnDevice, KeepMeshOnDeviceAndAHostConsumerConnectedLater) {
  auto input = SpherePolyData();
  vtkNew<vtkCuMedFFDFilter> ffd;
  ffd->SetBackend(backend());
  ffd->KeepMeshOnDeviceOn();
  ffd->SetInputData(input);
  UpdateOrThrow(ffd);
  const auto mesh = GetDeviceMesh(ffd->GetOutput());
  ASSERT_NE(mesh, nullptr);
  EXPECT_EQ(ffd->GetOutput()->GetNumberOfPoints(), 0);
  EXPECT_EQ(mesh->numberOfPoints, input->GetNumberOfPoints());
  // A host consumer connected now gets the frame materialised by the executive, no second run.
  vtkNew<vtkPolyDataNormals> normals;
  normals->SplittingOff(); // else points on edges sharper than 30 degrees are duplicated
  normals->SetInputConnection(ffd->GetOutputPort());
  normals->Update();
  EXPECT_EQ(normals->GetOutput()->GetNumberOfPoints(), input->GetNumberOfPoints());
  EXPECT_EQ(ffd->GetNumberOfPreparations(), 1);
}

TEST_P(FFDFilterOnDevice, IsosurfaceOnTheDeviceIsDeformedWithoutAHostCopy) {
  vtkNew<vtkImageData> image;
  image->SetDimensions(48, 40, 44);
  image->SetSpacing(0.5, 0.5, 0.5);
  image->AllocateScalars(VTK_FLOAT, 1);
  auto* values = static_cast<float*>(image->GetScalarPointer());
  for (int k = 0, i = 0; k < 44; ++k)
    for (int j = 0; j < 40; ++j)
      for (int x = 0; x < 48; ++x, ++i)
        values[i] =
            float(std::sqrt((x - 24.0) * (x - 24) + (j - 20.0) * (j - 20) + (k - 22.0) * (k - 22)));
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 15.5);
  contour->SetBackend(backend());
  vtkNew<vtkCuMedFFDFilter> ffd;
  ffd->SetBackend(backend());
  ffd->SetInputConnection(contour->GetOutputPort());
  vtkNew<vtkCuMedTestDeviceMeshConsumer> consumer;
  consumer->SetInputConnection(ffd->GetOutputPort());
  const TransferStats before = GetTransferStats();
  consumer->Update();
  const TransferStats after = GetTransferStats();
  ASSERT_NE(consumer->LastDeviceMesh, nullptr);
  ASSERT_NE(GetDeviceMesh(contour->GetOutput()), nullptr)
      << "the contour kept its mesh on the device";
  const std::uint64_t meshBytes = consumer->LastDeviceMesh->points.size();
  // The contour's own bookkeeping and the preparation's flags, never the mesh.
  EXPECT_LT(after.deviceToHostBytes - before.deviceToHostBytes, meshBytes / 4);

  // The same frame from the CPU pipeline: equal within 1e-5 of the size.
  vtkNew<vtkCuMedFlyingEdges3D> cpuContour;
  cpuContour->SetInputData(image);
  cpuContour->SetValue(0, 15.5);
  cpuContour->SetBackend(Backend::CPU);
  vtkNew<vtkCuMedFFDFilter> cpu;
  cpu->SetBackend(Backend::CPU);
  cpu->SetInputConnection(cpuContour->GetOutputPort());
  UpdateOrThrow(cpu);
  auto points = Sheared(cpu, 0.2);
  cpu->SetLatticePoints(points);
  ffd->SetLatticePoints(points);
  UpdateOrThrow(cpu);
  consumer->Update();
  const SurfaceMesh got = consumer->LastDeviceMesh->toHost();
  EXPECT_LE(MaxDifference(got.points, Floats(cpu->GetOutput()->GetPoints()->GetData())), 1e-5 * 20);
  EXPECT_LE(MaxDifference(got.normals, Floats(cpu->GetOutput()->GetPointData()->GetNormals())),
            1e-5);
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(FFDFilterOnDevice);

} // namespace

// Where vtkCuMedFlyingEdges3D's mesh lives (cumed/vtk/DeviceMeshData.h): on the device only when
// the CUDA backend runs and every consumer of the output accepts device meshes (then nothing of
// the mesh comes back to the host); host arrays for every other case; a host consumer connected
// after a device-only run gets the same mesh as the CPU backend through one materialisation (one
// counted copy per mesh array, exactly the mesh's bytes), without a second run.
// The CUDA cases (suite SurfaceVtkDeviceMeshCuda) skip without a usable device.
#include "DeviceMeshConsumer.h"
#include "SurfaceVtkTestSupport.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Transfer.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"
#include "cumed/test/Backends.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/vtkCuMedDeviceMeshPipeline.h"

#include <gtest/gtest.h>
#include <vtkCallbackCommand.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataAlgorithm.h>
#include <vtkPolyDataNormals.h>
#include <vtkXMLPolyDataWriter.h>

#include <cstdint>
#include <string>

using namespace cumed::surfacevtktest;

namespace {

/// A short volume with a float attribute, contoured with normals, scalars and attributes.
class ContourPipeline {
public:
  ContourPipeline() {
    Grid grid;
    grid.direction = TiltedDirection(false);
    image_ = MakeImage(grid);
    AddSmoothField(image_, VTK_SHORT, "density", 31);
    AddSmoothField(image_, VTK_FLOAT, "temperature", 5, false, 0.01, 36.6);
    contour->SetInputData(image_);
    contour->SetValue(0, -200.5);
    contour->SetValue(1, 100.5);
    contour->ComputeNormalsOn();
    contour->ComputeScalarsOn();
    contour->InterpolateAttributesOn();
  }

  /// The CPU backend's output, from a filter of its own (so `contour` keeps its state).
  vtkSmartPointer<vtkPolyData> CpuReference() {
    vtkNew<vtkCuMedFlyingEdges3D> cpu;
    cpu->SetInputData(image_);
    cpu->SetValue(0, -200.5);
    cpu->SetValue(1, 100.5);
    cpu->ComputeNormalsOn();
    cpu->ComputeScalarsOn();
    cpu->InterpolateAttributesOn();
    cpu->SetBackendToCPU();
    return RunFilter(cpu);
  }

  vtkNew<vtkCuMedFlyingEdges3D> contour;

private:
  vtkSmartPointer<vtkImageData> image_;
};

/// Every array of the CPU run in `actual`, same name, type and values, in the same order.
void ExpectSameAsCpu(vtkPolyData* actual, vtkPolyData* cpu) {
  ASSERT_GT(cpu->GetNumberOfPolys(), 1000);
  EXPECT_EQ(cumed::GetDeviceMesh(actual), nullptr);
  EXPECT_TRUE(SameValues(actual->GetPoints()->GetData(), cpu->GetPoints()->GetData()));
  EXPECT_TRUE(SameValues(actual->GetPolys()->GetConnectivityArray(),
                         cpu->GetPolys()->GetConnectivityArray()));
  ASSERT_EQ(actual->GetPointData()->GetNumberOfArrays(), cpu->GetPointData()->GetNumberOfArrays());
  for (int i = 0; i < cpu->GetPointData()->GetNumberOfArrays(); ++i) {
    vtkDataArray* expected = cpu->GetPointData()->GetArray(i);
    vtkDataArray* array = actual->GetPointData()->GetArray(i);
    EXPECT_STREQ(array->GetName(), expected->GetName());
    EXPECT_EQ(array->GetDataType(), expected->GetDataType()) << expected->GetName();
    EXPECT_TRUE(SameValues(array, expected)) << expected->GetName();
  }
  EXPECT_STREQ(actual->GetPointData()->GetScalars()->GetName(), "density");
  EXPECT_NE(actual->GetPointData()->GetNormals(), nullptr);
}

/// What DeviceSurfaceMesh::toHost downloads: bytes and copies.
cumed::TransferStats DownloadOf(const cumed::DeviceSurfaceMesh& mesh) {
  const auto n = static_cast<std::uint64_t>(mesh.numberOfPoints);
  cumed::TransferStats stats;
  stats.deviceToHostBytes = 12 * n + 24 * static_cast<std::uint64_t>(mesh.numberOfTriangles) +
                            (mesh.normals.empty() ? 0 : 12 * n) +
                            (mesh.scalars.empty() ? 0 : 4 * n) + 4 * n * mesh.attributes.size();
  stats.deviceToHostCopies = 2 + !mesh.normals.empty() + !mesh.scalars.empty() +
                             static_cast<std::uint64_t>(mesh.attributes.size());
  return stats;
}

TEST(SurfaceVtkDeviceMesh, TheFiltersExecutiveCarriesDeviceMeshes) {
  ContourPipeline p;
  EXPECT_TRUE(p.contour->GetExecutive()->IsA("vtkCuMedDeviceMeshPipeline"));
}

// Named without "Cuda": on the CPU backend a device-mesh consumer gets host arrays.
TEST(SurfaceVtkDeviceMesh, TheCpuBackendGivesDeviceConsumersHostArrays) {
  ContourPipeline p;
  p.contour->SetBackendToCPU();
  vtkNew<vtkCuMedTestDeviceMeshConsumer> consumer;
  consumer->SetInputConnection(p.contour->GetOutputPort());
  consumer->Update();
  EXPECT_EQ(p.contour->GetLastBackend(), cumed::Implementation::CPU);
  EXPECT_EQ(consumer->LastDeviceMesh, nullptr);
  const auto cpu = p.CpuReference();
  EXPECT_EQ(consumer->LastInputPolys, cpu->GetNumberOfPolys());
  ExpectSameAsCpu(p.contour->GetOutput(), cpu);
}

/// At the end of a run (before VTK marks the output generated), replaces the output with an
/// empty device mesh, as a CUDA run for device consumers leaves it.
void AttachEmptyDeviceMesh(vtkObject* caller, unsigned long, void*, void*) {
  cumed::MeshNaming naming;
  naming.attributeNames = {"temperature"};
  naming.scalarsType = VTK_SHORT;
  naming.scalarsName = "density";
  naming.scalarsBlockValues = {-200.5, 100.5};
  cumed::SetDeviceMesh(vtkPolyDataAlgorithm::SafeDownCast(caller)->GetOutput(),
                       cumed::vtktest::EmptyDeviceMesh(1, 2), naming);
}

// The filter's executive, without a GPU: a device-only output is materialised for a host consumer
// connected later, not contoured again.
TEST(SurfaceVtkDeviceMesh, AHostConsumerConnectedLaterGetsADeviceOnlyOutputMaterialized) {
  ContourPipeline p;
  p.contour->SetBackendToCPU();
  vtkNew<vtkCallbackCommand> attach;
  attach->SetCallback(AttachEmptyDeviceMesh);
  const unsigned long tag = p.contour->AddObserver(vtkCommand::EndEvent, attach);
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  device->SetInputConnection(p.contour->GetOutputPort());
  device->Update();
  p.contour->RemoveObserver(tag);
  ASSERT_NE(device->LastDeviceMesh, nullptr);

  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(p.contour->GetOutputPort());
  normals->Update();
  vtkPolyData* output = p.contour->GetOutput();
  EXPECT_EQ(cumed::GetDeviceMesh(output), nullptr);
  EXPECT_EQ(output->GetNumberOfPoints(), 0) << "the (empty) device mesh, not a new CPU run";
  EXPECT_NE(output->GetPointData()->GetArray("temperature"), nullptr);
  ASSERT_NE(output->GetPointData()->GetScalars(), nullptr);
  EXPECT_EQ(output->GetPointData()->GetScalars()->GetDataType(), VTK_SHORT);
  device->Update();
  EXPECT_EQ(device->Runs, 1) << "materialising is no change for the consumers";
  EXPECT_EQ(vtkCuMedDeviceMeshPipeline::SafeDownCast(p.contour->GetExecutive())
                ->GetNumberOfMaterializations(),
            1);
  // A change upstream runs the filter again, which writes host arrays for these consumers.
  p.contour->SetValue(1, 150.5);
  normals->Update();
  EXPECT_GT(output->GetNumberOfPolys(), 1000);
}

class SurfaceVtkDeviceMeshCuda : public ::testing::Test {
protected:
  void SetUp() override {
    CUMED_SKIP_WITHOUT_CUDA();
    p_.contour->SetBackendToCUDA();
    cpu_ = p_.CpuReference();
  }
  ContourPipeline p_;
  vtkSmartPointer<vtkPolyData> cpu_;
};

TEST_F(SurfaceVtkDeviceMeshCuda, DeviceConsumersGetTheMeshWithoutADownload) {
  vtkNew<vtkCuMedTestDeviceMeshConsumer> a, b;
  a->SetInputConnection(p_.contour->GetOutputPort());
  b->SetInputConnection(p_.contour->GetOutputPort());
  cumed::ResetTransferStats();
  a->Update();
  b->Update();
  const cumed::TransferStats stats = cumed::GetTransferStats();
  EXPECT_EQ(p_.contour->GetLastBackend(), cumed::Implementation::CUDA);
  ASSERT_NE(a->LastDeviceMesh, nullptr);
  // The contour downloads its per-slab counts (a few words), never the mesh.
  EXPECT_LT(stats.deviceToHostBytes, DownloadOf(*a->LastDeviceMesh).deviceToHostBytes / 100);
  EXPECT_EQ(a->LastDeviceMesh, b->LastDeviceMesh);
  EXPECT_EQ(a->LastDeviceMesh, cumed::GetDeviceMesh(p_.contour->GetOutput()));
  EXPECT_EQ(a->LastInputPoints, 0) << "no host arrays next to the device mesh";
  EXPECT_EQ(a->LastInputPolys, 0);
  EXPECT_EQ(a->LastDeviceMesh->numberOfPoints, cpu_->GetNumberOfPoints());
  EXPECT_EQ(a->LastDeviceMesh->numberOfTriangles, cpu_->GetNumberOfPolys());
  EXPECT_EQ(a->LastDeviceMesh->attributes.size(), 1u);
}

TEST_F(SurfaceVtkDeviceMeshCuda, AHostConsumerAmongThemGetsTheCpuMesh) {
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  vtkNew<vtkPolyDataNormals> normals;
  device->SetInputConnection(p_.contour->GetOutputPort());
  normals->SetInputConnection(p_.contour->GetOutputPort());
  device->Update();
  EXPECT_EQ(device->LastDeviceMesh, nullptr);
  EXPECT_EQ(device->LastInputPolys, cpu_->GetNumberOfPolys());
  ExpectSameAsCpu(p_.contour->GetOutput(), cpu_);
}

TEST_F(SurfaceVtkDeviceMeshCuda, WithoutConsumersTheOutputIsTheCpuMesh) {
  p_.contour->Update();
  EXPECT_EQ(p_.contour->GetLastBackend(), cumed::Implementation::CUDA);
  ExpectSameAsCpu(p_.contour->GetOutput(), cpu_);
}

TEST_F(SurfaceVtkDeviceMeshCuda, AHostConsumerConnectedLaterGetsTheMeshWithOneDownload) {
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  device->SetInputConnection(p_.contour->GetOutputPort());
  device->Update();
  const auto mesh = cumed::GetDeviceMesh(p_.contour->GetOutput());
  ASSERT_NE(mesh, nullptr);
  const cumed::TransferStats expected = DownloadOf(*mesh);

  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputConnection(p_.contour->GetOutputPort());
  writer->WriteToOutputStringOn();
  cumed::ResetTransferStats();
  ASSERT_EQ(writer->Write(), 1);
  const cumed::TransferStats stats = cumed::GetTransferStats();
  EXPECT_EQ(stats.hostToDeviceCopies, 0u) << "materialised, not contoured again";
  EXPECT_EQ(stats.deviceToHostBytes, expected.deviceToHostBytes);
  EXPECT_EQ(stats.deviceToHostCopies, expected.deviceToHostCopies);
  auto* pipeline = vtkCuMedDeviceMeshPipeline::SafeDownCast(p_.contour->GetExecutive());
  ASSERT_NE(pipeline, nullptr);
  EXPECT_EQ(pipeline->GetNumberOfMaterializations(), 1);
  EXPECT_NE(writer->GetOutputString().find("Name=\"temperature\""), std::string::npos);
  ExpectSameAsCpu(p_.contour->GetOutput(), cpu_);

  // Host now: a second host consumer and the device consumer cost nothing.
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(p_.contour->GetOutputPort());
  cumed::ResetTransferStats();
  normals->Update();
  device->Update();
  EXPECT_EQ(cumed::GetTransferStats().deviceToHostCopies, 0u);
  EXPECT_EQ(pipeline->GetNumberOfMaterializations(), 1);
  EXPECT_EQ(normals->GetOutput()->GetNumberOfPolys(), cpu_->GetNumberOfPolys());
}

TEST_F(SurfaceVtkDeviceMeshCuda, AChangeUpstreamRunsAgainForTheConsumersConnected) {
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  device->SetInputConnection(p_.contour->GetOutputPort());
  device->Update();
  ASSERT_NE(device->LastDeviceMesh, nullptr);
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(p_.contour->GetOutputPort());
  p_.contour->SetNumberOfSlabs(3); // the same surface, but a new run
  normals->Update();
  ExpectSameAsCpu(p_.contour->GetOutput(), cpu_);
  EXPECT_EQ(normals->GetOutput()->GetNumberOfPolys(), cpu_->GetNumberOfPolys());
}

} // namespace

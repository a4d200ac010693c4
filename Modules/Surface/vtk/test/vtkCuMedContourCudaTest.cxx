// The CUDA backend through the VTK filters: the same vtkPolyData as the CPU backend, array for
// array (both backends compute every point with the same operations), over several GPUs and
// slabs; and KeepMeshOnDevice, which keeps the mesh on the device also without consumers (the
// output carries it as data, host arrays empty). Skipped without a usable CUDA device.
#include "SurfaceVtkTestSupport.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Transfer.h"
#include "cumed/surface/vtkCuMedDiscreteFlyingEdges3D.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"
#include "cumed/test/Backends.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>

#include <cstdint>
#include <cstring>

using namespace cumed::surfacevtktest;

namespace {

class SurfaceVtkCuda : public ::testing::Test {
protected:
  void SetUp() override {
    CUMED_SKIP_WITHOUT_CUDA();
    Grid grid;
    grid.direction = TiltedDirection(false);
    image_ = MakeImage(grid);
    AddSmoothField(image_, VTK_SHORT, "density", 31);
  }

  template <class TFilter>
  vtkSmartPointer<vtkPolyData> RunOn(TFilter* filter, cumed::Backend backend, int gpus = 1,
                                     int slabs = 0) {
    filter->SetInputData(image_);
    filter->SetBackend(backend);
    filter->SetNumberOfGPUs(gpus);
    filter->SetNumberOfSlabs(slabs);
    return RunFilter(filter);
  }

  static void ExpectSameOutput(vtkPolyData* a, vtkPolyData* b) {
    EXPECT_TRUE(SameValues(a->GetPoints()->GetData(), b->GetPoints()->GetData()));
    EXPECT_TRUE(
        SameValues(a->GetPolys()->GetConnectivityArray(), b->GetPolys()->GetConnectivityArray()));
    EXPECT_TRUE(SameValues(a->GetPointData()->GetNormals(), b->GetPointData()->GetNormals()));
    EXPECT_TRUE(SameValues(a->GetPointData()->GetScalars(), b->GetPointData()->GetScalars()));
  }

  vtkSmartPointer<vtkImageData> image_;
};

TEST_F(SurfaceVtkCuda, IsovaluesEqualTheCpuBackend) {
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetValue(0, -200.5);
  contour->SetValue(1, 100.5);
  const auto cpu = RunOn(contour.Get(), cumed::Backend::CPU);
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::CPU);
  const auto cuda = RunOn(contour.Get(), cumed::Backend::CUDA);
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::CUDA);
  ASSERT_GT(cpu->GetNumberOfPolys(), 1000);
  ExpectSameOutput(cuda, cpu);
  // Every usable GPU, more slabs than GPUs: still the same surface.
  const auto spread = RunOn(contour.Get(), cumed::Backend::CUDA, 0, 5);
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::CUDA);
  ExpectSameOutput(spread, cpu);
}

TEST_F(SurfaceVtkCuda, LabelsEqualTheCpuBackend) {
  image_ = MakeImage(Grid{});
  AddLabelField(image_, VTK_UNSIGNED_CHAR, 3, 8);
  vtkNew<vtkCuMedDiscreteFlyingEdges3D> labels;
  labels->SetValue(0, 1);
  labels->SetValue(1, 2);
  labels->SetValue(2, 3);
  const auto cpu = RunOn(labels.Get(), cumed::Backend::CPU);
  const auto cuda = RunOn(labels.Get(), cumed::Backend::CUDA);
  EXPECT_EQ(labels->GetLastBackend(), cumed::Implementation::CUDA);
  ExpectSameOutput(cuda, cpu);
}

TEST_F(SurfaceVtkCuda, KeepMeshOnDeviceKeepsItWithoutConsumers) {
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetValue(0, 100.5);
  const auto cpu = RunOn(contour.Get(), cumed::Backend::CPU);
  EXPECT_EQ(cumed::GetDeviceMesh(contour->GetOutput()), nullptr);
  contour->KeepMeshOnDeviceOn();
  contour->SetBackendToCUDA();
  cumed::ResetTransferStats();
  contour->Update();
  const std::uint64_t downloaded = cumed::GetTransferStats().deviceToHostBytes;
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::CUDA);
  vtkPolyData* kept = contour->GetOutput();
  EXPECT_EQ(kept->GetNumberOfPoints(), 0);
  EXPECT_EQ(kept->GetNumberOfPolys(), 0);
  const auto mesh = cumed::GetDeviceMesh(kept);
  ASSERT_NE(mesh, nullptr);
  // Only the per-slab counts come back, not the points.
  EXPECT_LT(downloaded, static_cast<std::uint64_t>(mesh->numberOfPoints) * 3 * sizeof(float));
  EXPECT_EQ(mesh->numberOfPoints, cpu->GetNumberOfPoints());
  EXPECT_EQ(mesh->numberOfTriangles, cpu->GetNumberOfPolys());
  const cumed::surface::SurfaceMesh host = mesh->toHost();
  ASSERT_EQ(host.points.size(), static_cast<std::size_t>(3 * cpu->GetNumberOfPoints()));
  EXPECT_EQ(std::memcmp(host.points.data(), cpu->GetPoints()->GetVoidPointer(0),
                        host.points.size() * sizeof(float)),
            0);
  ASSERT_EQ(host.normals.size(), host.points.size());
  EXPECT_EQ(std::memcmp(host.normals.data(), cpu->GetPointData()->GetNormals()->GetVoidPointer(0),
                        host.normals.size() * sizeof(float)),
            0);
  // Off again: no consumer, so the next run writes host arrays and drops the device mesh.
  contour->KeepMeshOnDeviceOff();
  const auto back = RunOn(contour.Get(), cumed::Backend::CUDA);
  EXPECT_EQ(cumed::GetDeviceMesh(contour->GetOutput()), nullptr);
  ExpectSameOutput(back, cpu);
}

TEST_F(SurfaceVtkCuda, KeepMeshOnDeviceStillGivesAHostConsumerHostArrays) {
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetValue(0, 100.5);
  const auto cpu = RunOn(contour.Get(), cumed::Backend::CPU);
  contour->KeepMeshOnDeviceOn();
  contour->SetBackendToCUDA();
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(contour->GetOutputPort());
  normals->Update();
  EXPECT_EQ(cumed::GetDeviceMesh(contour->GetOutput()), nullptr);
  ExpectSameOutput(contour->GetOutput(), cpu);
}

} // namespace

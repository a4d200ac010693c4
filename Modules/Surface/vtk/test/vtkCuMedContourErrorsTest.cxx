// What the filters do with requests they cannot carry out: an error through vtkErrorMacro (turned
// into an exception by UpdateOrThrow), no crash, GetLastBackend() None; and their settings.
#include "SurfaceVtkTestSupport.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/surface/UpdateOrThrow.h"
#include "cumed/surface/vtkCuMedDiscreteFlyingEdges3D.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <gtest/gtest.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>

#include <sstream>
#include <string>

using namespace cumed::surfacevtktest;

namespace {

// The message UpdateOrThrow throws for `filter`, or "" when it did not throw.
std::string UpdateError(vtkAlgorithm* filter) {
  try {
    cumed::surface::UpdateOrThrow(filter);
  } catch (const cumed::Error& e) {
    return e.what();
  }
  return "";
}

vtkSmartPointer<vtkImageData> Int16Image() {
  auto image = MakeImage(Grid{});
  AddSmoothField(image, VTK_SHORT, "density", 4);
  return image;
}

TEST(SurfaceVtkErrors, KeepMeshOnDeviceOnTheCpuIsAnError) {
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetInputData(Int16Image());
  contour->SetValue(0, 100.5);
  contour->SetBackendToCPU();
  contour->KeepMeshOnDeviceOn();
  const std::string error = UpdateError(contour);
  EXPECT_NE(error.find("KeepMeshOnDevice needs the CUDA backend"), std::string::npos) << error;
  EXPECT_EQ(error.find("ERROR: In"), std::string::npos) << "VTK's prefix is removed: " << error;
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::None);
  EXPECT_EQ(cumed::GetDeviceMesh(contour->GetOutput()), nullptr);
  EXPECT_EQ(contour->GetOutput()->GetNumberOfPoints(), 0);
}

TEST(SurfaceVtkErrors, KeepMeshOnDeviceWithAnInputLeftToVtkIsAnError) {
  auto image = MakeImage(Grid{});
  AddSmoothField(image, VTK_DOUBLE, "density", 4);
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 100.5);
  contour->KeepMeshOnDeviceOn();
  const std::string error = UpdateError(contour);
  EXPECT_NE(error.find("left to VTK: scalar type double"), std::string::npos) << error;
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::None);
}

TEST(SurfaceVtkErrors, AnImageWithoutScalarsIsAnError) {
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetInputData(MakeImage(Grid{}));
  contour->SetValue(0, 1.0);
  EXPECT_NE(UpdateError(contour).find("no scalars to contour"), std::string::npos);
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::None);
}

TEST(SurfaceVtkErrors, A2DImageIsAnError) {
  Grid flat;
  flat.extent = {0, 20, 0, 15, 3, 3};
  auto image = MakeImage(flat);
  AddSmoothField(image, VTK_SHORT, "density", 4);
  vtkNew<vtkCuMedDiscreteFlyingEdges3D> contour;
  contour->SetInputData(image);
  contour->SetValue(0, 1.0);
  const std::string error = UpdateError(contour);
  EXPECT_NE(error.find("not a 3D volume: extent [0,20]x[0,15]x[3,3]"), std::string::npos) << error;
}

// Named without "Cuda" on purpose: this case belongs to the CPU run (it needs no GPU).
TEST(SurfaceVtkErrors, CudaBackendWithoutDeviceIsAnError) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "a CUDA device is usable here";
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetInputData(Int16Image());
  contour->SetValue(0, 100.5);
  contour->SetBackendToCUDA();
  EXPECT_NE(UpdateError(contour), "");
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::None);
  // Auto falls back to the CPU without a device.
  contour->SetBackendToAuto();
  EXPECT_EQ(UpdateError(contour), "");
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::CPU);
}

TEST(SurfaceVtkSettings, DefaultsSettersAndPrintSelf) {
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  EXPECT_EQ(contour->GetBackend(), cumed::Backend::Auto);
  EXPECT_EQ(contour->GetNumberOfGPUs(), 1);
  EXPECT_EQ(contour->GetNumberOfSlabs(), 0);
  EXPECT_FALSE(contour->GetKeepMeshOnDevice());
  EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::None);
  EXPECT_TRUE(contour->IsA("vtkFlyingEdges3D"));
  EXPECT_STREQ(contour->GetClassName(), "vtkCuMedFlyingEdges3D");

  const vtkMTimeType before = contour->GetMTime();
  contour->SetBackendToCPU();
  EXPECT_GT(contour->GetMTime(), before) << "a new backend re-runs the filter";
  contour->SetNumberOfGPUs(-2);
  EXPECT_EQ(contour->GetNumberOfGPUs(), 0);
  contour->SetNumberOfSlabs(6);
  EXPECT_EQ(contour->GetNumberOfSlabs(), 6);

  std::ostringstream text;
  contour->Print(text);
  for (const char* line : {"Backend: cpu", "NumberOfGPUs: 0", "NumberOfSlabs: 6",
                           "KeepMeshOnDevice: Off", "ContourMode: isovalue", "Compute Normals"}) {
    EXPECT_NE(text.str().find(line), std::string::npos) << line << " missing in:\n" << text.str();
  }
  vtkNew<vtkCuMedDiscreteFlyingEdges3D> labels;
  EXPECT_TRUE(labels->IsA("vtkDiscreteFlyingEdges3D"));
  std::ostringstream labelText;
  labels->Print(labelText);
  EXPECT_NE(labelText.str().find("ContourMode: label"), std::string::npos);
}

TEST(SurfaceVtkSettings, NumberOfSlabsDoesNotChangeTheCpuSurface) {
  vtkNew<vtkCuMedFlyingEdges3D> one;
  vtkNew<vtkCuMedFlyingEdges3D> many;
  const auto image = Int16Image();
  for (vtkCuMedFlyingEdges3D* filter : {one.Get(), many.Get()}) {
    filter->SetInputData(image);
    filter->SetValue(0, 100.5);
    filter->SetBackendToCPU();
  }
  many->SetNumberOfSlabs(5);
  const auto a = RunFilter(one);
  const auto b = RunFilter(many);
  EXPECT_TRUE(SameValues(a->GetPoints()->GetData(), b->GetPoints()->GetData()));
  EXPECT_TRUE(
      SameValues(a->GetPolys()->GetConnectivityArray(), b->GetPolys()->GetConnectivityArray()));
}

} // namespace

// vtkCuMedPIVFilter: the same vectors as ComputePiv on rendered frames, placed in the frames'
// world coordinates; the backend it reports; errors through VTK (no exception, no crash).
#include "cumed/piv/vtkCuMedPIVFilter.h"
#include "ParticleImages.h"
#include "cumed/piv/Piv.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkCommand.h>
#include <vtkDataArray.h>
#include <vtkExecutive.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkSmartPointer.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace {

using namespace cumed::piv;

/// A host float frame as a vtkImageData with float scalars and the given spacing and origin.
vtkSmartPointer<vtkImageData> ToVtk(const cumed::Image& frame, double spacing, double ox,
                                    double oy) {
  const auto view = frame.view<float>();
  auto image = vtkSmartPointer<vtkImageData>::New();
  image->SetDimensions(int(view.geometry.size[0]), int(view.geometry.size[1]), 1);
  image->SetSpacing(spacing, spacing, 1);
  image->SetOrigin(ox, oy, 0);
  auto scalars = vtkSmartPointer<vtkFloatArray>::New();
  scalars->SetName("intensity");
  scalars->SetNumberOfTuples(vtkIdType(view.geometry.numberOfPixels()));
  std::memcpy(scalars->GetPointer(0), view.data, view.geometry.numberOfPixels() * sizeof(float));
  image->GetPointData()->SetScalars(scalars);
  return image;
}

/// Counts the errors a VTK object reports instead of printing them.
struct ErrorCounter : vtkCommand {
  static ErrorCounter* New() { return new ErrorCounter; }
  void Execute(vtkObject*, unsigned long, void* data) override {
    ++errors;
    messages += static_cast<const char*>(data);
  }
  int errors = 0;
  std::string messages;
};

TEST(vtkCuMedPIVFilter, SameVectorsAsComputePivInWorldUnits) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = 160;
  settings.height = 128;
  const auto pair =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(2.2, -1.1));
  PivOptions options;
  options.backend = cumed::Backend::CPU;
  options.windowSizes = {32, 16};
  const PivField expected = ComputePiv(pair.first, pair.second, options);

  auto piv = vtkSmartPointer<vtkCuMedPIVFilter>::New();
  piv->SetInputData(ToVtk(pair.first, 0.5, 100, 200));
  piv->SetSecondFrameData(ToVtk(pair.second, 0.5, 100, 200));
  piv->SetPivOptions(options);
  piv->SetTimeBetweenFrames(0.25);
  piv->Update();
  EXPECT_EQ(piv->GetLastBackend(), cumed::Implementation::CPU);
  vtkImageData* out = piv->GetOutput();
  int dims[3];
  out->GetDimensions(dims);
  ASSERT_EQ(dims[0], expected.columns);
  ASSERT_EQ(dims[1], expected.rows);
  double origin[3], spacing[3];
  out->GetOrigin(origin);
  out->GetSpacing(spacing);
  EXPECT_NEAR(origin[0], 100 + 0.5 * expected.x[0], 1e-9);
  EXPECT_NEAR(origin[1], 200 + 0.5 * expected.y[0], 1e-9);
  EXPECT_NEAR(spacing[0], 0.5 * expected.step, 1e-9);
  vtkDataArray* velocity = out->GetPointData()->GetArray("velocity");
  vtkDataArray* flags = out->GetPointData()->GetArray("flags");
  ASSERT_NE(velocity, nullptr);
  ASSERT_NE(flags, nullptr);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    // 0.5 length units per px, 0.25 time units per pair.
    EXPECT_NEAR(velocity->GetComponent(vtkIdType(i), 0), expected.u[i] * 2.0, 1e-5);
    EXPECT_NEAR(velocity->GetComponent(vtkIdType(i), 1), expected.v[i] * 2.0, 1e-5);
    EXPECT_EQ(flags->GetComponent(vtkIdType(i), 0), expected.flags[i]);
  }
}

TEST(vtkCuMedPIVFilter, ErrorsGoThroughVtk) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = 96;
  settings.height = 96;
  const auto a =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(1, 1));
  settings.width = 64;
  const auto b =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(1, 1));
  auto piv = vtkSmartPointer<vtkCuMedPIVFilter>::New();
  auto counter = vtkSmartPointer<ErrorCounter>::New();
  piv->AddObserver(vtkCommand::ErrorEvent, counter);
  piv->GetExecutive()->AddObserver(vtkCommand::ErrorEvent, counter);
  piv->SetInputData(ToVtk(a.first, 1, 0, 0));
  piv->SetSecondFrameData(ToVtk(b.second, 1, 0, 0));
  piv->SetBackend(cumed::Backend::CPU);
  piv->Update();
  EXPECT_GE(counter->errors, 1);
  EXPECT_NE(counter->messages.find("the frames differ in size"), std::string::npos)
      << counter->messages;
  EXPECT_EQ(piv->GetLastBackend(), cumed::Implementation::None);
}

} // namespace

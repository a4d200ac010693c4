// cumed::PIVImageFilter: the vectors of ComputePiv in physical units on the window grid with ITK
// geometry, the backend it reports, progress events, AbortGenerateData and CuMed's errors as
// ITK exceptions.
#include "cumed/piv/PIVImageFilter.h"
#include "ParticleImages.h"

#include <itkCommand.h>

#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <vector>

namespace {

using Frame = itk::Image<float, 2>;
using Filter = cumed::PIVImageFilter<Frame>;

/// A rendered float frame as an ITK image with the given spacing and origin.
Frame::Pointer ToItk(const cumed::Image& frame, double spacing, double ox, double oy) {
  const auto view = frame.view<float>();
  auto image = Frame::New();
  Frame::RegionType region;
  region.SetSize(0, view.geometry.size[0]);
  region.SetSize(1, view.geometry.size[1]);
  image->SetRegions(region);
  Frame::SpacingType s;
  s.Fill(spacing);
  image->SetSpacing(s);
  Frame::PointType o;
  o[0] = ox;
  o[1] = oy;
  image->SetOrigin(o);
  image->Allocate();
  std::memcpy(image->GetBufferPointer(), view.data, view.geometry.numberOfPixels() * sizeof(float));
  return image;
}

cumed::testing::ParticleImagePair RenderPair(int width, int height) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = width;
  settings.height = height;
  return cumed::testing::RenderParticlePair(settings,
                                            cumed::testing::UniformDisplacement(1.7, -0.6));
}

TEST(PIVImageFilter, SameVectorsAsComputePivWithItkGeometry) {
  const auto pair = RenderPair(144, 112);
  cumed::piv::PivOptions options;
  options.backend = cumed::Backend::CPU;
  options.windowSizes = {32, 16};
  const cumed::piv::PivField expected = cumed::piv::ComputePiv(pair.first, pair.second, options);

  auto piv = Filter::New();
  piv->SetFirstInput(ToItk(pair.first, 0.25, -3, 4));
  piv->SetSecondInput(ToItk(pair.second, 0.25, -3, 4));
  piv->SetPivOptions(options);
  piv->SetTimeBetweenFrames(0.5);
  int progressEvents = 0;
  auto onProgress = itk::CStyleCommand::New();
  onProgress->SetClientData(&progressEvents);
  onProgress->SetCallback(
      [](itk::Object*, const itk::EventObject&, void* count) { ++*static_cast<int*>(count); });
  piv->AddObserver(itk::ProgressEvent(), onProgress);
  piv->Update();
  EXPECT_EQ(piv->GetLastBackend(), cumed::Implementation::CPU);
  EXPECT_GE(progressEvents, 2);

  const auto* field = piv->GetOutput();
  const auto size = field->GetLargestPossibleRegion().GetSize();
  ASSERT_EQ(int(size[0]), expected.columns);
  ASSERT_EQ(int(size[1]), expected.rows);
  EXPECT_NEAR(field->GetOrigin()[0], -3 + 0.25 * expected.x[0], 1e-9);
  EXPECT_NEAR(field->GetOrigin()[1], 4 + 0.25 * expected.y[0], 1e-9);
  EXPECT_NEAR(field->GetSpacing()[0], 0.25 * expected.step, 1e-9);
  const auto* pixels = field->GetBufferPointer();
  for (std::size_t i = 0; i < expected.size(); ++i) {
    // 0.25 length units per px over 0.5 time units.
    EXPECT_NEAR(pixels[i][0], expected.u[i] * 0.5, 1e-6) << i;
    EXPECT_NEAR(pixels[i][1], expected.v[i] * 0.5, 1e-6) << i;
  }
  EXPECT_EQ(piv->GetField().size(), expected.size());
}

// What every CuMed ITK filter has (cumed/itk/FilterAccelerator.h): one backend for the filter and
// its options, ITK's work units as the core's threads, the report, PrintSelf, None after a failure.
TEST(PIVImageFilter, BackendReportWorkUnitsAndPrintSelf) {
  const auto pair = RenderPair(96, 96);
  auto piv = Filter::New();
  piv->SetFirstInput(ToItk(pair.first, 1, 0, 0));
  piv->SetSecondInput(ToItk(pair.second, 1, 0, 0));
  cumed::piv::PivOptions options;
  options.backend = cumed::Backend::CPU;
  options.windowSizes = {32};
  piv->SetPivOptions(options);
  EXPECT_EQ(piv->GetBackend(), cumed::Backend::CPU);
  piv->SetBackend(cumed::Backend::Auto);
  EXPECT_EQ(piv->GetPivOptions().backend, cumed::Backend::Auto);
  piv->SetBackend(cumed::Backend::CPU);
  EXPECT_EQ(piv->GetPivOptions().backend, cumed::Backend::CPU);
  EXPECT_EQ(piv->GetPivOptions().windowSizes, std::vector<int>{32});
  piv->SetNumberOfWorkUnits(1);
  piv->Update();
  EXPECT_EQ(piv->GetLastBackend(), cumed::Implementation::CPU);
  const cumed::ExecutionReport& report = piv->GetLastExecutionReport();
  EXPECT_EQ(report.backend, cumed::Backend::CPU);
  EXPECT_EQ(report.threads, 1);
  EXPECT_EQ(report.transfers.hostToDeviceCopies, 0u);
  std::ostringstream printed;
  piv->Print(printed);
  for (const char* line : {"Backend: cpu", "LastBackend: cpu", "TimeBetweenFrames: 1"})
    EXPECT_NE(printed.str().find(line), std::string::npos) << line << " in\n" << printed.str();

  piv->SetTimeBetweenFrames(0.0);
  EXPECT_THROW(piv->Update(), itk::ExceptionObject);
  EXPECT_EQ(piv->GetLastBackend(), cumed::Implementation::None);
}

TEST(PIVImageFilter, ErrorsAreItkExceptionsNamingTheProblem) {
  const auto a = RenderPair(96, 96);
  const auto b = RenderPair(64, 96);
  auto piv = Filter::New();
  piv->SetFirstInput(ToItk(a.first, 1, 0, 0));
  piv->SetSecondInput(ToItk(b.second, 1, 0, 0));
  piv->SetBackend(cumed::Backend::CPU);
  try {
    piv->Update();
    FAIL() << "frames of different sizes accepted";
  } catch (const itk::ExceptionObject& e) {
    EXPECT_NE(std::string(e.GetDescription()).find("the frames differ in size"), std::string::npos)
        << e.GetDescription();
  }
  EXPECT_EQ(piv->GetLastBackend(), cumed::Implementation::None);

  auto tooLarge = Filter::New();
  tooLarge->SetFirstInput(ToItk(a.first, 1, 0, 0));
  tooLarge->SetSecondInput(ToItk(a.second, 1, 0, 0));
  cumed::piv::PivOptions options;
  options.windowSizes = {128};
  tooLarge->SetPivOptions(options);
  try {
    tooLarge->Update();
    FAIL() << "a window larger than the frames accepted";
  } catch (const itk::ExceptionObject& e) {
    EXPECT_NE(std::string(e.GetDescription()).find("128"), std::string::npos) << e.GetDescription();
  }
}

TEST(PIVImageFilter, AbortGenerateDataStopsTheRun) {
  const auto pair = RenderPair(96, 96);
  auto piv = Filter::New();
  piv->SetFirstInput(ToItk(pair.first, 1, 0, 0));
  piv->SetSecondInput(ToItk(pair.second, 1, 0, 0));
  cumed::piv::PivOptions options;
  options.backend = cumed::Backend::CPU;
  options.windowSizes = {32, 16};
  piv->SetPivOptions(options);
  auto abort = itk::CStyleCommand::New();
  abort->SetCallback([](itk::Object* caller, const itk::EventObject&, void*) {
    static_cast<itk::ProcessObject*>(caller)->AbortGenerateDataOn();
  });
  piv->AddObserver(itk::ProgressEvent(), abort);
  EXPECT_THROW(piv->Update(), itk::ProcessAborted);
}

} // namespace

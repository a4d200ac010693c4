// The CuMed ITK filters behave as ITK filters beyond their output: they are subclasses of ITK's
// classes (ITK's enums and setters compile), errors leave Update() as itk::ExceptionObject,
// progress events come on the calling thread, AbortGenerateData stops them with ProcessAborted,
// ITK's thread setting is used, and pixel types CuMed lacks run ITK's implementation.
#include "ItkTestImages.h"
#include "cumed/morphology/BinaryDilateImageFilter.h"
#include "cumed/morphology/BinaryErodeImageFilter.h"
#include "cumed/morphology/BinaryThresholdImageFilter.h"
#include "cumed/morphology/GrayscaleDilateImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h"

#include <gtest/gtest.h>

#include <itkCommand.h>

#include <cstdlib>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

using Kernel3 = itk::FlatStructuringElement<3>;

using cumed::morphology::test::RandomImage;
using cumed::morphology::test::SamePixels;

Kernel3 Ball(unsigned radius) {
  Kernel3::RadiusType r;
  r.Fill(radius);
  return Kernel3::Ball(r);
}

/// Progress fractions and the threads they arrived on.
struct ProgressLog {
  std::vector<float> fractions;
  std::vector<std::thread::id> threads;
  void Watch(itk::ProcessObject* filter) {
    filter->AddObserver(itk::ProgressEvent(), [this, filter](const itk::EventObject&) {
      fractions.push_back(filter->GetProgress());
      threads.push_back(std::this_thread::get_id());
    });
  }
  bool HasIntermediate() const {
    return std::any_of(fractions.begin(), fractions.end(),
                       [](float f) { return f > 0.0f && f < 1.0f; });
  }
};

using Short3 = itk::Image<short, 3>;

TEST(ItkDropIn, IsASubclassOfItksFilterWithItsEnums) {
  using Cu = cumed::GrayscaleDilateImageFilter<Short3, Short3, Kernel3>;
  static_assert(std::is_base_of_v<itk::GrayscaleDilateImageFilter<Short3, Short3, Kernel3>, Cu>);
  static_assert(std::is_base_of_v<itk::BinaryThresholdImageFilter<Short3, Short3>,
                                  cumed::BinaryThresholdImageFilter<Short3>>);
  auto filter = Cu::New();
  Cu::AlgorithmType algorithm = Cu::HISTO;
  filter->SetAlgorithm(algorithm);
  EXPECT_EQ(filter->GetAlgorithm(), Cu::HISTO);
  EXPECT_STREQ(filter->GetNameOfClass(), "GrayscaleDilateImageFilter");
  EXPECT_EQ(filter->GetBoundary(), itk::NumericTraits<short>::NonpositiveMin()); // ITK's default
}

TEST(ItkDropIn, ErrorsLeaveUpdateAsItkExceptions) {
  // CUDA asked for where it cannot run (forced off here, so also on a GPU machine).
  setenv(cumed::kForceCpuEnvironmentVariable, "1", 1);
  auto filter = cumed::GrayscaleDilateImageFilter<Short3>::New();
  filter->SetInput(RandomImage<Short3>({{8, 8, 8}}, 1));
  filter->SetKernel(Ball(1));
  filter->SetBackend(cumed::Backend::CUDA);
  try {
    filter->Update();
    ADD_FAILURE() << "no exception";
  } catch (const itk::ExceptionObject& error) {
    EXPECT_NE(std::string(error.GetDescription()).find("CUDA"), std::string::npos)
        << error.GetDescription();
    EXPECT_NE(std::string(error.GetLocation()).find("GrayscaleDilateImageFilter"),
              std::string::npos);
  }
  unsetenv(cumed::kForceCpuEnvironmentVariable);
  EXPECT_EQ(filter->GetLastBackend(), cumed::Implementation::None);
}

TEST(ItkDropIn, ProgressComesOnTheCallingThreadInOrder) {
  auto closing = cumed::GrayscaleMorphologicalClosingImageFilter<Short3>::New();
  closing->SetInput(RandomImage<Short3>({{64, 64, 48}}, 2));
  closing->SetKernel(Ball(2));
  closing->SetBackend(cumed::Backend::CPU);
  closing->SetNumberOfWorkUnits(4); // workers besides this thread
  ProgressLog log;
  log.Watch(closing);
  closing->Update();
  ASSERT_GE(log.fractions.size(), 3u);
  EXPECT_TRUE(log.HasIntermediate());
  EXPECT_TRUE(std::is_sorted(log.fractions.begin(), log.fractions.end())) << [&] {
    std::string drops;
    for (std::size_t i = 1; i < log.fractions.size(); ++i)
      if (log.fractions[i] < log.fractions[i - 1])
        drops +=
            std::to_string(log.fractions[i - 1]) + "->" + std::to_string(log.fractions[i]) + " ";
    return drops;
  }();
  EXPECT_FLOAT_EQ(log.fractions.back(), 1.0f);
  for (const auto& id : log.threads) EXPECT_EQ(id, std::this_thread::get_id());
}

TEST(ItkDropIn, BinaryFiltersReportProgress) {
  using Mask = itk::Image<unsigned char, 3>;
  auto dilate = cumed::BinaryDilateImageFilter<Mask, Mask, Kernel3>::New();
  dilate->SetInput(RandomImage<Mask>({{64, 64, 40}}, 3));
  dilate->SetKernel(Ball(2));
  dilate->SetForegroundValue(255);
  dilate->SetBackend(cumed::Backend::CPU);
  ProgressLog log;
  log.Watch(dilate);
  dilate->Update();
  EXPECT_TRUE(log.HasIntermediate());
  for (const auto& id : log.threads) EXPECT_EQ(id, std::this_thread::get_id());
}

TEST(ItkDropIn, AbortGenerateDataStopsWithProcessAborted) {
  auto closing = cumed::GrayscaleMorphologicalClosingImageFilter<Short3>::New();
  const Short3::Pointer input = RandomImage<Short3>({{64, 64, 64}}, 4);
  closing->SetInput(input);
  closing->SetKernel(Ball(2));
  closing->SetBackend(cumed::Backend::CPU);
  float abortedAt = -1;
  closing->AddObserver(itk::ProgressEvent(), [&](const itk::EventObject&) {
    if (abortedAt < 0 && closing->GetProgress() > 0.0f && closing->GetProgress() < 0.5f) {
      abortedAt = closing->GetProgress();
      closing->AbortGenerateDataOn();
    }
  });
  EXPECT_THROW(closing->Update(), itk::ProcessAborted);
  EXPECT_GT(abortedAt, 0.0f);
  EXPECT_EQ(closing->GetLastBackend(), cumed::Implementation::None);

  // The next Update runs to the end and gives ITK's result.
  closing->AbortGenerateDataOff();
  abortedAt = 1; // no more aborts
  closing->Modified();
  closing->Update();
  auto reference = itk::GrayscaleMorphologicalClosingImageFilter<Short3, Short3, Kernel3>::New();
  reference->SetInput(input);
  reference->SetKernel(Ball(2));
  reference->Update();
  EXPECT_TRUE(SamePixels(reference->GetOutput(), closing->GetOutput()));
}

TEST(ItkDropIn, UsesItksThreadCount) {
  auto filter = cumed::GrayscaleDilateImageFilter<Short3>::New();
  filter->SetInput(RandomImage<Short3>({{16, 16, 16}}, 5));
  filter->SetKernel(Ball(1));
  filter->SetBackend(cumed::Backend::CPU);
  for (unsigned threads : {1u, 3u}) {
    filter->SetNumberOfWorkUnits(threads);
    filter->Modified();
    filter->Update();
    const auto cap = filter->GetMultiThreader()->GetMaximumNumberOfThreads();
    EXPECT_EQ(filter->GetLastExecutionReport().threads, static_cast<int>(std::min(threads, cap)));
  }
}

template <class TImage> void ExpectItkRunsFor(const typename TImage::SizeType& size) {
  constexpr unsigned D = TImage::ImageDimension;
  using K = itk::FlatStructuringElement<D>;
  typename K::RadiusType radius;
  radius.Fill(1);
  const auto input = RandomImage<TImage>(size, 6);
  auto ours = cumed::GrayscaleDilateImageFilter<TImage, TImage, K>::New();
  auto reference = itk::GrayscaleDilateImageFilter<TImage, TImage, K>::New();
  for (auto* f : {static_cast<itk::GrayscaleDilateImageFilter<TImage, TImage, K>*>(ours),
                  reference.GetPointer()}) {
    f->SetInput(input);
    f->SetKernel(K::Ball(radius));
    f->Update();
  }
  EXPECT_EQ(ours->GetLastBackend(), cumed::Implementation::ITK);
  EXPECT_TRUE(SamePixels(reference->GetOutput(), ours->GetOutput()));
}

TEST(ItkDropIn, PixelTypesCuMedLacksRunItk) {
  ExpectItkRunsFor<itk::Image<int, 3>>({{9, 8, 7}});
  ExpectItkRunsFor<itk::Image<double, 2>>({{13, 11}});
  using Int3 = itk::Image<int, 3>;
  auto erode = cumed::BinaryErodeImageFilter<Int3, Int3, Kernel3>::New();
  erode->SetInput(RandomImage<Int3>({{9, 9, 9}}, 7));
  erode->SetKernel(Ball(1));
  erode->Update();
  EXPECT_EQ(erode->GetLastBackend(), cumed::Implementation::ITK);
}

TEST(ItkDropIn, BinaryThresholdMatchesItk) {
  using Mask = itk::Image<unsigned char, 3>;
  const auto input = RandomImage<Short3>({{23, 19, 11}}, 8);
  auto ours = cumed::BinaryThresholdImageFilter<Short3, Mask>::New();
  auto reference = itk::BinaryThresholdImageFilter<Short3, Mask>::New();
  for (auto* f : {static_cast<itk::BinaryThresholdImageFilter<Short3, Mask>*>(ours),
                  reference.GetPointer()}) {
    f->SetInput(input);
    f->SetLowerThreshold(-300);
    f->SetUpperThreshold(12000);
    f->SetInsideValue(7);
    f->SetOutsideValue(2);
    f->Update();
  }
  EXPECT_EQ(ours->GetLastBackend(),
            cumed::CudaUsable() ? cumed::Implementation::CUDA : cumed::Implementation::CPU);
  EXPECT_TRUE(SamePixels(reference->GetOutput(), ours->GetOutput()));
  // ITK's defaults: everything inside, inside value 255.
  auto defaults = cumed::BinaryThresholdImageFilter<Short3, Mask>::New();
  defaults->SetInput(input);
  defaults->SetBackend(cumed::Backend::CPU);
  defaults->Update();
  EXPECT_EQ(defaults->GetOutput()->GetPixel({{3, 4, 5}}), 255);
  ours->SetLowerThreshold(10);
  ours->SetUpperThreshold(5);
  EXPECT_THROW(ours->Update(), itk::ExceptionObject);
}

} // namespace

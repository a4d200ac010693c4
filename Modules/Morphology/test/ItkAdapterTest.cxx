// The ITK adapters are drop-ins: same template arguments and setters as ITK's filters, same
// output, in an ordinary ITK pipeline, with the backend recorded and progress reported.
#include "ItkTestImages.h"
#include "cumed/morphology/BinaryDilateImageFilter.h"
#include "cumed/morphology/BinaryErodeImageFilter.h"
#include "cumed/morphology/BinaryMorphologicalClosingImageFilter.h"
#include "cumed/morphology/BinaryMorphologicalOpeningImageFilter.h"
#include "cumed/morphology/BlackTopHatImageFilter.h"
#include "cumed/morphology/GrayscaleDilateImageFilter.h"
#include "cumed/morphology/GrayscaleErodeImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalOpeningImageFilter.h"
#include "cumed/morphology/MorphologicalGradientImageFilter.h"
#include "cumed/morphology/WhiteTopHatImageFilter.h"

#include <gtest/gtest.h>

#include <itkBinaryBallStructuringElement.h>
#include <itkBinaryDilateImageFilter.h>
#include <itkBinaryErodeImageFilter.h>
#include <itkBinaryMorphologicalClosingImageFilter.h>
#include <itkBinaryMorphologicalOpeningImageFilter.h>
#include <itkBlackTopHatImageFilter.h>
#include <itkCommand.h>
#include <itkGrayscaleDilateImageFilter.h>
#include <itkGrayscaleErodeImageFilter.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>
#include <itkGrayscaleMorphologicalOpeningImageFilter.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkMorphologicalGradientImageFilter.h>
#include <itkWhiteTopHatImageFilter.h>

#include <cstdio>
#include <filesystem>

namespace {

using cumed::morphology::test::RandomImage;
using cumed::morphology::test::SamePixels;

/// Runs ITK's filter and CuMed's with the same kernel and the same setter calls.
template <template <class, class, class> class ItkFilter,
          template <class, class, class> class CuMedFilter, class TImage, class TKernel,
          class Configure>
void ExpectSameAsItk(const TImage* input, const TKernel& kernel, Configure configure) {
  auto reference = ItkFilter<TImage, TImage, TKernel>::New();
  auto ours = CuMedFilter<TImage, TImage, TKernel>::New();
  reference->SetInput(input);
  reference->SetKernel(kernel);
  configure(reference.GetPointer());
  ours->SetInput(input);
  ours->SetKernel(kernel);
  ours->SetBackend(cumed::Backend::CPU);
  configure(ours.GetPointer());
  reference->Update();
  ours->Update();
  EXPECT_EQ(ours->GetLastBackend(), cumed::Implementation::CPU);
  EXPECT_TRUE(SamePixels(reference->GetOutput(), ours->GetOutput()));
}

TEST(ItkAdapter, EveryGrayscaleFilterMatchesItk3D) {
  using Image = itk::Image<short, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  const Image::Pointer input = RandomImage<Image>({{21, 17, 9}}, 3);
  Kernel::RadiusType radius;
  radius.Fill(2);
  const Kernel ball = Kernel::Ball(radius);
  const auto nothing = [](auto*) {};
  ExpectSameAsItk<itk::GrayscaleDilateImageFilter, cumed::GrayscaleDilateImageFilter>(
      input.GetPointer(), ball, nothing);
  ExpectSameAsItk<itk::GrayscaleErodeImageFilter, cumed::GrayscaleErodeImageFilter>(
      input.GetPointer(), ball, nothing);
  ExpectSameAsItk<itk::GrayscaleMorphologicalOpeningImageFilter,
                  cumed::GrayscaleMorphologicalOpeningImageFilter>(input.GetPointer(), ball,
                                                                   nothing);
  ExpectSameAsItk<itk::GrayscaleMorphologicalClosingImageFilter,
                  cumed::GrayscaleMorphologicalClosingImageFilter>(input.GetPointer(), ball,
                                                                   nothing);
  ExpectSameAsItk<itk::WhiteTopHatImageFilter, cumed::WhiteTopHatImageFilter>(input.GetPointer(),
                                                                              ball, nothing);
  ExpectSameAsItk<itk::BlackTopHatImageFilter, cumed::BlackTopHatImageFilter>(input.GetPointer(),
                                                                              ball, nothing);
  ExpectSameAsItk<itk::MorphologicalGradientImageFilter, cumed::MorphologicalGradientImageFilter>(
      input.GetPointer(), ball, nothing);
}

TEST(ItkAdapter, SettersBehaveAsItks2D) {
  using Image = itk::Image<unsigned char, 2>;
  using Kernel = itk::BinaryBallStructuringElement<unsigned char, 2>; // another kernel type
  const Image::Pointer input = RandomImage<Image>({{33, 29}}, 4);
  Kernel ball;
  ball.SetRadius(3);
  ball.CreateStructuringElement();
  ExpectSameAsItk<itk::GrayscaleDilateImageFilter, cumed::GrayscaleDilateImageFilter>(
      input.GetPointer(), ball, [](auto* f) { f->SetBoundary(200); });
  ExpectSameAsItk<itk::GrayscaleErodeImageFilter, cumed::GrayscaleErodeImageFilter>(
      input.GetPointer(), ball, [](auto* f) { f->SetBoundary(17); });
  ExpectSameAsItk<itk::GrayscaleMorphologicalClosingImageFilter,
                  cumed::GrayscaleMorphologicalClosingImageFilter>(
      input.GetPointer(), ball, [](auto* f) { f->SafeBorderOff(); });
  ExpectSameAsItk<itk::GrayscaleMorphologicalOpeningImageFilter,
                  cumed::GrayscaleMorphologicalOpeningImageFilter>(
      input.GetPointer(), ball, [](auto* f) { f->SetSafeBorder(false); });
  // ITK's algorithm choice compiles unchanged and, as in ITK, does not change the output.
  ExpectSameAsItk<itk::GrayscaleDilateImageFilter, cumed::GrayscaleDilateImageFilter>(
      input.GetPointer(), ball,
      [](auto* f) { f->SetAlgorithm(decltype(f->GetAlgorithm())::HISTO); });
}

TEST(ItkAdapter, BinaryFiltersMatchItkWithTheirSetters) {
  using Image = itk::Image<unsigned char, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  Image::Pointer input = RandomImage<Image>({{27, 22, 12}}, 7);
  for (auto* p = input->GetBufferPointer(); p != input->GetBufferPointer() + 27 * 22 * 12; ++p)
    *p = *p < 128 ? 200 : (*p < 200 ? 0 : 9); // object 200, background 0, another label 9
  Kernel::RadiusType radius;
  radius.Fill(2);
  const Kernel ball = Kernel::Ball(radius);
  ExpectSameAsItk<itk::BinaryDilateImageFilter, cumed::BinaryDilateImageFilter>(
      input.GetPointer(), ball, [](auto* f) { f->SetDilateValue(200); });
  ExpectSameAsItk<itk::BinaryDilateImageFilter, cumed::BinaryDilateImageFilter>(
      input.GetPointer(), ball, [](auto* f) {
        f->SetForegroundValue(200);
        f->SetBackgroundValue(5);
        f->BoundaryToForegroundOn();
      });
  ExpectSameAsItk<itk::BinaryErodeImageFilter, cumed::BinaryErodeImageFilter>(
      input.GetPointer(), ball, [](auto* f) { f->SetErodeValue(200); });
  ExpectSameAsItk<itk::BinaryErodeImageFilter, cumed::BinaryErodeImageFilter>(
      input.GetPointer(), ball, [](auto* f) {
        f->SetForegroundValue(200);
        f->SetBackgroundValue(1);
        f->SetBoundaryToForeground(false);
      });
  ExpectSameAsItk<itk::BinaryMorphologicalOpeningImageFilter,
                  cumed::BinaryMorphologicalOpeningImageFilter>(input.GetPointer(), ball,
                                                                [](auto* f) {
                                                                  f->SetForegroundValue(200);
                                                                  f->SetBackgroundValue(3);
                                                                });
  ExpectSameAsItk<itk::BinaryMorphologicalClosingImageFilter,
                  cumed::BinaryMorphologicalClosingImageFilter>(
      input.GetPointer(), ball, [](auto* f) { f->SetForegroundValue(200); });
  ExpectSameAsItk<itk::BinaryMorphologicalClosingImageFilter,
                  cumed::BinaryMorphologicalClosingImageFilter>(input.GetPointer(), ball,
                                                                [](auto* f) {
                                                                  f->SetForegroundValue(200);
                                                                  f->SafeBorderOff();
                                                                });
}

TEST(ItkAdapter, WorksInAReaderFilterWriterPipelineWithProgress) {
  using Image = itk::Image<float, 3>;
  const auto directory = std::filesystem::temp_directory_path() / "cumed_morphology_pipeline";
  std::filesystem::create_directories(directory);
  const std::string in = (directory / "in.mha").string(), out = (directory / "out.mha").string();
  const Image::Pointer input = RandomImage<Image>({{19, 23, 7}}, 5);
  itk::WriteImage(input, in);

  using Kernel = itk::FlatStructuringElement<3>;
  Kernel::RadiusType radius;
  radius.Fill(1);
  auto reader = itk::ImageFileReader<Image>::New();
  reader->SetFileName(in);
  auto filter = cumed::GrayscaleMorphologicalClosingImageFilter<Image, Image, Kernel>::New();
  filter->SetInput(reader->GetOutput());
  filter->SetKernel(Kernel::Box(radius));
  filter->SetBackend(cumed::Backend::CPU);
  int progressEvents = 0;
  auto command = itk::CStyleCommand::New();
  command->SetClientData(&progressEvents);
  command->SetCallback(
      [](itk::Object*, const itk::EventObject&, void* count) { ++*static_cast<int*>(count); });
  filter->AddObserver(itk::ProgressEvent(), command);
  auto writer = itk::ImageFileWriter<Image>::New();
  writer->SetInput(filter->GetOutput());
  writer->SetFileName(out);
  writer->Update();
  EXPECT_GT(progressEvents, 1);

  auto reference = itk::GrayscaleMorphologicalClosingImageFilter<Image, Image, Kernel>::New();
  reference->SetInput(input);
  reference->SetKernel(Kernel::Box(radius));
  reference->Update();
  EXPECT_TRUE(SamePixels(reference->GetOutput(), itk::ReadImage<Image>(out).GetPointer()));
  std::filesystem::remove_all(directory);
}

TEST(ItkAdapter, AutoRecordsTheBackendThatRan) {
  using Image = itk::Image<short, 3>;
  auto filter = cumed::GrayscaleDilateImageFilter<Image>::New();
  filter->SetInput(RandomImage<Image>({{8, 8, 8}}, 6));
  itk::FlatStructuringElement<3>::RadiusType radius;
  radius.Fill(1);
  filter->SetKernel(itk::FlatStructuringElement<3>::Ball(radius));
  filter->Update();
  EXPECT_EQ(filter->GetLastBackend(),
            cumed::CudaUsable() ? cumed::Implementation::CUDA : cumed::Implementation::CPU);
}

} // namespace

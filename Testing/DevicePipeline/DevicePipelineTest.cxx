// An ITK pipeline of CuMed filters on cumed::CudaImage keeps its pixels on the GPU:
// reader -> closing -> binary threshold -> binary erosion -> isosurface uploads the volume once
// and downloads nothing before the mesh; a non-CuMed reader of the result downloads it once.
// Without a GPU the same pipeline is an ordinary ITK pipeline (no transfers, same pixels).
#include "cumed/core/Backend.h"
#include "cumed/core/Transfer.h"
#include "cumed/itk/CudaImage.h"
#include "cumed/morphology/BinaryErodeImageFilter.h"
#include "cumed/morphology/BinaryThresholdImageFilter.h"
#include "cumed/morphology/GrayscaleDilateImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>

#include <cmath>
#include <filesystem>
#include <random>

namespace {

using Kernel = itk::FlatStructuringElement<3>;

/// Two overlapping balls (1000) in noisy background (about -1000), written as .mha so the
/// pipeline starts with ITK's reader.
std::string WritePhantom() {
  using Image = itk::Image<short, 3>;
  auto image = Image::New();
  image->SetRegions(Image::SizeType{{72, 64, 48}});
  image->SetSpacing(itk::Vector<double, 3>(std::array<double, 3>{0.8, 0.8, 1.5}.data()));
  image->Allocate();
  std::mt19937 random(11);
  std::normal_distribution<float> noise(0.0f, 60.0f);
  itk::ImageRegionIteratorWithIndex<Image> it(image, image->GetLargestPossibleRegion());
  for (; !it.IsAtEnd(); ++it) {
    const auto i = it.GetIndex();
    const double a = std::hypot(i[0] - 30.0, i[1] - 30.0, i[2] - 24.0);
    const double b = std::hypot(i[0] - 46.0, i[1] - 36.0, i[2] - 22.0);
    it.Set(static_cast<short>((a < 16 || b < 12 ? 1000.0f : -1000.0f) + noise(random)));
  }
  const auto path = std::filesystem::temp_directory_path() / "cumed_device_pipeline.mha";
  itk::WriteImage(image, path.string());
  return path.string();
}

/// The pipeline on images of type TVolume (short) and TMask (unsigned char).
template <class TVolume, class TMask> struct Chain {
  typename itk::ImageFileReader<TVolume>::Pointer reader = itk::ImageFileReader<TVolume>::New();
  typename cumed::GrayscaleMorphologicalClosingImageFilter<TVolume, TVolume, Kernel>::Pointer
      closing = cumed::GrayscaleMorphologicalClosingImageFilter<TVolume, TVolume, Kernel>::New();
  typename cumed::BinaryThresholdImageFilter<TVolume, TMask>::Pointer threshold =
      cumed::BinaryThresholdImageFilter<TVolume, TMask>::New();
  typename cumed::BinaryErodeImageFilter<TMask, TMask, Kernel>::Pointer erode =
      cumed::BinaryErodeImageFilter<TMask, TMask, Kernel>::New();

  Chain(const std::string& file, cumed::Backend backend) {
    Kernel::RadiusType radius;
    radius.Fill(2);
    reader->SetFileName(file);
    closing->SetInput(reader->GetOutput());
    closing->SetKernel(Kernel::Ball(radius));
    threshold->SetInput(closing->GetOutput());
    threshold->SetLowerThreshold(300);
    threshold->SetInsideValue(1);
    threshold->SetOutsideValue(0);
    erode->SetInput(threshold->GetOutput());
    radius.Fill(1);
    erode->SetKernel(Kernel::Ball(radius));
    erode->SetForegroundValue(1);
    closing->SetBackend(backend);
    threshold->SetBackend(backend);
    erode->SetBackend(backend);
  }
};

using DeviceChain = Chain<cumed::CudaImage<short, 3>, cumed::CudaImage<unsigned char, 3>>;
using PlainChain = Chain<itk::Image<short, 3>, itk::Image<unsigned char, 3>>;

template <class TImage> std::vector<unsigned char> Pixels(const TImage* image) {
  const auto* p = image->GetBufferPointer();
  return {p, p + image->GetBufferedRegion().GetNumberOfPixels()};
}

TEST(DevicePipelineOnHost, IsAnOrdinaryItkPipelineOnTheCpu) {
  const std::string file = WritePhantom();
  cumed::ResetTransferStats();
  DeviceChain resident(file, cumed::Backend::CPU);
  resident.erode->Update();
  PlainChain plain(file, cumed::Backend::CPU);
  plain.erode->Update();
  const auto stats = cumed::GetTransferStats();
  EXPECT_EQ(stats.hostToDeviceCopies + stats.deviceToHostCopies, 0u);
  EXPECT_EQ(resident.erode->GetLastBackend(), cumed::Implementation::CPU);
  EXPECT_TRUE(resident.erode->GetOutput()->IsHostCurrent());
  EXPECT_FALSE(resident.erode->GetOutput()->IsDeviceCurrent());
  const auto mask = Pixels(resident.erode->GetOutput());
  EXPECT_EQ(mask, Pixels(plain.erode->GetOutput()));
  EXPECT_GT(std::count(mask.begin(), mask.end(), 1), 1000);
  // ITK's pixel accessors work as on itk::Image.
  auto image = cumed::CudaImage<float, 2>::New();
  image->SetRegions(itk::Size<2>{{4, 3}});
  image->Allocate(true);
  image->SetPixel({{2, 1}}, 5.5f);
  EXPECT_EQ(image->GetPixel({{2, 1}}), 5.5f);
  EXPECT_EQ(image->GetBufferPointer()[1 * 4 + 2], 5.5f);
}

TEST(DevicePipelineCuda, OneUploadAndNoDownloadBeforeTheMesh) {
  CUMED_SKIP_WITHOUT_CUDA();
  const std::string file = WritePhantom();
  DeviceChain chain(file, cumed::Backend::Auto);
  cumed::ResetTransferStats();
  chain.erode->Update();
  const auto filters = cumed::GetTransferStats();
  EXPECT_EQ(filters.hostToDeviceCopies, 1u); // the reader's volume, once
  EXPECT_EQ(filters.hostToDeviceBytes, 72u * 64 * 48 * sizeof(short));
  EXPECT_EQ(filters.deviceToHostCopies, 0u);
  EXPECT_EQ(chain.closing->GetLastBackend(), cumed::Implementation::CUDA);
  EXPECT_EQ(chain.threshold->GetLastBackend(), cumed::Implementation::CUDA);
  EXPECT_EQ(chain.erode->GetLastBackend(), cumed::Implementation::CUDA);
  const auto* mask = chain.erode->GetOutput();
  EXPECT_TRUE(mask->IsDeviceCurrent());
  EXPECT_FALSE(mask->IsHostCurrent());

  // CuMed's isosurface reads the mask where it is.
  cumed::surface::IsosurfaceOptions contour;
  contour.values = {0.5};
  const auto surface = cumed::surface::ExtractIsosurface(mask->GetDeviceView(), contour);
  const auto withMesh = cumed::GetTransferStats();
  EXPECT_EQ(withMesh.hostToDeviceCopies, 1u);

  // A non-CuMed reader (here the buffer pointer, as iterators and writers use it) downloads the
  // mask once; the result equals the CPU pipeline's, and so does the surface.
  PlainChain cpu(file, cumed::Backend::CPU);
  cpu.erode->Update();
  EXPECT_EQ(Pixels(mask), Pixels(cpu.erode->GetOutput()));
  EXPECT_EQ(Pixels(mask), Pixels(mask));
  EXPECT_EQ(mask->GetNumberOfHostSyncs(), 1u);
  EXPECT_EQ(cumed::GetTransferStats().deviceToHostCopies, withMesh.deviceToHostCopies + 1);
  contour.backend = cumed::Backend::CPU;
  const auto reference =
      cumed::surface::ExtractIsosurface(cumed::HostView(*cpu.erode->GetOutput()), contour);
  EXPECT_GT(surface.mesh.numberOfTriangles(), 1000);
  EXPECT_EQ(surface.mesh.numberOfTriangles(), reference.mesh.numberOfTriangles());
  EXPECT_EQ(surface.mesh.numberOfPoints(), reference.mesh.numberOfPoints());
}

TEST(DevicePipelineCuda, RerunningAfterAHostEditUploadsTheEdit) {
  CUMED_SKIP_WITHOUT_CUDA();
  using Volume = cumed::CudaImage<short, 3>;
  auto input = Volume::New();
  input->SetRegions(Volume::SizeType{{16, 16, 16}});
  input->Allocate(true);
  auto dilate = cumed::GrayscaleDilateImageFilter<Volume, Volume, Kernel>::New();
  Kernel::RadiusType radius;
  radius.Fill(1);
  dilate->SetKernel(Kernel::Box(radius));
  dilate->SetInput(input);
  dilate->Update();
  EXPECT_EQ(dilate->GetOutput()->GetPixel({{8, 8, 8}}), 0);
  input->SetPixel({{8, 8, 9}}, 42); // non-const host access: the host copy is now the valid one
  input->Modified();
  cumed::ResetTransferStats();
  dilate->Update();
  EXPECT_EQ(cumed::GetTransferStats().hostToDeviceCopies, 1u);
  EXPECT_EQ(dilate->GetOutput()->GetPixel({{8, 8, 8}}), 42);
}

} // namespace

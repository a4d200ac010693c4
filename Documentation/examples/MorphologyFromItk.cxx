// From ITK to CuMed: the same ITK pipeline with CuMed's filters, its images on the GPU.
// Swapping itk:: for cumed:: in the filter names and itk::Image for cumed::CudaImage is the whole
// change; without a GPU the same program runs on the CPU. Exit 0 when CuMed equals ITK.
#include <cumed/core/Transfer.h>
#include <cumed/itk/CudaImage.h>
#include <cumed/morphology/BinaryErodeImageFilter.h>
#include <cumed/morphology/BinaryThresholdImageFilter.h>
#include <cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h>

#include <itkImageRegionIteratorWithIndex.h>

#include <algorithm>
#include <cmath>
#include <iostream>

using Kernel = itk::FlatStructuringElement<3>;

template <class TVolume, class TMask, template <class, class, class> class Closing,
          template <class, class> class Threshold, template <class, class, class> class Erode>
typename TMask::Pointer BoneMask(TVolume* ct) {
  Kernel::RadiusType radius;
  radius.Fill(2);
  auto closing = Closing<TVolume, TVolume, Kernel>::New();
  closing->SetInput(ct);
  closing->SetKernel(Kernel::Ball(radius));
  auto threshold = Threshold<TVolume, TMask>::New();
  threshold->SetInput(closing->GetOutput());
  threshold->SetLowerThreshold(300);
  threshold->SetInsideValue(1);
  threshold->SetOutsideValue(0);
  radius.Fill(1);
  auto erode = Erode<TMask, TMask, Kernel>::New();
  erode->SetInput(threshold->GetOutput());
  erode->SetKernel(Kernel::Ball(radius));
  erode->SetForegroundValue(1);
  erode->Update();
  return erode->GetOutput();
}

/// A synthetic CT: a bone-like ball (1000 HU) in soft tissue (40 HU).
template <class TImage> typename TImage::Pointer Phantom() {
  auto image = TImage::New();
  image->SetRegions(typename TImage::SizeType{{64, 64, 48}});
  image->Allocate();
  itk::ImageRegionIteratorWithIndex<TImage> it(image, image->GetLargestPossibleRegion());
  for (; !it.IsAtEnd(); ++it) {
    const auto i = it.GetIndex();
    it.Set(std::hypot(i[0] - 32.0, i[1] - 30.0, i[2] - 24.0) < 15.0 ? 1000 : 40);
  }
  return image;
}

int main() {
  using GpuVolume = cumed::CudaImage<short, 3>; // was: itk::Image<short, 3>
  using GpuMask = cumed::CudaImage<unsigned char, 3>;
  auto ct = Phantom<GpuVolume>();
  cumed::ResetTransferStats();
  auto mask =
      BoneMask<GpuVolume, GpuMask, cumed::GrayscaleMorphologicalClosingImageFilter,
               cumed::BinaryThresholdImageFilter, cumed::BinaryErodeImageFilter>(ct.GetPointer());
  const cumed::TransferStats chain = cumed::GetTransferStats();
  std::cout << "CuMed chain: " << chain.hostToDeviceCopies << " upload(s), "
            << chain.deviceToHostCopies << " download(s); mask on the "
            << (mask->IsDeviceCurrent() ? "GPU" : "host") << "\n";

  using Volume = itk::Image<short, 3>;
  using Mask = itk::Image<unsigned char, 3>;
  auto reference = BoneMask<Volume, Mask, itk::GrayscaleMorphologicalClosingImageFilter,
                            itk::BinaryThresholdImageFilter, itk::BinaryErodeImageFilter>(
      Phantom<Volume>().GetPointer());
  // Reading the CuMed mask's pixels brings them to the host once (counted).
  const auto n = reference->GetBufferedRegion().GetNumberOfPixels();
  const bool same = std::equal(reference->GetBufferPointer(), reference->GetBufferPointer() + n,
                               mask->GetBufferPointer());
  std::cout << "same voxels as ITK: " << (same ? "yes" : "NO") << "\n";
  return same ? 0 : 1;
}

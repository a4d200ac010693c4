// The closing stage: CuMed's drop-in ITK closing filter with ITK's flat ball, on the CPU or GPU.
#include "cumed/ctsurface/CtSurface.h"

#include "cumed/core/Error.h"
#include "cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h"
#include "cumed/morphology/StructuringElement.h"

#include <itkFlatStructuringElement.h>

namespace cumed::ctsurface {

std::array<int, 3> ClosingRadiusVoxels(const HounsfieldImage* image, double radiusMm) {
  using cumed::morphology::StructuringElement;
  const auto& spacing = image->GetSpacing();
  // The library converts in double and refuses what would not fit before any cast.
  const std::array<int, 3> radius =
      StructuringElement::RadiusFromMillimetres(radiusMm, {spacing[0], spacing[1], spacing[2]});
  StructuringElement::CheckRadius(radius);
  return radius;
}

bool IsZeroRadius(const std::array<int, 3>& radius) {
  return radius[0] == 0 && radius[1] == 0 && radius[2] == 0;
}

ClosingResult CloseWithBall(HounsfieldImage* image, const std::array<int, 3>& radius,
                            cumed::Backend backend, const std::function<void(double)>& progress) {
  using Kernel = itk::FlatStructuringElement<3>;
  using Closing = cumed::GrayscaleMorphologicalClosingImageFilter<ClosedImage, ClosedImage, Kernel>;
  auto closing = Closing::New();
  // ITK's own closing (the filter's superclass) needs one image type in and out.
  closing->SetInput(WithoutClosing(image));
  Kernel::RadiusType kernelRadius;
  for (unsigned i = 0; i < 3; ++i) kernelRadius[i] = static_cast<itk::SizeValueType>(radius[i]);
  closing->SetKernel(Kernel::Ball(kernelRadius));
  closing->SafeBorderOn();
  closing->SetBackend(backend);

  if (progress) {
    const Closing* filter = closing;
    closing->AddObserver(itk::ProgressEvent(), [filter, &progress](const itk::EventObject&) {
      progress(filter->GetProgress());
    });
  }
  closing->Update();

  ClosedImage::Pointer closed = closing->GetOutput();
  closed->DisconnectPipeline();
  return {closed, closing->GetLastBackend()};
}

ClosedImage::Pointer WithoutClosing(HounsfieldImage* image) {
  auto shared = ClosedImage::New();
  shared->Graft(image);
  return shared;
}

double VoxelVolumeMm3(const HounsfieldImage* image) {
  const auto& spacing = image->GetSpacing();
  return spacing[0] * spacing[1] * spacing[2];
}

} // namespace cumed::ctsurface

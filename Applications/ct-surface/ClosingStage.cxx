#include "ClosingStage.h"

#include <itkFlatStructuringElement.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>

#include <cmath>

namespace cumed::ctsurface {

itk::Size<3> BallRadiusInVoxels(const HounsfieldImage::SpacingType& spacing, double radiusMm) {
  itk::Size<3> radius;
  for (unsigned i = 0; i < 3; ++i) {
    radius[i] = static_cast<itk::SizeValueType>(std::lround(radiusMm / spacing[i]));
  }
  return radius;
}

bool IsZeroRadius(const itk::Size<3>& radius) {
  return radius[0] == 0 && radius[1] == 0 && radius[2] == 0;
}

HounsfieldImage::Pointer CloseWithBall(const HounsfieldImage* image, const itk::Size<3>& radius,
                                       const std::function<void(double)>& progress) {
  using Kernel = itk::FlatStructuringElement<3>;
  using Closing =
      itk::GrayscaleMorphologicalClosingImageFilter<HounsfieldImage, HounsfieldImage, Kernel>;
  auto closing = Closing::New();
  closing->SetInput(image);
  closing->SetKernel(Kernel::Ball(radius));
  closing->SafeBorderOn();

  if (progress) {
    const Closing* filter = closing;
    closing->AddObserver(itk::ProgressEvent(), [filter, &progress](const itk::EventObject&) {
      progress(filter->GetProgress());
    });
  }
  closing->Update();

  HounsfieldImage::Pointer closed = closing->GetOutput();
  closed->DisconnectPipeline();
  return closed;
}

} // namespace cumed::ctsurface

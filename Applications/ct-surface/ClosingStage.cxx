#include "ClosingStage.h"

#include "Arguments.h"

#include "cumed/app/ElementLimits.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h"
#include "cumed/morphology/StructuringElement.h"

#include <itkFlatStructuringElement.h>

#include <cstdio>

namespace cumed::ctsurface {

namespace {

std::array<std::size_t, 3> SizeOf(const HounsfieldImage* image) {
  const auto size = image->GetLargestPossibleRegion().GetSize();
  return {size[0], size[1], size[2]};
}

} // namespace

std::array<int, 3> BallRadiusInVoxels(const HounsfieldImage* image, double radiusMm,
                                      bool allowLarge) {
  using cumed::morphology::StructuringElement;
  char request[64];
  std::snprintf(request, sizeof request, "--radius-mm %g", radiusMm);
  const auto& spacing = image->GetSpacing();
  std::array<int, 3> radius{};
  try {
    // The library converts in double and refuses what would not fit before any cast.
    radius =
        StructuringElement::RadiusFromMillimetres(radiusMm, {spacing[0], spacing[1], spacing[2]});
    StructuringElement::CheckRadius(radius);
  } catch (const cumed::InvalidArgument& e) {
    throw app::UsageError(std::string(request) + ": " + e.what());
  }
  app::CheckElementAgainstVolume(request, radius, SizeOf(image), allowLarge);
  return radius;
}

bool IsZeroRadius(const std::array<int, 3>& radius) {
  return radius[0] == 0 && radius[1] == 0 && radius[2] == 0;
}

ClosingResult CloseWithBall(HounsfieldImage* image, const std::array<int, 3>& radius,
                            cumed::Backend backend, const std::function<void(double)>& progress) {
  app::NoteElementWork(kProgramName, "closing", radius,
                       cumed::morphology::StructuringElement::Ball(radius).chords().size(),
                       SizeOf(image), 2, backend == cumed::Backend::CPU);
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

} // namespace cumed::ctsurface

#include "cumed/seg/DicomSeg.h"

namespace cumed::seg {

LabelImage::Pointer ThresholdLabels(const io::HounsfieldImage& image, double lower, double upper) {
  auto labels = LabelImage::New();
  labels->SetRegions(image.GetLargestPossibleRegion());
  labels->SetSpacing(image.GetSpacing());
  labels->SetOrigin(image.GetOrigin());
  labels->SetDirection(image.GetDirection());
  labels->Allocate();
  const std::int16_t* values = image.GetBufferPointer(); // virtual: a CudaImage downloads
  const auto count = image.GetLargestPossibleRegion().GetNumberOfPixels();
  for (std::size_t i = 0; i < count; ++i)
    labels->GetBufferPointer()[i] = lower <= values[i] && values[i] <= upper ? 1 : 0;
  return labels;
}

} // namespace cumed::seg

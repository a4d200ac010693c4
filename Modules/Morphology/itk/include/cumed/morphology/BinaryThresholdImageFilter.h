#pragma once
// Drop-in for itk::BinaryThresholdImageFilter (inside when lower <= v <= upper): derives from it,
// so it takes the same template arguments, setters and defaults, and gives the same output,
// computed by CuMed on the CPU or the GPU (see ImageFilterAccelerator.h). With CudaImage input and
// output it makes a mask on the device for the binary filters that follow.
#include "cumed/itk/ImageFilterAccelerator.h"
#include "cumed/morphology/BinaryThreshold.h"

#include <itkBinaryThresholdImageFilter.h>

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage>
class BinaryThresholdImageFilter
    : public ImageFilterAccelerator<itk::BinaryThresholdImageFilter<TInputImage, TOutputImage>> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(BinaryThresholdImageFilter);
  using Self = BinaryThresholdImageFilter;
  using Superclass =
      ImageFilterAccelerator<itk::BinaryThresholdImageFilter<TInputImage, TOutputImage>>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(BinaryThresholdImageFilter, Superclass);

protected:
  BinaryThresholdImageFilter() = default;
  ~BinaryThresholdImageFilter() override = default;

  void RunCuMed() override {
    if constexpr (Superclass::CuMedSupported) {
      morphology::BinaryThresholdOptions options;
      options.lower = static_cast<double>(this->GetLowerThreshold());
      options.upper = static_cast<double>(this->GetUpperThreshold());
      options.inside = static_cast<double>(this->GetInsideValue());
      options.outside = static_cast<double>(this->GetOutsideValue());
      if (options.lower > options.upper) // ITK's own check, which its GenerateData would make
        itkExceptionMacro(<< "Lower threshold cannot be greater than upper threshold.");
      this->Run(options, [](auto in, auto out, const morphology::BinaryThresholdOptions& o) {
        return morphology::BinaryThreshold(in, out, o);
      });
    }
  }
};

} // namespace cumed

#pragma once
// Runs one of CuMed's drop-in ITK filters (cumed::Grayscale*ImageFilter) as a user would: ITK's
// own kernel object, a chosen backend, on itk::Image or cumed::CudaImage. The line-sweep notice is
// silenced here (FlatBoxRegressionTest checks it).
#include "ItkReference.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"

#include <itkFlatStructuringElement.h>

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace cumed::morphology::test {

/// configure(filter*) sets the filter's own parameters (boundary, SafeBorder) before Update().
template <template <class, class, class> class Filter, class TImage, class Configure>
std::vector<typename TImage::PixelType>
RunDropIn(const std::vector<typename TImage::PixelType>& input,
          const std::array<std::size_t, 3>& size, const itk::FlatStructuringElement<3>& kernel,
          Backend backend, Configure configure) {
  auto filter = Filter<TImage, TImage, itk::FlatStructuringElement<3>>::New();
  filter->SetInput(WrapAsItk<TImage>(input, size));
  filter->SetKernel(kernel);
  filter->SetBackend(backend);
  filter->GlobalWarningDisplayOff();
  configure(filter.GetPointer());
  filter->Update();
  itk::Object::GlobalWarningDisplayOn();
  EXPECT_EQ(filter->GetLastBackend(), ImplementationOf(backend));
  const auto* begin = filter->GetOutput()->GetBufferPointer();
  return {begin, begin + input.size()};
}

} // namespace cumed::morphology::test

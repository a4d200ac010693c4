#include "GrayscaleCuda.h"

#include "../src/CompositeOperations.h"
#include "CudaEngine.h"
#include "DeviceRunner.h"

#include <cstdint>

namespace cumed::morphology::cuda {
namespace {

/// Scratch volumes (besides input and output) an operation allocates, at padded size.
double ScratchVolumes(GrayscaleOperation operation) {
  switch (operation) {
  case GrayscaleOperation::Dilate:
  case GrayscaleOperation::Erode:
    return 0;
  case GrayscaleOperation::Open:
  case GrayscaleOperation::Close:
    return 2;
  default:
    return 3;
  }
}

} // namespace

template <class T>
int RunGrayscale(const ImageView<const T>& input, const ImageView<T>& output,
                 const StructuringElement& element, GrayscaleOperation operation,
                 const GrayscaleOptions& options) {
  const int halo = detail::FilterPasses(operation) * element.reach()[2];
  const std::size_t perSlice =
      BytesPerSlice(input.geometry.size, sizeof(T), element.reach(), ScratchVolumes(operation));
  return RunOnDevice(input, output, halo, perSlice, options,
                     [&](const T* in, T* out, const detail::Size3& size, const Stream& stream) {
                       CudaEngine<T> engine(stream);
                       detail::RunOperation(engine, in, out, size, element, operation, options);
                     });
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template int RunGrayscale<T>(const ImageView<const T>&, const ImageView<T>&,                     \
                               const StructuringElement&, GrayscaleOperation,                      \
                               const GrayscaleOptions&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

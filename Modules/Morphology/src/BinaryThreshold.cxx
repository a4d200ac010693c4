// Backend selection for binary thresholding; the CPU loop is here, the kernel in cuda/.
#include "cumed/morphology/BinaryThreshold.h"

#include "ImageArguments.h"
#include "cumed/core/Config.h"
#if CUMED_WITH_CUDA
#include "cuda/ThresholdCuda.h"
#endif

#include <algorithm>
#include <cstdint>

namespace cumed::morphology {

namespace {
/// A threshold in the input type, clamped to its range (as ITK's setters take input pixels).
template <class T> T ToPixel(double value) {
  return static_cast<T>(std::clamp(value, double(std::numeric_limits<T>::lowest()),
                                   double(std::numeric_limits<T>::max())));
}
} // namespace

template <class TIn, class TOut>
Backend BinaryThreshold(ImageView<const TIn> input, ImageView<TOut> output,
                        const BinaryThresholdOptions& options) {
  detail::CheckViews(input, output);
  ExecutionScope scope(options);
  const Backend backend = ResolveBackend(options.backend);
  const TIn lower = ToPixel<TIn>(options.lower), upper = ToPixel<TIn>(options.upper);
  const TOut inside = ToPixel<TOut>(options.inside), outside = ToPixel<TOut>(options.outside);
  if (backend == Backend::CPU) {
    detail::RequireHostForCpu(input.location);
    const TIn* in = input.data;
    TOut* out = output.data;
    const long n = static_cast<long>(input.geometry.numberOfPixels());
#pragma omp parallel for
    for (long i = 0; i < n; ++i) out[i] = lower <= in[i] && in[i] <= upper ? inside : outside;
  }
#if CUMED_WITH_CUDA
  else {
    cuda::RunBinaryThreshold(input, output, lower, upper, inside, outside, options.stream);
  }
#endif
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0);
  return backend;
}

#define CUMED_INSTANTIATE_OUT(TIn, TOut)                                                           \
  template Backend BinaryThreshold<TIn, TOut>(ImageView<const TIn>, ImageView<TOut>,               \
                                              const BinaryThresholdOptions&);
#define CUMED_INSTANTIATE(TIn)                                                                     \
  CUMED_INSTANTIATE_OUT(TIn, std::uint8_t)                                                         \
  CUMED_INSTANTIATE_OUT(TIn, std::int16_t)                                                         \
  CUMED_INSTANTIATE_OUT(TIn, std::uint16_t)                                                        \
  CUMED_INSTANTIATE_OUT(TIn, float)
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE
#undef CUMED_INSTANTIATE_OUT

} // namespace cumed::morphology

// Backend selection for binary thresholding; the CPU loop is here, the kernel in cuda/.
#include "cumed/morphology/BinaryThreshold.h"

#include "ImageArguments.h"
#include "cumed/core/Config.h"
#if CUMED_WITH_CUDA
#include "cuda/ThresholdCuda.h"
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace cumed::morphology {

namespace {
/// A value in T, clamped to T's range.
template <class T> T ToPixel(double value) {
  return static_cast<T>(std::clamp(value, double(std::numeric_limits<T>::lowest()),
                                   double(std::numeric_limits<T>::max())));
}

/// The range [lower, upper] of real numbers as bounds in T: integer types round inwards (v >=
/// 300.5 means v >= 301), so comparing in T keeps the real-number meaning.
template <class T> std::pair<T, T> RangeIn(double lower, double upper) {
  if constexpr (std::is_integral_v<T>)
    return {ToPixel<T>(std::ceil(lower)), ToPixel<T>(std::floor(upper))};
  return {ToPixel<T>(lower), ToPixel<T>(upper)};
}
} // namespace

template <class TIn, class TOut>
Backend BinaryThreshold(ImageView<const TIn> input, ImageView<TOut> output,
                        const BinaryThresholdOptions& options) {
  detail::CheckViews(input, output);
  ExecutionScope scope(options, input.geometry.numberOfPixels());
  const Backend backend = ResolveBackend(options.backend);
  const std::pair<TIn, TIn> range = RangeIn<TIn>(options.lower, options.upper);
  const TIn lower = range.first, upper = range.second; // plain variables for the OpenMP loop
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

template <class T>
std::uint64_t CountInRange(ImageView<const T> image, double lower, double upper,
                           const ExecutionOptions& options) {
  if (!image.data) throw InvalidArgument("count: null image data");
  ExecutionScope scope(options);
  const std::pair<T, T> range = RangeIn<T>(lower, upper);
  const T low = range.first, high = range.second; // plain variables for the OpenMP loop
  const std::size_t n = image.geometry.numberOfPixels() * std::size_t(image.components);
  std::uint64_t count = 0;
  if (image.location == MemoryLocation::Host) {
    const T* v = image.data;
#pragma omp parallel for reduction(+ : count)
    for (long i = 0; i < static_cast<long>(n); ++i) count += low <= v[i] && v[i] <= high;
    scope.finish(Backend::CPU);
    return count;
  }
#if CUMED_WITH_CUDA
  count = cuda::CountInRange(image.data, n, low, high, options.stream);
#else
  ResolveBackend(Backend::CUDA); // throws: device memory without a CUDA backend
#endif
  scope.finish(Backend::CUDA, 1);
  return count;
}

#define CUMED_INSTANTIATE_COUNT(T)                                                                 \
  template std::uint64_t CountInRange(ImageView<const T>, double, double, const ExecutionOptions&);
#define CUMED_INSTANTIATE_THRESHOLD(TIn, TOut)                                                     \
  template Backend BinaryThreshold<TIn, TOut>(ImageView<const TIn>, ImageView<TOut>,               \
                                              const BinaryThresholdOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE_COUNT)
CUMED_FOR_EACH_PIXEL_TYPE_PAIR(CUMED_INSTANTIATE_THRESHOLD)
#undef CUMED_INSTANTIATE_COUNT
#undef CUMED_INSTANTIATE_THRESHOLD

} // namespace cumed::morphology

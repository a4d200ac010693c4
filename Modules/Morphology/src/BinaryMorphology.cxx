// Backend selection for binary morphology; the work is done by a pair of engines.
#include "cumed/morphology/BinaryMorphology.h"

#include "BinaryOperations.h"
#include "ImageArguments.h"
#include "cpu/CpuEngine.h"
#include "cumed/core/Config.h"
#include "cumed/core/PixelType.h"
#include "cumed/morphology/PixelRange.h"
#if CUMED_WITH_CUDA
#include "cuda/BinaryCuda.h"
#endif

#include <cstdint>

namespace cumed::morphology {

const char* ToString(BinaryOperation operation) noexcept {
  switch (operation) {
  case BinaryOperation::Dilate:
    return "binary-dilate";
  case BinaryOperation::Erode:
    return "binary-erode";
  case BinaryOperation::Open:
    return "binary-open";
  case BinaryOperation::Close:
    return "binary-close";
  }
  return "unknown";
}

template <class T>
Backend Binary(ImageView<const T> input, ImageView<T> output, const StructuringElement& element,
               BinaryOperation operation, const BinaryOptions& options) {
  detail::CheckImageArguments(input, output);
  // A foreground that no pixel can hold (nan, 1e10 for int16) would match nothing and wipe the
  // image: refused here, so programs and Python get the same rule.
  CheckValueFitsPixelType("foreground", options.foreground, PixelTypeOf<T>());
  if (options.background)
    CheckValueFitsPixelType("background", *options.background, PixelTypeOf<T>());
  detail::CheckElementFitsImage(element, input.geometry.size);
  ExecutionScope scope(options, input.geometry.numberOfPixels());
  const Backend backend = ResolveBackend(options.backend);
  int slabs = 1;
  if (backend == Backend::CPU) {
    detail::RequireHostForCpu(input.location);
    cpu::CpuEngine<T> values;
    cpu::CpuEngine<std::uint8_t> masks; // the filter passes run on the 0/1 masks
    detail::AttachControl(masks, options, detail::FilterPasses(operation));
    detail::RunBinaryOperation<T>({values, masks}, input.data, output.data, input.geometry.size,
                                  element, operation, options);
  }
#if CUMED_WITH_CUDA
  else {
    slabs = cuda::RunBinary(input, output, element, operation, options);
  }
#endif
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0, slabs);
  return backend;
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template Backend Binary<T>(ImageView<const T>, ImageView<T>, const StructuringElement&,          \
                             BinaryOperation, const BinaryOptions&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology

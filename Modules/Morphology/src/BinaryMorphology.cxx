// Backend selection for binary morphology; the work is done by a pair of engines.
#include "cumed/morphology/BinaryMorphology.h"

#include "BinaryOperations.h"
#include "ImageArguments.h"
#include "cpu/CpuEngine.h"
#include "cumed/core/Config.h"
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
  const Backend backend = ResolveBackend(options.backend);
  if (backend == Backend::CPU) {
    detail::RequireHostForCpu(input.location);
    cpu::CpuEngine<T> values;
    cpu::CpuEngine<std::uint8_t> masks;
    detail::RunBinaryOperation<T>({values, masks}, input.data, output.data, input.geometry.size,
                                  element, operation, options);
    return Backend::CPU;
  }
#if CUMED_WITH_CUDA
  cuda::RunBinary(input, output, element, operation, options);
#endif
  return Backend::CUDA;
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

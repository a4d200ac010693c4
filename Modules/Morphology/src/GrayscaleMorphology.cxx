// Backend selection and argument checks for grayscale morphology; the work is done by an engine.
#include "cumed/morphology/GrayscaleMorphology.h"

#include "CompositeOperations.h"
#include "ImageArguments.h"
#include "cpu/CpuEngine.h"
#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#include "cumed/core/PixelType.h"
#include "cumed/morphology/PixelRange.h"
#if CUMED_WITH_CUDA
#include "cuda/GrayscaleCuda.h"
#endif

#include <cstdint>
#include <string>

namespace cumed::morphology {

const char* ToString(GrayscaleOperation operation) noexcept {
  switch (operation) {
  case GrayscaleOperation::Dilate:
    return "dilate";
  case GrayscaleOperation::Erode:
    return "erode";
  case GrayscaleOperation::Open:
    return "open";
  case GrayscaleOperation::Close:
    return "close";
  case GrayscaleOperation::WhiteTopHat:
    return "white-top-hat";
  case GrayscaleOperation::BlackTopHat:
    return "black-top-hat";
  case GrayscaleOperation::Gradient:
    return "gradient";
  }
  return "unknown";
}

namespace {

template <class T>
void RunCpu(const ImageView<const T>& input, const ImageView<T>& output,
            const StructuringElement& element, GrayscaleOperation operation,
            const GrayscaleOptions& options) {
  detail::RequireHostForCpu(input.location);
  cpu::CpuEngine<T> engine;
  detail::AttachControl(engine, options, detail::FilterPasses(operation));
  detail::RunOperation(engine, input.data, output.data, input.geometry.size, element, operation,
                       options);
}

} // namespace

template <class T>
Backend Grayscale(ImageView<const T> input, ImageView<T> output, const StructuringElement& element,
                  GrayscaleOperation operation, const GrayscaleOptions& options) {
  detail::CheckImageArguments(input, output);
  if (options.boundary) CheckValueFitsPixelType("boundary", *options.boundary, PixelTypeOf<T>());
  detail::CheckElementFitsImage(element, input.geometry.size);
  ExecutionScope scope(options, input.geometry.numberOfPixels());
  const Backend backend = ResolveBackend(options.backend);
  int slabs = 1;
  if (backend == Backend::CPU) RunCpu(input, output, element, operation, options);
#if CUMED_WITH_CUDA
  else
    slabs = cuda::RunGrayscale(input, output, element, operation, options);
#endif
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0, slabs);
  return backend;
}

namespace {
template <class T>
Image Typed(const Image& input, const StructuringElement& element, GrayscaleOperation operation,
            const GrayscaleOptions& options, Backend* ran) {
  Image output = Image::Allocate(input.pixelType(), input.geometry(), input.location());
  const Backend backend =
      Grayscale<T>(input.view<T>(), output.view<T>(), element, operation, options);
  if (ran) *ran = backend;
  return output;
}
} // namespace

Image Grayscale(const Image& input, const StructuringElement& element, GrayscaleOperation operation,
                const GrayscaleOptions& options, Backend* backendThatRan) {
  switch (input.pixelType()) {
  case PixelType::UInt8:
    return Typed<std::uint8_t>(input, element, operation, options, backendThatRan);
  case PixelType::Int16:
    return Typed<std::int16_t>(input, element, operation, options, backendThatRan);
  case PixelType::UInt16:
    return Typed<std::uint16_t>(input, element, operation, options, backendThatRan);
  case PixelType::Float32:
    return Typed<float>(input, element, operation, options, backendThatRan);
  }
  throw InvalidArgument("morphology: unsupported pixel type");
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template Backend Grayscale<T>(ImageView<const T>, ImageView<T>, const StructuringElement&,       \
                                GrayscaleOperation, const GrayscaleOptions&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology

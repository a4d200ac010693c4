#include "ApplyOperation.h"

#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <cstdint>

namespace cumed::morphologyapp {

template <class T>
cumed::Backend ApplyOperation(cumed::ImageView<const T> input, cumed::ImageView<T> output,
                              const cumed::morphology::StructuringElement& element,
                              const Arguments& arguments, cumed::Backend backend,
                              const cumed::ProgressCallback& progress) {
  const Operation& operation = *arguments.operation;
  if (operation.binary) {
    cumed::morphology::BinaryOptions options;
    options.backend = backend;
    options.threads = arguments.tool.threads;
    options.foreground = *arguments.foreground;
    options.background = arguments.background;
    options.safeBorder = arguments.safeBorder;
    options.progress = progress; // long binary runs show progress too
    return cumed::morphology::Binary<T>(input, output, element, operation.binaryOperation, options);
  }
  cumed::morphology::GrayscaleOptions options;
  options.backend = backend;
  options.threads = arguments.tool.threads;
  options.boundary = arguments.boundary;
  options.safeBorder = arguments.safeBorder;
  options.progress = progress;
  return cumed::morphology::Grayscale<T>(input, output, element, operation.grayscale, options);
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template cumed::Backend ApplyOperation<T>(cumed::ImageView<const T>, cumed::ImageView<T>,        \
                                            const cumed::morphology::StructuringElement&,          \
                                            const Arguments&, cumed::Backend,                      \
                                            const cumed::ProgressCallback&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphologyapp

#include "cumed/morphology/Operation.h"

#include "cumed/core/Error.h"
#include "cumed/core/PixelType.h"

#include <cstdint>
#include <string>

namespace cumed::morphology {

template <class T>
Backend ApplyOperation(const Operation& operation, ImageView<const T> input, ImageView<T> output,
                       const StructuringElement& element, const OperationOptions& options) {
  if (operation.binary) {
    if (!options.foreground) {
      throw InvalidArgument(std::string(operation.name) +
                            " needs a foreground value (the object's voxels)");
    }
    BinaryOptions binary;
    static_cast<ExecutionOptions&>(binary) = options;
    binary.foreground = *options.foreground;
    binary.background = options.background;
    binary.safeBorder = options.safeBorder;
    return Binary<T>(input, output, element, operation.binaryOperation, binary);
  }
  GrayscaleOptions grayscale;
  static_cast<ExecutionOptions&>(grayscale) = options;
  grayscale.boundary = options.boundary;
  grayscale.safeBorder = options.safeBorder;
  return Grayscale<T>(input, output, element, operation.grayscale, grayscale);
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template Backend ApplyOperation<T>(const Operation&, ImageView<const T>, ImageView<T>,           \
                                     const StructuringElement&, const OperationOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology

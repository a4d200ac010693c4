#include "cumed/morphology/Operation.h"

#include "cumed/core/Error.h"
#include "cumed/core/PixelType.h"

#include <cstdint>
#include <string>

namespace cumed::morphology {

GrayscaleOptions GrayscaleOptionsOf(const OperationOptions& options) {
  GrayscaleOptions grayscale;
  static_cast<ExecutionOptions&>(grayscale) = options;
  grayscale.boundary = options.boundary;
  grayscale.safeBorder = options.safeBorder;
  return grayscale;
}

BinaryOptions BinaryOptionsOf(const Operation& operation, const OperationOptions& options) {
  if (!options.foreground) {
    throw InvalidArgument(std::string(operation.name) +
                          " needs a foreground value (the object's voxels)");
  }
  BinaryOptions binary;
  static_cast<ExecutionOptions&>(binary) = options;
  binary.foreground = *options.foreground;
  binary.background = options.background;
  binary.safeBorder = options.safeBorder;
  return binary;
}

template <class T>
Backend ApplyOperation(const Operation& operation, ImageView<const T> input, ImageView<T> output,
                       const StructuringElement& element, const OperationOptions& options) {
  if (operation.binary) {
    return Binary<T>(input, output, element, operation.binaryOperation,
                     BinaryOptionsOf(operation, options));
  }
  return Grayscale<T>(input, output, element, operation.grayscale, GrayscaleOptionsOf(options));
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template Backend ApplyOperation<T>(const Operation&, ImageView<const T>, ImageView<T>,           \
                                     const StructuringElement&, const OperationOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology

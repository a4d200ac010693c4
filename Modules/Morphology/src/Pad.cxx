// Backend choice for constant padding: the memory the images are in decides.
#include "cumed/morphology/Pad.h"
#include "cumed/core/PixelType.h"

#include "ImageArguments.h"
#include "cpu/CpuEngine.h"
#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#if CUMED_WITH_CUDA
#include "cuda/PadCuda.h"
#endif

#include <cstdint>
#include <string>

namespace cumed::morphology {

ImageGeometry PaddedGeometry(const ImageGeometry& geometry, const std::array<int, 3>& pad) {
  ImageGeometry padded = geometry;
  for (int i = 0; i < 3; ++i) {
    if (pad[i] < 0) throw InvalidArgument("pad " + std::to_string(pad[i]) + " is negative");
    padded.size[i] += 2 * std::size_t(pad[i]);
    for (int j = 0; j < 3; ++j)
      padded.origin[i] -= geometry.direction[3 * i + j] * geometry.spacing[j] * pad[j];
  }
  return padded;
}

template <class T>
Backend PadConstant(ImageView<const T> input, ImageView<T> output, const std::array<int, 3>& pad,
                    double value, const ExecutionOptions& options) {
  if (!input.data || !output.data) throw InvalidArgument("pad: null image data");
  if (input.location != output.location)
    throw InvalidArgument("pad: input and output must be in the same memory");
  const ImageGeometry expected = PaddedGeometry(input.geometry, pad);
  if (output.geometry.size != expected.size)
    throw InvalidArgument("pad: output size " + detail::SizeText(output.geometry.size) +
                          " is not the padded size " + detail::SizeText(expected.size));
  ExecutionScope scope(options);
  const T fill = static_cast<T>(value);
  if (input.location == MemoryLocation::Host) {
    cpu::CpuEngine<T> engine;
    engine.pad(input.data, input.geometry.size, output.data, pad, fill);
    scope.finish(Backend::CPU);
    return Backend::CPU;
  }
#if CUMED_WITH_CUDA
  cuda::RunPad(input.data, input.geometry.size, output.data, pad, fill, options.stream);
#else
  ResolveBackend(Backend::CUDA); // throws: device memory without a CUDA backend
#endif
  scope.finish(Backend::CUDA, 1);
  return Backend::CUDA;
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template Backend PadConstant<T>(ImageView<const T>, ImageView<T>, const std::array<int, 3>&,     \
                                  double, const ExecutionOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology

#include "BinaryCuda.h"

#include "../src/BinaryOperations.h"
#include "CudaEngine.h"
#include "DeviceRunner.h"

#include <cstdint>

namespace cumed::morphology::cuda {

template <class T>
int RunBinary(const ImageView<const T>& input, const ImageView<T>& output,
              const StructuringElement& element, BinaryOperation operation,
              const BinaryOptions& options) {
  const int halo = detail::FilterPasses(operation) * element.reach()[2];
  // Up to four value volumes and four masks live at once (closing with SafeBorder).
  const double scratch = 4.0 + 4.0 / sizeof(T);
  const std::size_t perSlice =
      BytesPerSlice(input.geometry.size, sizeof(T), element.reach(), scratch);
  return RunOnDevice(
      input, output, halo, perSlice, options,
      [&](const T* in, T* out, const detail::Size3& size, const Stream& stream) {
        CudaEngine<T> values(stream);
        CudaEngine<std::uint8_t> masks(stream);
        detail::RunBinaryOperation<T>({values, masks}, in, out, size, element, operation, options);
      });
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template int RunBinary<T>(const ImageView<const T>&, const ImageView<T>&,                        \
                            const StructuringElement&, BinaryOperation, const BinaryOptions&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

#include "PadCuda.h"
#include "cumed/core/PixelType.h"

#include "CudaEngine.h"

#include <cstdint>
#include <optional>

namespace cumed::morphology::cuda {

template <class T>
void RunPad(const T* in, const std::array<std::size_t, 3>& size, T* out,
            const std::array<int, 3>& pad, T value, const Stream* userStream) {
  std::optional<Stream> own;
  if (!userStream) own.emplace();
  const Stream& stream = userStream ? *userStream : *own;
  CudaEngine<T>(stream).pad(in, size, out, pad, value);
  if (own) own->synchronize();
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template void RunPad<T>(const T*, const std::array<std::size_t, 3>&, T*,                         \
                          const std::array<int, 3>&, T, const Stream*);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda

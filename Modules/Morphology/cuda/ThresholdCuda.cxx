#include "ThresholdCuda.h"

#include "ElementwiseKernels.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Transfer.h"

#include <cstdint>
#include <optional>

namespace cumed::morphology::cuda {

template <class TIn, class TOut>
void RunBinaryThreshold(const ImageView<const TIn>& input, const ImageView<TOut>& output, TIn lower,
                        TIn upper, TOut inside, TOut outside, const Stream* userStream) {
  const std::size_t n = input.geometry.numberOfPixels();
  if (input.location == MemoryLocation::Device && userStream) {
    LaunchBinaryThreshold(input.data, lower, upper, inside, outside, output.data, n,
                          userStream->native());
    return;
  }
  Stream stream;
  if (input.location == MemoryLocation::Device) {
    LaunchBinaryThreshold(input.data, lower, upper, inside, outside, output.data, n,
                          stream.native());
    stream.synchronize();
    return;
  }
  DeviceBuffer in(n * sizeof(TIn), stream), out(n * sizeof(TOut), stream);
  CopyHostToDevice(in.data(), input.data, n * sizeof(TIn), &stream);
  LaunchBinaryThreshold(in.as<const TIn>(), lower, upper, inside, outside, out.as<TOut>(), n,
                        stream.native());
  CopyDeviceToHost(output.data, out.data(), n * sizeof(TOut), &stream);
  stream.synchronize();
}

template <class T>
std::uint64_t CountInRange(const T* values, std::size_t n, T low, T high,
                           const Stream* userStream) {
  std::optional<Stream> own;
  if (!userStream) own.emplace();
  const Stream& stream = userStream ? *userStream : *own;
  DeviceBuffer total(sizeof(unsigned long long), stream);
  total.fillZero(&stream);
  LaunchCountInRange(values, n, low, high, total.as<unsigned long long>(), stream.native());
  unsigned long long count = 0; // 8 bytes back: the answer, not the volume
  CopyDeviceToHost(&count, total.data(), sizeof count, &stream);
  stream.synchronize();
  return count;
}

#define CUMED_INSTANTIATE_COUNT(T)                                                                 \
  template std::uint64_t CountInRange(const T*, std::size_t, T, T, const Stream*);
#define CUMED_INSTANTIATE_THRESHOLD(TIn, TOut)                                                     \
  template void RunBinaryThreshold<TIn, TOut>(const ImageView<const TIn>&, const ImageView<TOut>&, \
                                              TIn, TIn, TOut, TOut, const Stream*);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE_COUNT)
CUMED_FOR_EACH_PIXEL_TYPE_PAIR(CUMED_INSTANTIATE_THRESHOLD)
#undef CUMED_INSTANTIATE_COUNT
#undef CUMED_INSTANTIATE_THRESHOLD

} // namespace cumed::morphology::cuda

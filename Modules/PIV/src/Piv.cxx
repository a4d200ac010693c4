#include "cumed/piv/Piv.h"

#include "cpu/PivCpu.h"
#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#include "src/PassGrid.h"
#include "src/PivArguments.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#if CUMED_WITH_CUDA
#include "cuda/EnsembleCuda.h"
#include "cuda/PivCuda.h"
#endif

namespace cumed::piv {

namespace {

/// A host frame as float: the caller's memory for float input, else a converted copy.
template <class T> const float* AsFloat(const ImageView<const T>& frame, std::vector<float>& copy) {
  if constexpr (std::is_same_v<T, float>) {
    return frame.data;
  } else {
    copy.assign(frame.data, frame.data + frame.geometry.numberOfPixels());
    return copy.data();
  }
}

/// The work of a call for ExecutionScope's serial threshold: correlation-buffer elements over
/// all passes (each costs an FFT's share and a peak search), not pixels.
std::size_t CorrelationWork(int width, int height, const PivOptions& options) {
  std::size_t work = 0;
  for (std::size_t p = 0; p < options.windowSizes.size(); ++p) {
    const detail::PassGrid g = detail::PlanPass(width, height, options, p);
    work += std::size_t(g.count()) * std::size_t(g.fftSize) * std::size_t(g.fftSize);
  }
  return work;
}

} // namespace

template <class T>
PivField ComputePiv(const ImageView<const T>& first, const ImageView<const T>& second,
                    const PivOptions& options) {
  if (!first.data || !second.data)
    throw InvalidArgument(std::string("PIV: the ") + (first.data ? "second" : "first") +
                          " frame has no pixels (null data)");
  detail::CheckRequest({first.geometry, first.location, first.components},
                       {second.geometry, second.location, second.components}, options);
  const int width = int(first.geometry.size[0]), height = int(first.geometry.size[1]);
  ExecutionScope scope(options, CorrelationWork(width, height, options));
  const Backend backend = ResolveBackend(options.backend);
  if (backend == Backend::CUDA) {
#if CUMED_WITH_CUDA
    PivField field = detail::RunPivCuda(first.data, second.data, PixelTypeOf<T>(), first.location,
                                        width, height, options, scope);
    scope.finish(Backend::CUDA, 1);
    return field;
#endif
  }
  if (first.location == MemoryLocation::Device)
    throw InvalidArgument("PIV: the frames are in device memory but the CPU backend runs; copy "
                          "them to the host (Image::toHost) or use the CUDA backend");
  std::vector<float> firstCopy, secondCopy;
  const std::vector<detail::FramePair> pairs{
      {AsFloat(first, firstCopy), AsFloat(second, secondCopy), width, height}};
  PivField field = detail::RunPivCpu(pairs, options.mask.data, options, scope);
  scope.finish(Backend::CPU);
  return field;
}

namespace {
template <class T>
PivField ComputeTyped(const Image& first, const Image& second, const PivOptions& options) {
  return ComputePiv(first.view<T>(), second.view<T>(), options);
}
} // namespace

PivField ComputePiv(const Image& first, const Image& second, const PivOptions& options) {
  if (first.pixelType() != second.pixelType())
    throw InvalidArgument(std::string("PIV: the frames differ in pixel type: the first is ") +
                          ToString(first.pixelType()) + ", the second " +
                          ToString(second.pixelType()));
  switch (first.pixelType()) {
  case PixelType::UInt8:
    return ComputeTyped<std::uint8_t>(first, second, options);
  case PixelType::Int16:
    return ComputeTyped<std::int16_t>(first, second, options);
  case PixelType::UInt16:
    return ComputeTyped<std::uint16_t>(first, second, options);
  case PixelType::Float32:
    return ComputeTyped<float>(first, second, options);
  }
  throw InvalidArgument("PIV: unsupported pixel type");
}

namespace {

/// A host frame of any pixel type as float: the frame's memory for float, else `copy`.
const float* HostFloatPixels(const Image& frame, std::vector<float>& copy) {
  switch (frame.pixelType()) {
  case PixelType::UInt8:
    return AsFloat(frame.view<std::uint8_t>(), copy);
  case PixelType::Int16:
    return AsFloat(frame.view<std::int16_t>(), copy);
  case PixelType::UInt16:
    return AsFloat(frame.view<std::uint16_t>(), copy);
  case PixelType::Float32:
    return frame.view<float>().data;
  }
  throw InvalidArgument("PIV: unsupported pixel type");
}

detail::FrameDescription DescriptionOf(const Image& image) {
  return {image.geometry(), image.location(), image.components()};
}

#if CUMED_WITH_CUDA
detail::RawFrame RawFrameOf(const Image& image) {
  return {image.data(), image.pixelType(), image.location()};
}
#endif

} // namespace

PivField ComputeEnsemblePiv(const std::vector<ImagePair>& pairs, const PivOptions& options) {
  if (pairs.empty())
    throw InvalidArgument(
        "PIV: ensemble correlation needs at least one pair of frames (none given)");
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::string which = "PIV: ensemble pair " + std::to_string(i) + ": ";
    if (!pairs[i].first || !pairs[i].second)
      throw InvalidArgument(which + "the " + (pairs[i].first ? "second" : "first") +
                            " frame is missing (null)");
    try {
      detail::CheckRequest(DescriptionOf(*pairs[i].first), DescriptionOf(*pairs[i].second),
                           options);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(which + e.what());
    }
    const ImageGeometry& g0 = pairs.front().first->geometry();
    const ImageGeometry& g = pairs[i].first->geometry();
    if (g.size[0] != g0.size[0] || g.size[1] != g0.size[1])
      throw InvalidArgument(which + "the frames are " + std::to_string(g.size[0]) + " x " +
                            std::to_string(g.size[1]) + " px but pair 0's are " +
                            std::to_string(g0.size[0]) + " x " + std::to_string(g0.size[1]) +
                            " px");
  }
  const int width = int(pairs.front().first->geometry().size[0]);
  const int height = int(pairs.front().first->geometry().size[1]);
  ExecutionScope scope(options, CorrelationWork(width, height, options) * pairs.size());
  if (ResolveBackend(options.backend) == Backend::CUDA) {
#if CUMED_WITH_CUDA
    std::vector<detail::RawPair> frames;
    frames.reserve(pairs.size());
    for (const ImagePair& p : pairs)
      frames.push_back({RawFrameOf(*p.first), RawFrameOf(*p.second)});
    PivField field = detail::RunEnsemblePivCuda(frames, width, height, options, scope);
    scope.finish(Backend::CUDA, 1);
    return field;
#endif
  }
  for (std::size_t i = 0; i < pairs.size(); ++i)
    if (pairs[i].first->location() == MemoryLocation::Device)
      throw InvalidArgument("PIV: ensemble pair " + std::to_string(i) +
                            ": the frames are in device memory but the CPU backend runs; copy "
                            "them to the host (Image::toHost) or use the CUDA backend");
  std::vector<std::vector<float>> copies(2 * pairs.size());
  std::vector<detail::FramePair> frames;
  frames.reserve(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i)
    frames.push_back({HostFloatPixels(*pairs[i].first, copies[2 * i]),
                      HostFloatPixels(*pairs[i].second, copies[2 * i + 1]), width, height});
  PivField field = detail::RunPivCpu(frames, options.mask.data, options, scope);
  scope.finish(Backend::CPU);
  return field;
}

#define CUMED_INSTANTIATE_PIV(T)                                                                   \
  template PivField ComputePiv<T>(const ImageView<const T>&, const ImageView<const T>&,            \
                                  const PivOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE_PIV)

} // namespace cumed::piv

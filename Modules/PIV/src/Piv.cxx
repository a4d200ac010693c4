#include "cumed/piv/Piv.h"

#include "cumed/core/Error.h"
#include "src/PassGrid.h"
#include "src/PivArguments.h"
#include "src/PivEngine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cumed::piv {

namespace {

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
  const detail::RawPair pair{{first.data, PixelTypeOf<T>(), first.location},
                             {second.data, PixelTypeOf<T>(), second.location}};
  PivField field = detail::MakePivEngine(backend)->correlate(pair, width, height, options, scope);
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0);
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

detail::FrameDescription DescriptionOf(const Image& image) {
  return {image.geometry(), image.location(), image.components()};
}

detail::RawFrame RawFrameOf(const Image& image) {
  return {image.data(), image.pixelType(), image.location()};
}

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
  const Backend backend = ResolveBackend(options.backend);
  std::vector<detail::RawPair> frames;
  frames.reserve(pairs.size());
  for (const ImagePair& p : pairs) frames.push_back({RawFrameOf(*p.first), RawFrameOf(*p.second)});
  PivField field =
      detail::MakePivEngine(backend)->correlateEnsemble(frames, width, height, options, scope);
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0);
  return field;
}

#define CUMED_INSTANTIATE_PIV(T)                                                                   \
  template PivField ComputePiv<T>(const ImageView<const T>&, const ImageView<const T>&,            \
                                  const PivOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE_PIV)

} // namespace cumed::piv

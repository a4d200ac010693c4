#include "src/PivArguments.h"

#include "cumed/core/Error.h"
#include "cumed/piv/Piv.h"

#include <cmath>
#include <string>

namespace cumed::piv::detail {

namespace {

std::string SizeText(const ImageGeometry& g) {
  return std::to_string(g.size[0]) + " x " + std::to_string(g.size[1]) + " px";
}

void CheckFrame(const char* name, const FrameDescription& frame) {
  frame.geometry.validate();
  if (frame.geometry.size[2] != 1)
    throw InvalidArgument(std::string("PIV: the ") + name + " frame has " +
                          std::to_string(frame.geometry.size[2]) +
                          " slices; PIV takes 2D frames (1 slice)");
  if (frame.components != 1)
    throw InvalidArgument(std::string("PIV: the ") + name + " frame has " +
                          std::to_string(frame.components) +
                          " components per pixel; PIV takes scalar (grey) frames");
}

} // namespace

void CheckRequest(const FrameDescription& first, const FrameDescription& second,
                  const PivOptions& o) {
  CheckFrame("first", first);
  CheckFrame("second", second);
  const ImageGeometry& g = first.geometry;
  if (g.size != second.geometry.size)
    throw InvalidArgument("PIV: the frames differ in size: the first is " + SizeText(g) +
                          ", the second " + SizeText(second.geometry));
  if (first.location != second.location)
    throw InvalidArgument(std::string("PIV: the first frame is in ") + ToString(first.location) +
                          " memory and the second in " + ToString(second.location) +
                          " memory; both must be in the same place");
  if (o.windowSizes.empty())
    throw InvalidArgument("PIV: windowSizes is empty: give one window size per pass");
  if (o.windowSizes.size() > 8)
    throw InvalidArgument("PIV: windowSizes has " + std::to_string(o.windowSizes.size()) +
                          " passes; at most 8");
  for (std::size_t p = 0; p < o.windowSizes.size(); ++p) {
    const int size = o.windowSizes[p];
    const std::string field = "windowSizes[" + std::to_string(p) + "] = " + std::to_string(size);
    if (size < 8 || size > 128)
      throw InvalidArgument("PIV: " + field + " is out of range: window sizes are 8..128 px");
    if (std::size_t(size) > g.size[0] || std::size_t(size) > g.size[1])
      throw InvalidArgument("PIV: " + field + " px is larger than the frames (" + SizeText(g) +
                            ")");
  }
  if (!(o.overlap >= 0.0 && o.overlap <= 0.75))
    throw InvalidArgument("PIV: overlap = " + std::to_string(o.overlap) +
                          " is out of range: 0..0.75 (0 to 75 % of a window)");
  if (o.searchExtension < 0 || o.searchExtension > 128)
    throw InvalidArgument("PIV: searchExtension = " + std::to_string(o.searchExtension) +
                          " is out of range: 0..128 px");
  if (o.subPixel != SubPixelFit::Gaussian && o.subPixel != SubPixelFit::Centroid &&
      o.subPixel != SubPixelFit::Parabolic)
    throw InvalidArgument("PIV: subPixel = " + std::to_string(int(o.subPixel)) +
                          " is not a SubPixelFit");
  if (o.deformation != Interpolation::Bilinear && o.deformation != Interpolation::Bicubic &&
      o.deformation != Interpolation::Lanczos)
    throw InvalidArgument("PIV: deformation = " + std::to_string(int(o.deformation)) +
                          " is not an Interpolation");
  if (o.validation.replacement != Replacement::None &&
      o.validation.replacement != Replacement::LocalMedian &&
      o.validation.replacement != Replacement::LocalMean)
    throw InvalidArgument("PIV: validation.replacement = " +
                          std::to_string(int(o.validation.replacement)) + " is not a Replacement");
  if (o.pairLossCorrection != PairLossCorrection::None &&
      o.pairLossCorrection != PairLossCorrection::FirstPass &&
      o.pairLossCorrection != PairLossCorrection::AllPasses)
    throw InvalidArgument("PIV: pairLossCorrection = " + std::to_string(int(o.pairLossCorrection)) +
                          " is not a PairLossCorrection");
  if (o.predictorSmoothing < 0 || o.predictorSmoothing > 3)
    throw InvalidArgument("PIV: predictorSmoothing = " + std::to_string(o.predictorSmoothing) +
                          " is out of range: 0 (off) .. 3");
  CheckOptions(o.validation);
  if (o.mask.data) {
    if (o.mask.geometry.size != g.size)
      throw InvalidArgument("PIV: the mask is " + SizeText(o.mask.geometry) + " (" +
                            std::to_string(o.mask.geometry.size[2]) +
                            " slices) but the frames are " + SizeText(g) +
                            "; it must have the frames' size");
    if (o.mask.components != 1)
      throw InvalidArgument("PIV: the mask has " + std::to_string(o.mask.components) +
                            " components per pixel; it must be scalar");
    if (o.mask.location != first.location)
      throw InvalidArgument(std::string("PIV: the mask is in ") + ToString(o.mask.location) +
                            " memory and the frames in " + ToString(first.location) +
                            " memory; it must be with the frames");
  }
}

void CheckPairs(const std::vector<ImagePair>& pairs, const PivOptions& options, const char* what) {
  if (pairs.empty())
    throw InvalidArgument(std::string("PIV: ") + what +
                          " needs at least one pair of frames (none given)");
  const auto describe = [](const Image& image) {
    return FrameDescription{image.geometry(), image.location(), image.components()};
  };
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::string which = std::string("PIV: ") + what + " pair " + std::to_string(i) + ": ";
    if (!pairs[i].first || !pairs[i].second)
      throw InvalidArgument(which + "the " + (pairs[i].first ? "second" : "first") +
                            " frame is missing (null)");
    try {
      CheckRequest(describe(*pairs[i].first), describe(*pairs[i].second), options);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(which + e.what());
    }
    const ImageGeometry& g0 = pairs.front().first->geometry();
    const ImageGeometry& g = pairs[i].first->geometry();
    if (g.size[0] != g0.size[0] || g.size[1] != g0.size[1])
      throw InvalidArgument(which + "the frames are " + SizeText(g) + " but pair 0's are " +
                            SizeText(g0));
  }
}

} // namespace cumed::piv::detail

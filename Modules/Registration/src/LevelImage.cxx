#include "src/LevelImage.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cumed::registration::detail {
namespace {

std::string IndexText(std::size_t v, const ImageGeometry& g) {
  const std::size_t nx = g.size[0], ny = g.size[1];
  return "(" + std::to_string(v % nx) + ", " + std::to_string((v / nx) % ny) + ", " +
         std::to_string(v / (nx * ny)) + ")";
}

template <class T> void Convert(const T* in, std::size_t n, float* out) {
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < static_cast<std::int64_t>(n); ++v)
    out[v] = static_cast<float>(in[v]);
}

std::size_t Halved(std::size_t n) {
  return n > 1 ? n / 2 : 1;
}

struct Partial {
  float minimum, maximum;
  double sum, squares;
  bool finite;
};

} // namespace

PixelStatistics Summarize(const std::vector<float>& pixels) {
  constexpr std::int64_t kChunk = 1 << 16;
  const std::int64_t n = static_cast<std::int64_t>(pixels.size());
  PixelStatistics s;
  if (n == 0) return s;
  const std::int64_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<Partial> partials(static_cast<std::size_t>(chunks));
  // Pass 1: range, sum and finiteness per chunk; pass 2: squared deviations from the mean.
#pragma omp parallel for schedule(static)
  for (std::int64_t c = 0; c < chunks; ++c) {
    Partial p{pixels[c * kChunk], pixels[c * kChunk], 0.0, 0.0, true};
    for (std::int64_t v = c * kChunk; v < std::min(n, (c + 1) * kChunk); ++v) {
      const float x = pixels[v];
      p.finite = p.finite && std::isfinite(x);
      p.minimum = std::min(p.minimum, x);
      p.maximum = std::max(p.maximum, x);
      p.sum += x;
    }
    partials[c] = p;
  }
  s.minimum = partials[0].minimum;
  s.maximum = partials[0].maximum;
  double sum = 0.0;
  for (const Partial& p : partials) {
    s.finite = s.finite && p.finite;
    s.minimum = std::min(s.minimum, p.minimum);
    s.maximum = std::max(s.maximum, p.maximum);
    sum += p.sum;
  }
  s.mean = sum / static_cast<double>(n);
  if (!s.finite) return s;
#pragma omp parallel for schedule(static)
  for (std::int64_t c = 0; c < chunks; ++c) {
    double squares = 0.0;
    for (std::int64_t v = c * kChunk; v < std::min(n, (c + 1) * kChunk); ++v)
      squares += (pixels[v] - s.mean) * (pixels[v] - s.mean);
    partials[c].squares = squares;
  }
  double squares = 0.0;
  for (const Partial& p : partials) squares += p.squares;
  s.deviation = std::sqrt(squares / static_cast<double>(n));
  return s;
}

LevelImage ToLevelImage(const Image& image, const char* what) {
  if (image.empty()) throw InvalidArgument(std::string(what) + " image is empty");
  if (image.components() != 1)
    throw InvalidArgument(std::string(what) + " image has " + std::to_string(image.components()) +
                          " components; registration needs a scalar image");
  image.geometry().validate();
  const Image host = image.location() == MemoryLocation::Host ? Image() : image.toHost();
  const Image& source = image.location() == MemoryLocation::Host ? image : host;
  LevelImage level{image.geometry(), std::vector<float>(image.geometry().numberOfPixels())};
  const std::size_t n = level.pixels.size();
  switch (source.pixelType()) {
  case PixelType::UInt8:
    Convert(source.view<std::uint8_t>().data, n, level.pixels.data());
    break;
  case PixelType::Int16:
    Convert(source.view<std::int16_t>().data, n, level.pixels.data());
    break;
  case PixelType::UInt16:
    Convert(source.view<std::uint16_t>().data, n, level.pixels.data());
    break;
  case PixelType::Float32:
    Convert(source.view<float>().data, n, level.pixels.data());
    break;
  }
  if (!Summarize(level.pixels).finite)
    for (std::size_t v = 0; v < n; ++v)
      if (!std::isfinite(level.pixels[v]))
        throw InvalidArgument(std::string(what) + " image has a non-finite pixel (" +
                              std::to_string(level.pixels[v]) + ") at index " +
                              IndexText(v, level.geometry));
  // Denormal pixels (|v| < 1.2e-38) are flushed to zero: the metrics' products and squares of
  // such values underflow, which made the similarity NaN and stopped the optimiser at once. An
  // image whose contrast lies entirely below float's normal range cannot be registered in float
  // arithmetic and is refused, naming it and its range.
  const std::size_t denormal = numbers::CountSubnormal(level.pixels.data(), n);
  if (denormal > 0) {
    const PixelStatistics before = Summarize(level.pixels);
    for (float& x : level.pixels)
      if (std::fpclassify(x) == FP_SUBNORMAL) x = 0.f;
    const PixelStatistics after = Summarize(level.pixels);
    if (after.minimum == after.maximum)
      throw InvalidArgument(
          std::string(what) + " image: its values span " + numbers::FormatNumber(before.minimum) +
          ".." + numbers::FormatNumber(before.maximum) + ", and " + std::to_string(denormal) +
          " of them are denormal floats (|v| < 1.2e-38): registration computes in float and "
          "needs contrast of normal floats; rescale the image (e.g. multiply by 1e30)");
  }
  return level;
}

std::vector<std::uint8_t> ToLevelMask(const Image& mask, const ImageGeometry& fixed) {
  if (mask.components() != 1 || mask.pixelType() != PixelType::UInt8)
    throw InvalidArgument(std::string("fixed mask must be a scalar UInt8 image, not ") +
                          ToString(mask.pixelType()) + " with " +
                          std::to_string(mask.components()) + " components");
  const auto& s = mask.geometry().size;
  if (!(mask.geometry() == fixed))
    throw InvalidArgument(
        "fixed mask geometry (size " + std::to_string(s[0]) + " x " + std::to_string(s[1]) + " x " +
        std::to_string(s[2]) + ") differs from the fixed image's (size " +
        std::to_string(fixed.size[0]) + " x " + std::to_string(fixed.size[1]) + " x " +
        std::to_string(fixed.size[2]) + ", or its spacing/origin/direction)");
  const Image host = mask.location() == MemoryLocation::Host ? Image() : mask.toHost();
  const Image& source = mask.location() == MemoryLocation::Host ? mask : host;
  const std::uint8_t* in = source.view<std::uint8_t>().data;
  std::vector<std::uint8_t> out(in, in + fixed.numberOfPixels());
  bool any = false;
  for (std::uint8_t m : out) any = any || m != 0;
  if (!any) throw InvalidArgument("fixed mask has no nonzero voxel: nothing to register");
  return out;
}

ImageGeometry HalvedGeometry(const ImageGeometry& finer) {
  ImageGeometry g = finer;
  double shift[3];
  for (int a = 0; a < 3; ++a) {
    const bool halve = finer.size[a] > 1;
    g.size[a] = Halved(finer.size[a]);
    g.spacing[a] = halve ? 2.0 * finer.spacing[a] : finer.spacing[a];
    shift[a] = halve ? 0.5 * finer.spacing[a] : 0.0; // the block's centre, in the finer's frame
  }
  for (int r = 0; r < 3; ++r)
    g.origin[r] = finer.origin[r] + finer.direction[3 * r] * shift[0] +
                  finer.direction[3 * r + 1] * shift[1] + finer.direction[3 * r + 2] * shift[2];
  return g;
}

namespace {

/// Calls visit(coarse voxel index, block sum, block count) for every coarse voxel.
template <class Finer, class Visit>
void ForEachBlock(const Finer* finer, const ImageGeometry& fg, const ImageGeometry& cg,
                  Visit visit) {
  const std::int64_t fx = fg.size[0], fy = fg.size[1];
  const std::int64_t cx = cg.size[0], cy = cg.size[1], cz = cg.size[2];
  const int bx = fg.size[0] > 1 ? 2 : 1, by = fg.size[1] > 1 ? 2 : 1, bz = fg.size[2] > 1 ? 2 : 1;
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < cz; ++k)
    for (std::int64_t j = 0; j < cy; ++j)
      for (std::int64_t i = 0; i < cx; ++i) {
        double sum = 0.0;
        for (int c = 0; c < bz; ++c)
          for (int b = 0; b < by; ++b)
            for (int a = 0; a < bx; ++a)
              sum += finer[((k * bz + c) * fy + (j * by + b)) * fx + (i * bx + a)];
        visit((k * cy + j) * cx + i, sum, bx * by * bz);
      }
}

} // namespace

LevelImage HalveResolution(const LevelImage& finer) {
  LevelImage coarse{HalvedGeometry(finer.geometry), {}};
  coarse.pixels.resize(coarse.geometry.numberOfPixels());
  float* out = coarse.pixels.data();
  ForEachBlock(
      finer.pixels.data(), finer.geometry, coarse.geometry,
      [out](std::int64_t v, double sum, int count) { out[v] = static_cast<float>(sum / count); });
  return coarse;
}

std::vector<std::uint8_t> HalveMask(const std::vector<std::uint8_t>& finer,
                                    const ImageGeometry& finerGeometry, bool wholeBlock) {
  const ImageGeometry cg = HalvedGeometry(finerGeometry);
  std::vector<std::uint8_t> binary(finer.size());
  for (std::size_t v = 0; v < finer.size(); ++v) binary[v] = finer[v] != 0;
  std::vector<std::uint8_t> coarse(cg.numberOfPixels());
  std::uint8_t* out = coarse.data();
  ForEachBlock(binary.data(), finerGeometry, cg,
               [out, wholeBlock](std::int64_t v, double sum, int count) {
                 out[v] = (wholeBlock ? sum >= count : 2.0 * sum >= count) ? 1 : 0;
               });
  return coarse;
}

} // namespace cumed::registration::detail

#include "FieldError.h"

#include "VolumeSampling.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace cumed::regdata {
namespace {

std::string Describe(const ImageGeometry& g) {
  std::ostringstream s;
  s << "size " << g.size[0] << "x" << g.size[1] << "x" << g.size[2] << ", spacing " << g.spacing[0]
    << " " << g.spacing[1] << " " << g.spacing[2] << ", origin " << g.origin[0] << " "
    << g.origin[1] << " " << g.origin[2];
  return s.str();
}

void RequireSameGrid(const ImageGeometry& a, const ImageGeometry& b, const char* what) {
  bool same = a.size == b.size;
  for (int i = 0; i < 3 && same; ++i)
    same = std::abs(a.spacing[i] - b.spacing[i]) <= 1e-3 &&
           std::abs(a.origin[i] - b.origin[i]) <= 1e-3;
  for (int i = 0; i < 9 && same; ++i) same = std::abs(a.direction[i] - b.direction[i]) <= 1e-6;
  if (!same)
    throw InvalidArgument(std::string(what) + " lies on another grid: " + Describe(a) +
                          " against the true field's " + Describe(b));
}

} // namespace

FieldErrorStatistics CompareFields(const Image& estimated, const Image& truth, const Image& mask) {
  RequireHostFloat(estimated, 3, "the estimated field");
  RequireHostFloat(truth, 3, "the true field");
  if (mask.location() != MemoryLocation::Host || mask.pixelType() != PixelType::UInt8 ||
      mask.components() != 1)
    throw InvalidArgument(std::string("the mask: expected a UInt8 scalar image, got ") +
                          ToString(mask.pixelType()) + " x" + std::to_string(mask.components()));
  RequireSameGrid(estimated.geometry(), truth.geometry(), "the estimated field");
  RequireSameGrid(mask.geometry(), truth.geometry(), "the mask");
  const float* e = estimated.view<float>().data;
  const float* t = truth.view<float>().data;
  const std::uint8_t* m = mask.view<std::uint8_t>().data;
  double sumSq = 0.0, sum = 0.0, largest = 0.0, trueSq = 0.0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < truth.geometry().numberOfPixels(); ++i) {
    if (!m[i]) continue;
    double d2 = 0.0, t2 = 0.0;
    for (int c = 0; c < 3; ++c) {
      const double d = double(e[3 * i + c]) - double(t[3 * i + c]);
      d2 += d * d;
      t2 += double(t[3 * i + c]) * t[3 * i + c];
    }
    sumSq += d2;
    sum += std::sqrt(d2);
    largest = std::max(largest, std::sqrt(d2));
    trueSq += t2;
    ++count;
  }
  FieldErrorStatistics s;
  s.voxels = count;
  if (count == 0) return s;
  s.rmsMm = std::sqrt(sumSq / double(count));
  s.meanMm = sum / double(count);
  s.maxMm = largest;
  s.trueRmsMm = std::sqrt(trueSq / double(count));
  return s;
}

} // namespace cumed::regdata

#include "cumed/morphology/StructuringElement.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace cumed::morphology {
namespace {

std::string RadiusText(const std::array<int, 3>& radius) {
  return std::to_string(radius[0]) + "x" + std::to_string(radius[1]) + "x" +
         std::to_string(radius[2]);
}

// %g: 3e+09 rather than std::to_string's "3000000000.000000" (or 300 digits for 1e300).
std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::string SizeText(const std::array<std::size_t, 3>& size) {
  return std::to_string(size[0]) + "x" + std::to_string(size[1]) + "x" + std::to_string(size[2]);
}

std::array<std::size_t, 3> SizeFromRadius(const std::array<int, 3>& radius) {
  StructuringElement::CheckRadius(radius);
  std::array<std::size_t, 3> size{};
  for (int i = 0; i < 3; ++i) size[i] = static_cast<std::size_t>(2 * radius[i] + 1);
  return size;
}

} // namespace

void StructuringElement::CheckRadius(const std::array<int, 3>& radius) {
  double voxels = 1.0;
  for (int i = 0; i < 3; ++i) {
    if (radius[i] < 0)
      throw InvalidArgument("structuring element radius " + RadiusText(radius) + ": " +
                            std::to_string(radius[i]) + " along axis " + std::to_string(i) +
                            " is negative");
    if (radius[i] > kMaxRadius)
      throw InvalidArgument("structuring element radius " + RadiusText(radius) + ": " +
                            std::to_string(radius[i]) + " voxels along axis " + std::to_string(i) +
                            " is above the limit of " + std::to_string(kMaxRadius));
    voxels *= 2.0 * radius[i] + 1.0;
  }
  if (voxels > static_cast<double>(kMaxBoxVoxels))
    throw InvalidArgument("structuring element radius " + RadiusText(radius) +
                          ": its bounding box has " + Number(voxels) +
                          " voxels, more than the limit of 2^27 (" + std::to_string(kMaxBoxVoxels) +
                          "; the mask would not fit sensibly)");
}

void StructuringElement::CheckSize(const std::array<std::size_t, 3>& size) {
  double voxels = 1.0;
  for (int i = 0; i < 3; ++i) {
    if (size[i] == 0)
      throw InvalidArgument("structuring element size " + SizeText(size) + " has a zero extent");
    if (size[i] > 2 * std::size_t(kMaxRadius) + 1)
      throw InvalidArgument("structuring element size " + SizeText(size) + ": " +
                            std::to_string(size[i]) + " along axis " + std::to_string(i) +
                            " is above the limit of " + std::to_string(2 * kMaxRadius + 1));
    voxels *= static_cast<double>(size[i]);
  }
  if (voxels > static_cast<double>(kMaxBoxVoxels))
    throw InvalidArgument("structuring element size " + SizeText(size) +
                          " has more voxels than the limit of 2^27 (" +
                          std::to_string(kMaxBoxVoxels) + ")");
}

StructuringElement StructuringElement::FromMask(const std::array<std::size_t, 3>& size,
                                                const std::vector<std::uint8_t>& mask) {
  CheckSize(size);
  if (mask.size() != size[0] * size[1] * size[2])
    throw InvalidArgument("structuring element mask has " + std::to_string(mask.size()) +
                          " values for a size of " + std::to_string(size[0] * size[1] * size[2]));
  StructuringElement element;
  element.size_ = size;
  element.mask_ = mask;
  element.buildChords();
  return element;
}

StructuringElement StructuringElement::Ball(const std::array<int, 3>& radius) {
  // ITK 5.2's Ball: an ellipsoid with axes 2r+1 centred at r+0.5, evaluated at each pixel's
  // centre (index + 0.5) by EllipsoidInteriorExteriorSpatialFunction. The arithmetic below is
  // ITK's, operation for operation, so points exactly on the surface are decided the same way.
  const std::array<std::size_t, 3> size = SizeFromRadius(radius);
  std::vector<std::uint8_t> mask(size[0] * size[1] * size[2], 0);
  for (std::size_t z = 0; z < size[2]; ++z)
    for (std::size_t y = 0; y < size[1]; ++y)
      for (std::size_t x = 0; x < size[0]; ++x) {
        const std::size_t index[3] = {x, y, z};
        double distanceSquared = 0.0;
        for (int i = 0; i < 3; ++i) {
          const double position = static_cast<double>(index[i]) + 0.5;
          const double centre = radius[i] + 0.5;
          distanceSquared +=
              std::pow((position - centre) / (0.5 * static_cast<double>(size[i])), 2.0);
        }
        mask[x + size[0] * (y + size[1] * z)] = distanceSquared <= 1.0;
      }
  return FromMask(size, mask);
}

std::array<int, 3> StructuringElement::RadiusFromMillimetres(double radiusMm,
                                                             const std::array<double, 3>& spacing) {
  if (!(radiusMm >= 0.0) || !std::isfinite(radiusMm))
    throw InvalidArgument("ball radius " + Number(radiusMm) + " mm is not a finite value >= 0");
  std::array<int, 3> radius{};
  for (int i = 0; i < 3; ++i) {
    if (!(spacing[i] > 0.0) || !std::isfinite(spacing[i]))
      throw InvalidArgument("spacing " + Number(spacing[i]) + " along axis " + std::to_string(i) +
                            " is not a finite value > 0");
    // In double first: a huge quotient (or inf from a tiny spacing) must not reach the cast.
    const double voxels = std::round(radiusMm / spacing[i]);
    if (!(voxels <= kMaxRadius))
      throw InvalidArgument("ball radius " + Number(radiusMm) + " mm is " + Number(voxels) +
                            " voxels along axis " + std::to_string(i) + " (spacing " +
                            Number(spacing[i]) + " mm), above the limit of " +
                            std::to_string(kMaxRadius));
    radius[i] = static_cast<int>(voxels);
  }
  return radius;
}

StructuringElement StructuringElement::BallMillimetres(double radiusMm,
                                                       const std::array<double, 3>& spacing) {
  return Ball(RadiusFromMillimetres(radiusMm, spacing));
}

StructuringElement StructuringElement::Box(const std::array<int, 3>& radius) {
  const std::array<std::size_t, 3> size = SizeFromRadius(radius);
  return FromMask(size, std::vector<std::uint8_t>(size[0] * size[1] * size[2], 1));
}

StructuringElement StructuringElement::Cross(const std::array<int, 3>& radius) {
  const std::array<std::size_t, 3> size = SizeFromRadius(radius);
  std::vector<std::uint8_t> mask(size[0] * size[1] * size[2], 0);
  for (std::size_t z = 0; z < size[2]; ++z)
    for (std::size_t y = 0; y < size[1]; ++y)
      for (std::size_t x = 0; x < size[0]; ++x) {
        const int onAxis = (x == std::size_t(radius[0])) + (y == std::size_t(radius[1])) +
                           (z == std::size_t(radius[2]));
        mask[x + size[0] * (y + size[1] * z)] = onAxis >= 2;
      }
  return FromMask(size, mask);
}

std::array<int, 3> StructuringElement::centre() const noexcept {
  return {static_cast<int>(size_[0] / 2), static_cast<int>(size_[1] / 2),
          static_cast<int>(size_[2] / 2)};
}

void StructuringElement::buildChords() {
  chords_.clear();
  const std::array<int, 3> c = centre();
  for (std::size_t z = 0; z < size_[2]; ++z)
    for (std::size_t y = 0; y < size_[1]; ++y)
      for (std::size_t x = 0; x < size_[0];) {
        if (!contains(x, y, z)) {
          ++x;
          continue;
        }
        const std::size_t start = x;
        while (x < size_[0] && contains(x, y, z)) ++x;
        chords_.push_back({static_cast<int>(y) - c[1], static_cast<int>(z) - c[2],
                           static_cast<int>(start) - c[0], static_cast<int>(x - start)});
      }
}

std::size_t StructuringElement::memberCount() const noexcept {
  return static_cast<std::size_t>(
      std::count_if(mask_.begin(), mask_.end(), [](std::uint8_t v) { return v != 0; }));
}

std::array<int, 3> StructuringElement::reach() const noexcept {
  std::array<int, 3> r{0, 0, 0};
  for (const Chord& chord : chords_) {
    r[0] = std::max({r[0], std::abs(chord.dx0), std::abs(chord.dx0 + chord.length - 1)});
    r[1] = std::max(r[1], std::abs(chord.dy));
    r[2] = std::max(r[2], std::abs(chord.dz));
  }
  return r;
}

StructuringElement StructuringElement::reflected() const {
  const std::array<int, 3> r = reach();
  const std::array<std::size_t, 3> size{std::size_t(2 * r[0] + 1), std::size_t(2 * r[1] + 1),
                                        std::size_t(2 * r[2] + 1)};
  std::vector<std::uint8_t> mask(size[0] * size[1] * size[2], 0);
  for (const Chord& chord : chords_)
    for (int dx = chord.dx0; dx < chord.dx0 + chord.length; ++dx)
      mask[std::size_t(r[0] - dx) +
           size[0] * (std::size_t(r[1] - chord.dy) + size[1] * std::size_t(r[2] - chord.dz))] = 1;
  return FromMask(size, mask);
}

bool StructuringElement::isBox() const noexcept {
  return memberCount() == mask_.size();
}

} // namespace cumed::morphology

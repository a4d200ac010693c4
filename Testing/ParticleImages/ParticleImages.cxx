#include "ParticleImages.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace cumed::testing {

namespace {

/// Fraction of a unit Gaussian (sigma) between a and b.
double GaussianMass(double a, double b, double sigma) {
  const double s = 1.0 / (std::sqrt(2.0) * sigma);
  return 0.5 * (std::erf(b * s) - std::erf(a * s));
}

/// Adds one particle centred at (px, py) (pixel-centre coordinates), integrated over pixels.
void AddParticle(std::vector<float>& image, int width, int height, double px, double py,
                 double sigma, double peak) {
  const int reach = int(std::ceil(4 * sigma)) + 1;
  const int x0 = int(std::floor(px)) - reach, y0 = int(std::floor(py)) - reach;
  // Mass scale so a particle centred on a pixel peaks near `peak`.
  const double scale = peak / (GaussianMass(-0.5, 0.5, sigma) * GaussianMass(-0.5, 0.5, sigma));
  for (int y = std::max(0, y0); y <= std::min(height - 1, y0 + 2 * reach); ++y) {
    const double my = GaussianMass(y - 0.5 - py, y + 0.5 - py, sigma);
    for (int x = std::max(0, x0); x <= std::min(width - 1, x0 + 2 * reach); ++x)
      image[std::size_t(y) * width + x] +=
          float(scale * my * GaussianMass(x - 0.5 - px, x + 0.5 - px, sigma));
  }
}

/// Adds a uniformly lit disc of `diameter` centred at (px, py), each pixel's share of its area
/// sampled on an 8 x 8 grid, `peak` on a pixel fully inside.
void AddDisc(std::vector<float>& image, int width, int height, double px, double py,
             double diameter, double peak) {
  const double r2 = 0.25 * diameter * diameter;
  const int reach = int(std::ceil(diameter / 2)) + 1;
  const int x0 = int(std::floor(px)) - reach, y0 = int(std::floor(py)) - reach;
  for (int y = std::max(0, y0); y <= std::min(height - 1, y0 + 2 * reach); ++y)
    for (int x = std::max(0, x0); x <= std::min(width - 1, x0 + 2 * reach); ++x) {
      int inside = 0;
      for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 8; ++i) {
          const double sx = x - 0.5 + (i + 0.5) / 8 - px, sy = y - 0.5 + (j + 0.5) / 8 - py;
          inside += sx * sx + sy * sy <= r2;
        }
      image[std::size_t(y) * width + x] += float(peak * inside / 64.0);
    }
}

Image ToImage(const std::vector<float>& pixels, int width, int height) {
  ImageGeometry geometry;
  geometry.size = {std::size_t(width), std::size_t(height), 1};
  Image image = Image::Allocate(PixelType::Float32, geometry, MemoryLocation::Host);
  std::copy(pixels.begin(), pixels.end(), image.view<float>().data);
  return image;
}

} // namespace

ParticleImagePair RenderParticlePair(const ParticleImageSettings& s,
                                     const DisplacementField& displacement) {
  std::mt19937 random(s.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double margin = 8.0; // particles entering or leaving across the border
  const double sigma = s.particleDiameter / 4.0;
  const int particles =
      int(std::lround(s.particlesPerPixel * (s.width + 2 * margin) * (s.height + 2 * margin)));
  std::vector<float> first(std::size_t(s.width) * s.height, 0.f), second(first.size(), 0.f);
  for (int p = 0; p < particles; ++p) {
    const double mx = -margin + unit(random) * (s.width + 2 * margin);
    const double my = -margin + unit(random) * (s.height + 2 * margin);
    const double brightness = 0.5 + unit(random); // particles differ in size and scattering
    double dx = 0, dy = 0;
    displacement(mx, my, dx, dy);
    const bool lost = unit(random) < s.outOfPlaneLoss;
    const bool inFirst = !lost || unit(random) < 0.5;
    const auto add = [&](std::vector<float>& image, double x, double y) {
      if (s.shape == ParticleShape::Disc)
        AddDisc(image, s.width, s.height, x, y, s.particleDiameter, s.peakIntensity * brightness);
      else
        AddParticle(image, s.width, s.height, x, y, sigma, s.peakIntensity * brightness);
    };
    if (!lost || inFirst) add(first, mx - dx / 2, my - dy / 2);
    if (!lost || !inFirst) add(second, mx + dx / 2, my + dy / 2);
  }
  if (s.noise > 0) {
    std::normal_distribution<float> noise(0.f, float(s.noise));
    for (auto& value : first) value += noise(random);
    for (auto& value : second) value += noise(random);
  }
  return {ToImage(first, s.width, s.height), ToImage(second, s.width, s.height)};
}

namespace {
template <class T> void QuantiseInto(const float* in, T* out, std::size_t count, double scale) {
  const double top = double(std::numeric_limits<T>::max());
  for (std::size_t i = 0; i < count; ++i)
    out[i] = T(std::clamp(std::round(in[i] * scale), 0.0, top));
}
} // namespace

Image Quantise(const Image& frame, PixelType type, double scale) {
  Image out = Image::Allocate(type, frame.geometry(), MemoryLocation::Host);
  const float* in = frame.view<float>().data;
  const std::size_t count = frame.geometry().numberOfPixels();
  if (type == PixelType::UInt8)
    QuantiseInto(in, out.view<std::uint8_t>().data, count, scale);
  else if (type == PixelType::UInt16)
    QuantiseInto(in, out.view<std::uint16_t>().data, count, scale);
  else
    throw InvalidArgument(std::string("Quantise: UInt8 or UInt16, not ") + ToString(type));
  return out;
}

DisplacementField UniformDisplacement(double ux, double uy) {
  return [ux, uy](double, double, double& dx, double& dy) {
    dx = ux;
    dy = uy;
  };
}

DisplacementField RotationDisplacement(double cx, double cy, double radians) {
  return [cx, cy, radians](double x, double y, double& dx, double& dy) {
    dx = -radians * (y - cy);
    dy = radians * (x - cx);
  };
}

DisplacementField VortexDisplacement(double cx, double cy, double peak, double coreRadius) {
  // u_theta(r) = k (1 - exp(-r^2 / rc^2)) / r peaks at r = 1.1209 rc with 0.638173 k / rc.
  const double k = peak * coreRadius / 0.638173;
  return [cx, cy, k, coreRadius](double x, double y, double& dx, double& dy) {
    const double rx = x - cx, ry = y - cy, r2 = rx * rx + ry * ry;
    const double swirl =
        r2 > 0 ? k * (1 - std::exp(-r2 / (coreRadius * coreRadius))) / r2 : 0.0; // u_theta / r
    dx = -swirl * ry;
    dy = swirl * rx;
  };
}

DisplacementField ShearDisplacement(double cy, double rate) {
  return [cy, rate](double, double y, double& dx, double& dy) {
    dx = rate * (y - cy);
    dy = 0;
  };
}

} // namespace cumed::testing

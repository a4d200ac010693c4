#pragma once
// CUDA against CPU for the *Cuda* suites: the same vectors within 1e-3 px, the same flags (a
// median test sitting exactly on its threshold may tip either way: at most 0.5 % of the
// vectors), peaks and ratios within float tolerance; and the random particle pairs they compare
// on.
#include "FieldErrors.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>

namespace cumed::piv::test {

constexpr double kDisplacementTolerance = 1e-3; // px

inline void ExpectSameField(const PivField& cpu, const PivField& cuda, const std::string& what) {
  ASSERT_EQ(cuda.backendUsed, cumed::Backend::CUDA) << what;
  ASSERT_EQ(cuda.columns, cpu.columns) << what;
  ASSERT_EQ(cuda.rows, cpu.rows) << what;
  ASSERT_EQ(cuda.passes, cpu.passes) << what;
  float peakScale = 0.f;
  for (const float p : cpu.peak) peakScale = std::max(peakScale, std::abs(p));
  std::size_t flagDifferences = 0;
  double worst = 0;
  for (std::size_t i = 0; i < cpu.size(); ++i) {
    ASSERT_EQ(cuda.x[i], cpu.x[i]);
    ASSERT_EQ(cuda.y[i], cpu.y[i]);
    if (cuda.flags[i] != cpu.flags[i]) {
      ++flagDifferences;
      continue;
    }
    ASSERT_TRUE(std::isfinite(cuda.u[i]) && std::isfinite(cuda.v[i])) << what << " vector " << i;
    worst = std::max(
        {worst, double(std::abs(cuda.u[i] - cpu.u[i])), double(std::abs(cuda.v[i] - cpu.v[i]))});
    EXPECT_NEAR(cuda.u[i], cpu.u[i], kDisplacementTolerance) << what << " vector " << i;
    EXPECT_NEAR(cuda.v[i], cpu.v[i], kDisplacementTolerance) << what << " vector " << i;
    EXPECT_NEAR(cuda.peak[i], cpu.peak[i], 1e-4f * peakScale) << what << " vector " << i;
    EXPECT_NEAR(cuda.peakToPeak[i], cpu.peakToPeak[i], 1e-3f * cpu.peakToPeak[i] + 1e-4f)
        << what << " vector " << i;
    EXPECT_NEAR(cuda.peakToMean[i], cpu.peakToMean[i], 1e-3f * cpu.peakToMean[i] + 1e-4f)
        << what << " vector " << i;
  }
  EXPECT_LE(flagDifferences, cpu.size() / 200) << what;
  std::cout << what << ": largest difference " << worst << " px, " << flagDifferences
            << " flags differ of " << cpu.size() << "\n";
}

/// A random steady flow: a uniform part of up to 4 px plus a small rotation about the centre.
inline cumed::testing::DisplacementField RandomFlow(std::uint32_t seed, int width, int height) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> shift(-4.0, 4.0), angle(-0.02, 0.02);
  const double ux = shift(random), uy = shift(random), turn = angle(random);
  const auto rotation = cumed::testing::RotationDisplacement(width / 2.0, height / 2.0, turn);
  return [=](double x, double y, double& dx, double& dy) {
    rotation(x, y, dx, dy);
    dx += ux;
    dy += uy;
  };
}

/// A pair recording RandomFlow(flowSeed): particles from `particleSeed`, density (particles/px)
/// by the seed unless given, noise and out-of-plane loss.
inline cumed::testing::ParticleImagePair RandomPair(std::uint32_t flowSeed, int width, int height,
                                                    std::uint32_t particleSeed = 0,
                                                    double density = 0) {
  if (!particleSeed) particleSeed = flowSeed;
  cumed::testing::ParticleImageSettings settings;
  settings.width = width;
  settings.height = height;
  settings.seed = particleSeed;
  settings.particlesPerPixel = density > 0 ? density : 0.05 + 0.03 * (particleSeed % 3);
  settings.noise = 1.5;
  settings.outOfPlaneLoss = 0.05;
  return cumed::testing::RenderParticlePair(settings, RandomFlow(flowSeed, width, height));
}

/// A host mask over the frames of `geometry` (at least 256 x 256 px) covering x < 70, y >= 180:
/// a corner of windows with no vector.
inline cumed::Image CornerMask(const cumed::ImageGeometry& geometry) {
  cumed::Image mask =
      cumed::Image::Allocate(cumed::PixelType::UInt8, geometry, cumed::MemoryLocation::Host);
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  const int width = int(geometry.size[0]), height = int(geometry.size[1]);
  for (int y = 180; y < height; ++y)
    for (int x = 0; x < 70; ++x) m[y * width + x] = 1;
  return mask;
}

} // namespace cumed::piv::test

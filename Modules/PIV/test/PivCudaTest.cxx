// The CUDA backend against the CPU reference on random particle pairs rendered at test time:
// the same vectors within 1e-3 px, the same flags (a median test sitting exactly on its
// threshold may tip either way: at most 0.5 % of the vectors), peaks and ratios within float
// tolerance. Both backends share the peak, fit, validation and resampling formulas
// (src/*.h); they differ in the FFT (FFTW vs cuFFT) and the order of the sums. Every suite here
// skips without a usable device.
#include "FieldErrors.h"
#include "cumed/core/Device.h"
#include "cumed/core/Transfer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <limits>
#include <random>

#define CUMED_SKIP_WITHOUT_CUDA()                                                                  \
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices()

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;
using cumed::testing::ParticleImageSettings;
using cumed::testing::RenderParticlePair;

constexpr double kDisplacementTolerance = 1e-3; // px

void ExpectSameField(const PivField& cpu, const PivField& cuda, const std::string& what) {
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

void ExpectCudaMatchesCpu(const cumed::testing::ParticleImagePair& pair, PivOptions options,
                          const std::string& what) {
  options.backend = cumed::Backend::CPU;
  const PivField cpu = ComputePiv(pair.first, pair.second, options);
  options.backend = cumed::Backend::CUDA;
  ExpectSameField(cpu, ComputePiv(pair.first, pair.second, options), what);
}

/// A random flow: uniform part plus rotation, random particle density and noise.
cumed::testing::ParticleImagePair RandomPair(std::uint32_t seed, int width, int height) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> shift(-4.0, 4.0), angle(-0.02, 0.02);
  ParticleImageSettings settings;
  settings.width = width;
  settings.height = height;
  settings.seed = seed;
  settings.particlesPerPixel = 0.05 + 0.03 * (seed % 3);
  settings.noise = 1.5;
  settings.outOfPlaneLoss = 0.05;
  const double ux = shift(random), uy = shift(random), turn = angle(random);
  const auto rotation = cumed::testing::RotationDisplacement(width / 2.0, height / 2.0, turn);
  return RenderParticlePair(settings, [=](double x, double y, double& dx, double& dy) {
    rotation(x, y, dx, dy);
    dx += ux;
    dy += uy;
  });
}

TEST(PivCuda, SinglePassMatchesCpu) {
  CUMED_SKIP_WITHOUT_CUDA();
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    const auto pair = RandomPair(seed, 320, 256);
    ExpectCudaMatchesCpu(pair, SinglePass(32), "32 px 50 %, seed " + std::to_string(seed));
    ExpectCudaMatchesCpu(pair, SinglePass(16, 0.75), "16 px 75 %, seed " + std::to_string(seed));
    ExpectCudaMatchesCpu(pair, SinglePass(27, 0.25), "27 px 25 %, seed " + std::to_string(seed));
  }
}

TEST(PivCuda, CorrelationOptionsMatchCpu) {
  CUMED_SKIP_WITHOUT_CUDA();
  const auto pair = RandomPair(11, 256, 200);
  PivOptions options = SinglePass(32);
  options.searchExtension = 6;
  ExpectCudaMatchesCpu(pair, options, "search extension 6");
  options.zeroPadding = true;
  ExpectCudaMatchesCpu(pair, options, "extension + zero padding");
  options.normalizedCorrelation = true;
  options.removeMean = false;
  ExpectCudaMatchesCpu(pair, options, "normalised, no mean removal");
  for (const SubPixelFit fit : {SubPixelFit::Centroid, SubPixelFit::Parabolic}) {
    PivOptions fitted = SinglePass(24);
    fitted.subPixel = fit;
    fitted.pairLossCorrection = false;
    ExpectCudaMatchesCpu(pair, fitted, ToString(fit));
  }
}

// Buffers of 8, 16, 32 and 64 px take the fused kernel (cuda/FusedCorrelationKernel.cu), every
// other size the cuFFT path: here the options land on fused sizes (window + 2 x extension, x 2
// with zero padding), 8 px windows and a 64 px buffer included.
TEST(PivCuda, FusedCorrelationOptionsMatchCpu) {
  CUMED_SKIP_WITHOUT_CUDA();
  const auto pair = RandomPair(12, 256, 192);
  ExpectCudaMatchesCpu(pair, SinglePass(8, 0.5), "8 px windows");
  PivOptions options = SinglePass(16);
  options.searchExtension = 8;
  ExpectCudaMatchesCpu(pair, options, "16 px + extension 8: 32 px buffer");
  options.searchExtension = 0;
  options.zeroPadding = true;
  ExpectCudaMatchesCpu(pair, options, "16 px zero-padded: 32 px buffer");
  options.windowSizes = {32};
  ExpectCudaMatchesCpu(pair, options, "32 px zero-padded: 64 px buffer");
  options.zeroPadding = false;
  options.normalizedCorrelation = true;
  options.removeMean = false;
  ExpectCudaMatchesCpu(pair, options, "32 px normalised, no mean removal");
  for (const SubPixelFit fit : {SubPixelFit::Centroid, SubPixelFit::Parabolic}) {
    PivOptions fitted = SinglePass(16, 0.75);
    fitted.subPixel = fit;
    fitted.pairLossCorrection = false;
    ExpectCudaMatchesCpu(pair, fitted, std::string("16 px ") + ToString(fit));
  }
}

TEST(PivCuda, MultiPassDeformationMatchesCpu) {
  CUMED_SKIP_WITHOUT_CUDA();
  const auto pair = RandomPair(21, 256, 256);
  PivOptions options = SinglePass(64);
  options.windowSizes = {64, 32, 16};
  ExpectCudaMatchesCpu(pair, options, "64-32-16 lanczos");
  options.deformation = Interpolation::Bicubic;
  ExpectCudaMatchesCpu(pair, options, "64-32-16 bicubic");
  options.deformation = Interpolation::Bilinear;
  options.validation.replacement = Replacement::LocalMean;
  options.validation.neighbourhoodRadius = 2;
  ExpectCudaMatchesCpu(pair, options, "64-32-16 bilinear, mean replacement, 5x5");
  options.windowSizes = {48, 40};
  options.overlap = 0.6;
  options.predictorSmoothing = 2;
  ExpectCudaMatchesCpu(pair, options, "48-40, 60 %, predictor smoothing 5x5");
  options.predictorSmoothing = 0;
  ExpectCudaMatchesCpu(pair, options, "48-40, 60 %, no predictor smoothing");
}

TEST(PivCuda, ValidationAndMaskMatchCpu) {
  CUMED_SKIP_WITHOUT_CUDA();
  auto pair = RandomPair(31, 256, 256);
  // A patch of unrelated particles: outliers to flag and replace; a NaN pixel: invalid peaks.
  const auto other = RandomPair(32, 256, 256);
  float* second = pair.second.view<float>().data;
  const float* unrelated = other.second.view<float>().data;
  for (int y = 60; y < 110; ++y)
    for (int x = 150; x < 210; ++x) second[y * 256 + x] = unrelated[y * 256 + x];
  pair.first.view<float>().data[200 * 256 + 100] = std::numeric_limits<float>::quiet_NaN();
  cumed::Image mask = cumed::Image::Allocate(cumed::PixelType::UInt8, pair.first.geometry(),
                                             cumed::MemoryLocation::Host);
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (int y = 180; y < 256; ++y)
    for (int x = 0; x < 70; ++x) m[y * 256 + x] = 1;
  PivOptions options = SinglePass(32);
  options.mask = std::as_const(mask).view<std::uint8_t>();
  options.validation.minPeakToPeak = 1.3;
  options.validation.maxV = 3.0;
  ExpectCudaMatchesCpu(pair, options, "mask, patch, NaN pixel, peak-to-peak, limits");
  options.validation.replacement = Replacement::None;
  ExpectCudaMatchesCpu(pair, options, "flags only");
  options.windowSizes = {24}; // the cuFFT path (the fused kernel serves 8, 16, 32, 64 px)
  options.validation.replacement = Replacement::LocalMedian;
  ExpectCudaMatchesCpu(pair, options, "24 px: mask, patch, NaN pixel, peak-to-peak, limits");
}

TEST(PivCuda, DeviceFramesAndIntegerPixels) {
  CUMED_SKIP_WITHOUT_CUDA();
  const auto pair = RandomPair(41, 256, 256);
  PivOptions options = SinglePass(32);
  options.backend = cumed::Backend::CPU;
  const PivField cpu = ComputePiv(pair.first, pair.second, options);
  options.backend = cumed::Backend::CUDA;
  const cumed::Image first = pair.first.toDevice(), second = pair.second.toDevice();
  cumed::ResetTransferStats();
  const PivField cuda = ComputePiv(first, second, options);
  const cumed::TransferStats transfers = cumed::GetTransferStats();
  EXPECT_EQ(transfers.hostToDeviceCopies, 0u) << "device frames were copied";
  EXPECT_EQ(transfers.deviceToHostCopies, 1u) << "only the field comes back, in one copy";
  ExpectSameField(cpu, cuda, "device frames");

  // 16-bit frames: converted on the device vs on the host.
  const cumed::Image a16 = cumed::testing::Quantise(pair.first, cumed::PixelType::UInt16, 100.0);
  const cumed::Image b16 = cumed::testing::Quantise(pair.second, cumed::PixelType::UInt16, 100.0);
  options.backend = cumed::Backend::CPU;
  const PivField cpu16 = ComputePiv(a16, b16, options);
  options.backend = cumed::Backend::CUDA;
  ExpectSameField(cpu16, ComputePiv(a16, b16, options), "uint16 host frames");
}

} // namespace

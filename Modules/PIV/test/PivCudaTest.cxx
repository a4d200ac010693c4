// Every accelerated backend (the backends of cumed/test/Backends.h but the CPU: "Cuda/PivVsCpu")
// against the CPU reference on random particle pairs rendered at test time: the same vectors
// within 1e-3 px, the same flags (a median test sitting exactly on its threshold may tip either
// way: at most 0.5 % of the vectors), peaks and ratios within float tolerance. Both backends share
// the peak, fit, validation and resampling formulas (src/*.h); they differ in the FFT (FFTW vs
// cuFFT) and the order of the sums. Every case here skips without a usable device; what every
// backend must measure is in the PivUniformShift, PivDeformation and PivValidationEndToEnd suites.
#include "CpuCudaComparison.h"
#include "cumed/core/Device.h"
#include "cumed/core/Transfer.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <limits>
#include <random>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;
using cumed::testing::ParticleImageSettings;
using cumed::testing::RenderParticlePair;

class PivVsCpu : public cumed::test::BackendTest<> {
protected:
  /// The same pair and options on the CPU and on backend().
  void ExpectMatchesCpu(const cumed::testing::ParticleImagePair& pair, PivOptions options,
                        const std::string& what) const {
    options.backend = cumed::Backend::CPU;
    const PivField cpu = ComputePiv(pair.first, pair.second, options);
    options.backend = backend();
    ExpectSameField(cpu, ComputePiv(pair.first, pair.second, options), what);
  }
};

TEST_P(PivVsCpu, SinglePassMatchesCpu) {
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    const auto pair = RandomPair(seed, 320, 256);
    ExpectMatchesCpu(pair, SinglePass(32), "32 px 50 %, seed " + std::to_string(seed));
    ExpectMatchesCpu(pair, SinglePass(16, 0.75), "16 px 75 %, seed " + std::to_string(seed));
    ExpectMatchesCpu(pair, SinglePass(27, 0.25), "27 px 25 %, seed " + std::to_string(seed));
  }
}

TEST_P(PivVsCpu, CorrelationOptionsMatchCpu) {
  const auto pair = RandomPair(11, 256, 200);
  PivOptions options = SinglePass(32);
  options.searchExtension = 6;
  ExpectMatchesCpu(pair, options, "search extension 6");
  options.zeroPadding = true;
  ExpectMatchesCpu(pair, options, "extension + zero padding");
  options.normalizedCorrelation = true;
  options.removeMean = false;
  ExpectMatchesCpu(pair, options, "normalised, no mean removal");
  for (const SubPixelFit fit : {SubPixelFit::Centroid, SubPixelFit::Parabolic}) {
    PivOptions fitted = SinglePass(24);
    fitted.subPixel = fit;
    fitted.pairLossCorrection = PairLossCorrection::None;
    ExpectMatchesCpu(pair, fitted, ToString(fit));
  }
}

// Buffers of 8, 16, 32 and 64 px take the fused kernel (cuda/FusedCorrelationKernel.cu), every
// other size the cuFFT path: here the options land on fused sizes (window + 2 x extension, x 2
// with zero padding), 8 px windows and a 64 px buffer included.
TEST_P(PivVsCpu, FusedCorrelationOptionsMatchCpu) {
  const auto pair = RandomPair(12, 256, 192);
  ExpectMatchesCpu(pair, SinglePass(8, 0.5), "8 px windows");
  ExpectMatchesCpu(pair, SinglePass(64, 0.75), "64 px windows (two threads a line)");
  // A single fused pass reads 8-bit frames as they are (no float copy on the device).
  const cumed::Image a8 = cumed::testing::Quantise(pair.first, cumed::PixelType::UInt8);
  const cumed::Image b8 = cumed::testing::Quantise(pair.second, cumed::PixelType::UInt8);
  for (const int window : {16, 64}) {
    PivOptions single = SinglePass(window);
    single.backend = cumed::Backend::CPU;
    const PivField cpu = ComputePiv(a8, b8, single);
    single.backend = backend();
    ExpectSameField(cpu, ComputePiv(a8, b8, single),
                    "uint8 frames read in place, " + std::to_string(window) + " px");
  }
  PivOptions options = SinglePass(16);
  options.searchExtension = 8;
  ExpectMatchesCpu(pair, options, "16 px + extension 8: 32 px buffer");
  options.searchExtension = 0;
  options.zeroPadding = true;
  ExpectMatchesCpu(pair, options, "16 px zero-padded: 32 px buffer");
  options.windowSizes = {32};
  ExpectMatchesCpu(pair, options, "32 px zero-padded: 64 px buffer");
  options.zeroPadding = false;
  options.normalizedCorrelation = true;
  options.removeMean = false;
  ExpectMatchesCpu(pair, options, "32 px normalised, no mean removal");
  for (const SubPixelFit fit : {SubPixelFit::Centroid, SubPixelFit::Parabolic}) {
    PivOptions fitted = SinglePass(16, 0.75);
    fitted.subPixel = fit;
    fitted.pairLossCorrection = PairLossCorrection::None;
    ExpectMatchesCpu(pair, fitted, std::string("16 px ") + ToString(fit));
  }
}

TEST_P(PivVsCpu, MultiPassDeformationMatchesCpu) {
  const auto pair = RandomPair(21, 256, 256);
  PivOptions options = SinglePass(64);
  options.windowSizes = {64, 32, 16};
  ExpectMatchesCpu(pair, options, "64-32-16 lanczos");
  options.deformation = Interpolation::Bicubic;
  ExpectMatchesCpu(pair, options, "64-32-16 bicubic");
  options.deformation = Interpolation::Bilinear;
  options.validation.replacement = Replacement::LocalMean;
  options.validation.neighbourhoodRadius = 2;
  ExpectMatchesCpu(pair, options, "64-32-16 bilinear, mean replacement, 5x5");
  options.windowSizes = {48, 40};
  options.overlap = 0.6;
  options.predictorSmoothing = 2;
  ExpectMatchesCpu(pair, options, "48-40, 60 %, predictor smoothing 5x5");
  options.predictorSmoothing = 0;
  ExpectMatchesCpu(pair, options, "48-40, 60 %, no predictor smoothing");
}

TEST_P(PivVsCpu, ValidationAndMaskMatchCpu) {
  auto pair = RandomPair(31, 256, 256);
  // A patch of unrelated particles: outliers to flag and replace; a NaN pixel: invalid peaks.
  const auto other = RandomPair(32, 256, 256);
  float* second = pair.second.view<float>().data;
  const float* unrelated = other.second.view<float>().data;
  for (int y = 60; y < 110; ++y)
    for (int x = 150; x < 210; ++x) second[y * 256 + x] = unrelated[y * 256 + x];
  pair.first.view<float>().data[200 * 256 + 100] = std::numeric_limits<float>::quiet_NaN();
  const cumed::Image mask = CornerMask(pair.first.geometry());
  PivOptions options = SinglePass(32);
  options.mask = mask.view<std::uint8_t>();
  options.validation.minPeakToPeak = 1.3;
  options.validation.maxV = 3.0;
  ExpectMatchesCpu(pair, options, "mask, patch, NaN pixel, peak-to-peak, limits");
  options.validation.replacement = Replacement::None;
  ExpectMatchesCpu(pair, options, "flags only");
  options.windowSizes = {24}; // the cuFFT path (the fused kernel serves 8, 16, 32, 64 px)
  options.validation.replacement = Replacement::LocalMedian;
  ExpectMatchesCpu(pair, options, "24 px: mask, patch, NaN pixel, peak-to-peak, limits");
}

TEST_P(PivVsCpu, DeviceFramesAndIntegerPixels) {
  const auto pair = RandomPair(41, 256, 256);
  PivOptions options = SinglePass(32);
  options.backend = cumed::Backend::CPU;
  const PivField cpu = ComputePiv(pair.first, pair.second, options);
  options.backend = backend();
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
  options.backend = backend();
  ExpectSameField(cpu16, ComputePiv(a16, b16, options), "uint16 host frames");
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(PivVsCpu);

} // namespace

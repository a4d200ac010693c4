// Ensemble correlation on every accelerated backend (the backends of cumed/test/Backends.h but the
// CPU: "Cuda/..." instances) against the CPU's on sequences of random pairs of one steady flow
// rendered at test time (PivEnsembleVsCpu; CpuCudaComparison.h: 1e-3 px, the same flags); on the
// device (PivEnsembleOnDevice) one pair equals ComputePiv bit for bit; repeated runs are identical
// (the planes are summed in pair order, no atomics); device frames are read in place and host
// frames streamed (counted transfers); device frames' errors name the pair. Every case here skips
// without a usable device; what every backend does is EnsembleTest.cxx's.
#include "CpuCudaComparison.h"
#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cstring>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;
using cumed::testing::ParticleImagePair;

/// `count` recordings of RandomFlow(flowSeed), each with its own particles.
std::vector<ParticleImagePair> Sequence(std::uint32_t flowSeed, int count, int width, int height,
                                        double density) {
  std::vector<ParticleImagePair> sequence;
  for (int i = 0; i < count; ++i)
    sequence.push_back(RandomPair(flowSeed, width, height, 1000 * flowSeed + i, density));
  return sequence;
}

std::vector<ImagePair> PairsOf(const std::vector<ParticleImagePair>& sequence) {
  std::vector<ImagePair> pairs;
  for (const auto& p : sequence) pairs.push_back({&p.first, &p.second});
  return pairs;
}

PivField Ensemble(const std::vector<ImagePair>& pairs, PivOptions options, cumed::Backend backend) {
  options.backend = backend;
  return ComputeEnsemblePiv(pairs, options);
}

void ExpectEnsembleMatchesCpu(cumed::Backend backend, const std::vector<ImagePair>& pairs,
                              const PivOptions& options, const std::string& what) {
  ExpectSameField(Ensemble(pairs, options, cumed::Backend::CPU), Ensemble(pairs, options, backend),
                  what);
}

void ExpectIdentical(const PivField& a, const PivField& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  ASSERT_EQ(a.passes, b.passes) << what;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(std::memcmp(&a.u[i], &b.u[i], sizeof(float)), 0) << what << " u of vector " << i;
    ASSERT_EQ(std::memcmp(&a.v[i], &b.v[i], sizeof(float)), 0) << what << " v of vector " << i;
    ASSERT_EQ(a.peak[i], b.peak[i]) << what << " peak of vector " << i;
    ASSERT_EQ(a.flags[i], b.flags[i]) << what << " flags of vector " << i;
  }
}

/// A workload of the comparison: options and the sequence's density.
struct EnsembleCase {
  const char* name;
  std::vector<int> windows;
  double overlap;
  double density; ///< particles/px: sparse, where the ensemble matters
  void (*adjust)(PivOptions&);
};

void PrintTo(const EnsembleCase& c, std::ostream* os) {
  *os << c.name;
}

class PivEnsembleVsCpu : public cumed::test::BackendTest<EnsembleCase> {};

TEST_P(PivEnsembleVsCpu, MatchesCpu) {
  const EnsembleCase c = param<0>();
  for (const std::uint32_t flow : {3u, 4u}) {
    const auto sequence = Sequence(flow, 6, 256, 256, c.density);
    PivOptions options = SinglePass(c.windows.front(), c.overlap);
    options.windowSizes = c.windows;
    if (c.adjust) c.adjust(options);
    ExpectEnsembleMatchesCpu(backend(), PairsOf(sequence), options,
                             std::string(c.name) + ", flow " + std::to_string(flow));
  }
}

CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(
    PivEnsembleVsCpu,
    [](const testing::TestParamInfo<std::tuple<cumed::Backend, EnsembleCase>>& info) {
      return std::string(std::get<1>(info.param).name);
    },
    testing::Values(
        EnsembleCase{"single_32px_50", {32}, 0.5, 0.006, nullptr},
        EnsembleCase{"single_16px_75_dense", {16}, 0.75, 0.05, nullptr},
        EnsembleCase{"single_27px_25", {27}, 0.25, 0.01, nullptr},
        EnsembleCase{"extension_padding_normalised",
                     {32},
                     0.5,
                     0.01,
                     [](PivOptions& o) {
                       o.searchExtension = 6;
                       o.zeroPadding = true;
                       o.normalizedCorrelation = true;
                       o.removeMean = false;
                     }},
        EnsembleCase{"centroid_no_pair_loss",
                     {24},
                     0.5,
                     0.01,
                     [](PivOptions& o) {
                       o.subPixel = SubPixelFit::Centroid;
                       o.pairLossCorrection = PairLossCorrection::None;
                     }},
        EnsembleCase{"passes_64_32_16_lanczos", {64, 32, 16}, 0.5, 0.01, nullptr},
        EnsembleCase{"passes_64_32_bicubic_smoothed",
                     {64, 32},
                     0.5,
                     0.006,
                     [](PivOptions& o) {
                       o.deformation = Interpolation::Bicubic;
                       o.predictorSmoothing = 2;
                     }},
        EnsembleCase{
            "passes_48_40_bilinear_mean_replacement", {48, 40}, 0.6, 0.01, [](PivOptions& o) {
              o.deformation = Interpolation::Bilinear;
              o.validation.replacement = Replacement::LocalMean;
              o.validation.neighbourhoodRadius = 2;
              o.validation.maxU = 3.0;
            }}));

/// What the ensemble does on a device backend (backend()).
class PivEnsembleOnDevice : public cumed::test::BackendTest<> {};

// Buffers off 8, 16, 32 and 64 px, so that ComputePiv takes the cuFFT path as the ensemble does
// (those sizes may be served by a fused correlation kernel that keeps no planes).
TEST_P(PivEnsembleOnDevice, OnePairIsComputePivBitForBit) {
  const auto pair = RandomPair(7, 256, 192);
  PivOptions options = SinglePass(48);
  options.backend = backend();
  for (const auto& windows : {std::vector<int>{24}, std::vector<int>{48, 40, 24}}) {
    options.windowSizes = windows;
    for (const Interpolation deformation : {Interpolation::Lanczos, Interpolation::Bicubic}) {
      options.deformation = deformation;
      const std::string what = std::to_string(windows.size()) + " passes, " + ToString(deformation);
      ExpectIdentical(ComputePiv(pair.first, pair.second, options),
                      ComputeEnsemblePiv({{&pair.first, &pair.second}}, options), what);
    }
  }
}

TEST_P(PivEnsembleOnDevice, RepeatedRunsAreIdentical) {
  const auto sequence = Sequence(5, 12, 256, 256, 0.004);
  PivOptions options = SinglePass(64);
  options.windowSizes = {64, 32};
  const PivField first = Ensemble(PairsOf(sequence), options, backend());
  for (int run = 0; run < 3; ++run)
    ExpectIdentical(first, Ensemble(PairsOf(sequence), options, backend()),
                    "run " + std::to_string(run + 2));
}

TEST_P(PivEnsembleOnDevice, DeviceFramesInPlaceHostFramesStreamedIntegerPixels) {
  const auto sequence = Sequence(6, 5, 256, 256, 0.01);
  PivOptions options = SinglePass(64);
  options.windowSizes = {64, 32};
  const PivField cpu = Ensemble(PairsOf(sequence), options, cumed::Backend::CPU);

  std::vector<cumed::Image> device;
  for (const auto& p : sequence) {
    device.push_back(p.first.toDevice());
    device.push_back(p.second.toDevice());
  }
  std::vector<ImagePair> devicePairs;
  for (std::size_t i = 0; i < sequence.size(); ++i)
    devicePairs.push_back({&device[2 * i], &device[2 * i + 1]});
  cumed::ResetTransferStats();
  const PivField onDevice = Ensemble(devicePairs, options, backend());
  cumed::TransferStats transfers = cumed::GetTransferStats();
  EXPECT_EQ(transfers.hostToDeviceCopies, 0u) << "device frames were copied";
  EXPECT_EQ(transfers.deviceToHostCopies, 1u) << "only the field comes back, in one copy";
  ExpectSameField(cpu, onDevice, "device frames");

  // Host frames go up pair by pair in every pass: 2 frames x 5 pairs x 2 passes.
  cumed::ResetTransferStats();
  ExpectIdentical(onDevice, Ensemble(PairsOf(sequence), options, backend()), "host frames");
  transfers = cumed::GetTransferStats();
  EXPECT_EQ(transfers.hostToDeviceCopies, 20u);

  // Pairs in either memory in one ensemble; Auto takes the device.
  devicePairs[2] = {&sequence[2].first, &sequence[2].second};
  options.backend = cumed::Backend::Auto;
  const PivField mixed = ComputeEnsemblePiv(devicePairs, options);
  EXPECT_EQ(mixed.backendUsed, backend());
  ExpectIdentical(onDevice, mixed, "host and device pairs, Auto");

  // 16-bit first frames and 8-bit second frames: converted on the device vs on the host.
  std::vector<cumed::Image> quantised;
  for (const auto& p : sequence) {
    quantised.push_back(cumed::testing::Quantise(p.first, cumed::PixelType::UInt16, 100.0));
    quantised.push_back(cumed::testing::Quantise(p.second, cumed::PixelType::UInt8));
  }
  std::vector<ImagePair> quantisedPairs;
  for (std::size_t i = 0; i < sequence.size(); ++i)
    quantisedPairs.push_back({&quantised[2 * i], &quantised[2 * i + 1]});
  ExpectSameField(Ensemble(quantisedPairs, options, cumed::Backend::CPU),
                  Ensemble(quantisedPairs, options, backend()), "uint16 and uint8 host frames");
}

TEST_P(PivEnsembleOnDevice, MaskAndOutliersMatchCpu) {
  auto sequence = Sequence(8, 4, 256, 256, 0.01);
  // Unrelated particles in one corner of every second frame: outliers to flag and replace.
  const auto other = RandomPair(9, 256, 256);
  for (auto& p : sequence) {
    float* second = p.second.view<float>().data;
    const float* unrelated = other.second.view<float>().data;
    for (int y = 60; y < 110; ++y)
      for (int x = 150; x < 210; ++x) second[y * 256 + x] = unrelated[y * 256 + x];
  }
  const cumed::Image mask = CornerMask(sequence.front().first.geometry());
  PivOptions options = SinglePass(32);
  options.mask = mask.view<std::uint8_t>();
  options.validation.minPeakToPeak = 1.3;
  const PivField cpu = Ensemble(PairsOf(sequence), options, cumed::Backend::CPU);
  EXPECT_GT(cpu.count(Masked), 0u);
  EXPECT_GT(cpu.count(Replaced), 0u);
  ExpectSameField(cpu, Ensemble(PairsOf(sequence), options, backend()),
                  "mask, patch of unrelated particles");
}

// The errors every backend names (pairs of different sizes, none, a missing frame):
// PivEnsemble.NamedErrors in EnsembleTest.cxx; here those of device frames.
TEST_P(PivEnsembleOnDevice, DeviceFramesNamedErrors) {
  const auto sequence = Sequence(10, 2, 96, 96, 0.02);
  const cumed::Image first = sequence[1].first.toDevice(), second = sequence[1].second.toDevice();
  PivOptions options = SinglePass(32);
  // Device frames and the CPU backend.
  try {
    ComputeEnsemblePiv({{&sequence[0].first, &sequence[0].second}, {&first, &second}}, options);
    FAIL() << "device frames accepted by the CPU backend";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("ensemble pair 1: the frames are in device memory but "
                                         "the CPU backend runs"),
              std::string::npos)
        << e.what();
  }
  // A host mask with device frames, on the CUDA backend.
  cumed::Image mask = cumed::Image::Allocate(cumed::PixelType::UInt8, first.geometry(),
                                             cumed::MemoryLocation::Host);
  options.backend = backend();
  options.mask = std::as_const(mask).view<std::uint8_t>();
  try {
    ComputeEnsemblePiv({{&first, &second}}, options);
    FAIL() << "a host mask with device frames accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("ensemble pair 0: PIV: the mask is in host memory and "
                                         "the frames in device memory"),
              std::string::npos)
        << e.what();
  }
  // One pair of another size.
  const auto larger = RandomPair(11, 128, 96);
  options.mask = {};
  try {
    ComputeEnsemblePiv({{&first, &second}, {&larger.first, &larger.second}}, options);
    FAIL() << "pairs of different sizes accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("ensemble pair 1: the frames are 128 x 96 px but pair "
                                         "0's are 96 x 96 px"),
              std::string::npos)
        << e.what();
  }
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(PivEnsembleOnDevice);

} // namespace

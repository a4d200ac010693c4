// The CUDA sequence pipeline (cuda/PivSequenceCuda.cxx: several pairs in flight on streams of
// their own, host frames staged ahead through page-locked slots) against ComputePiv on the same
// pairs: bit for bit against CUDA ComputePiv (the same kernels run, only the streams differ) and
// within CpuCudaComparison.h's tolerances against the CPU. Random cases (CUMED_RANDOM_SEED, the
// seed printed): frame sizes that are not multiples of the window, 1 to 9 pairs (fewer and more
// than the pairs in flight and the staged slots), 8-bit and float host frames, float device
// frames, one to three passes, masks; a caller's stream; a consumer that throws. Cuda/ only: skips
// without a device.
#include "CpuCudaComparison.h"
#include "cumed/core/Stream.h"
#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

class PivSequenceVsCpu : public cumed::test::BackendTest<> {};

/// Bit for bit: what CUDA ComputePiv gives for the same pair.
void ExpectIdentical(const PivField& expected, const PivField& got, const std::string& what) {
  ASSERT_EQ(got.size(), expected.size()) << what;
  EXPECT_EQ(got.u, expected.u) << what;
  EXPECT_EQ(got.v, expected.v) << what;
  EXPECT_EQ(got.peak, expected.peak) << what;
  EXPECT_EQ(got.secondPeak, expected.secondPeak) << what;
  EXPECT_EQ(got.peakToPeak, expected.peakToPeak) << what;
  EXPECT_EQ(got.peakToMean, expected.peakToMean) << what;
  EXPECT_EQ(got.flags, expected.flags) << what;
  EXPECT_EQ(got.x, expected.x) << what;
  EXPECT_EQ(got.y, expected.y) << what;
  EXPECT_EQ(got.passes, expected.passes) << what;
}

/// A masked rectangle somewhere in the frame (host memory).
cumed::Image RandomMask(const cumed::ImageGeometry& geometry, cumed::test::RandomDraw& draw) {
  cumed::Image mask =
      cumed::Image::Allocate(cumed::PixelType::UInt8, geometry, cumed::MemoryLocation::Host);
  const int width = int(geometry.size[0]), height = int(geometry.size[1]);
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (int i = 0; i < width * height; ++i) m[i] = 0;
  const int x0 = draw.integer(0, width / 2), y0 = draw.integer(0, height / 2);
  const int x1 = draw.integer(x0, width), y1 = draw.integer(y0, height);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) m[y * width + x] = 1;
  return mask;
}

TEST_P(PivSequenceVsCpu, RandomSequencesMatchComputePivAndCpu) {
  cumed::test::ForEachRandomCase(8, [&](cumed::test::RandomDraw& draw) {
    const int width = draw.integer(130, 300), height = draw.integer(100, 260);
    const int count = draw.edgy(1, 9);
    const int frames = draw.integer(0, 2); // 0: 8-bit host, 1: float host, 2: float device
    const std::vector<std::vector<int>> windowChoices = {{32}, {16}, {24}, {64, 32, 16}, {32, 16}};
    const std::vector<int>& windows = draw.pick(windowChoices);
    const bool masked = draw.chance(0.3);
    const auto flowSeed = std::uint32_t(draw.integer(1, 1 << 30));
    PivOptions options = SinglePass(windows.front());
    options.windowSizes = windows;
    options.deformation = draw.pick(std::vector<Interpolation>{
        Interpolation::Lanczos, Interpolation::Bicubic, Interpolation::Bilinear});
    std::string what = std::to_string(width) + " x " + std::to_string(height) + ", " +
                       std::to_string(count) + " pairs, frames " +
                       (frames == 0   ? "8-bit host"
                        : frames == 1 ? "float host"
                                      : "float device") +
                       ", windows";
    for (const int w : windows) what += " " + std::to_string(w);
    if (masked) what += ", mask";

    // Host frames of `count` different pairs of one random flow; the device copies where asked.
    std::vector<cumed::Image> host, device;
    for (int k = 0; k < count; ++k) {
      auto pair = RandomPair(flowSeed, width, height, flowSeed + 7 * std::uint32_t(k) + 1);
      if (frames == 0) {
        host.push_back(cumed::testing::Quantise(pair.first, cumed::PixelType::UInt8));
        host.push_back(cumed::testing::Quantise(pair.second, cumed::PixelType::UInt8));
      } else {
        host.push_back(std::move(pair.first));
        host.push_back(std::move(pair.second));
      }
    }
    if (frames == 2)
      for (const cumed::Image& frame : host) device.push_back(frame.toDevice());
    cumed::Image mask, deviceMask;
    if (masked) {
      mask = RandomMask(host.front().geometry(), draw);
      deviceMask = mask.toDevice();
    }
    const std::vector<cumed::Image>& input = frames == 2 ? device : host;
    std::vector<ImagePair> pairs;
    for (int k = 0; k < count; ++k) pairs.push_back({&input[2 * k], &input[2 * k + 1]});

    PivOptions cuda = options;
    cuda.backend = cumed::Backend::CUDA;
    const cumed::Image& cudaMask = frames == 2 ? deviceMask : mask;
    const cumed::Image& cpuMask = mask;
    if (masked) cuda.mask = cudaMask.view<std::uint8_t>();
    PivOptions cpu = options;
    if (masked) cpu.mask = cpuMask.view<std::uint8_t>();
    std::vector<std::size_t> order;
    ComputePivSequence(pairs, cuda, [&](std::size_t k, PivField& field) {
      order.push_back(k);
      const std::string pair = what + ", pair " + std::to_string(k);
      ExpectIdentical(ComputePiv(*pairs[k].first, *pairs[k].second, cuda), field, pair);
      ExpectSameField(ComputePiv(host[2 * k], host[2 * k + 1], cpu), field, pair);
    });
    std::vector<std::size_t> expected;
    for (int k = 0; k < count; ++k) expected.push_back(std::size_t(k));
    EXPECT_EQ(order, expected) << what;
  });
}

TEST_P(PivSequenceVsCpu, CallersStreamOrdersTheSequence) {
  // With the caller's stream every pair is queued on it (several ahead of the host): the
  // fields still equal ComputePiv's, in order.
  std::vector<cumed::testing::ParticleImagePair> rendered;
  for (std::uint32_t k = 0; k < 6; ++k) rendered.push_back(RandomPair(41, 203, 177, 50 + k));
  std::vector<cumed::Image> device;
  for (const auto& pair : rendered) {
    device.push_back(pair.first.toDevice());
    device.push_back(pair.second.toDevice());
  }
  for (const bool onDevice : {false, true}) {
    std::vector<ImagePair> pairs;
    for (std::size_t k = 0; k < rendered.size(); ++k)
      pairs.push_back(onDevice ? ImagePair{&device[2 * k], &device[2 * k + 1]}
                               : ImagePair{&rendered[k].first, &rendered[k].second});
    cumed::Stream stream;
    PivOptions options = SinglePass(32);
    options.windowSizes = {32, 16};
    options.backend = cumed::Backend::CUDA;
    options.stream = &stream;
    std::size_t next = 0;
    ComputePivSequence(pairs, options, [&](std::size_t k, PivField& field) {
      EXPECT_EQ(k, next++);
      PivOptions single = options;
      single.stream = nullptr;
      ExpectIdentical(ComputePiv(*pairs[k].first, *pairs[k].second, single), field,
                      std::string(onDevice ? "device" : "host") + " pair " + std::to_string(k));
    });
    EXPECT_EQ(next, rendered.size());
  }
}

TEST_P(PivSequenceVsCpu, ConsumerExceptionLeavesNothingInFlight) {
  // A consumer that throws at pair 2 of 8 stops the sequence while later pairs are in flight and
  // staged; the next sequence on this thread reuses the page-locked memory and must be right.
  std::vector<cumed::Image> frames;
  for (std::uint32_t k = 0; k < 8; ++k) {
    const auto pair = RandomPair(61, 190, 150, 70 + k);
    frames.push_back(cumed::testing::Quantise(pair.first, cumed::PixelType::UInt8));
    frames.push_back(cumed::testing::Quantise(pair.second, cumed::PixelType::UInt8));
  }
  std::vector<ImagePair> pairs;
  for (std::size_t k = 0; k < 8; ++k) pairs.push_back({&frames[2 * k], &frames[2 * k + 1]});
  PivOptions options = SinglePass(32);
  options.backend = cumed::Backend::CUDA;
  std::vector<std::size_t> seen;
  EXPECT_THROW(ComputePivSequence(pairs, options,
                                  [&](std::size_t k, PivField&) {
                                    seen.push_back(k);
                                    if (k == 2) throw std::runtime_error("consumer stops");
                                  }),
               std::runtime_error);
  EXPECT_EQ(seen, (std::vector<std::size_t>{0, 1, 2}));
  std::reverse(pairs.begin(), pairs.end()); // other frames in every slot than before
  std::size_t handed = 0;
  ComputePivSequence(pairs, options, [&](std::size_t k, PivField& field) {
    ++handed;
    ExpectIdentical(ComputePiv(*pairs[k].first, *pairs[k].second, options), field,
                    "after the exception, pair " + std::to_string(k));
  });
  EXPECT_EQ(handed, pairs.size());
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(PivSequenceVsCpu);

} // namespace

// ComputePivSequence on every backend: each field equals ComputePiv's for its pair (bitwise: the
// same kernels or loops run), in order, for 8-bit host frames (streamed on CUDA) and float
// frames; per-pair progress; bad sequences refused with the pair and the problem named.
#include "FieldErrors.h"
#include "cumed/core/Error.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

void ExpectIdentical(const PivField& a, const PivField& b, std::size_t pair) {
  ASSERT_EQ(a.size(), b.size()) << "pair " << pair;
  EXPECT_EQ(a.u, b.u) << "pair " << pair;
  EXPECT_EQ(a.v, b.v) << "pair " << pair;
  EXPECT_EQ(a.flags, b.flags) << "pair " << pair;
  EXPECT_EQ(a.peakToPeak, b.peakToPeak) << "pair " << pair;
  EXPECT_EQ(a.x, b.x) << "pair " << pair;
}

/// Five pairs moving by different shifts (so a field handed to the wrong index shows).
std::vector<cumed::testing::ParticleImagePair> Sequence() {
  std::vector<cumed::testing::ParticleImagePair> pairs;
  for (int k = 0; k < 5; ++k) {
    cumed::testing::ParticleImageSettings settings;
    settings.width = 192;
    settings.height = 160;
    settings.seed = 100 + k;
    pairs.push_back(cumed::testing::RenderParticlePair(
        settings, cumed::testing::UniformDisplacement(0.5 * k - 1.0, 0.3 * k)));
  }
  return pairs;
}

class PivSequence : public cumed::test::BackendTest<> {};

TEST_P(PivSequence, EachFieldEqualsComputePiv) {
  const auto rendered = Sequence();
  std::vector<cumed::Image> frames8;
  for (const auto& pair : rendered) {
    frames8.push_back(cumed::testing::Quantise(pair.first, cumed::PixelType::UInt8));
    frames8.push_back(cumed::testing::Quantise(pair.second, cumed::PixelType::UInt8));
  }
  std::vector<ImagePair> pairs8, pairsFloat;
  for (std::size_t k = 0; k < rendered.size(); ++k) {
    pairs8.push_back({&frames8[2 * k], &frames8[2 * k + 1]});
    pairsFloat.push_back({&rendered[k].first, &rendered[k].second});
  }
  for (const std::vector<int>& windows : {std::vector<int>{32}, std::vector<int>{32, 16}}) {
    PivOptions options = SinglePass(32);
    options.windowSizes = windows;
    options.backend = backend();
    for (const auto* pairs : {&pairs8, &pairsFloat}) {
      std::vector<double> progress;
      options.progress = [&](double fraction) { progress.push_back(fraction); };
      std::vector<std::size_t> order;
      ComputePivSequence(*pairs, options, [&](std::size_t k, PivField& field) {
        order.push_back(k);
        PivOptions single = options;
        single.progress = nullptr;
        ExpectIdentical(field, ComputePiv(*(*pairs)[k].first, *(*pairs)[k].second, single), k);
        EXPECT_EQ(field.backendUsed, backend());
        // The known shift, so each field belongs to its pair.
        EXPECT_NEAR(field.u[field.size() / 2], 0.5 * k - 1.0, 0.1) << "pair " << k;
      });
      EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
      EXPECT_EQ(progress, (std::vector<double>{0.0, 0.2, 0.4, 0.6, 0.8, 1.0}));
    }
  }
}

TEST_P(PivSequence, BadSequencesAreRefused) {
  const auto rendered = Sequence();
  PivOptions options = SinglePass(32);
  options.backend = backend();
  const auto consume = [](std::size_t, PivField&) {};
  const auto expectError = [&](const std::vector<ImagePair>& pairs, const char* fragment,
                               FieldConsumer consumer) {
    try {
      ComputePivSequence(pairs, options, consumer);
      ADD_FAILURE() << "no error; expected one naming '" << fragment << "'";
    } catch (const cumed::InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  expectError({}, "at least one pair", consume);
  expectError({{&rendered[0].first, nullptr}}, "pair 0: the second frame is missing", consume);
  cumed::testing::ParticleImageSettings settings;
  settings.width = settings.height = 128;
  const auto other =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(1, 1));
  expectError({{&rendered[0].first, &rendered[0].second}, {&other.first, &other.second}},
              "pair 1: the frames are 128 x 128 px but pair 0's are 192 x 160 px", consume);
  const cumed::Image first8 = cumed::testing::Quantise(rendered[1].first, cumed::PixelType::UInt8);
  const cumed::Image second8 =
      cumed::testing::Quantise(rendered[1].second, cumed::PixelType::UInt8);
  expectError({{&rendered[0].first, &rendered[0].second}, {&first8, &second8}},
              "pair 1: a frame is uint8 but pair 0's first frame is float", consume);
  expectError({{&rendered[0].first, &rendered[0].second}}, "no consumer", FieldConsumer{});
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivSequence);

} // namespace

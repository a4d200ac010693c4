// Ensemble correlation on every backend (PivEnsemble, Cpu/ and Cuda/ instances): a steady flow
// recorded over a sequence of sparsely seeded pairs, where one pair's windows hold too few
// particles for a peak, and the mean correlation plane of all pairs recovers the displacement;
// multi-pass; errors naming the pair. On the CPU one pair gives what ComputePiv gives
// (PivEnsembleCpu; the CUDA backend's bit-for-bit version is in EnsembleCudaTest.cxx).
#include "FieldErrors.h"

#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <iostream>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;
using cumed::testing::ParticleImagePair;
using cumed::testing::ParticleImageSettings;
using cumed::testing::RenderParticlePair;
using cumed::testing::UniformDisplacement;

/// `count` independent sparse recordings of one steady flow.
std::vector<ParticleImagePair> SparseSequence(const cumed::testing::DisplacementField& truth,
                                              int count, double density = 0.002) {
  std::vector<ParticleImagePair> sequence;
  for (int i = 0; i < count; ++i) {
    ParticleImageSettings settings;
    settings.width = settings.height = 192;
    settings.particlesPerPixel = density; // about 2 particles in a 32 px window
    settings.noise = 1.0;
    settings.seed = 500 + i;
    sequence.push_back(RenderParticlePair(settings, truth));
  }
  return sequence;
}

std::vector<ImagePair> PairsOf(const std::vector<ParticleImagePair>& sequence) {
  std::vector<ImagePair> pairs;
  for (const auto& p : sequence) pairs.push_back({&p.first, &p.second});
  return pairs;
}

/// Vectors (interior) whose error exceeds `limit` px.
int WrongVectors(const PivField& field, const cumed::testing::DisplacementField& truth,
                 double limit) {
  int wrong = 0;
  for (int r = 1; r < field.rows - 1; ++r)
    for (int c = 1; c < field.columns - 1; ++c) {
      const int i = r * field.columns + c;
      double dx, dy;
      truth(field.x[i], field.y[i], dx, dy);
      if (std::abs(field.u[i] - dx) > limit || std::abs(field.v[i] - dy) > limit) ++wrong;
    }
  return wrong;
}

class PivEnsemble : public cumed::test::BackendTest<> {
protected:
  /// One pass on this suite's backend.
  PivOptions Pass(int window) const {
    PivOptions options = SinglePass(window);
    options.backend = backend();
    return options;
  }
};

TEST_P(PivEnsemble, SparsePairsFailAloneAndTheEnsembleRecoversTheShift) {
  const auto truth = UniformDisplacement(2.3, -1.4);
  const auto sequence = SparseSequence(truth, 24);
  PivOptions options = Pass(32);
  options.validation.medianTest = false;
  options.validation.replacement = Replacement::None;
  const PivField single = ComputePiv(sequence[0].first, sequence[0].second, options);
  const int interior = (single.rows - 2) * (single.columns - 2);
  const int singleWrong = WrongVectors(single, truth, 0.5);
  std::cout << "one pair: " << singleWrong << " of " << interior << " vectors off by > 0.5 px\n";
  EXPECT_GT(singleWrong, interior / 8); // a fifth of the vectors wrong (16 of 81 with these seeds)

  const PivField ensemble = ComputeEnsemblePiv(PairsOf(sequence), options);
  ASSERT_EQ(ensemble.columns, single.columns);
  const FieldErrors e = ErrorsOf(ensemble, truth);
  std::cout << "ensemble of 24: " << e.text() << "\n";
  EXPECT_EQ(WrongVectors(ensemble, truth, 0.1), 0);
  EXPECT_LT(e.rms, 0.05);
  EXPECT_LT(std::abs(e.biasU), 0.02);
  EXPECT_LT(std::abs(e.biasV), 0.02);
  EXPECT_EQ(ensemble.count(InvalidPeak), 0u);
}

TEST_P(PivEnsemble, MultiPassDeformsEveryPairByTheEnsemblePredictor) {
  const auto truth = cumed::testing::RotationDisplacement(96, 96, 0.03);
  const auto sequence = SparseSequence(truth, 24, 0.004);
  PivOptions options = Pass(64);
  options.windowSizes = {64, 32};
  const PivField field = ComputeEnsemblePiv(PairsOf(sequence), options);
  EXPECT_EQ(field.windowSize, 32);
  EXPECT_EQ(field.passes, 2);
  const FieldErrors e = ErrorsOf(field, truth);
  std::cout << "ensemble of 24, 64-32, rotation: " << e.text() << "\n";
  EXPECT_LT(e.rms, 0.06);
  EXPECT_EQ(WrongVectors(field, truth, 0.2), 0);
}

TEST(PivEnsembleCpu, OnePairGivesWhatComputePivGives) {
  ParticleImageSettings settings;
  settings.width = 128;
  settings.height = 96;
  const auto pair = RenderParticlePair(settings, UniformDisplacement(1.3, 0.7));
  PivOptions options = SinglePass(32);
  options.windowSizes = {32, 16};
  const PivField direct = ComputePiv(pair.first, pair.second, options);
  const PivField ensemble = ComputeEnsemblePiv({{&pair.first, &pair.second}}, options);
  ASSERT_EQ(direct.size(), ensemble.size());
  for (std::size_t i = 0; i < direct.size(); ++i) {
    EXPECT_NEAR(direct.u[i], ensemble.u[i], 1e-6f) << i;
    EXPECT_NEAR(direct.v[i], ensemble.v[i], 1e-6f) << i;
    EXPECT_EQ(direct.flags[i], ensemble.flags[i]) << i;
  }
}

// Device frames' own errors (the CPU backend refusing them, a host mask with them):
// PivEnsembleOnDevice.DeviceFramesNamedErrors.
TEST_P(PivEnsemble, NamedErrors) {
  ParticleImageSettings settings;
  settings.width = settings.height = 96;
  const auto a = RenderParticlePair(settings, UniformDisplacement(1, 1));
  settings.width = 128;
  const auto b = RenderParticlePair(settings, UniformDisplacement(1, 1));
  const PivOptions options = Pass(32);
  try {
    ComputeEnsemblePiv({{&a.first, &a.second}, {&b.first, &b.second}}, options);
    FAIL() << "pairs of different sizes accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("ensemble pair 1: the frames are 128 x 96 px but pair "
                                         "0's are 96 x 96 px"),
              std::string::npos)
        << e.what();
  }
  try {
    ComputeEnsemblePiv({{&a.first, &b.second}}, options);
    FAIL() << "a pair of different sizes accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("ensemble pair 0: PIV: the frames differ in size"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(ComputeEnsemblePiv({}, options), cumed::InvalidArgument);
  EXPECT_THROW(ComputeEnsemblePiv({{&a.first, nullptr}}, options), cumed::InvalidArgument);
  // Without a usable device (only the Cpu/ instance runs then) the CUDA backend is refused as
  // ComputePiv refuses it.
  if (!cumed::CudaUsable()) {
    PivOptions cuda = options;
    cuda.backend = cumed::Backend::CUDA;
    EXPECT_THROW(ComputeEnsemblePiv({{&a.first, &a.second}}, cuda), cumed::CudaError);
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivEnsemble);

} // namespace

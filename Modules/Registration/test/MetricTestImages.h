#pragma once
// Random images, masks and settings for the similarity metric tests, and the cost's central finite
// difference at one voxel.
#include "src/SimilarityMetrics.h"

#include "src/SimilarityMetricHost.h"

#include "cumed/core/Backend.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace cumed::registration::test {

using detail::MetricKind;
using detail::MetricSettings;

inline MetricSettings Settings(MetricKind kind, std::int64_t nx, std::int64_t ny, std::int64_t nz) {
  MetricSettings s;
  s.kind = kind;
  s.size[0] = nx;
  s.size[1] = ny;
  s.size[2] = nz;
  s.histogramBins = 16;
  s.fixedRange[0] = s.movingRange[0] = -1.0f;
  s.fixedRange[1] = s.movingRange[1] = 2.0f;
  s.localSigmaVoxels[0] = 1.0f;
  s.localSigmaVoxels[1] = 1.5f;
  s.localSigmaVoxels[2] = 0.8f;
  return s;
}

inline std::int64_t Voxels(const MetricSettings& s) {
  return s.size[0] * s.size[1] * s.size[2];
}

/// Uniform in [lo, hi).
inline std::vector<float> RandomImage(const MetricSettings& s, unsigned seed, float lo = 0.0f,
                                      float hi = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(lo, hi);
  std::vector<float> image(static_cast<std::size_t>(Voxels(s)));
  for (float& x : image) x = u(rng);
  return image;
}

/// `fixed` moved towards a random image: correlated with it, not equal.
inline std::vector<float> RelatedImage(const std::vector<float>& fixed, unsigned seed,
                                       float noise = 0.3f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-noise, noise);
  std::vector<float> w(fixed.size());
  for (std::size_t v = 0; v < w.size(); ++v) w[v] = 0.8f * fixed[v] + 0.1f + u(rng);
  return w;
}

/// About `kept` of the voxels nonzero (values 1..255, all counted).
inline std::vector<std::uint8_t> RandomMask(const MetricSettings& s, unsigned seed,
                                            double kept = 0.7) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(Voxels(s)));
  for (auto& m : mask) m = u(rng) < kept ? static_cast<std::uint8_t>(1 + rng() % 255) : 0;
  return mask;
}

/// (cost(w + h e_v) - cost(w - h e_v)) / (2h), with the steps as float actually stores them;
/// cost(warped) evaluates the metric (on any backend).
template <class TCost>
double CentralDifference(TCost&& cost, std::vector<float> warped, std::size_t v, float h) {
  const float w = warped[v];
  warped[v] = w + h;
  const double up = double(warped[v]);
  const double costUp = cost(warped);
  warped[v] = w - h;
  const double down = double(warped[v]);
  const double costDown = cost(warped);
  return (costUp - costDown) / (up - down);
}

/// "SSDWhole", "NMIMasked"...: the case name of a suite parameterised by (backend, metric,
/// masked); the backend is already in the instantiation's name ("Cpu/" or "Cuda/").
inline std::string
MetricCaseName(const ::testing::TestParamInfo<std::tuple<Backend, MetricKind, bool>>& info) {
  return std::string(detail::MetricName(std::get<1>(info.param))) +
         (std::get<2>(info.param) ? "Masked" : "Whole");
}

} // namespace cumed::registration::test

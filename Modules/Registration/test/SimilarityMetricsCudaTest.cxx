// The CUDA similarity metrics against the CPU reference on random images, with and without a mask:
// the value within 1e-10 of it (relative; the sums are added in another order), the derivative
// within 1e-6 of its largest value; bitwise repeatable runs; the zero mask named; and a timed
// evaluation on a 256 x 256 x 64 image (4.2M voxels). Skipped without a device, and in builds
// without CUDA.
#include "MetricTestImages.h"
#include "src/SimilarityMetricHost.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#include "cumed/test/Backends.h"

#if CUMED_WITH_CUDA
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

namespace cumed::registration {
namespace {

using detail::MetricKind;
using detail::MetricSettings;
using test::Settings;

#if CUMED_WITH_CUDA
#define CUMED_SKIP_WITHOUT_CUDA_METRICS() CUMED_SKIP_WITHOUT_CUDA()

/// The images and mask on the device, and a CUDA metric on its own stream.
struct DeviceCase {
  DeviceCase(const MetricSettings& s, const std::vector<float>& fixed,
             const std::vector<float>& warped, const std::vector<std::uint8_t>* mask)
      : bytes(fixed.size() * sizeof(float)), fixedD(bytes), warpedD(bytes), derivativeD(bytes),
        metric(detail::MakeSimilarityMetricCuda(s, stream.native())) {
    fixedD.upload(fixed.data(), bytes);
    warpedD.upload(warped.data(), bytes);
    if (mask) {
      maskD = DeviceBuffer(mask->size());
      maskD.upload(mask->data(), mask->size());
    }
  }
  /// The cost; the derivative into `derivative` (host) when it is not null.
  double evaluate(std::vector<float>* derivative) {
    const double cost = metric->evaluate(fixedD.as<float>(), warpedD.as<float>(),
                                         maskD.empty() ? nullptr : maskD.as<std::uint8_t>(),
                                         derivative ? derivativeD.as<float>() : nullptr);
    if (derivative) {
      derivative->resize(bytes / sizeof(float));
      derivativeD.download(derivative->data(), bytes);
    }
    return cost;
  }
  std::size_t bytes;
  Stream stream;
  DeviceBuffer fixedD, warpedD, derivativeD, maskD;
  std::unique_ptr<detail::SimilarityMetricComputer> metric;
};
#else
#define CUMED_SKIP_WITHOUT_CUDA_METRICS() GTEST_SKIP() << "CuMed was built without CUDA"
#endif

class SimilarityMetricCudaEvery : public ::testing::TestWithParam<std::tuple<MetricKind, bool>> {
protected:
  MetricKind kind() const { return std::get<0>(GetParam()); }
  bool masked() const { return std::get<1>(GetParam()); }
};

#if CUMED_WITH_CUDA
/// CPU and CUDA on the same inputs: value and derivative agree within the stated tolerances.
void ExpectCudaMatchesCpu(const MetricSettings& s, const std::vector<float>& fixed,
                          const std::vector<float>& warped, const std::vector<std::uint8_t>* mask) {
  std::vector<float> cpuD(fixed.size()), cudaD;
  const double cpu = detail::MakeSimilarityMetricCpu(s)->evaluate(
      fixed.data(), warped.data(), mask ? mask->data() : nullptr, cpuD.data());
  DeviceCase device(s, fixed, warped, mask);
  const double cuda = device.evaluate(&cudaD);
  EXPECT_NEAR(cuda, cpu, 1e-10 * std::max(1.0, std::fabs(cpu)));
  double largest = 0.0, worst = 0.0;
  for (std::size_t v = 0; v < cpuD.size(); ++v) {
    largest = std::max(largest, double(std::fabs(cpuD[v])));
    worst = std::max(worst, std::fabs(double(cpuD[v]) - cudaD[v]));
    if (mask && !(*mask)[v]) ASSERT_EQ(cudaD[v], 0.0f) << "voxel " << v << " is outside the mask";
  }
  EXPECT_GT(largest, 0.0);
  EXPECT_LE(worst, 1e-6 * largest) << "largest |dCost/dW| " << largest;
}
#endif

TEST_P(SimilarityMetricCudaEvery, MatchesTheCpuOnRandomImages) {
  CUMED_SKIP_WITHOUT_CUDA_METRICS();
#if CUMED_WITH_CUDA
  for (unsigned seed = 20; seed < 23; ++seed) {
    const MetricSettings s = Settings(kind(), 37, 29, 23); // several reduction chunks
    const std::vector<float> fixed = test::RandomImage(s, seed),
                             warped = test::RelatedImage(fixed, seed + 100);
    const std::vector<std::uint8_t> mask = test::RandomMask(s, seed + 200);
    SCOPED_TRACE("seed " + std::to_string(seed));
    ExpectCudaMatchesCpu(s, fixed, warped, masked() ? &mask : nullptr);
  }
#endif
}

TEST_P(SimilarityMetricCudaEvery, RunsGiveTheSameBits) {
  CUMED_SKIP_WITHOUT_CUDA_METRICS();
#if CUMED_WITH_CUDA
  const MetricSettings s = Settings(kind(), 41, 33, 19);
  const std::vector<float> fixed = test::RandomImage(s, 30), warped = test::RelatedImage(fixed, 31);
  const std::vector<std::uint8_t> mask = test::RandomMask(s, 32);
  DeviceCase device(s, fixed, warped, masked() ? &mask : nullptr);
  std::vector<float> d1, d2;
  const double c1 = device.evaluate(&d1), c2 = device.evaluate(&d2);
  EXPECT_EQ(std::memcmp(&c1, &c2, sizeof c1), 0) << c1 << " vs " << c2;
  EXPECT_EQ(std::memcmp(d1.data(), d2.data(), d1.size() * sizeof(float)), 0);
#endif
}

TEST_P(SimilarityMetricCudaEvery, ZeroMaskIsNamed) {
  CUMED_SKIP_WITHOUT_CUDA_METRICS();
#if CUMED_WITH_CUDA
  const MetricSettings s = Settings(kind(), 5, 4, 3);
  const std::vector<float> fixed = test::RandomImage(s, 3), warped = test::RelatedImage(fixed, 4);
  const std::vector<std::uint8_t> zeros(fixed.size(), 0);
  DeviceCase device(s, fixed, warped, &zeros);
  std::vector<float> d;
  try {
    device.evaluate(&d);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("no voxel is counted: the mask is zero on all 5 x 4 x 3"),
              std::string::npos)
        << e.what();
  }
#endif
}

TEST_P(SimilarityMetricCudaEvery, LargeImageMatchesTheCpuAndIsTimed) {
  CUMED_SKIP_WITHOUT_CUDA_METRICS();
#if CUMED_WITH_CUDA
  MetricSettings s = Settings(kind(), 256, 256, 64);
  s.histogramBins = 64;
  s.localSigmaVoxels[0] = s.localSigmaVoxels[1] = s.localSigmaVoxels[2] = 2.0f;
  const std::vector<float> fixed = test::RandomImage(s, 40), warped = test::RelatedImage(fixed, 41);
  const std::vector<std::uint8_t> mask = test::RandomMask(s, 42, 0.9);
  const std::vector<std::uint8_t>* m = masked() ? &mask : nullptr;
  ExpectCudaMatchesCpu(s, fixed, warped, m);
  DeviceCase device(s, fixed, warped, m);
  device.evaluate(nullptr); // warm-up
  constexpr int kRuns = 20;
  double costOnly = 0.0, withDerivative = 0.0;
  for (int run = 0; run < kRuns; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    device.metric->evaluate(device.fixedD.as<float>(), device.warpedD.as<float>(),
                            m ? device.maskD.as<std::uint8_t>() : nullptr, nullptr);
    const auto t1 = std::chrono::steady_clock::now();
    device.metric->evaluate(device.fixedD.as<float>(), device.warpedD.as<float>(),
                            m ? device.maskD.as<std::uint8_t>() : nullptr,
                            device.derivativeD.as<float>());
    const auto t2 = std::chrono::steady_clock::now();
    costOnly += std::chrono::duration<double, std::milli>(t1 - t0).count() / kRuns;
    withDerivative += std::chrono::duration<double, std::milli>(t2 - t1).count() / kRuns;
  }
  std::printf("[ timing ] %s %s, 256x256x64 voxels: %.3f ms cost only, %.3f ms with derivative\n",
              detail::MetricName(kind()), masked() ? "masked" : "whole", costOnly, withDerivative);
  RecordProperty("cost_only_ms", std::to_string(costOnly));
  RecordProperty("with_derivative_ms", std::to_string(withDerivative));
#endif
}

INSTANTIATE_TEST_SUITE_P(Metrics, SimilarityMetricCudaEvery,
                         testing::Combine(testing::Values(MetricKind::SSD, MetricKind::NCC,
                                                          MetricKind::LocalNCC, MetricKind::NMI),
                                          testing::Bool()),
                         test::MetricCaseName);

} // namespace
} // namespace cumed::registration

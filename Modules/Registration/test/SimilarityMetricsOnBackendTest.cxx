// The similarity metrics on every backend (SimilarityMetricEvery, Cpu/ and Cuda/ instances):
// the derivative against central finite differences with and without a mask, the zero mask
// named, bitwise repeatable runs (fresh and reused metrics; on the CPU across thread counts too).
// Every accelerated backend against the CPU reference (SimilarityMetricVsCpu, Cuda/ only) on
// random images: the value within 1e-10 of it (relative; the sums are added in another order),
// the derivative within 1e-6 of its largest value, and a timed evaluation on a 256 x 256 x 64
// image (4.2M voxels). CUDA cases skip without a device.
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
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace cumed::registration {
namespace {

using detail::MetricKind;
using detail::MetricSettings;
using test::Settings;

/// One metric where a backend evaluates it: host arrays for the CPU; device buffers and a stream
/// of its own for CUDA (the fixed image and mask uploaded once, the warped image when it is set).
class MetricOnBackend {
public:
  MetricOnBackend(Backend backend, const MetricSettings& s, const std::vector<float>& fixed,
                  const std::vector<std::uint8_t>* mask)
      : voxels_(fixed.size()) {
    if (backend == Backend::CPU) {
      fixed_ = fixed;
      if (mask) mask_ = *mask;
      warped_.resize(voxels_);
      derivative_.resize(voxels_);
      metric_ = detail::MakeSimilarityMetricCpu(s);
      return;
    }
#if CUMED_WITH_CUDA
    device_ = std::make_unique<Device>(voxels_ * sizeof(float));
    device_->fixed.upload(fixed.data(), device_->bytes);
    if (mask) {
      device_->mask = DeviceBuffer(mask->size());
      device_->mask.upload(mask->data(), mask->size());
    }
    metric_ = detail::MakeSimilarityMetricCuda(s, device_->stream.native());
#else
    throw InvalidArgument(std::string("no ") + ToString(backend) + " backend in this build");
#endif
  }

  void setWarped(const std::vector<float>& warped) {
    if (!device_) {
      warped_ = warped;
      return;
    }
#if CUMED_WITH_CUDA
    device_->warped.upload(warped.data(), device_->bytes);
#endif
  }

  /// The cost at the warped image; with `derivative`, dCost/dwarped is written where the backend
  /// writes it (not copied to the host).
  double run(bool derivative) {
    if (!device_)
      return metric_->evaluate(fixed_.data(), warped_.data(),
                               mask_.empty() ? nullptr : mask_.data(),
                               derivative ? derivative_.data() : nullptr);
#if CUMED_WITH_CUDA
    return metric_->evaluate(device_->fixed.as<float>(), device_->warped.as<float>(),
                             device_->mask.empty() ? nullptr : device_->mask.as<std::uint8_t>(),
                             derivative ? device_->derivative.as<float>() : nullptr);
#else
    return 0.0;
#endif
  }

  /// The cost at `warped`.
  double evaluate(const std::vector<float>& warped) {
    setWarped(warped);
    return run(false);
  }
  /// The cost at `warped`, and dCost/dwarped on the host in `derivative`.
  double evaluate(const std::vector<float>& warped, std::vector<float>& derivative) {
    setWarped(warped);
    const double cost = run(true);
    derivative.resize(voxels_);
    if (!device_) {
      derivative = derivative_;
    } else {
#if CUMED_WITH_CUDA
      device_->derivative.download(derivative.data(), device_->bytes);
#endif
    }
    return cost;
  }

private:
  std::size_t voxels_;
  std::vector<float> fixed_, warped_, derivative_;
  std::vector<std::uint8_t> mask_;
#if CUMED_WITH_CUDA
  struct Device {
    explicit Device(std::size_t bytes)
        : bytes(bytes), fixed(bytes), warped(bytes), derivative(bytes) {}
    std::size_t bytes;
    Stream stream;
    DeviceBuffer fixed, warped, derivative, mask;
  };
  std::unique_ptr<Device> device_;
#else
  struct Device {};
  std::unique_ptr<Device> device_;
#endif
  std::unique_ptr<detail::SimilarityMetricComputer> metric_;
};

/// Every metric, with and without a mask, on every backend.
class SimilarityMetricEvery : public cumed::test::BackendTest<MetricKind, bool> {
protected:
  MetricKind kind() const { return param<0>(); }
  bool masked() const { return param<1>(); }
};

TEST_P(SimilarityMetricEvery, ZeroMaskIsNamed) {
  const MetricSettings s = Settings(kind(), 5, 4, 3);
  const std::vector<float> fixed = test::RandomImage(s, 3), warped = test::RelatedImage(fixed, 4);
  const std::vector<std::uint8_t> zeros(fixed.size(), 0);
  MetricOnBackend metric(backend(), s, fixed, &zeros);
  std::vector<float> d;
  try {
    metric.evaluate(warped, d);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("no voxel is counted: the mask is zero on all 5 x 4 x 3"),
              std::string::npos)
        << e.what();
  }
}

TEST_P(SimilarityMetricEvery, DerivativeMatchesCentralDifferences) {
  const MetricSettings s = Settings(kind(), 9, 8, 7);
  const std::vector<float> fixed = test::RandomImage(s, 5), warped = test::RelatedImage(fixed, 6);
  const std::vector<std::uint8_t> maskImage = test::RandomMask(s, 7);
  const std::vector<std::uint8_t>* mask = masked() ? &maskImage : nullptr;
  MetricOnBackend metric(backend(), s, fixed, mask);
  std::vector<float> d;
  metric.evaluate(warped, d);
  double largest = 0.0;
  for (float x : d) largest = std::max(largest, double(std::fabs(x)));
  ASSERT_GT(largest, 0.0);
  int zeroChecked = 0;
  for (std::size_t v = 0; v < d.size(); v += 5) {
    const double fd = test::CentralDifference(
        [&](const std::vector<float>& w) { return metric.evaluate(w); }, warped, v, 1e-3f);
    // The float derivative agrees to about 1e-8 of its largest value on every metric.
    EXPECT_NEAR(d[v], fd, 1e-5 * largest) << "voxel " << v << " of " << d.size();
    if (mask && !(*mask)[v]) {
      EXPECT_EQ(d[v], 0.0f) << "voxel " << v << " is outside the mask";
      ++zeroChecked;
    }
  }
  if (mask) EXPECT_GT(zeroChecked, 10);
}

TEST_P(SimilarityMetricEvery, RunsAndThreadCountsGiveTheSameBits) {
  struct Case {
    std::int64_t nx, ny, nz;
    unsigned seed;
  };
  // Several chunks of the reductions in each.
  for (const Case& c : {Case{33, 21, 17, 8}, Case{41, 33, 19, 30}}) {
    SCOPED_TRACE(std::to_string(c.nx) + " x " + std::to_string(c.ny) + " x " +
                 std::to_string(c.nz));
    const MetricSettings s = Settings(kind(), c.nx, c.ny, c.nz);
    const std::vector<float> fixed = test::RandomImage(s, c.seed),
                             warped = test::RelatedImage(fixed, c.seed + 1);
    const std::vector<std::uint8_t> maskImage = test::RandomMask(s, c.seed + 2);
    const std::vector<std::uint8_t>* mask = masked() ? &maskImage : nullptr;
    const int threadsBefore = omp_get_max_threads();
    // A fresh metric on 1 thread, another on 3 (an uneven split of the CPU's chunks), then the
    // second one again.
    MetricOnBackend first(backend(), s, fixed, mask), second(backend(), s, fixed, mask);
    double cost[3];
    std::vector<float> d[3];
    omp_set_num_threads(1);
    cost[0] = first.evaluate(warped, d[0]);
    omp_set_num_threads(3);
    cost[1] = second.evaluate(warped, d[1]);
    cost[2] = second.evaluate(warped, d[2]);
    omp_set_num_threads(threadsBefore);
    for (int run = 1; run < 3; ++run) {
      EXPECT_EQ(std::memcmp(&cost[0], &cost[run], sizeof(double)), 0)
          << cost[0] << " vs " << cost[run] << " (run " << run << ")";
      EXPECT_EQ(std::memcmp(d[0].data(), d[run].data(), d[0].size() * sizeof(float)), 0)
          << "run " << run;
    }
  }
}

const auto kEveryMetric =
    testing::Values(MetricKind::SSD, MetricKind::NCC, MetricKind::LocalNCC, MetricKind::NMI);

CUMED_INSTANTIATE_FOR_EVERY_BACKEND(SimilarityMetricEvery, test::MetricCaseName, kEveryMetric,
                                    testing::Bool());

/// An accelerated backend against the CPU reference on the same inputs.
class SimilarityMetricVsCpu : public SimilarityMetricEvery {};

/// Value and derivative agree with the CPU's within the stated tolerances.
void ExpectMatchesCpu(Backend backend, const MetricSettings& s, const std::vector<float>& fixed,
                      const std::vector<float>& warped, const std::vector<std::uint8_t>* mask) {
  std::vector<float> cpuD, otherD;
  const double cpu = MetricOnBackend(Backend::CPU, s, fixed, mask).evaluate(warped, cpuD);
  const double other = MetricOnBackend(backend, s, fixed, mask).evaluate(warped, otherD);
  EXPECT_NEAR(other, cpu, 1e-10 * std::max(1.0, std::fabs(cpu)));
  double largest = 0.0, worst = 0.0;
  for (std::size_t v = 0; v < cpuD.size(); ++v) {
    largest = std::max(largest, double(std::fabs(cpuD[v])));
    worst = std::max(worst, std::fabs(double(cpuD[v]) - otherD[v]));
    if (mask && !(*mask)[v]) ASSERT_EQ(otherD[v], 0.0f) << "voxel " << v << " is outside the mask";
  }
  EXPECT_GT(largest, 0.0);
  EXPECT_LE(worst, 1e-6 * largest) << "largest |dCost/dW| " << largest;
}

TEST_P(SimilarityMetricVsCpu, MatchesTheCpuOnRandomImages) {
  for (unsigned seed = 20; seed < 23; ++seed) {
    const MetricSettings s = Settings(kind(), 37, 29, 23); // several reduction chunks
    const std::vector<float> fixed = test::RandomImage(s, seed),
                             warped = test::RelatedImage(fixed, seed + 100);
    const std::vector<std::uint8_t> mask = test::RandomMask(s, seed + 200);
    SCOPED_TRACE("seed " + std::to_string(seed));
    ExpectMatchesCpu(backend(), s, fixed, warped, masked() ? &mask : nullptr);
  }
}

TEST_P(SimilarityMetricVsCpu, LargeImageMatchesTheCpuAndIsTimed) {
  MetricSettings s = Settings(kind(), 256, 256, 64);
  s.histogramBins = 64;
  s.localSigmaVoxels[0] = s.localSigmaVoxels[1] = s.localSigmaVoxels[2] = 2.0f;
  const std::vector<float> fixed = test::RandomImage(s, 40), warped = test::RelatedImage(fixed, 41);
  const std::vector<std::uint8_t> mask = test::RandomMask(s, 42, 0.9);
  const std::vector<std::uint8_t>* m = masked() ? &mask : nullptr;
  ExpectMatchesCpu(backend(), s, fixed, warped, m);
  MetricOnBackend metric(backend(), s, fixed, m);
  metric.setWarped(warped);
  metric.run(false); // warm-up
  constexpr int kRuns = 20;
  double costOnly = 0.0, withDerivative = 0.0;
  for (int run = 0; run < kRuns; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    metric.run(false);
    const auto t1 = std::chrono::steady_clock::now();
    metric.run(true);
    const auto t2 = std::chrono::steady_clock::now();
    costOnly += std::chrono::duration<double, std::milli>(t1 - t0).count() / kRuns;
    withDerivative += std::chrono::duration<double, std::milli>(t2 - t1).count() / kRuns;
  }
  std::printf("[ timing ] %s %s %s, 256x256x64 voxels: %.3f ms cost only, %.3f ms with "
              "derivative\n",
              ToString(backend()), detail::MetricName(kind()), masked() ? "masked" : "whole",
              costOnly, withDerivative);
  RecordProperty("cost_only_ms", std::to_string(costOnly));
  RecordProperty("with_derivative_ms", std::to_string(withDerivative));
}

CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(SimilarityMetricVsCpu, test::MetricCaseName,
                                                kEveryMetric, testing::Bool());

} // namespace
} // namespace cumed::registration

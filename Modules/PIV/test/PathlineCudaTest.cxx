// Pathlines and their ribbons on every accelerated backend (the backends of cumed/test/Backends.h
// but the CPU: "Cuda/PivPathlinesVsCpu") against the CPU: random time-varying fields (masked and
// invalid vectors among them), RK2 and RK4, give the same line lengths and points within 1e-5 px;
// the ribbons are built on the device from the device lines (nothing downloaded) and match the
// CPU's ribbons of the same lines. Skips without a usable device. What every backend must trace
// (analytic flows, no seeds): PathlineTracingTest.cxx.
#include "cumed/piv/PathlineRibbons.h"
#include "cumed/piv/PathlineTracing.h"

#include "PathlineFields.h"
#include "cumed/core/Transfer.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using namespace cumed::piv;

/// A swirl that changes from field to field, with noise and ~3% vectors without flow.
std::vector<PivField> RandomSequence(int fields, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> noise(-0.5f, 0.5f), unit(0.f, 1.f);
  std::vector<PivField> sequence;
  for (int k = 0; k < fields; ++k) {
    const float w = 0.02f + 0.01f * float(k);
    PivField field = cumed::piv::test::AnalyticField(33, 25, 15.5f, 16,
                                                     [&](float x, float y, float& u, float& v) {
                                                       u = -w * (y - 200.f) + 2.f + noise(random);
                                                       v = w * (x - 260.f) + noise(random);
                                                     });
    for (std::size_t i = 0; i < field.size(); ++i) {
      const float roll = unit(random);
      if (roll < 0.01f)
        field.flags[i] = Masked;
      else if (roll < 0.02f)
        field.flags[i] = InvalidPeak;
      else if (roll < 0.03f)
        field.u[i] = std::nanf("");
      else if (roll < 0.05f)
        field.flags[i] = MedianOutlier | Replaced;
    }
    sequence.push_back(std::move(field));
  }
  return sequence;
}

void ExpectClose(const std::vector<float>& cpu, const std::vector<float>& cuda, float tolerance,
                 const char* what) {
  ASSERT_EQ(cpu.size(), cuda.size()) << what;
  std::size_t bad = 0;
  for (std::size_t k = 0; k < cpu.size(); ++k)
    if (!(std::abs(cpu[k] - cuda[k]) <= tolerance) && bad++ < 5)
      ADD_FAILURE() << what << "[" << k << "]: CPU " << cpu[k] << ", CUDA " << cuda[k];
  EXPECT_EQ(bad, 0u) << what;
}

/// Parameter: the integration scheme.
class PivPathlinesVsCpu : public cumed::test::BackendTest<PathlineScheme> {};

TEST_P(PivPathlinesVsCpu, SameLinesAndRibbonsAsTheCpu) {
  const std::vector<PivField> fields = RandomSequence(5, 11u + unsigned(param<0>()));
  // Every centre and points between them.
  std::vector<std::array<float, 2>> seeds = SeedGrid(fields.front(), 1);
  std::mt19937 random(3);
  std::uniform_real_distribution<float> x(0.f, 540.f), y(0.f, 410.f);
  for (int s = 0; s < 500; ++s) seeds.push_back({x(random), y(random)});
  PathlineTraceOptions options;
  options.scheme = param<0>();
  options.stepsPerInterval = 6;
  options.fieldInterval = 1.5;
  options.displacementTime = 0.75;
  options.backend = cumed::Backend::CPU;
  const PathlineSet cpu = TraceFieldPathlines(fields, seeds, options);
  options.backend = backend();
  const PathlineSet cuda = TraceFieldPathlines(fields, seeds, options);
  ASSERT_EQ(cuda.backendUsed, backend());
  ASSERT_TRUE(cuda.device);
  EXPECT_EQ(cpu.length, cuda.length);
  ExpectClose(cpu.x, cuda.x, 1e-5f, "x");
  ExpectClose(cpu.y, cuda.y, 1e-5f, "y");
  ExpectClose(cpu.speed, cuda.speed, 1e-5f, "speed");
  // The test is only worth its name when lines are long and some stop early.
  int full = 0, stopped = 0;
  for (int n : cpu.length) (n == cpu.pointsPerLine ? full : stopped) += 1;
  EXPECT_GT(full, 50);
  EXPECT_GT(stopped, 50);

  PathlineRibbonOptions ribbonOptions;
  ribbonOptions.width = 1.5f;
  ribbonOptions.z = -0.5f;
  for (RibbonColour colour : {RibbonColour::Speed, RibbonColour::Time}) {
    ribbonOptions.colour = colour;
    const PathlineRibbons host = BuildPathlineRibbons(cpu, ribbonOptions);
    cumed::ResetTransferStats();
    const PathlineRibbons device = BuildPathlineRibbons(cuda, ribbonOptions);
    EXPECT_EQ(cumed::GetTransferStats().deviceToHostCopies, 0u);
    ASSERT_EQ(device.backendUsed, backend());
    ASSERT_TRUE(device.device);
    const cumed::SurfaceMesh copy = device.device->toHost();
    auto asVector = [](const cumed::MeshArray<float>& a) {
      return std::vector<float>(a.begin(), a.end());
    };
    ExpectClose(asVector(host.host.points), asVector(copy.points), 1e-4f, "ribbon points");
    ExpectClose(asVector(host.host.normals), asVector(copy.normals), 0.f, "ribbon normals");
    ExpectClose(asVector(host.host.attributes[0]), asVector(copy.attributes[0]), 1e-4f,
                "ribbon colours");
    EXPECT_TRUE(std::equal(host.host.triangles.begin(), host.host.triangles.end(),
                           copy.triangles.begin(), copy.triangles.end()));
  }
}

CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(
    PivPathlinesVsCpu,
    [](const testing::TestParamInfo<std::tuple<cumed::Backend, PathlineScheme>>& info) {
      return std::get<1>(info.param) == PathlineScheme::Midpoint ? "Midpoint" : "RungeKutta4";
    },
    testing::Values(PathlineScheme::Midpoint, PathlineScheme::RungeKutta4));

} // namespace

// DisplacementField on every backend: zero coefficients give zero exactly, constant coefficients
// give that constant inside the support (the basis sums to 1) and zero outside; bad fixed grids are
// named; DisplacementFieldVsCpu (every accelerated backend) compares CUDA with the CPU on random
// grids.
#include "RandomGrids.h"

#include "cumed/core/Error.h"
#include "cumed/registration/DisplacementField.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace cumed::registration {
namespace {

using cumed::test::BackendTest;

std::vector<float> Field(const BSplineGrid& grid, const ImageGeometry& fixed, Backend backend) {
  DisplacementFieldOptions options;
  options.backend = backend;
  const Image field = DisplacementField(grid, fixed, options);
  EXPECT_EQ(field.location(), MemoryLocation::Host);
  EXPECT_EQ(field.components(), 3);
  EXPECT_EQ(field.geometry(), fixed);
  const float* data = field.view<float>().data;
  return std::vector<float>(data, data + 3 * fixed.numberOfPixels());
}

class DisplacementFieldOnBackend : public BackendTest<> {};

TEST_P(DisplacementFieldOnBackend, ZeroCoefficientsGiveZeroExactly) {
  BSplineGrid grid = test::RandomGrid(1);
  for (int c = 0; c < 3; ++c)
    std::fill_n(grid.coefficientData(c), grid.numberOfControlPoints(), 0.0);
  for (float v : Field(grid, test::FixedGeometry(), backend())) ASSERT_EQ(v, 0.0f);
}

TEST_P(DisplacementFieldOnBackend, ConstantCoefficientsGiveTheConstantInsideTheSupport) {
  BSplineGrid grid = test::RandomGrid(2);
  const double constant[3] = {1.5, -2.25, 0.75};
  for (int c = 0; c < 3; ++c)
    std::fill_n(grid.coefficientData(c), grid.numberOfControlPoints(), constant[c]);
  const std::vector<float> field = Field(grid, test::FixedGeometry(), backend());
  std::size_t inside = 0, outside = 0;
  for (std::size_t v = 0; v < field.size() / 3; ++v) {
    if (field[3 * v] == 0.0f && field[3 * v + 1] == 0.0f && field[3 * v + 2] == 0.0f) {
      ++outside;
      continue;
    }
    ++inside;
    for (int c = 0; c < 3; ++c) ASSERT_NEAR(field[3 * v + c], constant[c], 1e-6) << "voxel " << v;
  }
  // The fixed grid reaches beyond the domain on every side, and covers much of it.
  EXPECT_GT(inside, 1000u);
  EXPECT_GT(outside, 1000u);
}

TEST_P(DisplacementFieldOnBackend, BadFixedGeometryIsNamed) {
  const BSplineGrid grid = test::RandomGrid(3);
  ImageGeometry fixed = test::FixedGeometry();
  fixed.spacing[1] = -1.0;
  DisplacementFieldOptions options;
  options.backend = backend();
  try {
    DisplacementField(grid, fixed, options);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("spacing along y is -1"), std::string::npos) << e.what();
  }
  fixed = test::FixedGeometry();
  fixed.direction = {1, 0, 0, 0, 1, 0, 0, 1, 0};
  EXPECT_THROW(DisplacementField(grid, fixed, options), InvalidArgument);
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(DisplacementFieldOnBackend);

/// An accelerated backend (backend()) against the CPU reference.
class DisplacementFieldVsCpu : public cumed::test::BackendTest<> {};

TEST_P(DisplacementFieldVsCpu, MatchesTheCpuOnRandomGrids) {
  // A rotated fixed grid (each voxel its own supports) and one aligned with the domain (the
  // separable supports).
  for (const ImageGeometry& fixed : {test::FixedGeometry(), test::AlignedFixedGeometry()})
    for (unsigned seed = 10; seed < 14; ++seed) {
      const BSplineGrid grid = test::RandomGrid(seed, 10.0);
      const std::vector<float> cpu = Field(grid, fixed, Backend::CPU);
      const std::vector<float> cuda = Field(grid, fixed, backend());
      ASSERT_EQ(cpu.size(), cuda.size());
      double worst = 0.0;
      for (std::size_t i = 0; i < cpu.size(); ++i)
        worst = std::max(worst, std::fabs(double(cpu[i]) - double(cuda[i])));
      EXPECT_LE(worst, 1e-5) << "seed " << seed;
    }
}

TEST_P(DisplacementFieldVsCpu, ReturnsADeviceFieldWhenAsked) {
  const BSplineGrid grid = test::RandomGrid(20);
  DisplacementFieldOptions options;
  options.backend = backend();
  options.output = MemoryLocation::Device;
  const Image device = DisplacementField(grid, test::FixedGeometry(), options);
  EXPECT_EQ(device.location(), MemoryLocation::Device);
  const Image host = device.toHost();
  const std::vector<float> cpu = Field(grid, test::FixedGeometry(), Backend::CPU);
  const float* data = host.view<float>().data;
  for (std::size_t i = 0; i < cpu.size(); ++i) ASSERT_NEAR(data[i], cpu[i], 1e-5) << i;
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(DisplacementFieldVsCpu);

} // namespace
} // namespace cumed::registration

// The registration's outputs computed in the engine's memory (src/RegistrationOutputs.h's
// ComputeTransformOutputs): on the CPU the same bits as the host functions it replaces in
// Register(); on an accelerated backend (OutputsVsCpu, skipped without a device) the device's
// affine composition and warped image bit for bit against the host formulas on the same field,
// the field within 5e-5 mm and the Jacobian within 1e-5 relative of the CPU's. Seeded random
// grids, affines, geometries and moving images (CUMED_RANDOM_SEED, printed on failure).
#include "RandomGrids.h"

#include "cumed/registration/DisplacementField.h"
#include "cumed/registration/Jacobian.h"
#include "src/MovingSampler.h"
#include "src/OutputBackends.h"
#include "src/RegistrationOutputs.h"

#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

namespace cumed::registration::detail {
namespace {

struct OutputCase {
  BSplineGrid grid;
  AffineTransform affine;
  ImageGeometry fixed;
  LevelImage moving;
  float outside = 0.0f;
};

/// Sizes keep both kinds of voxel in every case: |u| <= 4 mm (the B-spline's weights sum to 1),
/// the affine moves a point by at most about 10 mm, and the moving image (on the fixed grid's
/// axes, from its origin) spans 40-50 mm along x while the fixed grid spans 87 mm or more: the
/// fixed voxels about 20 mm along x map inside, the far ones outside.
OutputCase DrawCase(cumed::test::RandomDraw& draw) {
  OutputCase c{test::RandomGrid(static_cast<unsigned>(draw.integer(0, 1 << 20)), 4.0),
               AffineTransform{},
               draw.integer(0, 1) ? test::FixedGeometry() : test::AlignedFixedGeometry(),
               {},
               static_cast<float>(draw.integer(-1000, 100))};
  std::mt19937 random(static_cast<unsigned>(draw.integer(0, 1 << 20)));
  if (draw.integer(0, 3) > 0) { // mostly a non-identity affine
    std::uniform_real_distribution<double> small(-0.01, 0.01), shift(-2.0, 2.0);
    for (int e = 0; e < 9; ++e) c.affine.matrix[e] += small(random);
    for (int r = 0; r < 3; ++r) c.affine.offset[r] = shift(random);
  }
  c.moving.geometry = c.fixed;
  c.moving.geometry.size = {static_cast<std::size_t>(draw.integer(8, 10)),
                            static_cast<std::size_t>(draw.integer(12, 20)),
                            static_cast<std::size_t>(draw.integer(12, 20))};
  c.moving.geometry.spacing = {5.0, 5.0 + draw.integer(0, 30) / 10.0,
                               5.0 + draw.integer(0, 30) / 10.0};
  c.moving.pixels.resize(c.moving.geometry.numberOfPixels());
  std::uniform_real_distribution<float> value(-1000.0f, 2000.0f);
  for (float& v : c.moving.pixels) v = value(random);
  return c;
}

std::vector<float> Values(const Image& image) {
  const Image host = image.location() == MemoryLocation::Host ? Image() : image.toHost();
  const Image& h = image.location() == MemoryLocation::Host ? image : host;
  const float* p = h.view<float>().data;
  return {p, p + h.geometry().numberOfPixels() * static_cast<std::size_t>(h.components())};
}

TEST(OutputsCpu, ComputeTransformOutputsIsTheHostFunctions) {
  cumed::test::ForEachRandomCase(6, [&](cumed::test::RandomDraw& draw) {
    const OutputCase c = DrawCase(draw);
    const TransformOutputs out =
        ComputeTransformOutputs(c.grid, c.affine, c.fixed, c.moving, c.outside, Backend::CPU);
    const Image field = TotalDisplacementField(c.grid, c.affine, c.fixed, Backend::CPU);
    EXPECT_EQ(Values(out.field), Values(field));
    EXPECT_EQ(Values(out.jacobian), Values(JacobianDeterminant(field, {Backend::CPU})));
    const std::vector<float> warped = Values(out.warped);
    EXPECT_EQ(warped, Values(ResampleMoving(c.moving, field, c.outside)));
    // Not a vacuous comparison: some voxels sample the image, some fall outside.
    std::size_t outside = 0;
    for (float v : warped) outside += v == c.outside;
    EXPECT_GT(outside, 0u);
    EXPECT_LT(outside, warped.size());
  });
}

class OutputsVsCpu : public cumed::test::BackendTest<> {};

TEST_P(OutputsVsCpu, DeviceOutputsMatchTheHost) {
  cumed::test::ForEachRandomCase(12, [&](cumed::test::RandomDraw& draw) {
    const OutputCase c = DrawCase(draw);
    const TransformOutputs device =
        ComputeTransformOutputs(c.grid, c.affine, c.fixed, c.moving, c.outside, backend());
    ASSERT_EQ(device.field.location(), MemoryLocation::Device);
    ASSERT_EQ(device.warped.location(), MemoryLocation::Device);
    ASSERT_EQ(device.jacobian.location(), MemoryLocation::Device);
    const std::vector<float> field = Values(device.field);
    // The composition: bit for bit against the host formula on the device's B-spline field.
    Image expected = DisplacementField(c.grid, c.fixed, {backend(), MemoryLocation::Host});
    if (!c.affine.isIdentity())
      ComposeAffineCpu(DescribeFixedGrid(c.fixed), c.affine.matrix.data(), c.affine.offset.data(),
                       expected.view<float>().data);
    EXPECT_EQ(field, Values(expected));
    // The warped image: bit for bit against the host's resampling through the same field.
    EXPECT_EQ(Values(device.warped), Values(ResampleMoving(c.moving, expected, c.outside)));
    // The Jacobian: the existing kernel's tolerance against the host's.
    const std::vector<float> jacobian = Values(device.jacobian);
    const std::vector<float> hostJacobian = Values(JacobianDeterminant(expected, {Backend::CPU}));
    ASSERT_EQ(jacobian.size(), hostJacobian.size());
    for (std::size_t v = 0; v < jacobian.size(); ++v)
      ASSERT_NEAR(jacobian[v], hostJacobian[v], 1e-5 * std::max(1.0f, std::fabs(hostJacobian[v])))
          << "voxel " << v;
    // Against the whole CPU path: the B-spline kernels agree within 1e-5 mm (the affine scales
    // that by at most 1.15), so the fields within 5e-5 mm.
    const TransformOutputs cpu =
        ComputeTransformOutputs(c.grid, c.affine, c.fixed, c.moving, c.outside, Backend::CPU);
    const std::vector<float> cpuField = Values(cpu.field);
    ASSERT_EQ(field.size(), cpuField.size());
    double worst = 0.0;
    for (std::size_t i = 0; i < field.size(); ++i)
      worst = std::max(worst, std::fabs(double(field[i]) - double(cpuField[i])));
    EXPECT_LE(worst, 5e-5);
  });
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(OutputsVsCpu);

} // namespace
} // namespace cumed::registration::detail

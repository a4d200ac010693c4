// JacobianDeterminant and SummarizeJacobian on every backend: a linear field u = A x gives
// det(I + A) inside and ITK's zero-flux border (half the one-sided difference) on the faces; a
// rotated image's derivatives are taken along its axes (ITK ignores the direction); a one voxel
// thick field has no z derivative; statistics over a mask; bad pixel types, component counts and
// mask geometries are named. JacobianVsCpu (every accelerated backend) compares CUDA with the CPU
// on a random field.
#include "RandomGrids.h"

#include "cumed/core/Error.h"
#include "cumed/registration/Jacobian.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace cumed::registration {
namespace {

using cumed::test::BackendTest;

ImageGeometry AnisotropicGeometry() {
  ImageGeometry g;
  g.size = {9, 7, 6};
  g.spacing = {1.5, 2.25, 3.0};
  g.origin = {-10.0, 4.0, 2.5};
  return g;
}

double Det3(const double m[9]) {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
         m[2] * (m[3] * m[7] - m[4] * m[6]);
}

/// u(p) = A (p - origin) at each voxel's physical point p.
Image LinearField(const ImageGeometry& g, const double A[9]) {
  Image field = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  float* u = field.view<float>().data;
  for (std::size_t z = 0; z < g.size[2]; ++z)
    for (std::size_t y = 0; y < g.size[1]; ++y)
      for (std::size_t x = 0; x < g.size[0]; ++x) {
        const double index[3] = {x * g.spacing[0], y * g.spacing[1], z * g.spacing[2]};
        double p[3];
        for (int r = 0; r < 3; ++r)
          p[r] = g.direction[3 * r] * index[0] + g.direction[3 * r + 1] * index[1] +
                 g.direction[3 * r + 2] * index[2];
        const std::size_t v = x + g.size[0] * (y + g.size[1] * z);
        for (int k = 0; k < 3; ++k)
          u[3 * v + k] = float(A[3 * k] * p[0] + A[3 * k + 1] * p[1] + A[3 * k + 2] * p[2]);
      }
  return field;
}

/// det(I + A D), column a of A D halved where `half[a]` (a border voxel along that axis).
double ExpectedDet(const double A[9], const std::array<double, 9>& D, const bool half[3]) {
  double m[9];
  for (int k = 0; k < 3; ++k)
    for (int a = 0; a < 3; ++a) {
      double v = A[3 * k] * D[a] + A[3 * k + 1] * D[3 + a] + A[3 * k + 2] * D[6 + a];
      m[3 * k + a] = (half[a] ? 0.5 : 1.0) * v + (k == a ? 1.0 : 0.0);
    }
  return Det3(m);
}

const double kA[9] = {0.12, -0.05, 0.3, 0.08, -0.2, 0.04, -0.1, 0.15, 0.25};

std::vector<float> HostPixels(const Image& image) {
  const Image host = image.toHost();
  const float* data = host.view<float>().data;
  return std::vector<float>(data, data + host.geometry().numberOfPixels() * host.components());
}

using JacobianOnBackend = BackendTest<>;

void ExpectLinearFieldDeterminants(Backend backend, const ImageGeometry& g) {
  JacobianOptions options;
  options.backend = backend;
  const Image jacobian = JacobianDeterminant(LinearField(g, kA), options);
  EXPECT_EQ(jacobian.location(), MemoryLocation::Host);
  EXPECT_EQ(jacobian.components(), 1);
  EXPECT_EQ(jacobian.geometry(), g);
  const std::vector<float> det = HostPixels(jacobian);
  for (std::size_t z = 0; z < g.size[2]; ++z)
    for (std::size_t y = 0; y < g.size[1]; ++y)
      for (std::size_t x = 0; x < g.size[0]; ++x) {
        const std::size_t at[3] = {x, y, z};
        bool half[3];
        double A[9];
        for (int e = 0; e < 9; ++e) A[e] = kA[e];
        for (int a = 0; a < 3; ++a) {
          half[a] = at[a] == 0 || at[a] + 1 == g.size[a];
          if (g.size[a] == 1) // no neighbour at all: no derivative along that axis
            for (int k = 0; k < 3; ++k) A[3 * k + a] = 0.0;
        }
        // A D's columns are zeroed through A's when D is the identity (the only case with size 1).
        const double expected = ExpectedDet(A, g.direction, half);
        ASSERT_NEAR(det[x + g.size[0] * (y + g.size[1] * z)], expected, 1e-5)
            << x << "," << y << "," << z;
      }
}

TEST_P(JacobianOnBackend, LinearFieldGivesDetOfIPlusAInsideAndZeroFluxOnTheBorder) {
  ExpectLinearFieldDeterminants(backend(), AnisotropicGeometry());
}

TEST_P(JacobianOnBackend, RotatedImageTakesDerivativesAlongItsAxes) {
  ImageGeometry g = AnisotropicGeometry();
  g.direction = test::Rotation(0.3, -0.5, 0.8, 0.4);
  ExpectLinearFieldDeterminants(backend(), g);
  // The physical det(I + A) is not what ITK (and CuMed) report on a rotated grid.
  const bool none[3] = {false, false, false};
  EXPECT_GT(std::fabs(ExpectedDet(kA, g.direction, none) -
                      ExpectedDet(kA, AnisotropicGeometry().direction, none)),
            1e-3);
}

TEST_P(JacobianOnBackend, OneVoxelThickFieldHasNoZDerivative) {
  ImageGeometry g = AnisotropicGeometry();
  g.size[2] = 1;
  ExpectLinearFieldDeterminants(backend(), g);
}

TEST_P(JacobianOnBackend, StatisticsCountFoldedVoxelsInsideTheMask) {
  ImageGeometry g = AnisotropicGeometry();
  g.size = {5, 4, 3};
  Image jacobian = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host);
  Image mask = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  float* det = jacobian.view<float>().data;
  std::uint8_t* inside = mask.view<std::uint8_t>().data;
  for (std::size_t v = 0; v < g.numberOfPixels(); ++v) {
    det[v] = 1.0f + 0.01f * float(v);
    inside[v] = v % 2 == 0;
  }
  det[4] = -0.5f;  // counted, folded
  det[6] = 0.0f;   // counted, folded (det <= 0)
  det[7] = -9.0f;  // outside the mask
  det[58] = 40.0f; // counted maximum
  const bool device = backend() == Backend::CUDA;
  const Image j = device ? jacobian.toDevice() : jacobian.clone();
  const Image m = device ? mask.toDevice() : mask.clone();

  const JacobianStatistics all = SummarizeJacobian(j);
  EXPECT_EQ(all.voxels, 60u);
  EXPECT_EQ(all.foldedVoxels, 3u);
  EXPECT_DOUBLE_EQ(all.minimum, -9.0);
  EXPECT_DOUBLE_EQ(all.maximum, 40.0);
  EXPECT_DOUBLE_EQ(all.foldedPercent, 5.0);

  const JacobianStatistics masked = SummarizeJacobian(j, &m);
  EXPECT_EQ(masked.voxels, 30u);
  EXPECT_EQ(masked.foldedVoxels, 2u);
  EXPECT_DOUBLE_EQ(masked.minimum, -0.5);
  EXPECT_DOUBLE_EQ(masked.maximum, 40.0);
  double sum = 0.0;
  for (std::size_t v = 0; v < 60; v += 2) sum += det[v];
  EXPECT_NEAR(masked.mean, sum / 30.0, 1e-12);
  EXPECT_NEAR(masked.foldedPercent, 100.0 * 2.0 / 30.0, 1e-12);
}

TEST_P(JacobianOnBackend, BadInputsAreNamed) {
  JacobianOptions options;
  options.backend = backend();
  const ImageGeometry g = AnisotropicGeometry();
  auto expectInvalid = [](auto&& call, const std::string& fragment) {
    try {
      call();
      ADD_FAILURE() << "expected InvalidArgument mentioning \"" << fragment << "\"";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  const Image bytes = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host, 3);
  expectInvalid([&] { JacobianDeterminant(bytes, options); },
                "the displacement field is uint8 with 3 component(s); expected float with 3");
  const Image scalar = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 1);
  expectInvalid([&] { JacobianDeterminant(scalar, options); },
                "the displacement field is float with 1 component(s); expected float with 3");
  expectInvalid([&] { JacobianDeterminant(Image(), options); }, "the displacement field is empty");

  const Image jacobian = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host);
  ImageGeometry other = g;
  other.size[1] = 4;
  const Image smallMask = Image::Allocate(PixelType::UInt8, other, MemoryLocation::Host);
  expectInvalid([&] { SummarizeJacobian(jacobian, &smallMask); },
                "the mask's geometry (size 9x4x6) is not the Jacobian image's (size 9x7x6)");
  other = g;
  other.origin[0] += 0.5;
  const Image shiftedMask = Image::Allocate(PixelType::UInt8, other, MemoryLocation::Host);
  expectInvalid([&] { SummarizeJacobian(jacobian, &shiftedMask); },
                "expected the same size, spacing, origin");
  const Image wideMask = Image::Allocate(PixelType::Int16, g, MemoryLocation::Host);
  expectInvalid([&] { SummarizeJacobian(jacobian, &wideMask); },
                "the mask is int16 with 1 component(s); expected uint8 with 1");
  const Image emptyMask = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  expectInvalid([&] { SummarizeJacobian(jacobian, &emptyMask); }, "the mask has no nonzero voxel");
  expectInvalid([&] { SummarizeJacobian(bytes); },
                "the Jacobian image is uint8 with 3 component(s); expected float with 1");
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(JacobianOnBackend);

Image RandomField(const ImageGeometry& g, unsigned seed) {
  Image field = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  float* u = field.view<float>().data;
  for (std::size_t i = 0; i < 3 * g.numberOfPixels(); ++i) u[i] = value(random);
  return field;
}

/// An accelerated backend (backend()) against the CPU reference.
class JacobianVsCpu : public cumed::test::BackendTest<> {};

TEST_P(JacobianVsCpu, MatchesTheCpuAndStaysOnTheDevice) {
  ImageGeometry g = AnisotropicGeometry();
  g.size = {37, 29, 23};
  g.direction = test::Rotation(-0.2, 0.9, 0.1, -0.25);
  const Image field = RandomField(g, 5);
  JacobianOptions cpu, cuda;
  cpu.backend = Backend::CPU;
  cuda.backend = backend();
  const std::vector<float> expected = HostPixels(JacobianDeterminant(field, cpu));
  const Image onDevice = JacobianDeterminant(field.toDevice(), cuda);
  EXPECT_EQ(onDevice.location(), MemoryLocation::Device);
  const std::vector<float> actual = HostPixels(onDevice);
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t v = 0; v < actual.size(); ++v)
    ASSERT_NEAR(actual[v], expected[v], 1e-5 * std::max(1.0f, std::fabs(expected[v]))) << v;
  // A device field on the CPU backend: the result goes back to the device.
  EXPECT_EQ(JacobianDeterminant(field.toDevice(), cpu).location(), MemoryLocation::Device);
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(JacobianVsCpu);

} // namespace
} // namespace cumed::registration

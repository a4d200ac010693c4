// Seeded random cases (cumed/test/RandomCases.h) for the end-of-run check: AssessRegistration
// against a brute-force correlation built from WarpImage on random geometries, fields, affines
// and masks; and, on a GPU, Register on CUDA against the CPU on random small problems (fields
// and the check's verdict). Print the seed; CUMED_RANDOM_CASE_SEED reruns one case.
#include "SyntheticImages.h"

#include "cumed/registration/DisplacementField.h"
#include "cumed/registration/Quality.h"
#include "cumed/registration/Registration.h"
#include "cumed/registration/Warp.h"
#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"
#include "src/RegistrationGrid.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace cumed::registration {
namespace {

using cumed::test::RandomDraw;

ImageGeometry RandomGeometry(RandomDraw& d, bool planar) {
  ImageGeometry g;
  g.size = {std::size_t(d.edgy(2, 14)), std::size_t(d.edgy(2, 12)),
            planar ? 1u : std::size_t(d.edgy(2, 9))};
  for (int a = 0; a < 3; ++a) g.spacing[a] = d.real(0.5, 3.0), g.origin[a] = d.real(-20, 20);
  const double t = d.real(-0.5, 0.5), c = std::cos(t), s = std::sin(t);
  g.direction = {c, -s, 0, s, c, 0, 0, 0, 1};
  return g;
}

Image RandomImage(RandomDraw& d, const ImageGeometry& g) {
  Image image = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host);
  float* p = image.view<float>().data;
  for (std::size_t v = 0; v < g.numberOfPixels(); ++v) p[v] = float(d.real(-1000, 1000));
  return image;
}

Image RandomFieldOn(RandomDraw& d, const ImageGeometry& g) {
  Image field = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  float* u = field.view<float>().data;
  const bool planar = g.size[2] == 1;
  for (std::size_t e = 0; e < 3 * g.numberOfPixels(); ++e)
    u[e] = (planar && e % 3 == 2) ? 0.0f : float(d.real(-3, 3));
  return field;
}

/// WarpImage's value outside the moving image: no sample of pixels in +-1000 comes near it.
constexpr float kOutside = 1e30f;

/// Pearson's r over the voxels where both samples are inside and the mask is set; false when
/// there are fewer than 2 or one side is flat.
bool BruteCorrelation(const Image& fixed, const Image& a, const Image& b, const Image* mask,
                      double& ra, double& rb, std::size_t& n) {
  std::vector<double> f, x, y;
  const std::size_t voxels = fixed.geometry().numberOfPixels();
  for (std::size_t v = 0; v < voxels; ++v) {
    if (mask && !mask->view<std::uint8_t>().data[v]) continue;
    const double va = a.view<float>().data[v], vb = b.view<float>().data[v];
    if (va == kOutside || vb == kOutside) continue;
    f.push_back(fixed.view<float>().data[v]), x.push_back(va), y.push_back(vb);
  }
  n = f.size();
  auto r = [&](const std::vector<double>& z, double& out) {
    double mf = 0, mz = 0;
    for (std::size_t i = 0; i < n; ++i) mf += f[i], mz += z[i];
    mf /= double(n), mz /= double(n);
    double sff = 0, szz = 0, sfz = 0;
    for (std::size_t i = 0; i < n; ++i)
      sff += (f[i] - mf) * (f[i] - mf), szz += (z[i] - mz) * (z[i] - mz),
          sfz += (f[i] - mf) * (z[i] - mz);
    if (!(sff > 0 && szz > 0)) return false;
    out = sfz / std::sqrt(sff * szz);
    return true;
  };
  return n >= 2 && r(x, ra) && r(y, rb);
}

TEST(AssessRegistrationRandom, MatchesABruteForceCorrelation) {
  cumed::test::ForEachRandomCase(40, [&](RandomDraw& d) {
    const bool planar = d.chance(0.3);
    const ImageGeometry g = RandomGeometry(d, planar);
    // The moving grid overlaps the fixed one (else there is nothing to compare): shifted by up
    // to a few mm, other spacings and sizes.
    ImageGeometry mg = RandomGeometry(d, planar);
    for (int a = 0; a < 3; ++a)
      mg.origin[a] = g.origin[a] + (planar && a == 2 ? 0.0 : d.real(-3, 3)); // 2D: same plane
    const Image fixed = RandomImage(d, g), moving = RandomImage(d, mg);
    const Image field = RandomFieldOn(d, g);
    AffineTransform affine;
    for (int r = 0; r < 3; ++r) {
      affine.offset[r] = planar && r == 2 ? 0.0 : d.real(-2, 2);
      for (int c = 0; c < 3; ++c)
        if (!(planar && (r == 2 || c == 2))) affine.matrix[3 * r + c] += d.real(-0.1, 0.1);
    }
    Image mask = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
    for (std::size_t v = 0; v < g.numberOfPixels(); ++v)
      mask.view<std::uint8_t>().data[v] = d.chance(0.7);
    mask.view<std::uint8_t>().data[0] = 1;
    const bool useMask = d.chance(0.5);

    // The reference: the initial affine as a field, both warps by WarpImage (NaN outside).
    Image affineField = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
    {
      // A p + o - p at every voxel centre p (index to physical: direction * spacing).
      float* u = affineField.view<float>().data;
      std::size_t v = 0;
      for (std::size_t k = 0; k < g.size[2]; ++k)
        for (std::size_t j = 0; j < g.size[1]; ++j)
          for (std::size_t i = 0; i < g.size[0]; ++i, ++v) {
            double p[3];
            for (int r = 0; r < 3; ++r)
              p[r] = g.origin[r] + g.direction[3 * r] * g.spacing[0] * double(i) +
                     g.direction[3 * r + 1] * g.spacing[1] * double(j) +
                     g.direction[3 * r + 2] * g.spacing[2] * double(k);
            for (int r = 0; r < 3; ++r)
              u[3 * v + r] = float(affine.matrix[3 * r] * p[0] + affine.matrix[3 * r + 1] * p[1] +
                                   affine.matrix[3 * r + 2] * p[2] + affine.offset[r] - p[r]);
          }
    }
    const Image before = WarpImage(moving, affineField, {kOutside});
    const Image after = WarpImage(moving, field, {kOutside});
    double rb = 0, ra = 0;
    std::size_t n = 0;
    const bool checked =
        BruteCorrelation(fixed, before, after, useMask ? &mask : nullptr, rb, ra, n);

    const JacobianStatistics jacobian =
        SummarizeJacobian(JacobianDeterminant(field, {Backend::CPU}), useMask ? &mask : nullptr);
    const RegistrationQuality q =
        AssessRegistration(fixed, moving, field, affine, jacobian, useMask ? &mask : nullptr);
    // The affine field is stored in float, so a sample may land a rounding away from the
    // reference's on an inside/outside edge: counts may differ by a voxel or two then.
    EXPECT_NEAR(double(q.voxelsCompared), double(n), 2.0);
    EXPECT_EQ(q.folded, jacobian.foldedVoxels > 0);
    if (q.voxelsCompared == n && checked) {
      ASSERT_TRUE(q.correlationChecked);
      EXPECT_NEAR(q.nccBefore, rb, 1e-4);
      EXPECT_NEAR(q.nccAfter, ra, 1e-4);
      EXPECT_EQ(q.worseThanStart, q.nccAfter < q.nccBefore - kWorseThanStartMargin);
    }
  });
}

/// An accelerated backend (backend()) against the CPU reference.
class RegisterRandomVsCpu : public cumed::test::BackendTest<> {};

TEST_P(RegisterRandomVsCpu, AgreesWithTheCpuOnSmallProblems) {
  cumed::test::ForEachRandomCase(6, [&](RandomDraw& d) {
    const bool planar = d.chance(0.5);
    ImageGeometry g = test::BlobGeometry(planar);
    g.size[0] = std::size_t(d.integer(20, 48)), g.size[1] = std::size_t(d.integer(20, 44));
    if (!planar) g.size[2] = std::size_t(d.integer(12, 24));
    const Image moving = test::Blobs(g, unsigned(d.integer(1, 1000)));
    BSplineGrid truth = detail::MakeRegistrationGrid(g, 24.0);
    test::RandomCoefficients(truth, d.real(0.5, 4.0), unsigned(d.integer(1, 1000)), planar);
    const Image fixed = WarpImage(moving, DisplacementField(truth, g, {Backend::CPU}), {100.0});
    RegistrationOptions o;
    o.metric =
        d.pick(std::vector<SimilarityMetric>{SimilarityMetric::SSD, SimilarityMetric::NCC,
                                             SimilarityMetric::LocalNCC, SimilarityMetric::NMI});
    o.levels = d.integer(1, 2);
    o.gridSpacing = d.real(8.0, 16.0);
    o.maximumIterations = d.integer(1, 10);
    o.bendingEnergyWeight = d.pick(std::vector<double>{0.0, 0.01, 10.0});
    o.backend = Backend::CPU;
    const RegistrationResult cpu = Register(fixed, moving, o);
    o.backend = backend();
    const RegistrationResult cuda = Register(fixed, moving, o);
    // Float sums in another order move the optimiser's path by rounding only (RegisterVsCpu's
    // bound): fields within 0.05 mm RMS, the check's correlations within 1e-3.
    const float* a = cpu.displacementField.view<float>().data;
    const float* b = cuda.displacementField.view<float>().data;
    double sum = 0;
    for (std::size_t e = 0; e < 3 * g.numberOfPixels(); ++e)
      sum += double(a[e] - b[e]) * (a[e] - b[e]);
    EXPECT_LT(std::sqrt(sum / double(g.numberOfPixels())), 0.05) << ToString(o.metric);
    EXPECT_NEAR(cpu.quality.nccAfter, cuda.quality.nccAfter, 1e-3);
    EXPECT_EQ(cpu.quality.nccBefore, cuda.quality.nccBefore); // no optimisation involved
    // A verdict on the edge (det near 0, a drop near the margin) may flip by rounding.
    if (cpu.jacobian.minimum > 0.05 || cpu.jacobian.minimum < -0.05)
      EXPECT_EQ(cpu.quality.folded, cuda.quality.folded);
  });
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(RegisterRandomVsCpu);

} // namespace
} // namespace cumed::registration

// Register() end to end on every backend: identity, recovery of a known B-spline warp, CPU vs
// CUDA agreement, repeatability, observer and abort, and the named errors for bad input.
#include "SyntheticImages.h"

#include "cumed/core/Error.h"
#include "cumed/registration/DisplacementField.h"
#include "cumed/registration/Registration.h"
#include "cumed/test/Backends.h"
#include "src/RegistrationGrid.h"
#include "src/RegistrationOutputs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace cumed::registration {
namespace {

using cumed::test::BackendTest;

struct KnownWarp {
  Image fixed, moving, trueField;
};

/// moving = blobs; fixed(x) = moving(x + u(x)) with u a random B-spline of 24 mm spacing.
KnownWarp MakeKnownWarp(bool planar) {
  const ImageGeometry g = test::BlobGeometry(planar);
  KnownWarp w;
  w.moving = test::Blobs(g, 11);
  BSplineGrid truth = detail::MakeRegistrationGrid(g, 24.0);
  test::RandomCoefficients(truth, 3.0, 5, planar);
  w.trueField = DisplacementField(truth, g, {Backend::CPU});
  detail::LevelImage moving{g,
                            std::vector<float>(w.moving.view<float>().data,
                                               w.moving.view<float>().data + g.numberOfPixels())};
  w.fixed = detail::ResampleMoving(moving, w.trueField, 100.0f);
  return w;
}

/// RMS of the field error over voxels at least `margin` voxels inside the image.
double RmsError(const Image& a, const Image& b, std::size_t margin) {
  const ImageGeometry& g = a.geometry();
  const float* u = a.view<float>().data;
  const float* v = b.view<float>().data;
  double sum = 0.0;
  std::size_t n = 0;
  for (std::size_t k = 0; k < g.size[2]; ++k)
    for (std::size_t j = margin; j + margin < g.size[1]; ++j)
      for (std::size_t i = margin; i + margin < g.size[0]; ++i) {
        if (g.size[2] > 1 && (k < margin || k + margin >= g.size[2])) continue;
        const std::size_t e = 3 * ((k * g.size[1] + j) * g.size[0] + i);
        for (int d = 0; d < 3; ++d) sum += double(u[e + d] - v[e + d]) * (u[e + d] - v[e + d]);
        ++n;
      }
  return std::sqrt(sum / n);
}

double MaxAbs(const Image& field) {
  double m = 0.0;
  const float* u = field.view<float>().data;
  for (std::size_t e = 0; e < 3 * field.geometry().numberOfPixels(); ++e)
    m = std::max(m, double(std::fabs(u[e])));
  return m;
}

RegistrationOptions Options(Backend backend) {
  RegistrationOptions o;
  o.backend = backend;
  o.metric = SimilarityMetric::SSD; // these cases were written for SSD (0 at a perfect match)
  o.gridSpacing = 12.0;
  o.levels = 3;
  o.maximumIterations = 100;
  return o;
}

class RegisterOnBackend : public BackendTest<> {};

TEST_P(RegisterOnBackend, AnImageRegisteredToItselfDoesNotMove) {
  const Image image = test::Blobs(test::BlobGeometry(), 3);
  const RegistrationResult r = Register(image, image, Options(backend()));
  EXPECT_EQ(r.backend, backend());
  EXPECT_LT(MaxAbs(r.displacementField), 0.01);
  EXPECT_NEAR(r.similarityAfter, 0.0, 1e-12);
}

TEST_P(RegisterOnBackend, RecoversAKnownBSplineWarp) {
  for (bool planar : {false, true}) {
    const KnownWarp w = MakeKnownWarp(planar);
    RegistrationOptions o = Options(backend());
    const RegistrationResult r = Register(w.fixed, w.moving, o);
    const double error = RmsError(r.displacementField, w.trueField, 4);
    EXPECT_LT(error, 0.35) << (planar ? "2D" : "3D");
    EXPECT_LT(r.similarityAfter, 0.2 * r.similarityBefore);
    EXPECT_EQ(r.iterations.size(), 3u);
    EXPECT_GT(r.jacobian.minimum, 0.0);
    EXPECT_EQ(r.jacobian.foldedVoxels, 0u);
  }
}

TEST_P(RegisterOnBackend, RepeatsBitwise) {
  const KnownWarp w = MakeKnownWarp(false);
  RegistrationOptions o = Options(backend());
  o.maximumIterations = 10;
  o.bendingEnergyWeight = 0.01;
  const RegistrationResult a = Register(w.fixed, w.moving, o);
  const RegistrationResult b = Register(w.fixed, w.moving, o);
  for (int c = 0; c < 3; ++c) EXPECT_EQ(a.grid.coefficients(c), b.grid.coefficients(c));
}

TEST_P(RegisterOnBackend, ObserverSeesIterationsAndCanStop) {
  const KnownWarp w = MakeKnownWarp(false);
  RegistrationOptions o = Options(backend());
  int calls = 0;
  o.observer = [&](const IterationReport& report) {
    ++calls;
    EXPECT_EQ(report.levels, 3);
    EXPECT_GE(report.iteration, 1);
    return report.level < 1; // stop at the first iteration of level 1
  };
  EXPECT_THROW(Register(w.fixed, w.moving, o), Cancelled);
  EXPECT_GT(calls, 1);
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(RegisterOnBackend);

/// An accelerated backend (backend()) against the CPU reference.
class RegisterVsCpu : public cumed::test::BackendTest<> {};

TEST_P(RegisterVsCpu, AgreesWithTheCpu) {
  const KnownWarp w = MakeKnownWarp(false);
  const RegistrationResult cpu = Register(w.fixed, w.moving, Options(Backend::CPU));
  const RegistrationResult cuda = Register(w.fixed, w.moving, Options(backend()));
  // Float sums in another order move the optimiser's path by rounding only.
  EXPECT_LT(RmsError(cpu.displacementField, cuda.displacementField, 0), 0.02);
  EXPECT_NEAR(cpu.similarityAfter, cuda.similarityAfter, 0.05 * cpu.similarityBefore);
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(RegisterVsCpu);

std::string ErrorOf(const Image& fixed, const Image& moving, const RegistrationOptions& o,
                    const Image* mask = nullptr) {
  try {
    Register(fixed, moving, o, mask);
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "no InvalidArgument";
}

TEST(RegisterErrors, NameTheProblem) {
  const ImageGeometry g = test::BlobGeometry();
  const Image image = test::Blobs(g, 3);
  const RegistrationOptions o = Options(Backend::CPU);
  const Image planar = test::Blobs(test::BlobGeometry(true), 3);
  EXPECT_NE(ErrorOf(image, planar, o).find("same dimension"), std::string::npos);

  ImageGeometry far = g;
  far.origin[0] += 1000.0;
  Image distant = test::Blobs(far, 3);
  EXPECT_NE(ErrorOf(image, distant, o).find("does not overlap"), std::string::npos);

  ImageGeometry smaller = g;
  smaller.size[0] -= 1;
  Image mask = Image::Allocate(PixelType::UInt8, smaller, MemoryLocation::Host);
  EXPECT_NE(ErrorOf(image, image, o, &mask).find("fixed mask geometry"), std::string::npos);

  RegistrationOptions fine = o;
  fine.gridSpacing = 1.5;
  EXPECT_NE(ErrorOf(image, image, fine).find("smaller than the fixed image's voxel spacing"),
            std::string::npos);

  Image withNan = image.clone();
  withNan.view<float>().data[5 + 48 * 2] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_NE(ErrorOf(image, withNan, o).find("moving image has a non-finite pixel"),
            std::string::npos);
  EXPECT_NE(ErrorOf(image, withNan, o).find("(5, 2, 0)"), std::string::npos);
}

} // namespace
} // namespace cumed::registration

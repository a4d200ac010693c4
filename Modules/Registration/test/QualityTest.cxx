// The end-of-run check (Quality.h): AssessRegistration on made-up results (identity, a folding
// warp, a warp that makes a perfect match worse), and Register flagging a run that folds, logging
// it, and leaving a good run unflagged.
#include "SyntheticImages.h"

#include "cumed/core/Log.h"
#include "cumed/registration/DisplacementField.h"
#include "cumed/registration/Quality.h"
#include "cumed/registration/Registration.h"
#include "src/RegistrationGrid.h"
#include "src/RegistrationOutputs.h"

#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

namespace cumed::registration {
namespace {

/// A random B-spline field over the planar blob geometry, `amplitude` mm per coefficient.
Image RandomField(const ImageGeometry& g, double spacing, double amplitude, unsigned seed) {
  BSplineGrid grid = detail::MakeRegistrationGrid(g, spacing);
  test::RandomCoefficients(grid, amplitude, seed, g.size[2] == 1);
  return DisplacementField(grid, g, {Backend::CPU});
}

RegistrationQuality Assess(const Image& fixed, const Image& moving, const Image& field,
                           const Image* mask = nullptr) {
  const JacobianStatistics jacobian = SummarizeJacobian(JacobianDeterminant(field, {}), mask);
  return AssessRegistration(fixed, moving, field, AffineTransform{}, jacobian, mask);
}

TEST(AssessRegistration, IdentityOnTheSameImageIsOk) {
  const ImageGeometry g = test::BlobGeometry(true);
  const Image image = test::Blobs(g, 3);
  const Image zero = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  const RegistrationQuality q = Assess(image, image, zero);
  EXPECT_TRUE(q.ok());
  EXPECT_FALSE(q.folded);
  EXPECT_FALSE(q.worseThanStart);
  ASSERT_TRUE(q.correlationChecked);
  EXPECT_NEAR(q.nccBefore, 1.0, 1e-9);
  EXPECT_NEAR(q.nccAfter, 1.0, 1e-9);
  EXPECT_EQ(q.voxelsCompared, g.numberOfPixels());
}

TEST(AssessRegistration, FlagsAWarpThatFoldsAndSpoilsAPerfectMatch) {
  const ImageGeometry g = test::BlobGeometry(true);
  const Image image = test::Blobs(g, 3);
  // 12 mm coefficients on a 6 mm grid: far beyond the fold-free bound (about 0.4 x spacing).
  const Image field = RandomField(g, 6.0, 12.0, 7);
  const RegistrationQuality q = Assess(image, image, field);
  EXPECT_TRUE(q.folded);
  EXPECT_GT(q.foldedPercent, 1.0);
  EXPECT_TRUE(q.worseThanStart);
  EXPECT_LT(q.nccAfter, q.nccBefore - 0.02);
  ASSERT_EQ(q.warnings.size(), 2u);
  EXPECT_NE(q.warnings[0].find("folds"), std::string::npos);
  EXPECT_NE(q.warnings[1].find("worse than the start"), std::string::npos);
}

TEST(AssessRegistration, ASmoothWarpThatUndoesTheDifferenceIsBetterNotWorse) {
  const ImageGeometry g = test::BlobGeometry(true);
  const Image moving = test::Blobs(g, 3);
  const Image truth = RandomField(g, 24.0, 3.0, 5);
  detail::LevelImage m{g, std::vector<float>(moving.view<float>().data,
                                             moving.view<float>().data + g.numberOfPixels())};
  const Image fixed = detail::ResampleMoving(m, truth, 100.0f);
  const RegistrationQuality q = Assess(fixed, moving, truth);
  EXPECT_TRUE(q.ok()) << (q.warnings.empty() ? "" : q.warnings[0]);
  EXPECT_GT(q.nccAfter, q.nccBefore);
  EXPECT_NEAR(q.nccAfter, 1.0, 1e-6);
}

TEST(AssessRegistration, CountsOnlyMaskedVoxelsInsideTheMovingImage) {
  const ImageGeometry g = test::BlobGeometry(true);
  const Image image = test::Blobs(g, 3);
  Image field = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  // A shift of 20 voxels along the first image axis (direction rotated by 0.2 rad): the voxels
  // mapped outside the moving image are left out of both correlations.
  float* d = field.view<float>().data;
  for (std::size_t v = 0; v < g.numberOfPixels(); ++v)
    d[3 * v] = float(40.0 * g.direction[0]), d[3 * v + 1] = float(40.0 * g.direction[3]);
  Image mask = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  for (std::size_t j = 0; j < g.size[1]; ++j) mask.view<std::uint8_t>().data[j * g.size[0]] = 1;
  const RegistrationQuality q = Assess(image, image, field, &mask);
  EXPECT_EQ(q.voxelsCompared, g.size[1]); // column 0 maps to column 20: inside
  EXPECT_FALSE(q.folded);
}

/// Collects the warnings Register logs while it lives.
class LogCapture {
public:
  LogCapture() {
    previous_ = SetLogSink([this](LogLevel level, std::string_view text) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (level == LogLevel::Warning) warnings_.emplace_back(text);
    });
  }
  ~LogCapture() { SetLogSink(previous_); }
  std::vector<std::string> warnings() {
    std::lock_guard<std::mutex> lock(mutex_);
    return warnings_;
  }

private:
  LogSink previous_;
  std::mutex mutex_;
  std::vector<std::string> warnings_;
};

struct Pair {
  Image fixed, moving;
};

/// fixed(x) = moving(x + u(x)), u a random 24 mm B-spline of `amplitude` mm (planar blobs).
Pair WarpedPair(double amplitude) {
  const ImageGeometry g = test::BlobGeometry(true);
  Pair p{Image(), test::Blobs(g, 11)};
  detail::LevelImage m{g, std::vector<float>(p.moving.view<float>().data,
                                             p.moving.view<float>().data + g.numberOfPixels())};
  p.fixed = detail::ResampleMoving(m, RandomField(g, 24.0, amplitude, 5), 100.0f);
  return p;
}

TEST(RegisterQuality, AGoodRunIsNotFlagged) {
  const Pair p = WarpedPair(3.0);
  RegistrationOptions o;
  o.backend = Backend::CPU;
  o.gridSpacing = 12.0;
  LogCapture log;
  const RegistrationResult r = Register(p.fixed, p.moving, o);
  EXPECT_TRUE(r.quality.ok()) << (r.quality.warnings.empty() ? "" : r.quality.warnings[0]);
  EXPECT_GT(r.quality.nccAfter, r.quality.nccBefore);
  EXPECT_TRUE(log.warnings().empty());
}

TEST(RegisterQuality, ARunThatFoldsIsFlaggedAndLogged) {
  // SSD with no regularisation on a control grid of one voxel chases every intensity
  // difference: the transform folds.
  const Pair p = WarpedPair(6.0);
  RegistrationOptions o;
  o.backend = Backend::CPU;
  o.metric = SimilarityMetric::SSD;
  o.gridSpacing = 2.0;
  o.levels = 1;
  o.bendingEnergyWeight = 0.0;
  o.maximumIterations = 40;
  LogCapture log;
  const RegistrationResult r = Register(p.fixed, p.moving, o);
  EXPECT_TRUE(r.quality.folded);
  EXPECT_GT(r.quality.foldedPercent, 0.0) << "min det " << r.jacobian.minimum;
  EXPECT_EQ(r.quality.foldedPercent, r.jacobian.foldedPercent);
  const std::vector<std::string> warnings = log.warnings();
  ASSERT_FALSE(warnings.empty());
  EXPECT_NE(warnings[0].find("folds"), std::string::npos);
}

} // namespace
} // namespace cumed::registration

// The known-warp generator on the real CT (POPI phase 00 at 2 mm): the fixed image is the moving
// image warped by the written field (checked against ITK's linear interpolator), the field's
// largest length over the body is the one asked for, and a seed gives the same files every time.
#include "KnownWarp.h"
#include "FieldError.h"
#include "ImageFiles.h"
#include "SharedData.h"
#include "VolumeSampling.h"

#include "cumed/core/Error.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/registration/DisplacementField.h"

#include <itkLinearInterpolateImageFunction.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>

namespace cumed::regdata {
namespace {

namespace fs = std::filesystem;

class KnownWarpTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    const auto series = SharedDataFile("ct/popi-phase00");
    if (series) moving_ = new Image(ResampleIsotropic(ReadCtSeriesAsFloat(series->string()), 2.0));
  }
  static void TearDownTestSuite() {
    delete moving_;
    moving_ = nullptr;
  }
  void SetUp() override {
    if (!moving_)
      GTEST_SKIP() << "real CT series not found: expected ../shared/data/ct/popi-phase00 beside "
                      "the checkout (CUMED_SOURCE_DIR)";
  }

  // fixed(x) == moving(x + u(x)) at random voxels, the moving value from ITK's interpolator.
  static void ExpectFixedIsWarpedMoving(const KnownWarp& warp) {
    using ItkImage = itk::Image<float, 3>;
    const ItkImage::Pointer moving = ToItkImage<ItkImage>(moving_->clone());
    auto interpolator = itk::LinearInterpolateImageFunction<ItkImage>::New();
    interpolator->SetInputImage(moving);
    const ImageGeometry& g = warp.fixed.geometry();
    const IndexMapper grid(g);
    const float* fixed = warp.fixed.view<float>().data;
    const float* u = warp.trueField.view<float>().data;
    std::mt19937 engine(7);
    int inside = 0;
    for (int n = 0; n < 3000; ++n) {
      const std::size_t i = engine() % g.numberOfPixels();
      const Point3 index{double(i % g.size[0]), double(i / g.size[0] % g.size[1]),
                         double(i / (g.size[0] * g.size[1]))};
      const Point3 p = grid.toPoint(index);
      ItkImage::PointType q;
      for (int a = 0; a < 3; ++a) q[a] = p[a] + double(u[3 * i + a]);
      if (!interpolator->IsInsideBuffer(q)) {
        EXPECT_EQ(fixed[i], -1024.0f) << "outside value at voxel " << i;
        continue;
      }
      ++inside;
      const double expected = interpolator->Evaluate(q);
      ASSERT_NEAR(fixed[i], expected, 1e-3 * (1.0 + std::abs(expected))) << "voxel " << i;
    }
    EXPECT_GT(inside, 2500);
  }

  static void ExpectScaledAndMasked(const KnownWarp& warp) {
    EXPECT_NEAR(MaxLengthInMask(warp.trueField, warp.bodyMask), 10.0, 0.1);
    EXPECT_NEAR(warp.maxDisplacementInBodyMm, 10.0, 1e-3);
    const Image body = ThresholdMask(warp.fixed, -500.0);
    EXPECT_EQ(std::memcmp(body.data(), warp.bodyMask.data(), body.sizeInBytes()), 0);
    // A body of a thorax: many voxels, a field that is not a translation.
    const auto stats = CompareFields(warp.trueField, warp.trueField, warp.bodyMask);
    EXPECT_GT(stats.voxels, 1000000u);
    EXPECT_EQ(stats.rmsMm, 0.0);
    EXPECT_GT(warp.rmsDisplacementInBodyMm, 1.0);
    EXPECT_LT(warp.rmsDisplacementInBodyMm, 9.0);
  }

  static std::string Bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  static Image* moving_;
};
Image* KnownWarpTest::moving_ = nullptr;

TEST_F(KnownWarpTest, ResampledGridIsTwoMillimetresOverTheSameExtent) {
  const ImageGeometry& g = moving_->geometry();
  EXPECT_EQ(g.size, (std::array<std::size_t, 3>{250, 250, 141}));
  for (double s : g.spacing) EXPECT_EQ(s, 2.0);
}

TEST_F(KnownWarpTest, BSplineFieldWarpsTheMovingImageAndReachesTenMillimetres) {
  KnownWarpOptions options;
  options.family = FieldFamily::BSpline;
  const KnownWarp warp = MakeKnownWarp(*moving_, options);
  ExpectScaledAndMasked(warp);
  ExpectFixedIsWarpedMoving(warp);
  // The scaled grid written as the true transform gives the true field back.
  ASSERT_TRUE(warp.trueGrid.has_value());
  registration::DisplacementFieldOptions cpu;
  cpu.backend = Backend::CPU;
  const Image again =
      registration::DisplacementField(*warp.trueGrid, warp.trueField.geometry(), cpu);
  const float* a = again.view<float>().data;
  const float* t = warp.trueField.view<float>().data;
  double worst = 0.0;
  for (std::size_t i = 0; i < 3 * again.geometry().numberOfPixels(); ++i)
    worst = std::max(worst, std::abs(double(a[i]) - double(t[i])));
  EXPECT_LT(worst, 1e-4);
}

TEST_F(KnownWarpTest, RbfFieldWarpsTheMovingImageAndReachesTenMillimetres) {
  KnownWarpOptions options;
  options.family = FieldFamily::GaussianRbf;
  const KnownWarp warp = MakeKnownWarp(*moving_, options);
  ExpectScaledAndMasked(warp);
  ExpectFixedIsWarpedMoving(warp);
  EXPECT_FALSE(warp.trueGrid.has_value());
}

TEST_F(KnownWarpTest, SameSeedGivesIdenticalFilesAnotherSeedAnotherField) {
  const fs::path work = fs::path(CUMED_REGDATA_WORK_DIR) / "same-seed";
  fs::create_directories(work);
  KnownWarpOptions options;
  options.family = FieldFamily::GaussianRbf;
  options.seed = 42;
  for (const char* run : {"a", "b"}) {
    const KnownWarp warp = MakeKnownWarp(*moving_, options);
    WriteImage(warp.fixed, (work / (std::string(run) + "-fixed.mha")).string());
    WriteImage(warp.trueField, (work / (std::string(run) + "-field.mha")).string());
  }
  EXPECT_EQ(Bytes(work / "a-fixed.mha"), Bytes(work / "b-fixed.mha"));
  EXPECT_EQ(Bytes(work / "a-field.mha"), Bytes(work / "b-field.mha"));
  options.seed = 43;
  const KnownWarp other = MakeKnownWarp(*moving_, options);
  const Image first = ReadFloatImage((work / "a-field.mha").string());
  EXPECT_NE(std::memcmp(first.data(), other.trueField.data(), first.sizeInBytes()), 0);
}

TEST(FieldErrorTest, ConstantOffsetIsItsLength) {
  ImageGeometry g;
  g.size = {4, 3, 2};
  Image truth = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  Image estimate = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  Image mask = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  float* t = truth.view<float>().data;
  float* e = estimate.view<float>().data;
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (std::size_t i = 0; i < g.numberOfPixels(); ++i) {
    t[3 * i] = float(i);
    e[3 * i] = float(i) + 3.0f;          // error (3, 4, 0): length 5
    e[3 * i + 1] = i % 2 ? 4.0f : 40.0f; // masked-out voxels err by 40
    m[i] = i % 2;
  }
  const auto s = CompareFields(estimate, truth, mask);
  EXPECT_EQ(s.voxels, 12u);
  EXPECT_DOUBLE_EQ(s.rmsMm, 5.0);
  EXPECT_DOUBLE_EQ(s.maxMm, 5.0);
  g.spacing[1] = 1.5;
  const Image otherGrid = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  try {
    CompareFields(otherGrid, truth, mask);
    FAIL() << "a field on another grid was compared";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("lies on another grid"), std::string::npos)
        << error.what();
  }
}

} // namespace
} // namespace cumed::regdata

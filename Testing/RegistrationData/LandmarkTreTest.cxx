// Elastix point files and the TRE on the lung pair of ../shared/data/registration: 51 pairs in
// mm (ITKElastix's corrected sets), the index format mapped through an image grid, the TRE of
// the identity and of a translation, and the errors of broken point files (written here).
#include "ImageFiles.h"
#include "Landmarks.h"
#include "SharedData.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace cumed::regdata {
namespace {

namespace fs = std::filesystem;

const char* kFixedPoints =
    "registration/ITKElastix_examples_data/CT_3D_lung_fixed_point_set_corrected.txt";
const char* kMovingPoints =
    "registration/ITKElastix_examples_data/CT_3D_lung_moving_point_set_corrected.txt";

std::string WriteText(const std::string& name, const std::string& text) {
  const fs::path dir = fs::path(CUMED_REGDATA_WORK_DIR) / "points";
  fs::create_directories(dir);
  std::ofstream(dir / name) << text;
  return (dir / name).string();
}

std::string ReadError(const std::string& file, const ImageGeometry* grid = nullptr) {
  try {
    ReadElastixPoints(file, grid);
  } catch (const Error& error) {
    return error.what();
  }
  return "no error";
}

TEST(LandmarkTreTest, IdentityTreOnTheLungPairIsTheKnownValue) {
  const auto fixed = SharedDataFile(kFixedPoints), moving = SharedDataFile(kMovingPoints);
  if (!fixed || !moving)
    GTEST_SKIP() << "../shared/data/registration not found beside the checkout";
  const auto f = ReadElastixPoints(fixed->string()), m = ReadElastixPoints(moving->string());
  ASSERT_EQ(f.size(), 51u);
  ASSERT_EQ(m.size(), 51u);
  EXPECT_DOUBLE_EQ(f[0][2], -1204.5);
  const TreStatistics before = ComputeTre(f, m);
  EXPECT_EQ(before.pairs, 51u);
  EXPECT_NEAR(before.meanMm, 35.3, 0.1);
}

TEST(LandmarkTreTest, FieldIsSampledAtTheFixedPoints) {
  const auto fixed = SharedDataFile(kFixedPoints), moving = SharedDataFile(kMovingPoints);
  const auto grid = SharedDataFile("registration/elastix_Testing_Data/3DCT_lung_baseline_mask.mha");
  if (!fixed || !moving || !grid) GTEST_SKIP() << "../shared/data/registration not found";
  const auto f = ReadElastixPoints(fixed->string()), m = ReadElastixPoints(moving->string());
  // A translation by the mean landmark motion, on the baseline image's grid.
  std::array<double, 3> mean{0, 0, 0};
  for (std::size_t i = 0; i < f.size(); ++i)
    for (int a = 0; a < 3; ++a) mean[a] += (m[i][a] - f[i][a]) / double(f.size());
  const Image baseline = ReadFloatImage(grid->string());
  Image field = Image::Allocate(PixelType::Float32, baseline.geometry(), MemoryLocation::Host, 3);
  float* u = field.view<float>().data;
  for (std::size_t i = 0; i < baseline.geometry().numberOfPixels(); ++i)
    for (int a = 0; a < 3; ++a) u[3 * i + a] = float(mean[a]);
  double expected = 0.0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    double d2 = 0.0;
    for (int a = 0; a < 3; ++a) {
      const double d = f[i][a] + double(float(mean[a])) - m[i][a];
      d2 += d * d;
    }
    expected += std::sqrt(d2) / double(f.size());
  }
  const TreStatistics after = ComputeTre(f, m, &field);
  EXPECT_NEAR(after.meanMm, expected, 1e-6);
  EXPECT_LT(after.meanMm, ComputeTre(f, m).meanMm);

  const std::vector<Point3> outside{{0.0, 0.0, 0.0}};
  try {
    ComputeTre(outside, outside, &field);
    FAIL() << "a point outside the field was scored";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("fixed point 1 at (0, 0, 0) mm lies outside"),
              std::string::npos)
        << error.what();
  }
}

TEST(LandmarkTreTest, IndexPointsAreMappedThroughTheirImageGrid) {
  const auto points = SharedDataFile("registration/elastix_Testing_Data/3DCT_lung_baseline.txt");
  const auto grid = SharedDataFile("registration/elastix_Testing_Data/3DCT_lung_baseline_mask.mha");
  if (!points || !grid) GTEST_SKIP() << "../shared/data/registration not found";
  EXPECT_NE(ReadError(points->string()).find("the image grid they refer to is needed"),
            std::string::npos);
  const Image baseline = ReadFloatImage(grid->string());
  const auto p = ReadElastixPoints(points->string(), &baseline.geometry());
  ASSERT_EQ(p.size(), 10u);
  // First line "94 92 114"; the mask's origin -153.827 -150.352 -1434.5, spacing 1.366 1.366 2.5.
  EXPECT_NEAR(p[0][0], -153.827 + 94 * 1.366, 1e-9);
  EXPECT_NEAR(p[0][1], -150.352 + 92 * 1.366, 1e-9);
  EXPECT_NEAR(p[0][2], -1434.5 + 114 * 2.5, 1e-9);
}

TEST(LandmarkTreTest, BrokenPointFilesNameTheLineAndTheProblem) {
  EXPECT_NE(ReadError(WriteText("short.txt", "point\n3\n1 2 3\n4 5 6\n"))
                .find("found 2 points, the file announces 3"),
            std::string::npos);
  EXPECT_NE(ReadError(WriteText("long.txt", "point\n1\n1 2 3\n4 5 6\n"))
                .find("line 4: more points than the 1 announced"),
            std::string::npos);
  EXPECT_NE(ReadError(WriteText("nan.txt", "point\n1\n1 nan 3\n"))
                .find("line 3: 'nan' is not a finite number"),
            std::string::npos);
  EXPECT_NE(
      ReadError(WriteText("two.txt", "point\n1\n1 2\n")).find("line 3: expected 3 coordinates"),
      std::string::npos);
  EXPECT_NE(ReadError(WriteText("count.txt", "point\nmany\n1 2 3\n"))
                .find("line 2: expected a positive number of points"),
            std::string::npos);
  EXPECT_NE(ReadError("/nonexistent/points.txt").find("cannot open elastix point file"),
            std::string::npos);
  const auto p = ReadElastixPoints(WriteText("crlf.txt", "point\r\n1\r\n1.5 -2 3e1\r\n"));
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0], (Point3{1.5, -2.0, 30.0}));
}

} // namespace
} // namespace cumed::regdata

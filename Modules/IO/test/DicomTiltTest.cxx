// Gantry/detector tilt: series sheared at test time from a linear HU ramp in patient
// coordinates, so that the value expected at any point of the resampled grid is known exactly.
#include "DicomTestSupport.h"
#include "DicomTiltedSeries.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace cumed::io::test {
namespace {

// The untilted grid the tilted series should be read onto, from the analytic geometry: the first
// slice's plane stepped along the normal, its pixel grid widened by whole voxels until it holds
// every corner of every slice (projected on the row and column directions).
struct ExpectedGrid {
  long size[3] = {};
  Vec3 origin{};

  explicit ExpectedGrid(const TiltedSeries& series) {
    const double spacing[2] = {series.columnSpacing, series.rowSpacing};
    const Vec3 axes[2] = {series.row(), series.column()};
    for (int a = 0; a < 2; ++a) {
      double low = 1e30, high = -1e30;
      for (int k = 0; k < series.slices; ++k)
        for (double i : {0, series.columns - 1})
          for (double j : {0, series.rows - 1}) {
            const double index =
                Dot(Add(series.pixel(k, i, j), series.position(0), -1), axes[a]) / spacing[a];
            low = std::min(low, index);
            high = std::max(high, index);
          }
      const long first = long(std::floor(low + 1e-6));
      size[a] = long(std::ceil(high - 1e-6)) - first + 1;
      origin = Add(a == 0 ? series.position(0) : origin, axes[a], first * spacing[a]);
    }
    size[2] = series.slices;
  }
  Vec3 point(const TiltedSeries& series, long i, long j, long k) const {
    return Add(Add(Add(origin, series.normal(), k * series.normalStep()), series.row(),
                   i * series.columnSpacing),
               series.column(), j * series.rowSpacing);
  }
};

void ExpectAxialGrid(const TiltedSeries& series, const CtSeries& read) {
  const HounsfieldImage& image = *read.image;
  const ExpectedGrid expected(series);
  const auto size = image.GetLargestPossibleRegion().GetSize();
  for (int a = 0; a < 3; ++a) EXPECT_EQ(long(size[a]), expected.size[a]) << "axis " << a;
  const Vec3 axes[3] = {series.row(), series.column(), series.normal()};
  const double spacing[3] = {series.columnSpacing, series.rowSpacing, series.normalStep()};
  for (int a = 0; a < 3; ++a) {
    // 1e-4 mm: far below the 0.1 voxel the issue asks for; the positions' text has 6 decimals.
    EXPECT_NEAR(image.GetSpacing()[a], spacing[a], 1e-4) << "axis " << a;
    EXPECT_NEAR(image.GetOrigin()[a], expected.origin[a], 1e-4) << "axis " << a;
    for (int r = 0; r < 3; ++r)
      EXPECT_NEAR(image.GetDirection()(r, a), axes[a][r], 1e-6) << "row " << r << " axis " << a;
  }
}

// The resampled values, voxel by voxel: where grid voxel (i, j, k) falls inside slice k (located
// by projecting on slice k's own axes) it holds the ramp there within 1 HU (stored values rounded
// once, interpolated values once more); outside, the smallest HU written.
void ExpectResampledRamp(const TiltedSeries& series, const CtSeries& read, int lowest) {
  const HounsfieldImage& image = *read.image;
  const ExpectedGrid grid(series);
  const auto size = image.GetLargestPossibleRegion().GetSize();
  ASSERT_EQ(long(size[0]), grid.size[0]);
  ASSERT_EQ(long(size[1]), grid.size[1]);
  long inside = 0, outside = 0;
  for (long k = 0; k < grid.size[2]; ++k)
    for (long j = 0; j < grid.size[1]; ++j)
      for (long i = 0; i < grid.size[0]; ++i) {
        const Vec3 q = grid.point(series, i, j, k);
        const Vec3 fromSlice = Add(q, series.position(int(k)), -1);
        const double x = Dot(fromSlice, series.row()) / series.columnSpacing;
        const double y = Dot(fromSlice, series.column()) / series.rowSpacing;
        const double margin = std::min({x, y, series.columns - 1 - x, series.rows - 1 - y});
        const int value = image.GetPixel({{i, j, k}});
        if (margin > 1e-6) {
          ++inside;
          ASSERT_LE(std::abs(value - Ramp(q)), 1.0 + 1e-9)
              << "voxel " << i << "," << j << "," << k << " (" << series.degrees << " degrees)";
        } else if (margin < -1e-6) {
          ++outside;
          ASSERT_EQ(value, lowest) << "voxel " << i << "," << j << "," << k;
        }
      }
  EXPECT_GE(inside, long(series.columns) * series.rows * series.slices / 2);
  if (series.degrees != 0) {
    EXPECT_GT(outside, 0) << "a sheared slice leaves part of the grid uncovered";
  }
}

class DicomTilt : public ::testing::Test {
protected:
  std::string directory() const { return scratch_.Sub("series"); }
  TemporaryDirectory scratch_;
};

TEST_F(DicomTilt, ResamplesOntoTheFirstSlicesPlaneSteppedAlongTheNormal) {
  for (TiltStyle style : {TiltStyle::TiltedPlanes, TiltStyle::ShiftedOrigins})
    for (double degrees : {-5.0, 5.0, 12.0, 18.5, 30.0}) {
      SCOPED_TRACE(::testing::Message() << degrees << " degrees, style " << int(style));
      TiltedSeries series;
      series.degrees = degrees;
      series.style = style;
      fs::remove_all(directory());
      const int lowest = WriteTiltedSeries(series, directory());
      LogCapture log;
      const CtSeries read = ReadDicomCtSeries(directory());
      EXPECT_NEAR(read.info.tiltDegrees, std::abs(degrees), 1e-4);
      EXPECT_TRUE(read.info.tiltResampled);
      ExpectAxialGrid(series, read);
      ExpectResampledRamp(series, read, lowest);
      ASSERT_EQ(log.messages().size(), 1u) << "one warning";
      EXPECT_TRUE(Contains(log.messages()[0], "tilt of")) << log.messages()[0];
      // What the programs' summaries say (adjustments=...).
      char expected[96];
      std::snprintf(expected, sizeof expected,
                    "gantry tilt %g degrees resampled onto an axial grid", std::abs(degrees));
      EXPECT_EQ(DescribeReadAdjustments(read.info), expected);
    }
}

TEST_F(DicomTilt, RefuseNamesTheAngleAndTheGantryTag) {
  TiltedSeries series;
  series.degrees = 18.5;
  series.writeGantryTag = true;
  WriteTiltedSeries(series, directory());
  DicomReadOptions options;
  options.tilt = TiltHandling::Refuse;
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory(), options); });
  EXPECT_TRUE(Contains(message, "tilt of 18.5 degrees")) << message;
  EXPECT_TRUE(Contains(message, "GantryDetectorTilt (0018,1120) says '18.5'")) << message;
}

TEST_F(DicomTilt, UntiltedSeriesIsNotResampled) {
  TiltedSeries series;
  series.degrees = 0;
  WriteTiltedSeries(series, directory());
  LogCapture log;
  const CtSeries read = ReadDicomCtSeries(directory());
  EXPECT_EQ(read.info.tiltDegrees, 0);
  EXPECT_FALSE(read.info.tiltResampled);
  EXPECT_EQ(DescribeReadAdjustments(read.info), "");
  EXPECT_TRUE(log.messages().empty());
  ExpectAxialGrid(series, read);
  ExpectResampledRamp(series, read, 0);
}

// A scanner writing positions with two decimals (GE): 0.625 mm table steps become 0.62 and 0.63
// mm, so the gaps along the tilted normal look uneven. It is the 18.5 degree tilt, not uneven
// spacing.
TEST_F(DicomTilt, RoundedPositionsOfATiltedSeriesAreATiltNotUnevenSpacing) {
  TiltedSeries series;
  series.degrees = 18.5;
  series.tableStep = 0.625;
  series.decimals = 2;
  WriteTiltedSeries(series, directory());
  DicomReadOptions options;
  options.tilt = TiltHandling::Refuse;
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory(), options); });
  EXPECT_TRUE(Contains(message, "tilt of 18.5")) << message;
  EXPECT_FALSE(Contains(message, "non-uniform")) << message;
  const CtSeries read = ReadDicomCtSeries(directory());
  EXPECT_NEAR(read.info.tiltDegrees, 18.5, 0.1);
  // The step is the mean over the series: 0.625 x cos(18.5 degrees) within the rounding.
  EXPECT_NEAR(read.image->GetSpacing()[2], series.normalStep(), 0.005 / (series.slices - 1));
}

TEST_F(DicomTilt, IrregularShearIsAnError) {
  TiltedSeries series;
  series.degrees = 12;
  WriteTiltedSeries(series, directory());
  // Slice 5 moved 0.3 mm along the row direction: still on its plane, off the constant shear.
  EditDicomFileInPlace(fs::path(directory()) / SliceName(5), [&](DcmDataset& d) {
    PutString(d, DCM_ImagePositionPatient,
              PositionText(Add(series.position(4), series.row(), 0.3), 6));
  });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "irregular gantry tilt or shear")) << message;
  EXPECT_TRUE(Contains(message, SliceName(5))) << message;
  EXPECT_TRUE(Contains(message, "ImagePositionPatient (0020,0032)")) << message;
}

} // namespace
} // namespace cumed::io::test

// Non-integer RescaleSlope/RescaleIntercept (32.12, 2.0002 and fractional intercepts seen on
// real scanners): HU rounded to the nearest integer, checked against the stored values read with
// DCMTK and rescaled by the test itself.
#include "DicomTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <gtest/gtest.h>

#include <cmath>

namespace cumed::io::test {
namespace {

// 16 x 12 x 6 series of HU -1024 .. maxHu, written unsigned (stored = HU + 1024).
class RescaleRounding : public ::testing::Test {
protected:
  void Write(int maxHu) {
    const VolumeGeometry geometry{{16, 12, 6}, {0.8, 0.8, 1.5}, {0, 0, 0}, 0};
    WriteDicomCtSeries(MakeRandomVolume(geometry, -1024, maxHu, 99).GetPointer(), directory());
  }
  void SetRescale(int k, const std::string& slope, const std::string& intercept) {
    EditDicomFileInPlace(slice(k), [&](DcmDataset& d) {
      PutString(d, DCM_RescaleSlope, slope);
      PutString(d, DCM_RescaleIntercept, intercept);
    });
  }
  std::string directory() const { return scratch_.Sub("series"); }
  fs::path slice(int k) const { return fs::path(directory()) / SliceName(k); }
  TemporaryDirectory scratch_;
};

// The stored values of slice k (DCMTK) and its slope and intercept as the file states them.
std::vector<double> ExactHounsfield(const fs::path& file) {
  DcmFileFormat format;
  EXPECT_TRUE(format.loadFile(file.c_str()).good()) << file;
  DcmDataset& d = *format.getDataset();
  Float64 slope = 0, intercept = 0;
  EXPECT_TRUE(d.findAndGetFloat64(DCM_RescaleSlope, slope).good());
  EXPECT_TRUE(d.findAndGetFloat64(DCM_RescaleIntercept, intercept).good());
  const Uint16* stored = nullptr;
  unsigned long count = 0;
  EXPECT_TRUE(d.findAndGetUint16Array(DCM_PixelData, stored, &count).good());
  std::vector<double> exact(count);
  for (unsigned long i = 0; i < count; ++i) exact[i] = slope * stored[i] + intercept;
  return exact;
}

// Every voxel is the nearest integer to the exact value (either neighbour at a tie, where the
// last bit of the product decides); the count and largest rounding match the exact values.
void ExpectRounded(const std::string& directory, int slices, const CtSeries& read) {
  long rounded = 0;
  double largest = 0;
  const std::int16_t* voxels = read.image->GetBufferPointer();
  std::size_t index = 0;
  for (int k = 1; k <= slices; ++k)
    for (double exact : ExactHounsfield(fs::path(directory) / SliceName(k))) {
      const double fraction = std::abs(exact - std::round(exact));
      if (fraction > 1e-9) ++rounded;
      largest = std::max(largest, fraction);
      const int got = voxels[index++];
      if (std::abs(fraction - 0.5) < 1e-6)
        ASSERT_TRUE(got == std::floor(exact) || got == std::ceil(exact)) << exact << " " << got;
      else
        ASSERT_EQ(got, std::round(exact)) << "exact " << exact << ", voxel " << index - 1;
    }
  EXPECT_EQ(index, read.image->GetLargestPossibleRegion().GetNumberOfPixels());
  EXPECT_EQ(read.info.roundedValues, rounded);
  EXPECT_NEAR(read.info.maxRoundingHu, largest, 1e-6);
  EXPECT_GT(rounded, 0);
}

TEST_F(RescaleRounding, Slope32_12WithFractionalInterceptIsRounded) {
  Write(-24); // stored 0..1000: 32.12 x 1000 - 1024.5 fits int16
  for (int k = 1; k <= 6; ++k) SetRescale(k, "32.12", "-1024.5");
  LogCapture log;
  const CtSeries read = ReadDicomCtSeries(directory());
  ExpectRounded(directory(), 6, read);
  ASSERT_EQ(log.messages().size(), 1u);
  EXPECT_TRUE(Contains(log.messages()[0], "RescaleSlope (0028,1053) 32.12")) << log.messages()[0];
  EXPECT_TRUE(Contains(log.messages()[0], "RescaleIntercept (0028,1052) -1024.5"))
      << log.messages()[0];
  EXPECT_TRUE(Contains(log.messages()[0], "6 of 6 slices")) << log.messages()[0];
  EXPECT_TRUE(Contains(log.messages()[0], std::to_string(read.info.roundedValues) + " voxels"))
      << log.messages()[0];
  EXPECT_TRUE(Contains(DescribeReadAdjustments(read.info),
                       "non-integer rescale: " + std::to_string(read.info.roundedValues) +
                           " voxels rounded to whole HU (at most 0."))
      << DescribeReadAdjustments(read.info);
}

TEST_F(RescaleRounding, Slope2_0002AndPerSliceInterceptsAreRounded) {
  Write(2000);
  for (int k = 1; k <= 6; ++k)
    SetRescale(k, k == 1 ? "1" : "2.0002", k == 4 ? "-1024.25" : "-1024");
  LogCapture log;
  const CtSeries read = ReadDicomCtSeries(directory());
  ExpectRounded(directory(), 6, read);
  ASSERT_EQ(log.messages().size(), 1u);
  EXPECT_TRUE(Contains(log.messages()[0], "RescaleSlope (0028,1053) 2.0002")) << log.messages()[0];
  EXPECT_TRUE(Contains(log.messages()[0], SliceName(2))) << log.messages()[0];
  EXPECT_TRUE(Contains(log.messages()[0], "5 of 6 slices")) << log.messages()[0];
}

TEST_F(RescaleRounding, IntegerRescaleRoundsNothing) {
  Write(2000);
  LogCapture log;
  const CtSeries read = ReadDicomCtSeries(directory());
  EXPECT_EQ(read.info.roundedValues, 0);
  EXPECT_EQ(read.info.maxRoundingHu, 0);
  EXPECT_EQ(DescribeReadAdjustments(read.info), "");
  EXPECT_TRUE(log.messages().empty());
}

TEST_F(RescaleRounding, RoundRescaleFalseRefusesTheSeries) {
  Write(-24);
  SetRescale(3, "32.12", "-1024.5");
  DicomReadOptions options;
  options.roundRescale = false;
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory(), options); });
  EXPECT_TRUE(Contains(message, SliceName(3))) << message;
  EXPECT_TRUE(Contains(message, "RescaleSlope (0028,1053) = 32.12")) << message;
  EXPECT_TRUE(Contains(message, "roundRescale")) << message;
}

TEST_F(RescaleRounding, ValuesOutsideInt16AfterRoundingAreStillAnError) {
  Write(2000); // stored up to 3024: 32.12 x 3024 is far beyond int16
  for (int k = 1; k <= 6; ++k) SetRescale(k, "32.12", "-1024.5");
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "is not an int16 value")) << message;
}

} // namespace
} // namespace cumed::io::test

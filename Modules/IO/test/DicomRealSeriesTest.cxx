// The reader on a real CT series (POPI phase 00, ../shared/data) and on broken copies of it.
#include "DicomTestSupport.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <gtest/gtest.h>

namespace cumed::io::test {
namespace {

// Reads the real series once for all tests (about a second); the broken copies are links to its
// slices plus the files a test edits, in a scratch directory.
class RealSeries : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    source_ = RealSeriesDirectory();
    if (source_.empty()) return;
    const auto start = std::chrono::steady_clock::now();
    clean_ = new CtSeries(ReadDicomCtSeries(source_.string()));
    readSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  static void TearDownTestSuite() {
    delete clean_;
    clean_ = nullptr;
  }
  void SetUp() override {
    if (source_.empty())
      GTEST_SKIP() << "real CT series not found: expected ../shared/data/ct/popi-phase00 next to "
                      "the repository (CUMED_SOURCE_DIR)";
  }
  fs::path copy() const { return scratch_.path() / "copy"; }
  static fs::path Slice(int k) {
    char name[32];
    std::snprintf(name, sizeof(name), "00-slice%03d.dcm", k);
    return source_ / name;
  }

  static fs::path source_;
  static CtSeries* clean_;
  static double readSeconds_;
  TemporaryDirectory scratch_;
};

fs::path RealSeries::source_;
CtSeries* RealSeries::clean_ = nullptr;
double RealSeries::readSeconds_ = 0;

TEST_F(RealSeries, SizeSpacingAndValues) {
  const HounsfieldImage& image = *clean_->image;
  const auto size = image.GetLargestPossibleRegion().GetSize();
  EXPECT_EQ(size[0], 512u);
  EXPECT_EQ(size[1], 512u);
  EXPECT_EQ(size[2], 141u);
  EXPECT_NEAR(image.GetSpacing()[0], 0.9766, 1e-3);
  EXPECT_NEAR(image.GetSpacing()[1], 0.9766, 1e-3);
  EXPECT_NEAR(image.GetSpacing()[2], 2.0, 1e-9); // from positions (SliceThickness is "2.00" too)
  const std::int16_t* values = image.GetBufferPointer();
  const auto [lowest, highest] = std::minmax_element(values, values + 512 * 512 * 141);
  EXPECT_EQ(*lowest, -1024);
  EXPECT_EQ(*highest, 2976);
  std::printf("read 141 slices in %.2f s\n", readSeconds_);
}

TEST_F(RealSeries, InfoDescribesTheSeries) {
  const DicomSeriesInfo& info = clean_->info;
  EXPECT_EQ(info.modality, "CT");
  EXPECT_EQ(info.seriesUid, ReadString(Slice(0), DCM_SeriesInstanceUID));
  EXPECT_EQ(info.files.size(), 141u);
  EXPECT_TRUE(info.otherSeriesUids.empty());
  EXPECT_DOUBLE_EQ(info.rescaleSlope, 1.0);
  EXPECT_DOUBLE_EQ(info.rescaleIntercept, -1024.0);
  // The licence and commit notes next to the slices are skipped, not fatal.
  ASSERT_EQ(info.skippedFiles.size(), 2u);
  EXPECT_EQ(fs::path(info.skippedFiles[0]).filename(), "ITKElastix_LICENSE.txt");
  EXPECT_EQ(fs::path(info.skippedFiles[1]).filename(), "SOURCE_COMMIT.txt");
}

TEST_F(RealSeries, GeometryComesFromTheSortedPositions) {
  const HounsfieldImage& image = *clean_->image;
  const auto& direction = image.GetDirection();
  for (int i = 0; i < 3; ++i) // IOP is 1\0\0\0\1\0: axial, identity
    for (int j = 0; j < 3; ++j) EXPECT_DOUBLE_EQ(direction(i, j), i == j ? 1.0 : 0.0);
  // The files run from head to feet (z 115.5 down to -164.5); sorted along +z the first slice is
  // the last file.
  const std::vector<std::string>& files = clean_->info.files;
  EXPECT_EQ(fs::path(files.front()).filename(), "00-slice140.dcm");
  const auto first = ReadPosition(files.front());
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(image.GetOrigin()[i], first[i]);
  EXPECT_DOUBLE_EQ(image.GetOrigin()[2], -164.5);
  double previous = -1e9;
  for (const std::string& file : files) {
    const double z = ReadPosition(file)[2];
    EXPECT_GT(z, previous) << file;
    previous = z;
  }
}

TEST_F(RealSeries, PixelsMatchAnIndependentDecode) {
  // Slice 70 of the volume is file 140 - 70 = 00-slice070.dcm; decode it with DCMTK.
  DcmFileFormat format;
  ASSERT_TRUE(format.loadFile(Slice(70).c_str()).good());
  const Uint16* stored = nullptr;
  unsigned long count = 0;
  ASSERT_TRUE(format.getDataset()->findAndGetUint16Array(DCM_PixelData, stored, &count).good());
  ASSERT_EQ(count, 512u * 512u);
  const std::int16_t* volumeSlice = clean_->image->GetBufferPointer() + 70 * 512 * 512;
  for (unsigned long i = 0; i < count; ++i)
    ASSERT_EQ(volumeSlice[i], int(stored[i]) - 1024) << "pixel " << i;
}

TEST_F(RealSeries, MissingMiddleSliceIsAGap) {
  LinkFiles(source_, copy(), {"00-slice070.dcm"}); // z = -24.5
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(copy().string()); });
  EXPECT_TRUE(Contains(message, "missing slice")) << message;
  EXPECT_TRUE(Contains(message, "position -26.5 mm")) << message;
  EXPECT_TRUE(Contains(message, "position -22.5 mm")) << message;
  EXPECT_TRUE(Contains(message, "is 4 mm")) << message;
}

TEST_F(RealSeries, TruncatedSliceIsNamed) {
  LinkFiles(source_, copy(), {"00-slice050.dcm"});
  const fs::path truncated = copy() / "00-slice050.dcm";
  fs::copy_file(Slice(50), truncated);
  fs::resize_file(truncated, fs::file_size(truncated) / 2);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(copy().string()); });
  EXPECT_TRUE(Contains(message, truncated.string())) << message;
  EXPECT_TRUE(Contains(message, "truncated")) << message;
}

TEST_F(RealSeries, NonDicomFileIsSkipped) {
  LinkFiles(source_, copy());
  const fs::path stray = copy() / "Thumbs.db";
  std::ofstream(stray, std::ios::binary) << std::string(3000, '\x07');
  const auto before = DirectorySnapshot(copy());
  const CtSeries series = ReadDicomCtSeries(copy().string());
  EXPECT_NE(
      std::find(series.info.skippedFiles.begin(), series.info.skippedFiles.end(), stray.string()),
      series.info.skippedFiles.end());
  EXPECT_TRUE(SamePixels(*clean_->image, *series.image));
  EXPECT_TRUE(SameGeometry(*clean_->image, *series.image, 0.0));
  EXPECT_EQ(DirectorySnapshot(copy()), before);
}

TEST_F(RealSeries, SecondSeriesDefaultsToTheLargestAndCanBeSelected) {
  LinkFiles(source_, copy());
  VolumeGeometry geometry;
  geometry.size = {32, 32, 5};
  const auto small = MakeRandomVolume(geometry, -1024, 3000);
  const std::string smallUid = WriteDicomCtSeries(small.GetPointer(), scratch_.Sub("small"));
  LinkFiles(scratch_.path() / "small", copy());

  LogCapture log;
  const CtSeries largest = ReadDicomCtSeries(copy().string());
  EXPECT_EQ(largest.info.seriesUid, clean_->info.seriesUid);
  EXPECT_EQ(largest.info.otherSeriesUids, std::vector<std::string>{smallUid});
  EXPECT_EQ(largest.image->GetLargestPossibleRegion().GetSize()[2], 141u);
  EXPECT_TRUE(log.Contains(smallUid)) << "the choice is reported, naming the other series";

  DicomReadOptions options;
  options.seriesUid = smallUid;
  const CtSeries selected = ReadDicomCtSeries(copy().string(), options);
  EXPECT_EQ(selected.info.seriesUid, smallUid);
  EXPECT_EQ(selected.info.otherSeriesUids, std::vector<std::string>{clean_->info.seriesUid});
  EXPECT_TRUE(SamePixels(*small, *selected.image));
  EXPECT_TRUE(SameGeometry(*small, *selected.image, 1e-9));

  options.seriesUid = "1.2.3.999";
  const std::string message =
      DicomErrorMessage([&] { ReadDicomCtSeries(copy().string(), options); });
  EXPECT_TRUE(Contains(message, "'1.2.3.999'")) << message;
  EXPECT_TRUE(Contains(message, smallUid)) << "lists what is there: " << message;
}

TEST_F(RealSeries, MixedImageSizesNameTheTag) {
  LinkFiles(source_, copy(), {"00-slice030.dcm"});
  EditDicomFile(Slice(30), copy() / "00-slice030.dcm", [](DcmDataset& d) {
    const Uint16* pixels = nullptr;
    ASSERT_TRUE(d.findAndGetUint16Array(DCM_PixelData, pixels).good());
    std::vector<Uint16> cropped; // the top-left 256 x 256 quarter: a consistent smaller slice
    for (int y = 0; y < 256; ++y)
      cropped.insert(cropped.end(), pixels + y * 512, pixels + y * 512 + 256);
    ASSERT_TRUE(d.putAndInsertUint16Array(DCM_PixelData, cropped.data(), cropped.size()).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_Rows, 256).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_Columns, 256).good());
  });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(copy().string()); });
  EXPECT_TRUE(Contains(message, "mixed image sizes")) << message;
  EXPECT_TRUE(Contains(message, "Rows (0028,0010)")) << message;
  EXPECT_TRUE(Contains(message, "00-slice030.dcm' is 256 x 256")) << message;
}

TEST_F(RealSeries, MixedOrientationsNameTheTag) {
  LinkFiles(source_, copy(), {"00-slice030.dcm"});
  EditDicomFile(Slice(30), copy() / "00-slice030.dcm", [](DcmDataset& d) {
    PutString(d, DCM_ImageOrientationPatient, "0\\1\\0\\-1\\0\\0");
  });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(copy().string()); });
  EXPECT_TRUE(Contains(message, "ImageOrientationPatient (0020,0037)")) << message;
  EXPECT_TRUE(Contains(message, "00-slice030.dcm")) << message;
}

} // namespace
} // namespace cumed::io::test

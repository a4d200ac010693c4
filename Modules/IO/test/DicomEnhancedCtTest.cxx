// Enhanced multi-frame CT (one file, every slice a frame, geometry and rescale in functional
// groups), written at test time with DCMTK from a random volume and read back.
#include "DicomEnhancedCtFile.h"
#include "DicomTestSupport.h"
#include "cumed/test/RandomCases.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>

namespace cumed::io::test {
namespace {

class EnhancedCtRead : public ::testing::Test {
protected:
  std::string directory() const { return scratch_.Sub("series"); }
  fs::path file() const { return fs::path(directory()) / "enhanced.dcm"; }
  void Write(const EnhancedCt& ct) {
    fs::create_directories(directory());
    ct.Write(file());
  }
  // The volume read equals the one written: geometry from the functional groups, every voxel.
  void ExpectVolume(const EnhancedCt& ct, const CtSeries& read) {
    const HounsfieldImage& image = *read.image;
    const auto size = image.GetLargestPossibleRegion().GetSize();
    ASSERT_EQ(size[0], std::size_t(ct.columns));
    ASSERT_EQ(size[1], std::size_t(ct.rows));
    ASSERT_EQ(size[2], std::size_t(ct.slices));
    const double spacing[3] = {ct.columnSpacing, ct.rowSpacing, ct.step};
    for (int a = 0; a < 3; ++a) {
      EXPECT_NEAR(image.GetSpacing()[a], spacing[a], 1e-9);
      EXPECT_NEAR(image.GetOrigin()[a], ct.origin[a], 1e-9);
      for (int b = 0; b < 3; ++b) EXPECT_EQ(image.GetDirection()(a, b), a == b ? 1.0 : 0.0);
    }
    const std::vector<double> hu = ct.Hounsfield();
    for (std::size_t i = 0; i < hu.size(); ++i)
      ASSERT_EQ(image.GetBufferPointer()[i], std::round(hu[i])) << "voxel " << i;
    EXPECT_TRUE(read.info.multiFrame);
    EXPECT_EQ(read.info.files.size(), std::size_t(ct.slices));
  }
  TemporaryDirectory scratch_;
};

TEST_F(EnhancedCtRead, FramesInOrderWithSharedRescale) {
  const EnhancedCt ct(7);
  Write(ct);
  ExpectVolume(ct, ReadDicomCtSeries(directory()));
}

// Frames stored in a random order, each with its own rescale (integer and not): sorted by
// position, rescaled per frame.
TEST_F(EnhancedCtRead, ShuffledFramesWithPerFrameRescale) {
  const std::uint64_t seed = cumed::test::RandomRunSeed();
  std::printf("[ random   ] frame order from run seed %llu (CUMED_RANDOM_SEED)\n",
              static_cast<unsigned long long>(seed));
  EnhancedCt ct(static_cast<unsigned>(seed));
  ct.order.resize(std::size_t(ct.slices));
  std::iota(ct.order.begin(), ct.order.end(), 0);
  std::mt19937 random(static_cast<unsigned>(seed));
  std::shuffle(ct.order.begin(), ct.order.end(), random);
  const std::pair<std::string, std::string> rescales[] = {
      {"1", "-1024"}, {"2", "-1000"}, {"1", "0"}, {"2.0002", "-1024.25"}};
  for (int f = 0; f < ct.slices; ++f) ct.rescale.push_back(rescales[f % 4]);
  Write(ct);
  const CtSeries read = ReadDicomCtSeries(directory());
  ExpectVolume(ct, read);
  EXPECT_GT(read.info.roundedValues, 0) << "the 2.0002 frames have fractional HU";
}

// Compressed frames: decoded by GDCM, one fragment per frame.
TEST_F(EnhancedCtRead, LosslessJpegFramesAreDecoded) {
  EnhancedCt ct(11);
  ct.losslessJpeg = true;
  ct.order = {3, 0, 7, 1, 6, 2, 5, 4};
  Write(ct);
  ExpectVolume(ct, ReadDicomCtSeries(directory()));
}

TEST_F(EnhancedCtRead, FewerPerFrameItemsThanFramesIsAnError) {
  EnhancedCt ct(3);
  ct.perFrameItems = ct.slices - 1;
  Write(ct);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "enhanced.dcm")) << message;
  EXPECT_TRUE(Contains(message, "PerFrameFunctionalGroupsSequence (5200,9230) has 7 items"))
      << message;
  EXPECT_TRUE(Contains(message, "NumberOfFrames (0028,0008) is 8")) << message;
}

// Frames are checked as slices are, and the messages name the frame.
TEST_F(EnhancedCtRead, TwoFramesAtOnePositionAreNamed) {
  EnhancedCt ct(13);
  ct.order = {0, 1, 2, 3, 4, 5, 6, 6};
  Write(ct);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "same position")) << message;
  EXPECT_TRUE(Contains(message, "enhanced.dcm (frame 7)")) << message;
  EXPECT_TRUE(Contains(message, "enhanced.dcm (frame 8)")) << message;
}

TEST_F(EnhancedCtRead, FrameCountBeyondThePixelDataIsAnError) {
  for (int declared : {9, 1000000}) {
    EnhancedCt ct(5);
    ct.framesDeclared = declared;
    fs::remove_all(directory());
    Write(ct);
    const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
    EXPECT_TRUE(Contains(message, "enhanced.dcm")) << message;
    EXPECT_TRUE(Contains(message, "NumberOfFrames (0028,0008)")) << message;
    EXPECT_TRUE(Contains(message, std::to_string(declared))) << message;
  }
}

// Compressed frames have no length to check: a count the file cannot hold (one 8-byte item per
// frame at least) is refused before anything is decoded.
TEST_F(EnhancedCtRead, CompressedFrameCountBeyondTheFileIsAnError) {
  EnhancedCt ct(17);
  ct.losslessJpeg = true;
  Write(ct);
  EditDicomFileInPlace(file(), [](DcmDataset& d) { PutString(d, DCM_NumberOfFrames, "15000"); });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "enhanced.dcm")) << message;
  EXPECT_TRUE(Contains(message, "NumberOfFrames (0028,0008) is 15000")) << message;
  EXPECT_TRUE(Contains(message, "cannot hold that many compressed frames")) << message;
}

// Several sequence items per frame (frame, position, rescale): 800 frames hold over 2000 items,
// more than the scan parses without walking the structure first (a real enhanced CT of a few
// hundred slices). Read, every voxel.
TEST_F(EnhancedCtRead, ManyFramesAreReadAfterTheStructureWalk) {
  EnhancedCt ct(19);
  ct.slices = 800;
  std::mt19937 random(19);
  ct.stored.resize(std::size_t(ct.columns) * ct.rows * ct.slices);
  for (auto& value : ct.stored) value = std::int16_t(int(random() % 4001) - 1000);
  ct.rescale.assign(std::size_t(ct.slices), {"1", "-1024"});
  Write(ct);
  std::ifstream in(file(), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  std::size_t items = 0;
  for (std::size_t at = bytes.find("\xFE\xFF\x00\xE0", 0, 4); at != std::string::npos;
       at = bytes.find("\xFE\xFF\x00\xE0", at + 1, 4))
    ++items;
  ASSERT_GT(items, 2000u); // the count the scan parses without a walk first
  ExpectVolume(ct, ReadDicomCtSeries(directory()));
}

} // namespace
} // namespace cumed::io::test

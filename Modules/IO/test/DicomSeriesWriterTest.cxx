// Writing CT series with DCMTK and reading them back with the reader.
#include "cumed/io/DicomSeriesWriter.h"
#include "DicomTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcuid.h>

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>

namespace cumed::io::test {
namespace {

// Odd sizes, non-unit spacing, non-zero origin and a rotation: nothing may be assumed away.
VolumeGeometry RoundTripGeometry() {
  VolumeGeometry geometry;
  geometry.size = {37, 29, 11};
  geometry.spacing = {0.7, 0.8, 2.5};
  geometry.origin = {-12.5, 30.25, 101.125};
  geometry.rotationAboutZDegrees = 30.0;
  return geometry;
}

class DicomWriterRoundTrip : public ::testing::TestWithParam<bool> {};

TEST_P(DicomWriterRoundTrip, PixelsAndGeometrySurvive) {
  const bool unsignedWithIntercept = GetParam();
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume(RoundTripGeometry(), -1024, 3000);
  DicomWriteOptions options;
  options.unsignedWithIntercept = unsignedWithIntercept;
  const std::string directory = scratch.Sub("series");
  const std::string uid = WriteDicomCtSeries(volume.GetPointer(), directory, options);

  const CtSeries series = ReadDicomCtSeries(directory);
  EXPECT_EQ(series.info.seriesUid, uid);
  EXPECT_EQ(series.info.modality, "CT");
  EXPECT_EQ(series.info.seriesDescription, options.seriesDescription);
  ASSERT_EQ(series.info.files.size(), 11u);
  EXPECT_EQ(fs::path(series.info.files.front()).filename(), "IMG0001.dcm");
  EXPECT_TRUE(series.info.skippedFiles.empty());
  EXPECT_TRUE(series.info.otherSeriesUids.empty());
  EXPECT_TRUE(SamePixels(*volume, *series.image));
  EXPECT_TRUE(SameGeometry(*volume, *series.image, 1e-5));

  // The tags as DCMTK (not the reader) sees them.
  const fs::path first = series.info.files.front();
  EXPECT_EQ(ReadString(first, DCM_SOPClassUID), UID_CTImageStorage);
  EXPECT_EQ(ReadString(first, DCM_PixelSpacing), "0.8\\0.7"); // row spacing first
  EXPECT_EQ(ReadString(first, DCM_SliceThickness), "2.5");
  EXPECT_EQ(ReadString(first, DCM_SpacingBetweenSlices), "2.5");
  EXPECT_EQ(ReadString(first, DCM_PixelRepresentation), unsignedWithIntercept ? "0" : "1");
  // HU <= 3000 fits 12 bits once shifted by 1024.
  EXPECT_EQ(ReadString(first, DCM_BitsStored), unsignedWithIntercept ? "12" : "16");
  EXPECT_EQ(ReadString(first, DCM_RescaleIntercept), unsignedWithIntercept ? "-1024" : "0");
  EXPECT_EQ(ReadString(first, DCM_RescaleType), "HU");
  EXPECT_EQ(ReadString(first, DCM_ImageType), "ORIGINAL\\PRIMARY\\AXIAL");
  EXPECT_EQ(ReadString(first, DCM_InstanceNumber), "1");
  EXPECT_EQ(ReadString(series.info.files.back(), DCM_InstanceNumber), "11");
  const auto position = ReadPosition(series.info.files.back());
  for (int i = 0; i < 3; ++i) // slice 10 is 25 mm along +z from the origin
    EXPECT_NEAR(position[i], RoundTripGeometry().origin[i] + (i == 2 ? 25.0 : 0.0), 1e-9);
}

INSTANTIATE_TEST_SUITE_P(Storage, DicomWriterRoundTrip, ::testing::Values(true, false),
                         [](const auto& info) { return info.param ? "Unsigned" : "Signed"; });

TEST(DicomWriter, SignedStorageKeepsValuesBelowMinus1024) {
  TemporaryDirectory scratch;
  VolumeGeometry geometry;
  geometry.size = {9, 7, 3};
  const auto volume = MakeRandomVolume(geometry, -32768, 32767);
  DicomWriteOptions options;
  options.unsignedWithIntercept = false;
  options.derived = true;
  WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("series"), options);
  const CtSeries series = ReadDicomCtSeries(scratch.Sub("series"));
  EXPECT_TRUE(SamePixels(*volume, *series.image));
  EXPECT_EQ(ReadString(series.info.files.front(), DCM_ImageType), "DERIVED\\SECONDARY\\AXIAL");
}

TEST(DicomWriter, RefusesNonEmptyDirectoryAndLeavesItAlone) {
  TemporaryDirectory scratch;
  const fs::path directory = scratch.path() / "occupied";
  fs::create_directories(directory);
  std::ofstream(directory / "keep.txt") << "precious";
  const auto before = DirectorySnapshot(directory);
  const auto volume = MakeRandomVolume(VolumeGeometry(), -1000, 1000);

  const std::string message =
      DicomErrorMessage([&] { WriteDicomCtSeries(volume.GetPointer(), directory.string()); });
  EXPECT_NE(message.find(directory.string()), std::string::npos) << message;
  EXPECT_NE(message.find("not empty"), std::string::npos) << message;
  EXPECT_EQ(DirectorySnapshot(directory), before);
  std::ifstream kept(directory / "keep.txt");
  std::string content;
  kept >> content;
  EXPECT_EQ(content, "precious");
}

TEST(DicomWriter, RefusesHuBelowMinus1024WithUnsignedStorageAndWritesNothing) {
  TemporaryDirectory scratch;
  auto volume = MakeRandomVolume(VolumeGeometry(), -1024, 1000);
  volume->SetPixel({{5, 6, 3}}, -1025);
  const std::string message =
      DicomErrorMessage([&] { WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("out")); });
  EXPECT_NE(message.find("-1025"), std::string::npos) << message;
  EXPECT_NE(message.find("column 5, row 6 of slice 3"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(scratch.path() / "out"));
}

TEST(DicomWriter, CreatesMissingParentDirectories) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume(VolumeGeometry(), -1024, 1000);
  const std::string directory = scratch.Sub("a/b/c");
  WriteDicomCtSeries(volume.GetPointer(), directory);
  EXPECT_EQ(DirectorySnapshot(directory).size(), 4u);
  EXPECT_TRUE(fs::exists(fs::path(directory) / "IMG0004.dcm"));
}

// The series is written into a hidden directory beside it and renamed into place: nothing else
// remains, an existing empty directory (also named "." or with a trailing '/') is replaced.
TEST(DicomWriter, SeriesIsRenamedIntoPlaceWhole) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume(VolumeGeometry(), -1024, 1000);
  WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("new"));
  fs::create_directory(scratch.path() / "empty");
  WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("empty/"));
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(scratch.path()))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"empty", "new"})) << "no staging directory left";
  EXPECT_EQ(DirectorySnapshot(scratch.Sub("new")).size(), 4u);
  EXPECT_EQ(DirectorySnapshot(scratch.Sub("empty")).size(), 4u);
  EXPECT_EQ(ReadDicomCtSeries(scratch.Sub("empty")).info.files.size(), 4u);
}

TEST(DicomWriter, StudyAndFrameOfReferenceUidsCanBeShared) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume(VolumeGeometry(), -1024, 1000);
  DicomWriteOptions options;
  options.studyInstanceUid = "1.2.3.4.5";
  options.frameOfReferenceUid = "1.2.3.4.6";
  const std::string first = WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("one"), options);
  const std::string second = WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("two"), options);
  EXPECT_NE(first, second); // a fresh series every time
  const fs::path file = fs::path(scratch.Sub("two")) / "IMG0001.dcm";
  EXPECT_EQ(ReadString(file, DCM_StudyInstanceUID), "1.2.3.4.5");
  EXPECT_EQ(ReadString(file, DCM_FrameOfReferenceUID), "1.2.3.4.6");
  EXPECT_EQ(ReadString(file, DCM_PatientName), options.patientName);
  EXPECT_EQ(ReadString(file, DCM_PatientID), options.patientId);
}

// DICOM stacks slices along row x column; a left-handed image comes back as the same physical
// volume with a right-handed direction, i.e. reversed slice order.
TEST(DicomWriter, LeftHandedDirectionReadsBackAsTheSamePhysicalVolume) {
  TemporaryDirectory scratch;
  VolumeGeometry geometry;
  geometry.size = {6, 5, 4};
  geometry.spacing = {1.0, 1.0, 3.0};
  auto volume = MakeRandomVolume(geometry, -1024, 1000);
  auto direction = volume->GetDirection();
  direction(2, 2) = -1.0;
  volume->SetDirection(direction);
  WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("series"));

  const CtSeries series = ReadDicomCtSeries(scratch.Sub("series"));
  EXPECT_NEAR(series.image->GetDirection()(2, 2), 1.0, 1e-12);
  EXPECT_NEAR(series.image->GetOrigin()[2], -9.0, 1e-9);
  for (long z = 0; z < 4; ++z)
    for (long y = 0; y < 5; ++y)
      for (long x = 0; x < 6; ++x)
        ASSERT_EQ(series.image->GetPixel({{x, y, 3 - z}}), volume->GetPixel({{x, y, z}}));
}

} // namespace
} // namespace cumed::io::test

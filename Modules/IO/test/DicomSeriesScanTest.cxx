// ScanDicomSeries: the series of a directory by UID, without reading pixels; nothing for a
// directory without DICOM files; the reader's scan errors for a file that may be a damaged slice.
#include "cumed/io/DicomSeriesScan.h"
#include "DicomTestSupport.h"

#include <fstream>
#include <gtest/gtest.h>

namespace cumed::io::test {
namespace {

TEST(DicomSeriesScan, GroupsFilesBySeriesInstanceUid) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume(VolumeGeometry{}, -1000, 2000);
  // Two series written apart, then moved into one directory (the writer wants an empty one).
  const std::string first = WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("a"));
  const std::string second = WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("b"));
  fs::create_directory(scratch.Sub("both"));
  for (const auto& [from, prefix] : {std::pair{"a", "a-"}, std::pair{"b", "b-"}})
    for (const auto& file : fs::directory_iterator(scratch.Sub(from)))
      fs::rename(file.path(), scratch.path() / "both" / (prefix + file.path().filename().string()));
  fs::create_directory(scratch.path() / "both" / "sub"); // passed over
  std::ofstream(scratch.path() / "both" / "notes.txt") << "not DICOM\n";

  LogCapture log;
  const std::vector<DicomSeriesFiles> series = ScanDicomSeries(scratch.Sub("both"), 2);
  EXPECT_FALSE(log.Contains("sub-directories are not read")) << "a tree walker reads them";
  EXPECT_TRUE(log.Contains("notes.txt"));
  ASSERT_EQ(series.size(), 2u);
  const bool firstIsSmaller = first < second;
  EXPECT_EQ(series[0].seriesUid, firstIsSmaller ? first : second);
  EXPECT_EQ(series[1].seriesUid, firstIsSmaller ? second : first);
  const std::string firstPrefix = firstIsSmaller ? "a-" : "b-";
  ASSERT_EQ(series[0].files.size(), 4u);
  for (const std::string& file : series[0].files)
    EXPECT_EQ(fs::path(file).filename().string().rfind(firstPrefix, 0), 0u) << file;
  EXPECT_EQ(series[1].files.size(), 4u);
}

TEST(DicomSeriesScan, NoSeriesIsEmptyNotAnError) {
  TemporaryDirectory scratch;
  std::ofstream(scratch.path() / "README") << "not DICOM\n";
  EXPECT_TRUE(ScanDicomSeries(scratch.path().string()).empty());
  // The reader still refuses such a directory, with the same message as before.
  const std::string message =
      DicomErrorMessage([&] { ReadDicomCtSeries(scratch.path().string()); });
  EXPECT_NE(message.find("no DICOM series in '" + scratch.path().string() +
                         "' (1 non-DICOM files skipped)"),
            std::string::npos)
      << message;
}

TEST(DicomSeriesScan, CutOffSliceIsTheReadersError) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume(VolumeGeometry{}, -1000, 2000);
  WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("s"));
  const fs::path slice = scratch.path() / "s" / "IMG0002.dcm";
  fs::resize_file(slice, 100);
  const std::string message = DicomErrorMessage([&] { ScanDicomSeries(scratch.Sub("s")); });
  EXPECT_EQ(
      message.rfind(slice.string() + ": named as a DICOM file but it is not one (100 bytes", 0), 0u)
      << message;
  EXPECT_THROW(ScanDicomSeries(scratch.Sub("s"), -1), InvalidArgument);
}

} // namespace
} // namespace cumed::io::test

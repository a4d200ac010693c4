// The phantom survives a trip through DICOM: written with DCMTK (uint16 + intercept -1024), read
// back with ITK GDCM, it has the same pixels and the same geometry.
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <string>

namespace cumed::data {
namespace {

/// A fresh directory name under the system temp directory, removed with everything in it.
class TemporaryDirectory {
public:
  explicit TemporaryDirectory(const std::string& prefix)
      : path_(std::filesystem::temp_directory_path() /
              (prefix +
               std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()))) {}
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string String() const { return path_.string(); }

private:
  std::filesystem::path path_;
};

TEST(CtPhantomDicom, RoundTripKeepsPixelsAndGeometry) {
  CtPhantomParameters p;
  p.size = {96, 96, 40};
  p.spacing = {3.6, 3.6, 7.0};
  const auto written = MakeCtPhantom(p);

  const TemporaryDirectory directory("cumed_phantom_roundtrip_");
  io::DicomWriteOptions options;
  options.seriesDescription = "CuMed synthetic thoracic CT phantom";
  const std::string seriesUid = io::WriteDicomCtSeries(written, directory.String(), options);
  ASSERT_FALSE(seriesUid.empty());

  const io::CtSeries read = io::ReadDicomCtSeries(directory.String());
  ASSERT_TRUE(read.image);
  EXPECT_EQ(read.info.seriesUid, seriesUid);
  EXPECT_TRUE(read.info.otherSeriesUids.empty()); // one series
  EXPECT_EQ(read.info.modality, "CT");
  EXPECT_EQ(read.info.seriesDescription, options.seriesDescription);
  EXPECT_EQ(read.info.files.size(), p.size[2]);
  EXPECT_DOUBLE_EQ(read.info.rescaleIntercept, -1024.0);

  const auto& image = *read.image;
  ASSERT_EQ(image.GetLargestPossibleRegion().GetSize(),
            written->GetLargestPossibleRegion().GetSize());
  for (unsigned axis = 0; axis < 3; ++axis) {
    EXPECT_NEAR(image.GetSpacing()[axis], written->GetSpacing()[axis], 1e-4) << "axis " << axis;
    EXPECT_NEAR(image.GetOrigin()[axis], written->GetOrigin()[axis], 1e-4) << "axis " << axis;
    for (unsigned other = 0; other < 3; ++other) {
      EXPECT_NEAR(image.GetDirection()[axis][other], written->GetDirection()[axis][other], 1e-4);
    }
  }
  const std::size_t count = written->GetLargestPossibleRegion().GetNumberOfPixels();
  EXPECT_EQ(std::memcmp(image.GetBufferPointer(), written->GetBufferPointer(),
                        count * sizeof(std::int16_t)),
            0)
      << "pixels differ after the DICOM round trip";
}

} // namespace
} // namespace cumed::data

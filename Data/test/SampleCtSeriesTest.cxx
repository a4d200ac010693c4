// The sample series that the build writes (target cumed_sample_data) reads back as the default
// phantom: 256x256x120 at 1.4x1.4x2.5 mm, with bone and air where the anatomy puts them.
#include "PhantomTestSupport.h"
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesReader.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace cumed::data {
namespace {

TEST(SampleCtSeries, ReadsBackAsTheDefaultPhantom) {
  const char* directory = std::getenv("CUMED_SAMPLE_CT_DIR");
  if (directory == nullptr || *directory == '\0') {
    GTEST_SKIP() << "CUMED_SAMPLE_CT_DIR is not set (CTest sets it to the build's sample series)";
  }
  ASSERT_TRUE(std::filesystem::is_directory(directory))
      << directory << " is missing: build the target cumed_sample_data";

  const io::CtSeries series = io::ReadDicomCtSeries(directory);
  EXPECT_EQ(series.info.modality, "CT");
  EXPECT_EQ(series.info.seriesDescription, "CuMed synthetic thoracic CT phantom");
  EXPECT_TRUE(series.info.otherSeriesUids.empty());
  const CtPhantomImage& image = *series.image;

  const CtPhantomParameters defaults;
  const auto size = image.GetLargestPossibleRegion().GetSize();
  for (unsigned axis = 0; axis < 3; ++axis) {
    EXPECT_EQ(size[axis], defaults.size[axis]);
    EXPECT_NEAR(image.GetSpacing()[axis], defaults.spacing[axis], 1e-4);
  }
  ASSERT_EQ(series.info.files.size(), 120u);

  const CtPhantomLandmarks at = DescribeCtPhantom(defaults);
  EXPECT_NEAR(test::HuAt(image, at.outsideBody), -1000, 30);
  EXPECT_LT(test::HuAt(image, at.leftLung), -700);
  for (const PhysicalPoint& vertebra : at.vertebralBodyCenters) {
    EXPECT_GE(test::HuAt(image, vertebra), 400) << "vertebral body at z = " << vertebra[2];
  }
  for (const PhysicalPoint& rib : at.ribPoints) {
    EXPECT_GE(test::HuAt(image, rib), 600) << "rib at z = " << rib[2];
  }
  EXPECT_LT(test::MaximumHuNearFaces(image, 2), 300);

  // The build wrote the default phantom (seed 1): it is exactly what the library makes now, so a
  // stale sample series is caught.
  const auto expected = MakeCtPhantom(defaults);
  EXPECT_EQ(
      std::memcmp(image.GetBufferPointer(), expected->GetBufferPointer(),
                  expected->GetLargestPossibleRegion().GetNumberOfPixels() * sizeof(std::int16_t)),
      0)
      << "the sample series differs from MakeCtPhantom(defaults): rebuild cumed_sample_data";
}

} // namespace
} // namespace cumed::data

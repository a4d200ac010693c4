// DiscoverSeries: every series of a tree, in path order; a copy is a duplicate, a series whose
// UID is also elsewhere with another file count a failure; a root that is not a directory is
// refused by name.
#include "cumed/io/SeriesDiscovery.h"
#include "DicomTestSupport.h"

#include <gtest/gtest.h>

namespace cumed::io::test {
namespace {

TEST(SeriesDiscovery, FindsSeriesCopiesAndSplitSeries) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume(VolumeGeometry{}, -1000, 2000);
  const fs::path root = scratch.path() / "tree";
  fs::create_directories(root);
  const std::string uid = WriteDicomCtSeries(volume.GetPointer(), (root / "a").string());
  fs::create_directories(root / "b" / "copy");
  for (const auto& file : fs::directory_iterator(root / "a"))
    fs::copy_file(file.path(), root / "b" / "copy" / file.path().filename());
  fs::create_directories(root / "c");
  fs::copy_file(root / "a" / SliceName(1), root / "c" / SliceName(1));
  fs::create_directories(root / "empty");

  const std::vector<FoundSeries> found = DiscoverSeries(root.string(), 1);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].directory, (root / "a").string());
  EXPECT_EQ(found[0].seriesUid, uid);
  EXPECT_EQ(found[0].files, 4);
  EXPECT_EQ(found[0].status, SeriesStatus::Pending);
  EXPECT_EQ(found[1].directory, (root / "b" / "copy").string());
  EXPECT_EQ(found[1].status, SeriesStatus::Duplicate);
  EXPECT_EQ(found[1].error, "duplicate of " + (root / "a").string());
  EXPECT_EQ(found[2].directory, (root / "c").string());
  EXPECT_EQ(found[2].files, 1);
  EXPECT_EQ(found[2].status, SeriesStatus::Failed);
  EXPECT_NE(found[2].error.find("also in '" + (root / "a").string() + "' with 4 files (here 1)"),
            std::string::npos)
      << found[2].error;
  EXPECT_STREQ(ToString(SeriesStatus::Duplicate), "duplicate");
  EXPECT_STREQ(ToString(SeriesStatus::Skipped), "skipped");
}

TEST(SeriesDiscovery, RefusesARootThatIsNotADirectory) {
  TemporaryDirectory scratch;
  const std::string missing = (scratch.path() / "no-such-tree").string();
  try {
    DiscoverSeries(missing, 1);
    FAIL() << "no exception";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("'" + missing + "' is not a directory", 0), 0u)
        << e.what();
  }
}

} // namespace
} // namespace cumed::io::test

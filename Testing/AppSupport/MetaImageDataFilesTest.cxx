// ElementDataFile read as MetaIO reads it, so that every data file of an input is protected.
#include "cumed/io/MetaImageDataFiles.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using cumed::io::MetaImageDataFiles;

namespace {

fs::path Header(const std::string& elementDataFile) {
  const fs::path directory =
      fs::temp_directory_path() / ("cumed-metaimage-test-" + std::to_string(::getpid()));
  fs::create_directories(directory);
  const fs::path header = directory / "image.mhd";
  std::ofstream(header, std::ios::binary)
      << "ObjectType = Image\r\nNDims = 3\nDimSize = 4 3 2\n"
      << "ElementType = MET_SHORT\nElementDataFile = " << elementDataFile;
  return header;
}

std::vector<fs::path> Named(const fs::path& header, const std::vector<std::string>& names) {
  std::vector<fs::path> paths;
  for (const std::string& name : names) {
    paths.push_back(name.front() == '/' ? fs::path(name) : header.parent_path() / name);
  }
  return paths;
}

TEST(MetaImageDataFiles, TheWholeRestOfTheLineIsTheName) {
  const fs::path header = Header("my data.raw\n");
  EXPECT_EQ(MetaImageDataFiles(header), Named(header, {"my data.raw"}));
  const fs::path padded = Header("  padded name.raw  \r\n");
  EXPECT_EQ(MetaImageDataFiles(padded), Named(padded, {"padded name.raw  ", "padded name.raw"}));
  const fs::path absolute = Header("/data/elsewhere.raw\n");
  EXPECT_EQ(MetaImageDataFiles(absolute), Named(absolute, {"/data/elsewhere.raw"}));
}

TEST(MetaImageDataFiles, LocalNamesNoFile) {
  for (const std::string local : {"LOCAL\n", "Local\n", "local\n"}) {
    EXPECT_TRUE(MetaImageDataFiles(Header(local)).empty()) << local;
  }
  EXPECT_TRUE(MetaImageDataFiles(fs::temp_directory_path() / "cumed-no-such-header.mhd").empty());
}

TEST(MetaImageDataFiles, ListNamesTheFilesOnTheFollowingLines) {
  const fs::path header = Header("LIST 2D\nslice0.raw\n\nslice 1.raw\n");
  EXPECT_EQ(MetaImageDataFiles(header),
            Named(header, {"slice0.raw", "slice 1.raw", "slice", "1.raw"}));
}

TEST(MetaImageDataFiles, PatternsNameEveryNumberedFile) {
  const fs::path header = Header("part%03d.raw 1 5 2\n");
  EXPECT_EQ(MetaImageDataFiles(header),
            Named(header, {"part001.raw", "part003.raw", "part005.raw"}));
  const fs::path unitStep = Header("p%d.raw 7 8\n");
  EXPECT_EQ(MetaImageDataFiles(unitStep), Named(unitStep, {"p7.raw", "p8.raw"}));
  // Without numbers MetaIO counts from 1 to the last DimSize (2 here); MAX defaults alike.
  const fs::path defaults = Header("q%d.raw\n");
  EXPECT_EQ(MetaImageDataFiles(defaults), Named(defaults, {"q1.raw", "q2.raw"}));
  const fs::path fromTwo = Header("r%d.raw 2\n");
  EXPECT_EQ(MetaImageDataFiles(fromTwo), Named(fromTwo, {"r2.raw"}));
  // A format that is not one integer conversion is never passed to printf.
  EXPECT_TRUE(MetaImageDataFiles(Header("p%s%n.raw 1 2 1\n")).empty());
}

} // namespace

// The shared checks on their own (cumed/io/ImageInputChecks.h): what they refuse and accept.
#include "cumed/io/ImageInputChecks.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <new>
#include <stdexcept>

using cumed::io::ImageGridClaim;

namespace {

ImageGridClaim UnitGrid() {
  ImageGridClaim grid;
  grid.size = {4, 5, 6};
  grid.spacing = {1, 1, 1};
  grid.origin = {0, 0, 0};
  grid.direction = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  return grid;
}

std::string Refusal(const ImageGridClaim& grid) {
  try {
    cumed::io::CheckGridGeometry("f.mha", grid);
  } catch (const cumed::Error& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(ImageInputChecks, GeometryChecks) {
  EXPECT_EQ(Refusal(UnitGrid()), "");
  ImageGridClaim rotated = UnitGrid();
  rotated.direction = {0, -1, 0, 1, 0, 0, 0, 0, 1};
  EXPECT_EQ(Refusal(rotated), "");
  ImageGridClaim grid = UnitGrid();
  grid.spacing[1] = std::nan("");
  EXPECT_NE(Refusal(grid).find("spacing 1 nan 1: the value nan on axis 1 is not a finite"),
            std::string::npos)
      << Refusal(grid);
  grid = UnitGrid();
  grid.origin[2] = -std::numeric_limits<double>::infinity();
  EXPECT_NE(Refusal(grid).find("origin 0 0 -inf"), std::string::npos) << Refusal(grid);
  grid = UnitGrid();
  grid.direction = {1, 0, 0, 0, 1, 0, 1, 0, 0};
  EXPECT_NE(Refusal(grid).find("singular"), std::string::npos) << Refusal(grid);
  grid = UnitGrid();
  grid.spacing = {1e307, 1, 1};
  grid.size = {1000, 1, 1};
  EXPECT_NE(Refusal(grid).find("overflows on axis 0"), std::string::npos) << Refusal(grid);
}

TEST(ImageInputChecks, VoxelCountOverflow) {
  EXPECT_EQ(cumed::io::VoxelCount("f.mha", {4294967296ull, 2, 2}), 17179869184ull);
  EXPECT_THROW(cumed::io::VoxelCount("f.mha", {4294967296ull, 4294967296ull, 2}), cumed::Error);
  EXPECT_THROW(cumed::io::VoxelCount("f.mha", {4, 0, 2}), cumed::Error);
}

TEST(ImageInputChecks, AvailableMemorySetting) {
  ::setenv("CUMED_AVAILABLE_MEMORY", "3M", 1);
  std::string source;
  EXPECT_EQ(cumed::io::AvailableMemoryBytes(&source), 3u << 20);
  EXPECT_EQ(source, "CUMED_AVAILABLE_MEMORY");
  ::setenv("CUMED_AVAILABLE_MEMORY", "12", 1);
  EXPECT_EQ(cumed::io::AvailableMemoryBytes(), 12u);
  ::setenv("CUMED_AVAILABLE_MEMORY", "2X", 1);
  EXPECT_THROW(cumed::io::AvailableMemoryBytes(), cumed::Error);
  ::unsetenv("CUMED_AVAILABLE_MEMORY");
  EXPECT_GT(cumed::io::AvailableMemoryBytes(&source), 0u);
  EXPECT_EQ(source, "MemAvailable in /proc/meminfo");
}

TEST(ImageInputChecks, DeflateBound) {
  EXPECT_NO_THROW(cumed::io::CheckCompressedBound("f.mha", 1000, 1032000));
  EXPECT_THROW(cumed::io::CheckCompressedBound("f.mha", 1000, 1033000), cumed::Error);
}

TEST(ImageInputChecks, HeaderNumbers) {
  EXPECT_NO_THROW(cumed::io::CheckHeaderNumbers("f.mha", "Offset", "-1.5 2e3 0", false));
  EXPECT_THROW(cumed::io::CheckHeaderNumbers("f.mha", "Offset", "1 2x 3", false), cumed::Error);
  EXPECT_THROW(cumed::io::CheckHeaderNumbers("f.mha", "ElementSpacing", "1 0 1", true),
               cumed::Error);
}

// crash-2f6a11b1: MetaIO threw std::length_error past ReadItkImageFile, whose message then named
// neither the file nor the kind of failure; the readers now wrap it (ItkFiles.h).
TEST(ImageInputChecks, LibraryExceptionsAreNamed) {
  EXPECT_EQ(cumed::io::LibraryErrorText(std::length_error("basic_string::_M_create")),
            "the reader failed (std::length_error: basic_string::_M_create); the file is damaged "
            "or not what its extension says");
  EXPECT_NE(cumed::io::LibraryErrorText(std::bad_alloc()).find("ran out of memory"),
            std::string::npos);
}

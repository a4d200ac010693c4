// elastix's point files (ReadPointsFile, WritePointsFile) and the refusal of an elastix
// TransformParameters file where an ITK transform file is expected.
#include "cumed/registration/ElastixFiles.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {
namespace fs = std::filesystem;
using namespace cumed::registration;

fs::path WriteFile(const std::string& name, const std::string& text) {
  const fs::path file = fs::temp_directory_path() / ("cumed_elastix_files_test_" + name);
  std::ofstream(file) << text;
  return file;
}

std::string ErrorOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const cumed::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

TEST(ElastixPointsFile, ReadsAndWritesTheSamePointsExactly) {
  const fs::path in = WriteFile("in.txt", "point\n2\n1.5 -2 3\n\n0.1 0.2 0.3\n");
  const PointList points = ReadPointsFile(in, 3);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0], (std::array<double, 3>{1.5, -2.0, 3.0}));
  EXPECT_EQ(points[1], (std::array<double, 3>{0.1, 0.2, 0.3}));
  const fs::path out = fs::temp_directory_path() / "cumed_elastix_files_test_out.txt";
  WritePointsFile(out, points, 3);
  EXPECT_EQ(ReadPointsFile(out, 3), points);
  std::ifstream written(out);
  std::stringstream text;
  text << written.rdbuf();
  EXPECT_EQ(text.str(), "point\n2\n1.5 -2 3\n0.10000000000000001 0.20000000000000001 "
                        "0.29999999999999999\n");

  const PointList flat = ReadPointsFile(WriteFile("2d.txt", "point 1\n4 5\n"), 2);
  EXPECT_EQ(flat, (PointList{{4.0, 5.0, 0.0}}));
}

TEST(ElastixPointsFile, RefusesNamingFileAndLine) {
  const fs::path index = WriteFile("index.txt", "index\n1\n1 2 3\n");
  EXPECT_NE(ErrorOf([&] { ReadPointsFile(index, 3); }).find("holds voxel indices"),
            std::string::npos);
  const fs::path count = WriteFile("count.txt", "point\n2\n1 2 3\n");
  EXPECT_EQ(ErrorOf([&] { ReadPointsFile(count, 3); }),
            "'" + count.string() + "' announces 2 points but holds 1");
  const fs::path line = WriteFile("line.txt", "point\n1\n1 2\n");
  EXPECT_EQ(ErrorOf([&] { ReadPointsFile(line, 3); }),
            "'" + line.string() + "' line 3: expected 3 finite numbers, got '1 2'");
  const fs::path infinite = WriteFile("inf.txt", "point\n1\n1 inf 3\n");
  EXPECT_NE(ErrorOf([&] { ReadPointsFile(infinite, 3); }).find("line 3"), std::string::npos);
}

TEST(ElastixTransformParameters, RefusedByLabelOtherFilesPass) {
  const fs::path elastix =
      WriteFile("TransformParameters.0.txt", "// elastix\n(Transform \"AffineTransform\")\n"
                                             "(TransformParameters 1 0 0 1 0 0)\n");
  EXPECT_EQ(ErrorOf([&] { RefuseElastixTransformParameters(elastix, "--initial-transform"); })
                .rfind("--initial-transform '" + elastix.string() +
                           "' is an elastix TransformParameters file ((Transform "
                           "\"AffineTransform\")), not an ITK transform file",
                       0),
            0u);
  const fs::path itk = WriteFile("itk.tfm", "#Insight Transform File V1.0\n#Transform 0\n");
  EXPECT_NO_THROW(RefuseElastixTransformParameters(itk));
  const fs::path parameters = WriteFile("params.txt", "(NumberOfResolutions 2)\n");
  EXPECT_NO_THROW(RefuseElastixTransformParameters(parameters));
}

} // namespace

// The text field: written, read back value for value; an unwritable path is named.
#include "cumed/piv/FieldText.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using namespace cumed::piv;

TEST(PivFieldText, WrittenAndReadBack) {
  PivField field;
  field.resize(3, 2);
  for (int i = 0; i < 6; ++i) {
    field.x[i] = 15.5f + 16.f * (i % 3);
    field.y[i] = 15.5f + 16.f * (i / 3);
    field.u[i] = 0.25f * i - 1.f;
    field.v[i] = -0.125f * i;
    field.peakToPeak[i] = 1.5f + i;
  }
  field.flags[4] = MedianOutlier | Replaced;
  std::string dir = (fs::temp_directory_path() / "cumed-piv-text-XXXXXX").string();
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::string path = dir + "/field.txt";
  WriteFieldText(path, field);
  std::ifstream in(path);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header, "# x\ty\tu\tv\tflags\tpeak_to_peak");
  for (int i = 0; i < 6; ++i) {
    double x, y, u, v, ratio;
    int flags;
    ASSERT_TRUE(in >> x >> y >> u >> v >> flags >> ratio) << "line " << i;
    EXPECT_DOUBLE_EQ(x, field.x[i]);
    EXPECT_DOUBLE_EQ(y, field.y[i]);
    EXPECT_DOUBLE_EQ(u, field.u[i]);
    EXPECT_DOUBLE_EQ(v, field.v[i]);
    EXPECT_EQ(flags, field.flags[i]);
    EXPECT_NEAR(ratio, field.peakToPeak[i], 1e-4);
  }
  fs::remove_all(dir);
}

TEST(PivFieldText, UnwritablePathIsNamed) {
  PivField field;
  field.resize(1, 1);
  const std::string path = "/nonexistent-cumed-dir/field.txt";
  try {
    WriteFieldText(path, field);
    ADD_FAILURE() << "wrote into a missing directory";
  } catch (const cumed::Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot write " + path), std::string::npos) << e.what();
  }
}

} // namespace

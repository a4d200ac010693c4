// cumed-piv on frames written at test time with a known shift: the text and VTK fields it
// writes, sequences (directory, pattern, consecutive pairing), ensemble, pathlines; and the
// real pairs of ../shared/data/piv.
#include "JsonValue.h"
#include "PivAppFiles.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"

#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkXMLImageDataReader.h>
#include <vtkXMLPolyDataReader.h>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace {

using namespace cumed::pivtest;
namespace fs = std::filesystem;

/// Interior vectors (not on the grid's outer ring) off the shift by more than `limit` px.
int WrongVectors(const std::vector<TextVector>& vectors, double dx, double dy, double limit,
                 float border) {
  float maxX = 0, maxY = 0;
  for (const auto& v : vectors) {
    maxX = std::max(maxX, v.x);
    maxY = std::max(maxY, v.y);
  }
  int wrong = 0;
  for (const auto& v : vectors)
    if (v.x > border && v.y > border && v.x < maxX - 1 && v.y < maxY - 1 &&
        (std::abs(v.u - dx) > limit || std::abs(v.v - dy) > limit))
      ++wrong;
  return wrong;
}

vtkSmartPointer<vtkImageData> ReadVti(const fs::path& file) {
  vtkNew<vtkXMLImageDataReader> reader;
  reader->SetFileName(file.c_str());
  reader->Update();
  return reader->GetOutput();
}

TEST(PivApp, PairToTextAndVti) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 2.3, -1.2);
  const auto run = RunPiv({"--output", "out", "--window", "32,16", "--dt", "0.5", "--pixel-size",
                           "0.1", "--json", "a.png", "b.png"},
                          dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(json["pairs"].number, 1);
  // Auto: CUDA on a GPU machine (the same vectors within 1e-3 px), else the CPU.
  EXPECT_TRUE(json["backend"].text == "cpu" || json["backend"].text == "cuda") << run.out;
  const int columns = int(json["grid"].items.at(0).number);
  const int rows = int(json["grid"].items.at(1).number);
  EXPECT_EQ(columns, (128 - 16) / 8 + 1);
  EXPECT_EQ(rows, (96 - 16) / 8 + 1);

  const auto vectors = ReadFieldText(dir / "out" / "a.txt");
  ASSERT_EQ(int(vectors.size()), columns * rows);
  EXPECT_EQ(vectors[0].x, 7.5f);
  EXPECT_EQ(WrongVectors(vectors, 2.3, -1.2, 0.1, 8.f), 0);

  vtkSmartPointer<vtkImageData> field = ReadVti(dir / "out" / "a.vti");
  int dims[3];
  field->GetDimensions(dims);
  EXPECT_EQ(dims[0], columns);
  EXPECT_EQ(dims[1], rows);
  double spacing[3];
  field->GetSpacing(spacing);
  EXPECT_NEAR(spacing[0], 0.8, 1e-9); // 8 px at 0.1 per px
  vtkDataArray* velocity = field->GetPointData()->GetArray("velocity");
  ASSERT_NE(velocity, nullptr);
  const vtkIdType centre = vtkIdType(rows / 2) * columns + columns / 2;
  EXPECT_NEAR(velocity->GetComponent(centre, 0), 2.3 * 0.1 / 0.5, 0.02);
  EXPECT_NEAR(velocity->GetComponent(centre, 1), -1.2 * 0.1 / 0.5, 0.02);
  for (const char* name : {"magnitude", "vorticity", "divergence", "peak_to_peak", "flags"})
    EXPECT_NE(field->GetPointData()->GetArray(name), nullptr) << name;
}

TEST(PivApp, ShiftBeyondAQuarterWindowIsFlagged64) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 20.0, 0.5);
  // 20 px in 32 px windows read -12 px before the quarter-window rule.
  auto run = RunPiv(
      {"--output", "out", "--window", "32", "--pair-loss-correction", "all", "a.png", "b.png"},
      dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  for (const TextVector& v : ReadFieldText(dir / "out" / "a.txt")) {
    EXPECT_TRUE(v.flags & 64) << "at " << v.x << ", " << v.y;
    EXPECT_NE(std::lround(v.u), -12) << "at " << v.x << ", " << v.y;
  }
  // A first pass reaching 8 + 64 / 4 px measures it.
  run = RunPiv({"--output", "out", "--window", "64,32", "--search-extension", "8",
                "--pair-loss-correction", "none", "--force", "a.png", "b.png"},
               dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(WrongVectors(ReadFieldText(dir / "out" / "a.txt"), 20.0, 0.5, 0.15, 16.f), 0);
}

TEST(PivApp, SixteenBitSequenceWithPathlines) {
  const fs::path dir = FreshWorkDirectory();
  fs::create_directories(dir / "run");
  cumed::testing::ParticleImageSettings settings;
  settings.width = 160;
  settings.height = 128;
  // Frame k: the same particles (one seed) moved by k * (1.5, 0.5), rendered as the first frame
  // of a pair with displacement -2 k (1.5, 0.5) (a pair's first frame sits at m - d/2).
  for (int k = 0; k < 4; ++k) {
    const auto pair = cumed::testing::RenderParticlePair(
        settings, cumed::testing::UniformDisplacement(-2 * 1.5 * k, -2 * 0.5 * k));
    WriteFrame(pair.first, dir / "run" / ("img_" + std::to_string(k) + ".tif"));
  }
  const auto run = RunPiv({"--output", "out", "--pairing", "consecutive", "--window", "32",
                           "--pathlines", "out/paths.vtp", "--json", "run"},
                          dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(json["frames"].number, 4);
  EXPECT_EQ(json["pairs"].number, 3);
  for (int k = 0; k < 3; ++k) {
    const auto vectors = ReadFieldText(dir / "out" / ("img_" + std::to_string(k) + ".txt"));
    ASSERT_FALSE(vectors.empty());
    // Single pass, 32 px: rms about 0.03 px; a vector 0.2 px off would be a wrong peak.
    EXPECT_EQ(WrongVectors(vectors, 1.5, 0.5, 0.2, 16.f), 0) << "pair " << k;
  }
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName((dir / "out" / "paths.vtp").c_str());
  reader->Update();
  vtkPolyData* lines = reader->GetOutput();
  ASSERT_GT(lines->GetNumberOfLines(), 10);
  vtkDataArray* speed = lines->GetPointData()->GetArray("speed");
  ASSERT_NE(speed, nullptr);
  // Interior seeds travel 2 intervals at (1.5, 0.5) px per unit time.
  EXPECT_NEAR(speed->GetComponent(speed->GetNumberOfTuples() / 2, 0), std::hypot(1.5, 0.5), 0.1);
  EXPECT_NE(lines->GetPointData()->GetArray("time"), nullptr);
}

TEST(PivApp, EnsembleFromAPattern) {
  const fs::path dir = FreshWorkDirectory();
  for (int k = 0; k < 6; ++k)
    WritePair(dir / ("p" + std::to_string(k) + "_a.png"),
              dir / ("p" + std::to_string(k) + "_b.png"), 1.4, 0.6, 40 + k);
  const auto run = RunPiv({"--output", "out", "--ensemble", "--json", "p*.png"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(json["pairs"].number, 6);
  EXPECT_EQ(json["fields"].number, 1);
  EXPECT_TRUE(json["ensemble"].boolean);
  const auto vectors = ReadFieldText(dir / "out" / "ensemble.txt");
  ASSERT_FALSE(vectors.empty());
  EXPECT_EQ(WrongVectors(vectors, 1.4, 0.6, 0.05, 16.f), 0);
  EXPECT_TRUE(fs::exists(dir / "out" / "ensemble.vti"));
  EXPECT_FALSE(fs::exists(dir / "out" / "p0_a.txt"));
}

// --ensemble with --backend cuda: the field of the CUDA ensemble (skips without a device).
TEST(PivAppCuda, EnsembleOnTheCudaBackend) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  const fs::path dir = FreshWorkDirectory();
  for (int k = 0; k < 6; ++k)
    WritePair(dir / ("p" + std::to_string(k) + "_a.png"),
              dir / ("p" + std::to_string(k) + "_b.png"), 1.4, 0.6, 40 + k);
  const auto run =
      RunPiv({"--output", "out", "--ensemble", "--backend", "cuda", "--json", "p*.png"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(json["backend"].text, "cuda");
  EXPECT_TRUE(json["ensemble"].boolean);
  const auto vectors = ReadFieldText(dir / "out" / "ensemble.txt");
  ASSERT_FALSE(vectors.empty());
  EXPECT_EQ(WrongVectors(vectors, 1.4, 0.6, 0.05, 16.f), 0);
}

TEST(PivApp, LegacyVtkAndMask) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  // Mask the left half.
  cumed::ImageGeometry g;
  g.size = {128, 96, 1};
  cumed::Image mask =
      cumed::Image::Allocate(cumed::PixelType::Float32, g, cumed::MemoryLocation::Host);
  float* m = mask.view<float>().data;
  for (int y = 0; y < 96; ++y)
    for (int x = 0; x < 64; ++x) m[y * 128 + x] = 1.f;
  WriteFrame(mask, dir / "mask.png");
  const auto run = RunPiv(
      {"--output", "out", "--format", "vtk", "--mask", "mask.png", "--json", "a.png", "b.png"},
      dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_TRUE(fs::exists(dir / "out" / "a.vtk"));
  const auto json = cumed::apptest::ParseJson(run.out);
  EXPECT_GT(json["masked"].number, 0);
  for (const auto& v : ReadFieldText(dir / "out" / "a.txt"))
    EXPECT_EQ((v.flags & 1) != 0, v.x + 0.5f < 64) << v.x; // masked: the centre pixel x + 0.5
}

TEST(PivApp, SettingsFileAndCommandLineOverride) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1.2, 0.4);
  std::ofstream(dir / "piv.txt") << "# three passes\n"
                                 << "--window 64,32,16\n\n"
                                 << "--overlap=50%\n"
                                 << "--output out\n"
                                 << "  --json\n";
  auto run = RunPiv({"--settings", "piv.txt", "a.png", "b.png"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  auto json = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(json["grid"].items.at(0).number, (128 - 16) / 8 + 1); // 16 px windows, 8 px steps
  // The command line wins: one pass of 32 px.
  run = RunPiv({"--settings=piv.txt", "--window", "32", "--force", "a.png", "b.png"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  json = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(json["grid"].items.at(0).number, (128 - 32) / 16 + 1);
}

TEST(PivApp, HelpAndVersion) {
  const fs::path dir = FreshWorkDirectory();
  const auto help = RunPiv({"--help"}, dir);
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("--window"), std::string::npos);
  EXPECT_NE(help.out.find("--ensemble"), std::string::npos);
  const auto version = RunPiv({"--version"}, dir);
  EXPECT_EQ(version.exitCode, 0);
  EXPECT_NE(version.out.find("cumed-piv"), std::string::npos);
}

TEST(PivApp, SyntheticShiftAccuracyFromTheTextFiles) {
  const auto data = SharedPivData("synthetic-shift-3px");
  if (!data) GTEST_SKIP() << "../shared/data/piv/synthetic-shift-3px not found beside the checkout";
  const fs::path dir = FreshWorkDirectory();
  const auto run = RunPiv({"--output", "out", "--window", "64,32,16", data->string()}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  double sum2 = 0, bias = 0, worst = 0;
  int count = 0;
  for (int n = 96; n <= 99; ++n) {
    const double d = n / 32.0;
    const auto vectors = ReadFieldText(dir / "out" / ("disp_0" + std::to_string(n) + "a.txt"));
    ASSERT_FALSE(vectors.empty());
    float maxX = 0;
    for (const auto& v : vectors) maxX = std::max(maxX, v.x);
    for (const auto& v : vectors) {
      if (v.x < 16 || v.y < 16 || v.x > maxX - 8 || v.y > maxX - 8) continue; // one window in
      for (const double e : {v.u - d, v.v - d}) {
        sum2 += e * e;
        bias += e;
        worst = std::max(worst, std::abs(e));
        ++count;
      }
    }
  }
  const double rms = std::sqrt(sum2 / count);
  std::cout << "cumed-piv 64-32-16 on synthetic-shift-3px: rms " << rms << " px, bias "
            << bias / count << " px, largest " << worst << " px\n";
  EXPECT_LE(rms, 0.005);
  EXPECT_LE(std::abs(bias / count), 0.003);
  EXPECT_LT(worst, 0.1);
}

TEST(PivApp, RealPairsFewReplacedAllFinite) {
  struct Case {
    const char* a;
    const char* b;
    const char* windows;
  };
  // Pattern 1 ends at 32 px: with 16 px windows its weak peaks (peak ratio about 1.2) make
  // 5.03 % of the vectors fail the median test, at the 5 % limit (Documentation/piv.md).
  const Case cases[] = {
      {"openpiv-exp1/exp1_001_a.bmp", "openpiv-exp1/exp1_001_b.bmp", "64,32,16"},
      {"openpiv-pattern1/Pattern_1_A.tif", "openpiv-pattern1/Pattern_1_B.tif", "64,32"},
      {"pivchallenge-2001A/A001_1.tif", "pivchallenge-2001A/A001_2.tif", "64,32,16"}};
  const fs::path dir = FreshWorkDirectory();
  int ran = 0;
  for (const Case& c : cases) {
    const auto a = SharedPivData(c.a), b = SharedPivData(c.b);
    if (!a || !b) continue;
    const auto run =
        RunPiv({"--output", "out", "--window", c.windows, "--json", a->string(), b->string()}, dir);
    ASSERT_EQ(run.exitCode, 0) << c.a << ": " << run.err;
    const auto json = cumed::apptest::ParseJson(run.out);
    const double replaced = json["replaced"].number / json["vectors"].number;
    std::cout << c.a << ": " << json["vectors"].number << " vectors, " << 100 * replaced
              << " % replaced\n";
    EXPECT_LT(replaced, 0.05) << c.a;
    EXPECT_EQ(json["invalid"].number, 0) << c.a;
    for (const auto& v : ReadFieldText(dir / "out" / (fs::path(c.a).stem().string() + ".txt")))
      ASSERT_TRUE(std::isfinite(v.u) && std::isfinite(v.v)) << c.a;
    ++ran;
  }
  if (!ran) GTEST_SKIP() << "../shared/data/piv not found beside the checkout";
}

} // namespace

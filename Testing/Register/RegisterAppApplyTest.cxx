// cumed-register --apply-transform T --points P: a registration's saved transform.tfm applied to
// an elastix point file gives x + field(x) at voxel centres (field.mha of the same run), the
// affine-plus-B-spline composite included; and the mode's errors (an elastix transform file,
// "index" points, a count that does not match, --points alone).
#include "RegisterAppFiles.h"

#include <gtest/gtest.h>

#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkVector.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

namespace {

using namespace cumed::registertest;
namespace fs = std::filesystem;
using Field3 = itk::Image<itk::Vector<float, 3>, 3>;

Field3::Pointer ReadField(const fs::path& file) {
  auto reader = itk::ImageFileReader<Field3>::New();
  reader->SetFileName(file.string());
  reader->Update();
  return reader->GetOutput();
}

std::vector<std::array<double, 3>> ReadPoints(const fs::path& file) {
  std::ifstream in(file);
  std::string kind;
  std::size_t count = 0;
  in >> kind >> count;
  EXPECT_EQ(kind, "point");
  std::vector<std::array<double, 3>> points(count);
  for (auto& p : points) in >> p[0] >> p[1] >> p[2];
  EXPECT_TRUE(in) << file;
  return points;
}

/// A blob pair (the moving blob shifted by (3, -2, 1) mm) registered with --affine into dir/out:
/// the saved transform is then the composite of the affine and the B-spline.
cumed::apptest::RunResult RegisterShiftedBlobs(const fs::path& dir) {
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {3.0, -2.0, 1.0});
  std::vector<std::string> options = QuickOptions();
  for (const char* o : {"--affine", "--output", "out", "fixed.mha", "moving.mha"})
    options.push_back(o);
  return RunRegister(options, dir);
}

TEST(RegisterAppApply, SavedTransformMapsPointsAsTheFieldDoes) {
  const fs::path dir = FreshWorkDirectory();
  const auto registered = RegisterShiftedBlobs(dir);
  ASSERT_EQ(registered.exitCode, 0) << registered.err;
  const itk::Index<3> voxels[] = {{{3, 4, 5}}, {{10, 9, 7}}, {{16, 2, 11}}};
  const auto field = ReadField(dir / "out" / "field.mha");
  std::ofstream(dir / "points.txt") << "point\n3\n";
  for (const auto& index : voxels) {
    Field3::PointType p;
    field->TransformIndexToPhysicalPoint(index, p);
    std::ofstream(dir / "points.txt", std::ios::app) << p[0] << " " << p[1] << " " << p[2] << "\n";
  }
  const auto applied = RunRegister(
      {"--apply-transform", "out/transform.tfm", "--points", "points.txt", "--output", "mapped"},
      dir);
  ASSERT_EQ(applied.exitCode, 0) << applied.err;
  EXPECT_NE(applied.out.find("3 points"), std::string::npos) << applied.out;
  const auto mapped = ReadPoints(dir / "mapped" / "points.txt");
  ASSERT_EQ(mapped.size(), 3u);
  for (std::size_t n = 0; n < 3; ++n) {
    Field3::PointType p;
    field->TransformIndexToPhysicalPoint(voxels[n], p);
    const auto d = field->GetPixel(voxels[n]);
    for (unsigned a = 0; a < 3; ++a) // field.mha is float: its rounding, no more
      EXPECT_NEAR(mapped[n][a], p[a] + d[a], 1e-3) << "point " << n << " axis " << a;
  }
}

TEST(RegisterAppApply, SavedTransformResamplesAnImageAsTheRunDid) {
  const fs::path dir = FreshWorkDirectory();
  ASSERT_EQ(RegisterShiftedBlobs(dir).exitCode, 0);
  const auto applied = RunRegister({"--apply-transform", "out/transform.tfm", "--image",
                                    "moving.mha", "--reference", "fixed.mha", "--output", "again"},
                                   dir);
  ASSERT_EQ(applied.exitCode, 0) << applied.err;
  using Image3 = itk::Image<float, 3>;
  auto read = [](const fs::path& file) {
    auto reader = itk::ImageFileReader<Image3>::New();
    reader->SetFileName(file.string());
    reader->Update();
    return Image3::Pointer(reader->GetOutput());
  };
  const auto run = read(dir / "out" / "warped.mha");
  const auto again = read(dir / "again" / "warped.mha");
  ASSERT_EQ(run->GetLargestPossibleRegion(), again->GetLargestPossibleRegion());
  EXPECT_EQ(run->GetSpacing(), again->GetSpacing());
  double worst = 0.0;
  for (std::size_t i = 0; i < run->GetLargestPossibleRegion().GetNumberOfPixels(); ++i)
    worst = std::max(worst, std::fabs(double(run->GetBufferPointer()[i]) -
                                      double(again->GetBufferPointer()[i])));
  // The run warps with its float field, ITK with the exact transform: rounding only.
  EXPECT_LT(worst, 0.1) << "of a blob of peak 1000";
}

// --compression zlib (and its old name --compress) writes zlib-compressed MetaImage; the default
// and --compression none do not.
TEST(RegisterAppApply, CompressionOfTheImageOutputs) {
  const fs::path dir = FreshWorkDirectory();
  ASSERT_EQ(RegisterShiftedBlobs(dir).exitCode, 0);
  const auto header = [&](const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string text(512, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    return text.substr(0, static_cast<std::size_t>(in.gcount()));
  };
  for (const auto& [option, compressed] :
       {std::pair<std::vector<std::string>, bool>{{"--compression", "zlib"}, true},
        {{"--compress"}, true},
        {{"--compression", "none"}, false},
        {{}, false}}) {
    const std::string output = "c" + std::to_string(option.size()) + (compressed ? "z" : "n");
    std::vector<std::string> arguments{
        "--apply-transform", "out/transform.tfm", "--image",  "moving.mha",
        "--reference",       "fixed.mha",         "--output", output};
    arguments.insert(arguments.end(), option.begin(), option.end());
    const auto applied = RunRegister(arguments, dir);
    ASSERT_EQ(applied.exitCode, 0) << applied.err;
    EXPECT_EQ(header(dir / output / "warped.mha").find("CompressedData = True") !=
                  std::string::npos,
              compressed)
        << output;
  }
  const auto bad =
      RunRegister({"--apply-transform", "out/transform.tfm", "--image", "moving.mha", "--reference",
                   "fixed.mha", "--output", "bad", "--compression", "lz4"},
                  dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--compression: unknown compression 'lz4' (none or zlib)"),
            std::string::npos)
      << bad.err;
}

TEST(RegisterAppApply, ErrorsNameTheFile) {
  const fs::path dir = FreshWorkDirectory();
  std::ofstream(dir / "TransformParameters.0.txt") << "(Transform \"BSplineTransform\")\n";
  std::ofstream(dir / "points.txt") << "point\n1\n1 2 3\n";
  std::ofstream(dir / "index.txt") << "index\n1\n1 2 3\n";
  std::ofstream(dir / "short.txt") << "point\n2\n1 2 3\n";
  std::ofstream(dir / "affine.tfm")
      << "#Insight Transform File V1.0\n#Transform 0\nTransform: AffineTransform_double_3_3\n"
         "Parameters: 1 0 0 0 1 0 0 0 1 5 0 0\nFixedParameters: 0 0 0\n";
  auto run = [&](const std::string& transform, const std::string& points) {
    return RunRegister({"--apply-transform", transform, "--points", points, "--output", "o"}, dir);
  };
  auto r = run("TransformParameters.0.txt", "points.txt");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("--apply-transform 'TransformParameters.0.txt' is an elastix "
                       "TransformParameters file"),
            std::string::npos)
      << r.err;
  r = run("affine.tfm", "index.txt");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("holds voxel indices (\"index\")"), std::string::npos) << r.err;
  r = run("affine.tfm", "short.txt");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("announces 2 points but holds 1"), std::string::npos) << r.err;
  r = RunRegister({"--points", "points.txt", "--output", "o"}, dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--apply-transform needs --points or --image"), std::string::npos) << r.err;
  r = RunRegister({"--apply-transform", "affine.tfm", "--image", "points.txt", "--output", "o"},
                  dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--image and --reference go together"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "o"));
  r = run("affine.tfm", "points.txt"); // a plain affine: x + 5 mm
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto mapped = ReadPoints(dir / "o" / "points.txt");
  ASSERT_EQ(mapped.size(), 1u);
  EXPECT_DOUBLE_EQ(mapped[0][0], 6.0);
  EXPECT_DOUBLE_EQ(mapped[0][1], 2.0);
  EXPECT_DOUBLE_EQ(mapped[0][2], 3.0);
}

// Issue 25: a transform file cut inside its last lines was read as complete (ITK keeps the
// transform's identity parameters) and the points came back unmoved with exit 0; the apply mode
// also took --default-value 1e300, which filled the warped image with inf.
TEST(RegisterAppApply, CutTransformFilesAndOutOfRangeValuesAreRefused) {
  const fs::path dir = FreshWorkDirectory();
  std::ofstream(dir / "points.txt") << "point\n1\n1 2 3\n";
  const std::string whole =
      "#Insight Transform File V1.0\n#Transform 0\nTransform: AffineTransform_double_3_3\n"
      "Parameters: 1 0 0 0 1 0 0 0 1 5 0 0\nFixedParameters: 0 0 0\n";
  for (const std::size_t cut :
       {whole.size() - 1, whole.find("FixedParameters"), whole.find("Parameters: 1 0 0") + 20}) {
    std::ofstream(dir / "cut.tfm", std::ios::trunc) << whole.substr(0, cut);
    const auto r = RunRegister(
        {"--apply-transform", "cut.tfm", "--points", "points.txt", "--output", "o"}, dir);
    EXPECT_EQ(r.exitCode, 1) << "cut at byte " << cut << ": " << r.err;
    EXPECT_NE(r.err.find("--apply-transform 'cut.tfm'"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "o")) << "cut at byte " << cut;
  }
  std::ofstream(dir / "whole.tfm") << whole;
  const auto r =
      RunRegister({"--apply-transform", "whole.tfm", "--image", "points.txt", "--reference",
                   "points.txt", "--default-value", "1e300", "--output", "o"},
                  dir);
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("--default-value = 1e+300 is outside"), std::string::npos) << r.err;
}

} // namespace

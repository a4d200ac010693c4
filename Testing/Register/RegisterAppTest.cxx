// cumed-register on small blob images: every output written, read back with ITK and checked
// against the fixed image's grid; summary.json's values; the transform files (B-spline alone,
// composite with an initial affine, 2D); the parameter file under the command line.
#include "RegisterAppFiles.h"

#include <gtest/gtest.h>

#include <itkAffineTransform.h>
#include <itkCompositeTransform.h>
#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkLinearInterpolateImageFunction.h>
#include <itkResampleImageFilter.h>
#include <itkTransformFileReader.h>
#include <itkTransformFileWriter.h>
#include <itkVector.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace {

using namespace cumed::registertest;
namespace fs = std::filesystem;

template <class TImage> typename TImage::Pointer Read(const fs::path& file) {
  auto reader = itk::ImageFileReader<TImage>::New();
  reader->SetFileName(file.string());
  reader->Update();
  return reader->GetOutput();
}

std::vector<std::string> With(std::vector<std::string> options,
                              const std::vector<std::string>& more) {
  options.insert(options.end(), more.begin(), more.end());
  return options;
}

bool HasStagingLeft(const fs::path& directory) {
  for (const std::string& name : cumed::apptest::DirectoryNames(directory))
    if (name.rfind(".cumed-partial", 0) == 0) return true;
  return false;
}

TEST(RegisterApp, WritesEveryOutputWithASaneSummary) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {3.0, -2.0, 1.0});
  const auto run = RunRegister(
      With(QuickOptions(), {"--png", "--json", "--output", "out", "fixed.mha", "moving.mha"}), dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const fs::path out = dir / "out";
  for (const char* name : {"warped.mha", "field.mha", "transform.tfm", "jacobian.mha",
                           "summary.json", "checkerboard-before.png", "checkerboard-after.png",
                           "difference-before.png", "difference-after.png"})
    EXPECT_TRUE(fs::is_regular_file(out / name)) << name;
  EXPECT_FALSE(HasStagingLeft(out));

  const cumed::apptest::JsonValue summary = ReadSummary(out);
  EXPECT_EQ(summary["dimension"].number, 3);
  ASSERT_EQ(summary["size"].items.size(), 3u);
  EXPECT_EQ(summary["size"].items[2].number, 14);
  EXPECT_EQ(summary["similarity"]["metric"].text, "lncc"); // the default
  EXPECT_LT(summary["similarity"]["after"].number, summary["similarity"]["before"].number);
  const auto& quality = summary["quality"]; // a good run: the check finds nothing
  EXPECT_TRUE(quality["ok"].boolean);
  EXPECT_FALSE(quality["folded"].boolean);
  EXPECT_FALSE(quality["worse_than_start"].boolean);
  EXPECT_TRUE(quality["correlation_checked"].boolean);
  EXPECT_GT(quality["ncc_after"].number, quality["ncc_before"].number);
  EXPECT_EQ(quality["warnings"].text, "");
  EXPECT_EQ(run.err.find("warning"), std::string::npos) << run.err;
  const auto& jacobian = summary["jacobian"];
  EXPECT_GT(jacobian["min"].number, 0.0);
  EXPECT_LE(jacobian["min"].number, jacobian["mean"].number);
  EXPECT_LE(jacobian["mean"].number, jacobian["max"].number);
  EXPECT_EQ(jacobian["voxels"].number, 20 * 18 * 14);
  EXPECT_EQ(jacobian["folded_voxels"].number, 0);
  EXPECT_EQ(jacobian["folded_percent"].number, 0);
  ASSERT_EQ(summary["iterations_per_level"].items.size(), 2u);
  for (const auto& n : summary["iterations_per_level"].items) {
    EXPECT_GE(n.number, 1);
    EXPECT_LE(n.number, 20);
  }
  EXPECT_EQ(summary["backend"].text, "cpu");
  EXPECT_GT(summary["seconds"]["registration"].number, 0.0);
  EXPECT_GE(summary["seconds"]["total"].number, summary["seconds"]["registration"].number);
  // --json prints the same summary on stdout.
  const cumed::apptest::JsonValue printed = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(printed["similarity"]["after"].number, summary["similarity"]["after"].number);

  using Image3 = itk::Image<float, 3>;
  const auto fixed = Read<Image3>(dir / "fixed.mha");
  const auto warped = Read<Image3>(out / "warped.mha");
  const auto jacobianImage = Read<Image3>(out / "jacobian.mha");
  const auto field = Read<itk::Image<itk::Vector<float, 3>, 3>>(out / "field.mha");
  const std::vector<const itk::ImageBase<3>*> outputs{
      warped.GetPointer(), jacobianImage.GetPointer(), field.GetPointer()};
  for (const itk::ImageBase<3>* image : outputs) {
    EXPECT_EQ(image->GetLargestPossibleRegion().GetSize(),
              fixed->GetLargestPossibleRegion().GetSize());
    EXPECT_EQ(image->GetOrigin(), fixed->GetOrigin());
    EXPECT_EQ(image->GetSpacing(), fixed->GetSpacing());
  }
  const std::string transform = cumed::apptest::FileBytes(out / "transform.tfm");
  EXPECT_NE(transform.find("Transform: BSplineTransform_double_3_3"), std::string::npos);
  EXPECT_EQ(transform.find("CompositeTransform"), std::string::npos);
  EXPECT_EQ(cumed::apptest::FileBytes(out / "checkerboard-after.png").compare(1, 3, "PNG"), 0);
}

TEST(RegisterApp, InitialAffineMakesACompositeTransformFile) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {4.0, 0.0, 0.0});
  auto affine = itk::AffineTransform<double, 3>::New();
  itk::AffineTransform<double, 3>::OutputVectorType translation;
  translation[0] = 3.0, translation[1] = 0.0, translation[2] = 0.0;
  affine->Translate(translation);
  auto writer = itk::TransformFileWriterTemplate<double>::New();
  writer->SetInput(affine);
  writer->SetFileName((dir / "affine.tfm").string());
  writer->Update();

  const auto run = RunRegister(With(QuickOptions(), {"--initial-transform", "affine.tfm",
                                                     "--output", "out", "fixed.mha", "moving.mha"}),
                               dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("initial affine"), std::string::npos) << run.out;
  const std::string transform = cumed::apptest::FileBytes(dir / "out" / "transform.tfm");
  const auto composite = transform.find("CompositeTransform_double_3_3");
  const auto first = transform.find("AffineTransform_double_3_3");
  const auto second = transform.find("BSplineTransform_double_3_3");
  ASSERT_NE(composite, std::string::npos) << transform.substr(0, 300);
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(second, std::string::npos);
  EXPECT_LT(composite, first);
  EXPECT_LT(first, second); // the affine added first: the B-spline is applied first
  EXPECT_TRUE(ReadSummary(dir / "out")["initial_transform"].boolean);

  // ITK reads transform.tfm back, and its resampler with it reproduces warped.mha.
  auto reader = itk::TransformFileReaderTemplate<double>::New();
  reader->SetFileName((dir / "out" / "transform.tfm").string());
  reader->Update();
  using Transform3 = itk::Transform<double, 3, 3>;
  const auto* read =
      dynamic_cast<const Transform3*>(reader->GetTransformList()->front().GetPointer());
  ASSERT_NE(read, nullptr) << reader->GetTransformList()->front()->GetNameOfClass();
  EXPECT_STREQ(read->GetNameOfClass(), "CompositeTransform");
  using Image3 = itk::Image<float, 3>;
  const auto fixed = Read<Image3>(dir / "fixed.mha");
  const auto warped = Read<Image3>(dir / "out" / "warped.mha");
  auto resample = itk::ResampleImageFilter<Image3, Image3, double>::New();
  resample->SetInput(Read<Image3>(dir / "moving.mha"));
  resample->SetTransform(read);
  resample->SetInterpolator(itk::LinearInterpolateImageFunction<Image3, double>::New());
  resample->UseReferenceImageOn();
  resample->SetReferenceImage(fixed);
  resample->Update();
  const auto n = fixed->GetLargestPossibleRegion().GetNumberOfPixels();
  double worst = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    worst = std::max(worst, std::fabs(double(resample->GetOutput()->GetBufferPointer()[i]) -
                                      double(warped->GetBufferPointer()[i])));
  EXPECT_LT(worst, 0.1) << "of a blob of peak 1000";
}

TEST(RegisterApp, AffineStageFindsTheShiftAndWritesACompositeTransform) {
  // The moving blob is the fixed one shifted by (4, -2, 1) mm: A maps the fixed centre there.
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {4.0, -2.0, 1.0});
  const auto run = RunRegister(
      With(QuickOptions(), {"--affine", "--output", "out", "fixed.mha", "moving.mha"}), dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("affine stage"), std::string::npos) << run.out;
  const auto summary = ReadSummary(dir / "out");
  EXPECT_TRUE(summary["affine_stage"].boolean);
  EXPECT_FALSE(summary["initial_transform"].boolean);
  EXPECT_EQ(summary["affine_iterations_per_level"].items.size(), 1u); // 2 levels: the coarse one
  const auto& a = summary["affine"].items;
  ASSERT_EQ(a.size(), 12u);
  // The fixed blob's centre, as WriteBlob places it: origin + (size - 1) mm along each axis.
  using Image3 = itk::Image<float, 3>;
  const auto fixed = Read<Image3>(dir / "fixed.mha");
  double centre[3];
  for (unsigned d = 0; d < 3; ++d)
    centre[d] = fixed->GetOrigin()[d] + double(fixed->GetLargestPossibleRegion().GetSize(d)) - 1.0;
  const double shift[3] = {4.0, -2.0, 1.0};
  for (int r = 0; r < 3; ++r) {
    double y = a[9 + r].number;
    for (int c = 0; c < 3; ++c) y += a[3 * r + c].number * centre[c];
    EXPECT_NEAR(y - centre[r], shift[r], 0.5) << "axis " << r;
  }
  const std::string transform = cumed::apptest::FileBytes(dir / "out" / "transform.tfm");
  EXPECT_NE(transform.find("CompositeTransform_double_3_3"), std::string::npos);

  // The parameter file's AffineStage key does the same; --affine on the command line wins.
  std::ofstream(dir / "on.txt") << "(AffineStage \"true\")\n";
  const auto fromFile = RunRegister(
      With(QuickOptions(), {"--params", "on.txt", "--output", "file", "fixed.mha", "moving.mha"}),
      dir);
  ASSERT_EQ(fromFile.exitCode, 0) << fromFile.err;
  EXPECT_TRUE(ReadSummary(dir / "file")["affine_stage"].boolean);
  std::ofstream(dir / "off.txt") << "(AffineStage \"false\")\n";
  const auto overridden =
      RunRegister(With(QuickOptions(), {"--params", "off.txt", "--affine", "--output", "wins",
                                        "fixed.mha", "moving.mha"}),
                  dir);
  ASSERT_EQ(overridden.exitCode, 0) << overridden.err;
  EXPECT_TRUE(ReadSummary(dir / "wins")["affine_stage"].boolean);
}

TEST(RegisterApp, TwoDimensionalImagesGiveATwoDimensionalTransform) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {40, 36}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {40, 36}, {2.0, -3.0, 0});
  const auto run = RunRegister(
      With(QuickOptions(), {"--png", "--output", "out", "fixed.mha", "moving.mha"}), dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto summary = ReadSummary(dir / "out");
  EXPECT_EQ(summary["dimension"].number, 2);
  EXPECT_EQ(summary["jacobian"]["voxels"].number, 40 * 36);
  EXPECT_LT(summary["similarity"]["after"].number, summary["similarity"]["before"].number);
  // ITK names BSplineTransform<double, 2, 3> "BSplineTransform_double_2_2".
  EXPECT_NE(cumed::apptest::FileBytes(dir / "out" / "transform.tfm")
                .find("Transform: BSplineTransform_double_2_2"),
            std::string::npos);
  const auto field = Read<itk::Image<itk::Vector<float, 2>, 2>>(dir / "out" / "field.mha");
  EXPECT_EQ(field->GetLargestPossibleRegion().GetSize(0), 40u);
}

TEST(RegisterApp, ParameterFileSetsWhatTheCommandLineDoesNot) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {2.0, 0.0, 0.0});
  std::ofstream(dir / "params.txt")
      << "// elastix-like\n"
         "(Registration \"MultiResolutionRegistration\")\n"
         "(Metric \"AdvancedNormalizedCorrelation\" \"TransformBendingEnergyPenalty\")\n"
         "(Metric1Weight 0.02)\n"
         "(NumberOfResolutions 3)\n"
         "(FinalGridSpacingInPhysicalUnits 14 14 14)\n"
         "(MaximumNumberOfIterations 7 7 7) // per level\n";
  const auto run = RunRegister({"--params", "params.txt", "--levels", "1", "--backend", "cpu",
                                "--json", "--output", "out", "fixed.mha", "moving.mha"},
                               dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.err.find("keys that do not apply to cumed-register: Registration"),
            std::string::npos)
      << run.err;
  const auto summary = ReadSummary(dir / "out");
  EXPECT_EQ(summary["similarity"]["metric"].text, "ncc");
  EXPECT_EQ(summary["levels"].number, 1); // the command line wins
  EXPECT_EQ(summary["grid_spacing_mm"].number, 14);
  ASSERT_EQ(summary["iterations_per_level"].items.size(), 1u);
  EXPECT_LE(summary["iterations_per_level"].items[0].number, 7);
}

TEST(RegisterApp, ParameterFileIsNeverReplacedByAnOutput) {
  // --params naming a file the run would write (here OUT/summary.json) is refused even with
  // --force: the parameter file is an input, and inputs are never overwritten.
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {2.0, 0.0, 0.0});
  fs::create_directories(dir / "out");
  const std::string parameters = "(NumberOfResolutions 1)\n(MaximumNumberOfIterations 3)\n";
  std::ofstream(dir / "out" / "summary.json") << parameters;
  const auto run = RunRegister({"--params", "out/summary.json", "--force", "--backend", "cpu",
                                "--output", "out", "fixed.mha", "moving.mha"},
                               dir);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("summary.json"), std::string::npos) << run.err;
  std::ifstream kept(dir / "out" / "summary.json");
  const std::string text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, parameters);
}

TEST(RegisterApp, ElastixIterationsAreUsedOnlyWhereTheyMeanTheSame) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {2.0, 0.0, 0.0});
  // elastix's usual optimiser: an iteration is a step on 2048 random samples, not on the image.
  std::ofstream(dir / "stochastic.txt")
      << "(Optimizer \"AdaptiveStochasticGradientDescent\")\n(ImageSampler \"RandomCoordinate\")\n"
         "(NumberOfSpatialSamples 2048)\n(MaximumNumberOfIterations 2)\n";
  const auto stochastic =
      RunRegister({"--params", "stochastic.txt", "--levels", "1", "--grid-spacing", "12",
                   "--backend", "cpu", "--output", "a", "fixed.mha", "moving.mha"},
                  dir);
  ASSERT_EQ(stochastic.exitCode, 0) << stochastic.err;
  EXPECT_NE(stochastic.err.find("warning: --params stochastic.txt line 4 "
                                "(MaximumNumberOfIterations): 2 is not used: with Optimizer "
                                "\"AdaptiveStochasticGradientDescent\""),
            std::string::npos)
      << stochastic.err;
  EXPECT_GT(ReadSummary(dir / "a")["iterations_per_level"].items[0].number, 2);
  // QuasiNewtonLBFGS on the Full sampler steps on every voxel, as cumed-register does.
  std::ofstream(dir / "full.txt") << "(Optimizer \"QuasiNewtonLBFGS\")\n(ImageSampler \"Full\")\n"
                                     "(MaximumNumberOfIterations 2)\n";
  const auto full = RunRegister({"--params", "full.txt", "--levels", "1", "--grid-spacing", "12",
                                 "--backend", "cpu", "--output", "b", "fixed.mha", "moving.mha"},
                                dir);
  ASSERT_EQ(full.exitCode, 0) << full.err;
  EXPECT_EQ(full.err.find("is not used"), std::string::npos) << full.err;
  EXPECT_LE(ReadSummary(dir / "b")["iterations_per_level"].items[0].number, 2);
}

TEST(RegisterApp, AFoldingRunIsFlaggedInBothSummaries) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {48, 44}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {48, 44}, {9.0, -7.0, 0.0});
  // SSD with no regularisation on a grid of one voxel: nothing keeps the transform from folding.
  const auto run = RunRegister({"--metric", "ssd", "--bending", "0", "--grid-spacing", "2",
                                "--levels", "1", "--iterations", "60", "--backend", "cpu",
                                "--output", "out", "fixed.mha", "moving.mha"},
                               dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto summary = ReadSummary(dir / "out");
  EXPECT_TRUE(summary["quality"]["folded"].boolean);
  EXPECT_FALSE(summary["quality"]["ok"].boolean);
  EXPECT_GT(summary["quality"]["folded_percent"].number, 0.0);
  EXPECT_NE(summary["quality"]["warnings"].text.find("the transform folds"), std::string::npos);
  EXPECT_NE(run.out.find("WARNING: the transform folds"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("warning: Register: the transform folds"), std::string::npos) << run.err;
}

TEST(RegisterApp, TransformFormatH5WritesItksHdf5TransformFile) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {20, 18, 14}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {20, 18, 14}, {2.0, 0.0, 0.0});
  const auto run = RunRegister(With(QuickOptions(), {"--transform-format", "h5", "--output", "out",
                                                     "fixed.mha", "moving.mha"}),
                               dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_FALSE(fs::exists(dir / "out" / "transform.tfm"));
  // An HDF5 file starts with its 8-byte signature.
  EXPECT_EQ(cumed::apptest::FileBytes(dir / "out" / "transform.h5").substr(0, 8),
            std::string("\x89HDF\r\n\x1a\n", 8));
  EXPECT_NE(run.out.find(" transform.h5 "), std::string::npos) << run.out; // the outputs line
  const auto bad =
      RunRegister({"--transform-format", "mat", "--output", "x", "fixed.mha", "moving.mha"}, dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--transform-format: expected tfm or h5, got 'mat'"), std::string::npos)
      << bad.err;
}

TEST(RegisterApp, DicomSeriesInputs) {
  const fs::path dir = FreshWorkDirectory();
  for (const char* seed : {"1", "7"}) { // two phantoms that differ in their noise
    const auto made =
        cumed::apptest::RunProgram(CUMED_MAKE_PHANTOM_EXE,
                                   {"--quiet", "--size", "40", "36", "32", "--spacing", "8", "8",
                                    "8", "--seed", seed, std::string("series") + seed},
                                   dir, "cumed-make-phantom", dir);
    ASSERT_EQ(made.exitCode, 0) << made.err;
  }
  const auto run = RunRegister({"--levels", "2", "--grid-spacing", "30", "--iterations", "20",
                                "--backend", "cpu", "--output", "out", "series1", "series7"},
                               dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto summary = ReadSummary(dir / "out");
  EXPECT_EQ(summary["dimension"].number, 3);
  ASSERT_EQ(summary["size"].items.size(), 3u);
  EXPECT_EQ(summary["size"].items[0].number, 40);
  EXPECT_EQ(summary["size"].items[2].number, 32);
  EXPECT_LE(summary["similarity"]["after"].number, summary["similarity"]["before"].number);
  EXPECT_EQ(summary["jacobian"]["folded_voxels"].number, 0);
}

TEST(RegisterApp, HelpIsWhatTheDocumentationShows) {
  const fs::path dir = FreshWorkDirectory();
  const auto run = RunRegister({"--help"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  ASSERT_NE(source, nullptr);
  const std::string page =
      cumed::apptest::FileBytes(fs::path(source) / "Documentation" / "registration.md");
  EXPECT_NE(page.find("```\n" + run.out + "```\n"), std::string::npos)
      << "Documentation/registration.md does not show the current --help text";
}

} // namespace
